/**
 * What recuperer and lire say about content from someone else: the reading
 * of a note or of a work in progress; for a session export (read-untrusted.ts's
 * readExport), how to load it.
 */
import { type Finding, type Reading, readNote } from './read-untrusted.js';

export const IMPORT_COMMAND = (file: string) => `opencode import ${file}`;

export function inspectNote(data: Buffer): Reading {
  return readNote(data.toString('utf8'));
}

/**
 * A work in progress (a patch) is code: it is read inside a fence longer than
 * any it holds, so that a changed line is judged as code is (a command is a
 * point of vigilance, a comment that speaks to the agent an alert), not as
 * prose or a Markdown list. Lines are those of the patch.
 */
export function readPatch(data: Buffer): Reading {
  // A changed line's first column (`+`, `-`, a blank) is the patch's, not the code's: `+# Agent : …` is a comment.
  const text = data.toString('utf8').replace(/^[+ -]/gm, ' ');
  const longest = Math.max(2, ...[...text.matchAll(/^[ \t]*(`{3,}|~{3,})/gm)].map((match) => match[1]!.length));
  const fence = '`'.repeat(longest + 1);
  const reading = readNote(`${fence}diff\n${text}\n${fence}\n`);
  const inPatch = (finding: Finding) => ({ ...finding, line: Math.max(1, finding.line - 1) });
  return { alertes: reading.alertes.map(inPatch), vigilance: reading.vigilance.map(inPatch) };
}
