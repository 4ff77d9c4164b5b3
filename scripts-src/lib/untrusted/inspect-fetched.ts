/**
 * What recuperer and lire say about content from someone else: the reading
 * of a note; for a session export (read-untrusted.ts's readExport), how to load it.
 */
import { type Reading, readNote } from './read-untrusted.js';

export const IMPORT_COMMAND = (file: string) => `opencode import ${file}`;

export function inspectNote(data: Buffer): Reading {
  return readNote(data.toString('utf8'));
}
