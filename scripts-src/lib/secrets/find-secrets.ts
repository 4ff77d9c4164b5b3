/**
 * The secret check run on everything before it is shared: our rules, on a
 * note or on every string (and every property name) of a session export.
 * (secretlint's recommended preset ran beside them until every format it knows
 * was in provider-tokens.ts: it found nothing ours missed on any corpus, and
 * weighed 80 KiB in each of verifier's and publier's bundles.) Our rules read
 * the revealed view of the text (text/normalise.ts: invisible characters, look-alikes, escapes and
 * emphasis undone), line by line without Markdown container markers, and
 * report in the original text. A finding names the rule, the line (and the
 * JSON path) and shows a masked excerpt; the secret itself never leaves
 * this module, not even as a property name in a JSON path.
 *
 * Given the sender's own secrets (local-secrets.ts, found by
 * find-local-secrets.ts), the scan also refuses any of them, in any form:
 * a fact, not a guess, so it wins over the other rules on the same text,
 * names its source and is never accepted by the marker.
 */
import { walkJson } from '../io/json-walk.js';
import { lastAtMost, lineStarts, markdownLines } from '../text/markdown-model.js';
import { type MappedText, mappedRevealedView, originalOffset } from '../text/normalise.js';
import { findBindings, namedPairText } from './credential-bindings.js';
import { roleOfName } from './credential-names.js';
import { findEncodedSecrets } from './encoded-secrets.js';
import type { LocalSecretMatcher } from './find-local-secrets.js';
import type { Hit } from './hits.js';
import { maskExcerpt, maskRanges, maskSecret } from './mask.js';
import { findPrivateKeys } from './private-keys.js';
import { findDisguisedTokens, findLineTokens } from './provider-tokens.js';

export interface SecretFinding {
  rule: string;
  /** 1-based line: in the note, or within the JSON string at `path`. */
  line: number;
  /** Where the string sits in a JSON export, e.g. `messages[1].parts[0].state.output`. */
  path?: string;
  /** The line with every secret masked, shortened around the finding. */
  excerpt: string;
  /** The line carries the marker `<!-- contexte:autorise -->`: a false positive, accepted. */
  accepted: boolean;
  /** Rule `secret-local`: where the sender holds the value (« la valeur de REDISCLI_AUTH »). */
  source?: string;
}

/** Written on a line of a note, accepts that line's findings (and shows it did). */
export const ACCEPT_MARKER = '<!-- contexte:autorise -->';
const ACCEPTED = /<!--[^>]*contexte:autorise[^>]*-->/;

interface Segment {
  text: string;
  path?: string;
  /** Offset of the segment in the joined text. */
  start: number;
}

/** The findings in a note; `known`: the sender's own secrets, refused in any form. */
export function findSecrets(text: string, known?: LocalSecretMatcher): SecretFinding[] {
  return scanSegments([{ text }], known).map(({ finding }) => finding);
}

/**
 * Strings are scanned in batches of about this many characters: memory stays bounded on a 20 MB export.
 * Small enough that a batch's objects (its text, lines, views) die before the young generation is
 * collected twice: a batch of 1 Mi characters lived long enough to be moved to the old generation, where
 * it stayed as garbage until a full collection (peak memory of this guard on a 22 MiB export: 185 → 140 MB).
 */
const JSON_BATCH = 64 * 1024;

/**
 * Scans every string of a JSON document (tool outputs are `\n`-joined text, so
 * each string is scanned unescaped), each property name, and each
 * `"name": "value"` pair whose name gives the value a credential's role.
 * Reads the bytes without building the document; throws JsonSyntaxError on
 * invalid JSON.
 */
export function findSecretsInJson(bytes: Buffer, known?: LocalSecretMatcher): SecretFinding[] {
  const findings: SecretFinding[] = [];
  /** Property names that are secrets, with their mask (nothing at all of a secret the sender holds). */
  const secretKeys = new Map<string, string>();
  let batch: Array<{ text: string; path: string; key?: string }> = [];
  let size = 0;
  const flush = () => {
    for (const { finding, part } of scanSegments(batch, known)) {
      const key = batch[part]!.key;
      if (key !== undefined) secretKeys.set(key, finding.source === undefined ? maskSecret(key) : '****');
      findings.push(finding);
    }
    batch = [];
    size = 0;
  };
  let named: { object: string; name: string } | undefined;
  for (const event of walkJson(bytes)) {
    if (event.type === 'open') continue;
    const path = event.path.replace(/^\$\.?/, '') || '$';
    if (event.type === 'key') {
      // A property name is scanned as text of its own: a token used as a key is still a token.
      if (event.key.length >= 8) batch.push({ text: event.key, path, key: event.key });
      size += event.key.length;
    } else {
      // `{"name": "Authorization", "value": "…"}` (a HAR header or cookie): the value is read with the name beside it.
      if (event.key === 'name') named = { object: path.slice(0, -'.name'.length), name: event.value };
      const pair = event.key === 'value' && named?.object === path.slice(0, -'.value'.length) ? namedPairText(named.name, event.value) : undefined;
      const text = pair ?? (event.key !== undefined && roleOfName(event.key) ? `${JSON.stringify(event.key)}: ${JSON.stringify(event.value)}` : event.value);
      batch.push({ text, path });
      size += text.length;
    }
    if (size >= JSON_BATCH) flush();
  }
  if (batch.length > 0) flush();
  if (secretKeys.size === 0) return findings;
  return findings.map((finding) => (finding.path === undefined ? finding : { ...finding, path: maskPath(finding.path, secretKeys) }));
}

