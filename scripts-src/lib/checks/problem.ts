import type { SecretFinding } from '../secrets/find-secrets.js';

/** What a check found, for a note or a session export: the same shape for every rule. */
export interface Problem {
  /** Rule identifier, e.g. `en-tete`, `rubriques`, `jeton-github`, `chemin-personnel`. */
  rule: string;
  /** French, one line, never the secret. */
  message: string;
  /** 1-based line (in the note, or within the JSON string at `path`). */
  line?: number;
  path?: string;
  /** The line, masked. */
  excerpt?: string;
  /** Accepted by the marker `<!-- contexte:autorise -->` on its line: reported, not refused. */
  accepted: boolean;
  /** Rule `secret-local`: where the sender holds the value (« la valeur de REDISCLI_AUTH », « ~/.netrc, ligne 3 »). */
  source?: string;
}

export interface CheckReport {
  problems: Problem[];
}

export const refusing = (report: CheckReport): Problem[] => report.problems.filter((problem) => !problem.accepted);
export const accepted = (report: CheckReport): Problem[] => report.problems.filter((problem) => problem.accepted);

/** A secret finding as a problem: rule, place and masked excerpt, never the value. */
export function secretProblems(findings: SecretFinding[]): Problem[] {
  return findings.map(({ rule, line, path, excerpt, accepted, source }) =>
    source === undefined
      ? { rule, line, path, excerpt, accepted, message: 'secret probable' }
      : { rule, line, path, excerpt, accepted, source, message: `secret de ce poste (${source}) : réécrivez la ligne sans cette valeur` },
  );
}
