/**
 * Finds the sender's own secrets (local-secrets.ts collects them) in a text,
 * however they were copied: as written, hex, base64 or base64url (in all
 * three alignments, so a value inside `user:value` is found), URL-encoded
 * in full or in part, split over lines, cut by invisible characters,
 * Markdown emphasis or string concatenation.
 *
 * Every form of every value is a needle of one multi-pattern search (a
 * rolling hash of their first characters), run once over the text's skeleton (the text without the characters that can
 * cut a value: blanks, invisible characters and their `\u{…}` escapes,
 * `*_~\`>\\"'+`) and, when the text holds a `%`, over its percent-decoded
 * skeletons (an escape of a cutting character kept as written, or dropped like
 * the character it stands for). The same
 * characters are removed from the needles, so the cost is one linear pass
 * whatever the number of values. Hits are reported at their original
 * offsets with the value's source; the values stay in this module's memory.
 */
import { HIDDEN_ANYWHERE } from '../text/hidden-characters.js';
import type { Hit } from './hits.js';
import { collectLocalSecrets, type LocalSecret } from './local-secrets.js';

/** A local secret found in the text: where, and which source it comes from (never the value). */
export interface LocalSecretHit extends Hit {
  source: string;
}

/** A needle shorter than this (after removing the cutting characters) would match by chance. */
const MIN_NEEDLE = 6;

/** ASCII characters that may cut a value in a note: removed from the text and from the needles alike. */
const CUTTING_ASCII = new Uint8Array(128);
for (const char of ' \t\n\r\f\v*_~`>\\"\'+') CUTTING_ASCII[char.charCodeAt(0)] = 1;
const HIDDEN_ONE = new RegExp(`^(?:${HIDDEN_ANYWHERE.source})$`, 'u');

function isCutting(code: number, char: string): boolean {
  if (code < 128) return CUTTING_ASCII[code] === 1;
  return /\s/u.test(char) || HIDDEN_ONE.test(char);
}

/** A text without its cutting characters, and where each kept character was. */
interface Skeleton {
  text: string;
  /** `origin[i]`: offset in the source text of the skeleton's character `i`. */
  origin: Int32Array;
}

function skeletonOf(text: string): Skeleton {
  const runs: string[] = [];
  const origin = new Int32Array(text.length);
  let length = 0;
  let runStart = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // A hidden character shown as its escape (`\u{200B}`, as the reading guard prints it) cuts like the character;
    // a surrogate pair is one character, tested and kept whole.
    const shownEscape =
      code === 0x5c && text[index + 1] === 'u' && text[index + 2] === '{' ? /^\\u\{[0-9A-Fa-f]{1,6}\}/.exec(text.slice(index, index + 11)) : null;
    const width = shownEscape ? shownEscape[0].length : code >= 0xd800 && code < 0xdc00 && index + 1 < text.length ? 2 : 1;
    if (shownEscape || isCutting(code, width === 1 ? text[index]! : text.slice(index, index + 2))) {
      if (index > runStart) runs.push(text.slice(runStart, index));
      index += width - 1;
      runStart = index + 1;
    } else {
      origin[length++] = index;
      if (width === 2) origin[length++] = ++index;
    }
  }
  runs.push(text.slice(runStart));
  return { text: runs.join(''), origin: origin.subarray(0, length) };
}

interface PercentDecoded {
  text: string;
  /** Where each character of `text` was in the original. */
  origin: Int32Array;
  /** The original holds an escape of a cutting character (kept or dropped). */
  cutting: boolean;
}

/**
 * The text with every `%xx` decoded to its byte (as a Latin-1 character), and where each character was.
 * An escape of a cutting character (`%2a` for `*`, `%20`) stays as written (`kept`): decoded, the skeleton would drop
 * it, and a value that holds `%2a` itself could no longer be found once partly encoded (`%61%2aaaaa` for `a%2aaaaa`).
 * Or it is `dropped`, as the skeleton drops the character it stands for: a value holding two `+`, the first one written
 * `%2b`, reads then as it does with both written plainly.
 */
