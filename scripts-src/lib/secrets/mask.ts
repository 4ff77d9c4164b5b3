/**
 * Masking: what a report may show of a line that holds a secret. A secret
 * keeps at most its public prefix and its last two characters (`ghp_****…9f`).
 */
const EXCERPT_BEFORE = 30;
const EXCERPT_AFTER = 40;

export function maskSecret(value: string): string {
  const header = /^-----BEGIN [A-Z0-9 ]+-----/.exec(value)?.[0];
  if (header) return header;
  const prefix = /^[A-Za-z]{2,10}[_-]/.exec(value)?.[0] ?? '';
  const tail = value.length >= 20 ? `…${value.slice(-2)}` : '';
  return `${prefix}****${tail}`;
}

/**
 * The line with each flagged range masked, anything else that looks random
 * masked too, shortened around the finding at `focus`.
 */
export function maskExcerpt(line: string, ranges: Array<{ start: number; end: number }>, focus: number): string {
  let masked = '';
  let cursor = 0;
  let focusInMasked = 0;
  for (const range of [...ranges].sort((a, b) => a.start - b.start)) {
    if (range.start < cursor) continue;
    masked += line.slice(cursor, range.start);
    if (range.start <= focus && focus < range.end) focusInMasked = masked.length;
    masked += maskSecret(line.slice(range.start, range.end));
    cursor = range.end;
  }
  masked += line.slice(cursor);
  masked = masked.replace(/[A-Za-z0-9+/_=-]{20,}/g, (run) => (/\d/.test(run) && /[A-Za-z]/.test(run) ? '****' : run));
  const from = Math.max(0, focusInMasked - EXCERPT_BEFORE);
  const to = Math.min(masked.length, focusInMasked + EXCERPT_AFTER);
  return `${from > 0 ? '…' : ''}${masked.slice(from, to).trim()}${to < masked.length ? '…' : ''}`;
}