/** A JSON path with every property name that is itself a secret masked. */
function maskPath(path: string, secretKeys: Map<string, string>): string {
  let masked = path;
  for (const [key, mask] of secretKeys) masked = masked.split(key).join(mask);
  return masked;
}

/** Findings in `parts`, each with the index of the part it was found in. */
function scanSegments(parts: Array<{ text: string; path?: string }>, known: LocalSecretMatcher | undefined): Array<{ finding: SecretFinding; part: number }> {
  const segments: Segment[] = [];
  let offset = 0;
  for (const part of parts) {
    segments.push({ text: part.text, path: part.path, start: offset });
    offset += part.text.length + 2;
  }
  // One pass over one text: a blank line between segments keeps line-based rules apart.
  const joined = parts.map((part) => part.text).join('\n\n');
  const bound: Hit[] = [];
  const hits = dedupe(known?.find(joined) ?? [], ourHits(joined, bound, segments));
  if (hits.length === 0) return [];
  const newlines = lineStarts(joined);
  const starts = segments.map((segment) => segment.start);
  bound.sort((a, b) => a.start - b.start);
  const values = { hits, bound, boundStarts: bound.map((value) => value.start) };
  return hits.map((hit, index) => {
    const part = lastAtMost(starts, hit.start);
    return { finding: toFinding(hit, index, values, segments[part]!, newlines), part };
  });
}

/**
 * Our rules, on the text as written and on its revealed view where it differs
 * (undoing emphasis may also break a `*:*:` line), reported at the original
 * offsets. The view is made and read segment by segment (`segments`: each
 * string of an export is a text of its own), of those it changes only: one
 * string with emphasis in a batch of an export had the whole batch's view built
 * and scanned (an export with one `**` per message: the guard's time doubled).
 */
function ourHits(text: string, bound?: Hit[], segments: readonly Segment[] = [{ text, start: 0 }]): Hit[] {
  const hits = scanLines(text, bound);
  const changed: Array<{ view: MappedText; start: number; viewStart: number }> = [];
  const views: string[] = [];
  let viewLength = 0;
  for (const segment of segments) {
    const view = mappedRevealedView(segment.text);
    if (view.text === segment.text) continue;
    changed.push({ view, start: segment.start, viewStart: viewLength });
    views.push(view.text);
    viewLength += view.text.length + 2;
  }
  if (changed.length === 0) return hits;
  const viewStarts = changed.map((part) => part.viewStart);
  const boundInView: Hit[] | undefined = bound && [];
  const inOriginal = (hit: Hit): Hit => {
    const { view, start: segmentStart, viewStart } = changed[lastAtMost(viewStarts, hit.start)]!;
    const start = segmentStart + originalOffset(view, hit.start - viewStart);
    return { rule: hit.rule, start, end: Math.max(segmentStart + originalOffset(view, hit.end - viewStart), start + 1) };
  };
  // The views joined as the segments are, so that the changed strings of a batch are still read in one pass.
  for (const hit of scanLines(views.join('\n\n'), boundInView)) hits.push(inOriginal(hit));
  for (const value of boundInView ?? []) bound!.push(inOriginal(value));
  return hits;
}

/**
 * `text` with every secret our rules find masked as a finding's excerpt masks
 * it (mask.ts), the lines holding one whole, not shortened, the others
 * unchanged: what a program may print of a text someone wrote (the reading
 * guard's excerpts, a title in a listing); a text without a secret costs one
 * scan of it.
 */
