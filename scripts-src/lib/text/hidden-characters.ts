/**
 * Characters a reader cannot see: zero-width and format characters, bidi
 * controls, Unicode tag characters (which can spell a hidden ASCII message),
 * variation selectors used to smuggle bytes, private-use characters, and
 * control characters (an ANSI escape can hide text in a terminal).
 */
const HIDDEN =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: combining marks and variation selectors are listed to be matched one by one, as hidden characters.
  /[\p{Cf}\p{Co}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u3164\uFE00-\uFE0D\uFFA0\u{E0100}-\u{E01EF}]|[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/gu;
/** The same set, to find candidate lines in a whole text at once. */
export const HIDDEN_ANYWHERE = new RegExp(HIDDEN.source, 'gu');

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
    if (codePoint === 0xfeff && isFirstLine && index === 0) continue;
    if (codePoint === 0x200d && BEFORE_JOINER.test(line.slice(Math.max(0, index - 2), index)) && AFTER_JOINER.test(line.slice(index + 1, index + 3))) continue;
    found.push({ index, codePoint });
  }
  return found;
}

/** The ASCII text that Unicode tag characters (U+E0020–U+E007E) spell, if any. */
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