function percentDecoded(text: string, cuttingEscapes: 'kept' | 'dropped' = 'kept'): PercentDecoded {
  const parts: string[] = [];
  const origin = new Int32Array(text.length);
  let length = 0;
  let anyCutting = false;
  for (let index = 0; index < text.length; index++) {
    const decoded =
      text[index] === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(index + 1, index + 3)) ? Number.parseInt(text.slice(index + 1, index + 3), 16) : -1;
    const cutting = decoded >= 0 && isCutting(decoded, String.fromCharCode(decoded));
    anyCutting ||= cutting;
    if (decoded >= 0 && !cutting) {
      parts.push(String.fromCharCode(decoded));
      origin[length++] = index;
      index += 2;
    } else if (cutting && cuttingEscapes === 'dropped') {
      index += 2;
    } else {
      parts.push(text[index]!);
      origin[length++] = index;
    }
  }
  return { text: parts.join(''), origin: origin.subarray(0, length), cutting: anyCutting };
}

/** The base64 characters that depend only on `bytes` when they start `shift` bytes into a base64 stream. */
function base64Inside(bytes: Buffer, shift: number): string {
  const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
  return encoded.slice(Math.ceil((8 * shift) / 6), Math.floor((8 * (shift + bytes.length)) / 6));
}

