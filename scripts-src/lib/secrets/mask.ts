/**
 * Masking: what a report may show of a line that holds a secret. A provider's
 * token keeps its public prefix, which names the provider and nothing of the
 * secret (`ghp_****`, `sk-ant-api03-****`, `AKIA****`, a PEM header); nothing
 * else of any secret is shown: a password, a passphrase, a secret the sender
 * holds (a range marked `whole`) are `****`.
 */
import { HIDDEN_ANYWHERE } from '../text/hidden-characters.js';
import { publicPrefix } from './provider-tokens.js';

const EXCERPT_BEFORE = 30;
const EXCERPT_AFTER = 40;
/** A run of token characters, invisible ones included (the reading guard's set): what is drawn at random is masked whole. */
const DRAWN_RUN = new RegExp(`(?:[A-Za-z0-9+/_=-]|${HIDDEN_ANYWHERE.source}){16,}`, 'gu');

export function maskSecret(value: string): string {
  const prefix = publicPrefix(value);
  if (prefix.startsWith('-----')) return prefix;
  return `${prefix}****`;
}

/** Characters that cannot end a token: blanks, quotes, brackets, and the signs around a value (`=`, `:`, `@`). */
const BOUNDARY = /[\s"'`<>|,;()[\]{}=:@]/;

/** A flagged range grown to the whole token around it: what was found in part (a token cut by an invisible character) is hidden whole. */
function wholeToken(line: string, range: { start: number; end: number }): { start: number; end: number } {
  let { start, end } = range;
  while (start > 0 && !BOUNDARY.test(line[start - 1]!)) start--;
  while (end < line.length && !BOUNDARY.test(line[end]!)) end++;
  return { start, end };
}

/**
 * The line (or the part of a long line around the finding, `cut` says where)
 * with each flagged range masked, every other copy of a flagged value masked
 * too, and anything else that looks random; shortened around the finding at
 * `focus`.
 */
export function maskExcerpt(
  line: string,
  ranges: Array<{ start: number; end: number; whole?: boolean }>,
  focus: number,
  cut: { cutBefore: boolean; cutAfter: boolean } = { cutBefore: false, cutAfter: false },
): string {
  const { masked, focusInMasked } = maskRanges(line, ranges, focus);
  const from = Math.max(0, focusInMasked - EXCERPT_BEFORE);
  const to = Math.min(masked.length, focusInMasked + EXCERPT_AFTER);
  return `${from > 0 || cut.cutBefore ? '…' : ''}${masked.slice(from, to).trim()}${to < masked.length || cut.cutAfter ? '…' : ''}`;
}

/**
 * The line with each flagged range masked, every other copy of a flagged value
 * masked too, and anything else that looks random; whole, with where the
 * range holding `focus` starts once masked.
 */
export function maskRanges(line: string, ranges: Array<{ start: number; end: number; whole?: boolean }>, focus = 0): { masked: string; focusInMasked: number } {
  let masked = '';
  let cursor = 0;
  let focusInMasked = 0;
  const values = new Map<string, string>();
  for (const range of ranges.map((range) => ({ ...wholeToken(line, range), whole: range.whole })).sort((a, b) => a.start - b.start)) {
    if (range.start < cursor) continue;
    masked += line.slice(cursor, range.start);
    if (range.start <= focus && focus < range.end) focusInMasked = masked.length;
    const value = line.slice(range.start, range.end);
    const mask = range.whole ? '****' : maskSecret(value);
    if (value.length >= 4) values.set(value, mask);
    masked += mask;
    cursor = range.end;
  }
  masked += line.slice(cursor);
  for (const [value, mask] of values) masked = masked.split(value).join(mask);
  // Anything else drawn at random is hidden too, even when an invisible character cuts it in two.
  masked = masked.replace(DRAWN_RUN, (run) => (/\d/.test(run) && /[A-Za-z]/.test(run) ? '****' : run));
  return { masked, focusInMasked };
}