export function maskSecrets(text: string): string {
  const bound: Hit[] = [];
  const hits = dedupe([], ourHits(text, bound).concat(bound));
  if (hits.length === 0) return text;
  const lineEnd = (offset: number) => {
    const newline = text.indexOf('\n', offset);
    return newline < 0 ? text.length : newline;
  };
  let masked = '';
  let cursor = 0;
  for (let first = 0; first < hits.length; ) {
    // The lines holding a hit, and those of every hit reaching into them (a private key spans several), are masked as one piece.
    const from = hits[first]!.start > 0 ? text.lastIndexOf('\n', hits[first]!.start - 1) + 1 : 0;
    let to = lineEnd(hits[first]!.end);
    let next = first + 1;
    for (; next < hits.length && hits[next]!.start < to; next++) to = Math.max(to, lineEnd(hits[next]!.end));
    const ranges = hits.slice(first, next).map((hit) => ({ start: hit.start - from, end: hit.end - from }));
    masked += text.slice(cursor, from) + maskRanges(text.slice(from, to), ranges).masked;
    cursor = to;
    first = next;
  }
  return masked + text.slice(cursor);
}

/** Every rule on `text`, read line by line without container markers (the Markdown model's lines). */
function scanLines(text: string, bound?: Hit[]): Hit[] {
  const lines = markdownLines(text);
  return findLineTokens(text, lines).concat(findDisguisedTokens(lines), findPrivateKeys(lines), findBindings(lines, bound), findEncodedSecrets(lines));
}

/** Keeps one hit per secret: a local secret wins an overlap, then the first rule. */
function dedupe(local: Hit[], guessed: Hit[]): Hit[] {
  // Local hits are sorted and apart (find-local-secrets.ts merges them): the one that may overlap a hit is the last starting before its end.
  const starts = local.map((known) => known.start);
  const overlapsLocal = (hit: Hit) => {
    const known = local[lastAtMost(starts, hit.end - 1)]!;
    return known.start < hit.end && hit.start < known.end;
  };
  const hits = local.length === 0 ? guessed : local.concat(guessed.filter((hit) => !overlapsLocal(hit)));
  const kept: Hit[] = [];
  for (const hit of [...hits].sort((a, b) => a.start - b.start || b.end - a.end)) {
    if (hit.end <= hit.start) continue;
    const last = kept[kept.length - 1];
    if (last && hit.start < last.end) continue;
    kept.push(hit);
  }
  return kept;
}

/** How much of a long line around a finding the excerpt is cut from: masking a 1 MiB line for each of its findings would be quadratic. */
const AROUND = 300;

/**
 * The finding for `hits[index]`: its line (counted within its segment), masked around every hit near it and every
 * value bound to a credential there (`bound`, sorted), so that what the rules judged no secret is not shown either.
 */
function toFinding(
  hit: Hit,
  index: number,
  { hits, bound, boundStarts }: { hits: Hit[]; bound: Hit[]; boundStarts: number[] },
  segment: Segment,
  newlines: Int32Array,
): SecretFinding {
  const lineIndex = lastAtMost(newlines, hit.start);
  const lineStart = newlines[lineIndex]!;
  const lineEnd = Math.min((newlines[lineIndex + 1] ?? Number.POSITIVE_INFINITY) - 1, segment.start + segment.text.length);
  const from = Math.max(lineStart, hit.start - AROUND);
  const to = Math.min(lineEnd, Math.max(hit.end, hit.start) + AROUND);
  const window = segment.text.slice(from - segment.start, to - segment.start);
  // Hits are sorted and apart: those near this one are its neighbours.
  const near: Hit[] = [];
  for (let other = index; other >= 0 && hits[other]!.end > from; other--) near.push(hits[other]!);
  for (let other = index + 1; other < hits.length && hits[other]!.start < to; other++) near.push(hits[other]!);
  if (bound.length > 0)
    for (let other = lastAtMost(boundStarts, to - 1); other >= 0 && bound[other]!.start >= from - AROUND; other--)
      if (bound[other]!.end > from && bound[other]!.start < to) near.push(bound[other]!);
  const line = segment.text.slice(lineStart - segment.start, lineEnd - segment.start);
  const finding: SecretFinding = {
    rule: hit.rule,
    line: lineIndex - lastAtMost(newlines, segment.start) + 1,
    excerpt: maskExcerpt(
      window,
      near.map((other) => ({
        start: Math.max(0, other.start - from),
        end: Math.min(window.length, other.end - from),
        whole: other.source !== undefined,
      })),
      hit.start - from,
      { cutBefore: from > lineStart, cutAfter: to < lineEnd },
    ),
    // The marker accepts a guess, not a fact: a secret the sender holds is refused whatever the line says.
    accepted: hit.source === undefined && ACCEPTED.test(line.length > 4 * AROUND ? window : line),
  };
  if (segment.path !== undefined) finding.path = segment.path;
  if (hit.source !== undefined) finding.source = hit.source;
  return finding;
}
