/**
 * Checks a session export before it is shared: it must be an OpenCode export
 * (`info` + `messages`), sanitized with `opencode export --sanitize` unless the
 * user says otherwise, and free of secrets in every string (`--sanitize` leaves
 * tool inputs' shapes, error messages, ids and paths).
 */
import { exportShape } from '../io/export-shape.js';
import type { LocalSecretMatcher } from '../secrets/find-local-secrets.js';
import { findSecretsInJson } from '../secrets/find-secrets.js';
import { type CheckReport, type Problem, secretProblems } from './problem.js';

export const SANITIZE_COMMAND = 'opencode export <sessionID> --sanitize > session-<auteur>.json';

export async function checkExport(bytes: Buffer, options: { allowUnsanitized: boolean; known?: LocalSecretMatcher }): Promise<CheckReport> {
  const problem = (rule: string, message: string): CheckReport => ({ problems: [{ rule, message, accepted: false }] });
  const shape = exportShape(bytes);
  if (shape === 'invalid') return problem('export-json', 'l’export n’est pas du JSON valide');
  if (!shape.info || !shape.messages) {
    return problem('export-format', 'ce n’est pas un export de session OpenCode (objet avec « info » et « messages » attendu)');
  }
  const problems: Problem[] = [];
  if (!options.allowUnsanitized && !shape.title?.startsWith('[redacted:')) {
    problems.push({ rule: 'export-non-expurge', accepted: false, message: `export non expurgé : produisez-le avec « ${SANITIZE_COMMAND} »` });
  }
  problems.push(...secretProblems(await findSecretsInJson(bytes, options.known)));
  return { problems };
}
