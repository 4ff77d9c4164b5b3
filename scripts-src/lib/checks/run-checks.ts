import { senderSecrets } from '../secrets/find-local-secrets.js';
import { checkChanges } from './check-changes.js';
import { checkExport } from './check-export.js';
import { checkEncoding, checkNote } from './check-note.js';
import type { CheckReport } from './problem.js';

export interface CheckedFile {
  path: string;
  report: CheckReport;
}

interface Input {
  path: string;
  bytes: Buffer;
}

/**
 * Every check publier runs before anything leaves the machine: the note's rules,
 * the export's, and the work in progress's, the sender's own secrets included.
 */
export async function checkPublication(
  note: Input,
  carried: { session?: Input; changes?: Input },
  options: { allowUnsanitized: boolean },
): Promise<CheckedFile[]> {
  const encoding = checkEncoding(note.bytes);
  const known = senderSecrets();
  const checked = [{ path: note.path, report: encoding.length > 0 ? { problems: encoding } : await checkNote(note.bytes.toString('utf8'), known) }];
  const { session, changes } = carried;
  if (session) checked.push({ path: session.path, report: await checkExport(session.bytes, { ...options, known }) });
  if (changes) checked.push({ path: changes.path, report: checkChanges(changes.bytes, known) });
  return checked;
}
