import { senderSecrets } from '../secrets/find-local-secrets.js';
import { checkExport } from './check-export.js';
import { checkEncoding, checkNote } from './check-note.js';
import type { CheckReport } from './problem.js';

export interface CheckedFile {
  path: string;
  report: CheckReport;
}

/** Every check publier runs before anything leaves the machine: the note's rules, and the export's, the sender's own secrets included. */
export async function checkPublication(
  note: { path: string; bytes: Buffer },
  session: { path: string; bytes: Buffer } | undefined,
  options: { allowUnsanitized: boolean },
): Promise<CheckedFile[]> {
  const encoding = checkEncoding(note.bytes);
  const known = senderSecrets();
  const checked = [{ path: note.path, report: encoding.length > 0 ? { problems: encoding } : await checkNote(note.bytes.toString('utf8'), known) }];
  if (session) checked.push({ path: session.path, report: await checkExport(session.bytes, { ...options, known }) });
  return checked;
}
