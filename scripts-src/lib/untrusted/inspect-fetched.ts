/**
 * What recuperer and lire say about content from someone else: alerts for a
 * note; for a session export, whether it is one, and how to load it.
 */
import { findAlerts, type Alert } from './find-alerts.js';

export const IMPORT_COMMAND = (file: string) => `opencode import ${file}`;

export function inspectNote(data: Buffer): Alert[] {
  return findAlerts(data.toString('utf8'));
}

/** A session export is only ever loaded by `opencode import`; say so when it is not one. */
export function inspectExport(data: Buffer): Alert[] {
  const text = data.toString('utf8');
  const alerts = findAlerts(text);
  let valid = false;
  try {
    const parsed = JSON.parse(text) as { info?: unknown; messages?: unknown };
    valid = parsed !== null && typeof parsed.info === 'object' && parsed.info !== null && Array.isArray(parsed.messages);
  } catch {
    valid = false;
  }
  if (!valid) alerts.unshift({ line: 1, rule: 'export-invalide', excerpt: 'ce fichier n’est pas un export de session OpenCode : ne le chargez pas' });
  return alerts;
}
