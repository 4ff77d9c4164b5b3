/**
 * Characters a reader cannot see: zero-width and format characters, bidi
 * controls, Unicode tag characters (which can spell a hidden ASCII message),
 * variation selectors used to smuggle bytes, private-use characters, and
 * control characters (an ANSI escape can hide text in a terminal).
 *
 * One table for every reader of the project: the secret guard reads text
 * without them, the reading guard reports them, messages escape them.
 */

/** Each kind of character a reader cannot see (or that rearranges what they see), as regex class contents. */
export const HIDDEN_CHARACTER_KINDS = {
  /** Unicode's format characters (Cf): zero-width space U+200B, soft hyphen U+00AD, word joiner U+2060, BOM U+FEFF, tags, bidi controls… */
  format: String.raw`\p{Cf}`,
  /** Private-use characters (Co): no glyph anyone agreed on. */
  privateUse: String.raw`\p{Co}`,
  /** Letters and marks drawn as nothing: combining grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian selectors. */
  blankLetters: String.raw`\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u3164\uFFA0`,
  /** Variation selectors, which can carry bytes after any character. */
  variationSelectors: String.raw`\uFE00-\uFE0D\u{E0100}-\u{E01EF}`,
  /** C0 and C1 control characters, except tab, line feed and carriage return. */
  controls: String.raw`\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F`,
  /** Bidirectional embeddings, overrides and isolates: they reorder what is shown (`abc\u{202E}txt.exe`, "Trojan Source"). */
  bidiControls: String.raw`\u202A-\u202E\u2066-\u2069`,
  /** Bidirectional marks (ALM, LRM, RLM): they only nudge the direction of their neighbours. */
  bidiMarks: String.raw`\u061C\u200E\u200F`,
  /** Unicode tag characters: printable ASCII shifted into an invisible block. */
  tags: String.raw`\u{E0000}-\u{E007F}`,
  /** Line and paragraph separators: a line break a message must not contain. */
  lineSeparators: String.raw`\u2028\u2029`,
} as const;

type HiddenKind = keyof typeof HIDDEN_CHARACTER_KINDS;
/** A character class of the given kinds, for any regex (flag `u` needed for the `\p{…}` and `\u{…}` kinds). */
export const hiddenClass = (...kinds: HiddenKind[]) => `[${kinds.map((kind) => HIDDEN_CHARACTER_KINDS[kind]).join('')}]`;

/** What a reader cannot see at all (bidi controls and tags are format characters). */
const HIDDEN = new RegExp(hiddenClass('format', 'privateUse', 'blankLetters', 'variationSelectors', 'controls'), 'gu');
/** The same set, to find candidate lines in a whole text at once. */
export const HIDDEN_ANYWHERE = new RegExp(HIDDEN.source, 'gu');
/** Bidirectional controls: what reorders a line. */
export const BIDI_CONTROL = new RegExp(hiddenClass('bidiControls'), 'u');
/** A control character (an ANSI escape…), outside tab and line breaks. */
export const CONTROL_CHARACTER = new RegExp(hiddenClass('controls'), 'u');
/** What a message shows escaped: every control (line breaks included), line separators, bidi controls and marks. */
export const ESCAPED_IN_MESSAGES = new RegExp(`${hiddenClass('controls', 'lineSeparators', 'bidiControls', 'bidiMarks')}|[\\t\\n\\r]`, 'gu');
/** What makes a line « loud » at once: tag characters, bidi controls, control characters (class source, flag `u`). */
export const LOUD_CHARACTER = hiddenClass('tags', 'bidiControls', 'controls');

/** The byte order mark, ordinary at the very start of a file only. */
export const BYTE_ORDER_MARK = '\uFEFF';
export const withoutByteOrderMark = (text: string) => (text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text);

/** Around an emoji's zero-width joiner: 👩🏽‍💻 (skin tone before it), 🏳️‍🌈 (variation selector before it). */
const BEFORE_JOINER = /(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)$/u;
const AFTER_JOINER = /^\p{Extended_Pictographic}/u;

export interface HiddenCharacter {
  /** 0-based index in the line (UTF-16 units). */
  index: number;
  codePoint: number;
}

/** Hidden characters of a line; an emoji's zero-width joiner (👩🏽‍💻) and a file's leading BOM are ordinary. */
export function findHiddenCharacters(line: string, isFirstLine = false): HiddenCharacter[] {
  const found: HiddenCharacter[] = [];
  for (const match of line.matchAll(HIDDEN)) {
    const codePoint = match[0].codePointAt(0)!;
    const index = match.index!;
    if (match[0] === BYTE_ORDER_MARK && isFirstLine && index === 0) continue;
    if (codePoint === 0x200d && BEFORE_JOINER.test(line.slice(Math.max(0, index - 2), index)) && AFTER_JOINER.test(line.slice(index + 1, index + 3))) continue;
    found.push({ index, codePoint });
  }
  return found;
}

/** The ASCII text that Unicode tag characters (U+E0020–U+E007E, of the `tags` kind) spell, if any. */
export function decodeTagCharacters(line: string): string {
  let decoded = '';
  for (const char of line) {
    const codePoint = char.codePointAt(0)!;
    if (codePoint >= 0xe0020 && codePoint <= 0xe007e) decoded += String.fromCharCode(codePoint - 0xe0000);
  }
  return decoded;
}

export function removeHiddenCharacters(text: string): string {
  return text.replace(HIDDEN, '');
}

export const codePointName = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** Every hidden character as a visible escape (`\u{200B}`); CR LF becomes LF. */
export function showHiddenCharacters(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line, index) => {
      const hidden = findHiddenCharacters(line, index === 0);
      if (hidden.length === 0) return line;
      let shown = '';
      let cursor = 0;
      for (const { index: at, codePoint } of hidden) {
        shown += `${line.slice(cursor, at)}\\u{${codePoint.toString(16).toUpperCase()}}`;
        cursor = at + String.fromCodePoint(codePoint).length;
      }
      return shown + line.slice(cursor);
    })
    .join('\n');
}
