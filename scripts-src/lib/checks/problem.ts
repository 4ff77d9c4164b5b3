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
}

export interface CheckReport {
  problems: Problem[];
}

export const refusing = (report: CheckReport): Problem[] => report.problems.filter((problem) => !problem.accepted);
export const accepted = (report: CheckReport): Problem[] => report.problems.filter((problem) => problem.accepted);

/** A secret finding as a problem: rule, place and masked excerpt, never the value. */
export function secretProblems(findings: SecretFinding[]): Problem[] {
  return findings.map(({ rule, line, path, excerpt, accepted }) => ({ rule, line, path, excerpt, accepted, message: 'secret probable' }));
}
