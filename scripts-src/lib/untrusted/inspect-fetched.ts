/**
 * What recuperer and lire say about content from someone else: alerts for a
 * note; for a session export, whether it is one, and how to load it.
 */
import { exportShape } from '../export-shape.js';
import { findAlerts, type Alert } from './find-alerts.js';

export const IMPORT_COMMAND = (file: string) => `opencode import ${file}`;

export function inspectNote(data: Buffer): Alert[] {
  return findAlerts(data.toString('utf8'));
}

/** A session export is only ever loaded by `opencode import`; say so when it is not one. */
export function inspectExport(data: Buffer): Alert[] {
  const text = data.toString('utf8');
  // Base64 and hex are everywhere in an export, and it is loaded by `opencode import`, never read raw.
  const alerts = findAlerts(text, { decodeRuns: false });
  const shape = exportShape(data);
  const valid = shape !== 'invalid' && shape.info && shape.messages;
  if (!valid) alerts.unshift({ line: 1, rule: 'export-invalide', excerpt: 'ce fichier n’est pas un export de session OpenCode : ne le chargez pas' });
  return alerts;
}
