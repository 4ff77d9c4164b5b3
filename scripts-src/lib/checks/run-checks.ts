import { checkExport } from './check-export.js';
import { checkNote } from './check-note.js';
import type { CheckReport } from './problem.js';

export interface CheckedFile {
  path: string;
  report: CheckReport;
}

/** Every check publier runs before anything leaves the machine: the note's rules, and the export's. */
export async function checkPublication(
  note: { path: string; text: string },
  session: { path: string; bytes: Buffer } | undefined,
  options: { allowUnsanitized: boolean },
): Promise<CheckedFile[]> {
  const checked = [{ path: note.path, report: await checkNote(note.text) }];
  if (session) checked.push({ path: session.path, report: await checkExport(session.bytes, options) });
  return checked;
}
