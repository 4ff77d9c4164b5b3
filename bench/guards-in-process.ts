/**
 * What the guards cost publier inside its process, set-up included: loading
 * them, then every check publier runs on a note (secrets, the sender's own
 * secrets, the note's form, the reading guard). Bundled by the bench as the
 * programs are, run in a fresh process; prints the milliseconds.
 *
 *   node guards-in-process.js <note>
 */
import { readFileSync } from 'node:fs';

async function main(path: string): Promise<void> {
  const bytes = readFileSync(path);
  const started = performance.now();
  const { checkPublication, readNote } = await import('../scripts-src/lib/guards.js');
  await checkPublication({ path, bytes }, {}, { allowUnsanitized: false });
  readNote(bytes.toString('utf8'));
  console.log((performance.now() - started).toFixed(2));
}

void main(process.argv[2]!);
