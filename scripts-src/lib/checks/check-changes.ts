/**
 * Checks the work in progress before it is shared (`publier --modifs`): the
 * patch is refused like a note when it holds a secret — in a changed line, in
 * an untracked file's name, or inside a binary file the patch carries — the
 * sender's own secrets (`secret-local`) included.
 */
import { binaryContents } from '../repository/work-in-progress.js';
import type { LocalSecretMatcher } from '../secrets/find-local-secrets.js';
import { findSecrets } from '../secrets/find-secrets.js';
import { type CheckReport, secretProblems } from './problem.js';

export function checkChanges(bytes: Buffer, known?: LocalSecretMatcher): CheckReport {
  const problems = secretProblems(findSecrets(bytes.toString('utf8'), known));
  // A binary file's bytes have no line of the patch: their findings name the file's content, with no line.
  for (const content of binaryContents(bytes))
    problems.push(
      ...secretProblems(findSecrets(content.toString('latin1'), known)).map(({ line: _line, ...problem }) => ({
        ...problem,
        message: `${problem.message} (dans le contenu d’un fichier binaire des modifications)`,
      })),
    );
  return { problems };
}
