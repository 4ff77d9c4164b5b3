/**
 * What recuperer and lire say about content from someone else: the reading
 * of a note; for a session export, whether it is one, and how to load it.
 */
import { exportShape } from '../io/export-shape.js';
import { type Reading, readJsonLines, readNote } from './read-untrusted.js';

export const IMPORT_COMMAND = (file: string) => `opencode import ${file}`;

export function inspectNote(data: Buffer): Reading {
  return readNote(data.toString('utf8'));
}

/** A session export is only ever loaded by `opencode import`; say so when it is not one. */
export function inspectExport(data: Buffer): Reading {
  const reading = readJsonLines(data.toString('utf8'));
  const shape = exportShape(data);
  const valid = shape !== 'invalid' && shape.info && shape.messages;
  if (!valid) reading.alertes.unshift({ line: 1, rule: 'export-invalide', excerpt: 'ce fichier n’est pas un export de session OpenCode : ne le chargez pas' });
  return reading;
}
