/**
 * The secret check run on everything before it is published. This is the
 * workshop's check (`grep -i -E "api[_-]?key|token|secret|password|Bearer "`),
 * applied to the note and to the session export alike; findings never carry the
 * secret itself, only a masked excerpt.
 */
export interface SecretFinding {
  rule: string;
  /** 1-based line number. */
  line: number;
  /** The line around the match, with every value-like word masked. */
  excerpt: string;
}

const WORKSHOP_PATTERN = /api[_-]?key|token|secret|password|Bearer /i;
const EXCERPT_MAX = 72;

export function findSecrets(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const match = WORKSHOP_PATTERN.exec(line);
    if (match) findings.push({ rule: 'motif-atelier', line: index + 1, excerpt: maskAfter(line, match.index + match[0].length) });
  });
  return findings;
}

/**
 * Keeps the text up to the end of the matched keyword, masks what follows it on
 * the line (where a value would be), and masks long runs of letters and digits before it.
 */
export function maskAfter(line: string, keep: number): string {
  const head = line
    .slice(0, keep)
    .replace(/[A-Za-z0-9+/_\-=.]{12,}/g, (word) => (/\d/.test(word) ? `${word.slice(0, 2)}****` : word));
  const tail = line.slice(keep).replace(/[^\s"'`:=,;()[\]{}<>]+/g, '****');
  const excerpt = `${head}${tail}`.trim();
  return excerpt.length > EXCERPT_MAX ? `${excerpt.slice(0, EXCERPT_MAX)}…` : excerpt;
}