/** Every way a value may be written in a note, and the forms it takes in the text's percent-decoded view only. */
function formsOf(value: string): { forms: string[]; decodedOnly: string[] } {
  const bytes = Buffer.from(value, 'utf8');
  const forms = new Set([value, bytes.toString('hex'), bytes.toString('hex').toUpperCase(), encodeURIComponent(value)]);
  for (const shift of [0, 1, 2]) {
    const base64 = base64Inside(bytes, shift);
    forms.add(base64);
    forms.add(base64.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  const decodedOnly = new Set<string>();
  // The percent-decoded view decodes what the value itself holds: `a%41b` is looked for there as `aAb`; only there.
  if (/%[0-9A-Fa-f]{2}/.test(value)) decodedOnly.add(percentDecoded(value).text);
  // It keeps an escape of a cutting character as written: a base64 value encoded whole (`…%53%2b%7a…` for `S+z`) reads
  // there as `S%2bz`, in the case the text wrote it.
  const cutting = (char: string) => char.charCodeAt(0) < 128 && isCutting(char.charCodeAt(0), char);
  const percentOf = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  if ([...value].some(cutting)) {
    const escaped = [...value].map((char) => (cutting(char) ? percentOf(char) : char)).join('');
    decodedOnly.add(escaped);
    decodedOnly.add(escaped.replace(/%[0-9a-f]{2}/g, (sequence) => sequence.toUpperCase()));
  }
  return { forms: [...forms], decodedOnly: [...decodedOnly] };
}

/** A needle's first characters, hashed: the scan computes one rolling hash per offset. */
const WINDOW = MIN_NEEDLE;
const BASE = 0x01000193;
/** `BASE ** (WINDOW - 1)` modulo 2³²: what the character leaving the window weighed. */
const OUTGOING = Array.from({ length: WINDOW - 1 }).reduce<number>((power) => Math.imul(power, BASE), 1);

function hashOf(text: string, from: number): number {
  let hash = 0;
  for (let index = from; index < from + WINDOW; index++) hash = (Math.imul(hash, BASE) + text.charCodeAt(index)) | 0;
  return hash;
}

/**
 * Needles found by a rolling hash of their first WINDOW characters (Rabin–Karp
 * with many patterns): one multiplication per offset of the text, and a
 * comparison only where a needle's start hashes alike. A bit table in front
 * of the map keeps the common case to one array read.
 */
class Needles {
  private readonly buckets = new Map<number, Array<{ needle: string; source: string; decodedOnly: boolean }>>();
  private readonly seen = new Uint8Array(0x10000);

  add(needle: string, source: string, decodedOnly = false): void {
    const hash = hashOf(needle, 0);
    const bucket = this.buckets.get(hash) ?? [];
    const known = bucket.find((candidate) => candidate.needle === needle);
    // A form found plainly is looked for everywhere, whichever value added it first.
    if (known !== undefined) {
      known.decodedOnly &&= decodedOnly;
      return;
    }
    bucket.push({ needle, source, decodedOnly });
    this.buckets.set(hash, bucket);
    this.seen[hash & 0xffff] = 1;
  }

  /** Every occurrence of a needle, as [start, end) in `text`. */
  *matches(text: string): Generator<{ start: number; end: number; source: string; decodedOnly: boolean }> {
    if (this.buckets.size === 0 || text.length < WINDOW) return;
    let hash = hashOf(text, 0);
    for (let start = 0; ; start++) {
      if (this.seen[hash & 0xffff] === 1) {
        for (const { needle, source, decodedOnly } of this.buckets.get(hash) ?? []) {
          if (text.startsWith(needle, start)) yield { start, end: start + needle.length, source, decodedOnly };
        }
      }
      if (start + WINDOW >= text.length) return;
      hash = (Math.imul(hash - Math.imul(text.charCodeAt(start), OUTGOING), BASE) + text.charCodeAt(start + WINDOW)) | 0;
    }
  }
}

/** The sender's secrets, ready to be found in any text. */
export class LocalSecretMatcher {
  private readonly needles = new Needles();
  /** How many values are looked for. */
  readonly size: number;

  constructor(secrets: LocalSecret[]) {
    let size = 0;
    for (const { value, source } of secrets) {
      let usable = false;
      const { forms, decodedOnly } = formsOf(value);
      for (const [form, onlyDecoded] of [...forms.map((form) => [form, false] as const), ...decodedOnly.map((form) => [form, true] as const)]) {
        const needle = skeletonOf(form).text;
        if (needle.length < MIN_NEEDLE) continue;
        this.needles.add(needle, source, onlyDecoded);
        usable = true;
      }
      if (usable) size++;
    }
    this.size = size;
  }

  /** Every place of `text` holding one of the values, in any of its forms, merged where they overlap. */
  find(text: string): LocalSecretHit[] {
    if (this.size === 0 || text === '') return [];
    const hits: LocalSecretHit[] = [];
    // `toText(i)`: the offset in `text` of the scanned view's character `i` (`i` = the view's length: the text's end).
    const scan = (skeleton: Skeleton, toText: (offset: number) => number, decoded: boolean) => {
      for (const match of this.needles.matches(skeleton.text)) {
        if (match.decodedOnly && !decoded) continue;
        const start = toText(skeleton.origin[match.start]!);
        const end = toText(skeleton.origin[match.end - 1]! + 1);
        // The decoded view counts only where the text itself was percent-encoded: elsewhere the plain view has seen it.
        if (decoded && !text.slice(start, end).includes('%')) continue;
        hits.push({ rule: 'secret-local', start, end, source: match.source });
      }
    };
    scan(skeletonOf(text), (offset) => offset, false);
    if (text.includes('%')) {
      const kept = percentDecoded(text);
      // The second reading differs only where the text escapes a cutting character.
      for (const decoded of kept.cutting ? [kept, percentDecoded(text, 'dropped')] : [kept])
        scan(skeletonOf(decoded.text), (offset) => (offset < decoded.origin.length ? decoded.origin[offset]! : text.length), true);
    }
    return merge(hits);
  }
}

/** `text` with every held value masked whole: what a program prints of a text the sender wrote. */
export function maskLocalSecrets(text: string, known: LocalSecretMatcher): string {
  let masked = '';
  let cursor = 0;
  for (const hit of known.find(text)) {
    masked += `${text.slice(cursor, hit.start)}****`;
    cursor = hit.end;
  }
  return cursor === 0 ? text : masked + text.slice(cursor);
}

/** Overlapping hits as one, the first one's source kept. */
function merge(hits: LocalSecretHit[]): LocalSecretHit[] {
  const merged: LocalSecretHit[] = [];
  for (const hit of hits.sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = merged[merged.length - 1];
    if (last && hit.start < last.end) last.end = Math.max(last.end, hit.end);
    else merged.push({ ...hit });
  }
  return merged;
}

/** The secrets of the machine this program runs on: its environment, the project's `.env` files, the user's credential files. */
export function senderSecrets(): LocalSecretMatcher {
  return new LocalSecretMatcher(collectLocalSecrets());
}
