/**
 * Checks a session export before it is shared: it must be an OpenCode export
 * (`info` + `messages`), sanitized with `opencode export --sanitize` unless the
 * user says otherwise, and free of secrets in every string (`--sanitize` leaves
 * tool inputs' shapes, error messages, ids and paths).
 */
import { findSecretsInJson } from '../secrets/find-secrets.js';
import { secretProblems, type CheckReport, type Problem } from './problem.js';

export const SANITIZE_COMMAND = 'opencode export <sessionID> --sanitize > session-<auteur>.json';

export async function checkExport(text: string, options: { allowUnsanitized: boolean }): Promise<CheckReport> {
  const problem = (rule: string, message: string): CheckReport => ({ problems: [{ rule, message, accepted: false }] });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return problem('export-json', 'l’export n’est pas du JSON valide');
  }
  const { info, messages } = (data ?? {}) as { info?: unknown; messages?: unknown };
  if (info === null || typeof info !== 'object' || Array.isArray(info) || !Array.isArray(messages)) {
    return problem('export-format', 'ce n’est pas un export de session OpenCode (objet avec « info » et « messages » attendu)');
  }
  const problems: Problem[] = [];
  const title = (info as { title?: unknown }).title;
  if (!options.allowUnsanitized && !(typeof title === 'string' && title.startsWith('[redacted:'))) {
    problems.push({ rule: 'export-non-expurge', accepted: false, message: `export non expurgé : produisez-le avec « ${SANITIZE_COMMAND} »` });
  }
  problems.push(...secretProblems(await findSecretsInJson(data)));
  return { problems };
}
