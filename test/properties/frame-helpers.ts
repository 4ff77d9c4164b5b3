import fc from 'fast-check';
import { expect } from 'vitest';
import { anyString } from './arbitraries.js';

export const hex16 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'.split('')), minLength: 16, maxLength: 16 });

/** Zero-width and bidi controls: U+200B–U+200F, U+202A–U+202E, U+2066–U+2069. */
export const ZERO_WIDTH_OR_BIDI = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/;
const hiddenChar = fc.constantFrom(
  ...[
    0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff, 0xe0041, 0x0007, 0x001b, 0x00ad,
  ].map((c) => String.fromCodePoint(c)),
);
/** Emoji that may sit around a zero-width joiner. */
const emoji = fc.constantFrom('👩', '💻', '🏳', '\uFE0F', '🌈', '🏽', 'a');

/** A fence line copied from the safe view, with random hex, possibly damaged. */
export const fenceLine = (nonce: fc.Arbitrary<string>) =>
  fc
    .tuple(
      fc.constantFrom('<<<FIN-DONNEES-NON-FIABLES ', '<<<DONNEES-NON-FIABLES ', 'Elle se termine uniquement à la ligne <<<FIN-DONNEES-NON-FIABLES '),
      nonce,
      fc.constantFrom('>>>', '>>> ', '>>>\r', ''),
      fc.constantFrom('', ' ', '\u200b', '\u202e'),
    )
    .map(([head, hex, tail, around]) => `${around}${head}${hex}${tail}${around}`);

/** Note text: lines of arbitrary text, fence imitations, hidden characters and emoji sequences. */
export const noteWith = (nonce: fc.Arbitrary<string>) =>
  fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: anyString },
        { weight: 3, arbitrary: fenceLine(nonce) },
        {
          weight: 2,
          arbitrary: fc.array(fc.oneof(hiddenChar, emoji, fc.constantFrom(' ', 'x', '\r', '\r\n', '\n')), { maxLength: 12 }).map((cs) => cs.join('')),
        },
        { weight: 1, arbitrary: fc.constantFrom('', '\n', '\r\n', '\r') },
      ),
      { maxLength: 12 },
    )
    .chain((lines) => fc.constantFrom('\n', '\r\n', '').map((end) => lines.join('\n') + end));

export const note = noteWith(hex16);

/** The body of a safe view: the lines between the opening and the closing lines. */
export const bodyOf = (framed: string) => framed.split('\n').slice(2, -2).join('\n');

/**
 * The body shows hidden characters escaped: no raw zero-width or bidi control
 * remains, except the zero-width joiner inside an emoji sequence (👩‍💻), which
 * the view keeps on purpose so that emoji stay readable: it hides nothing.
 */
export function checkNoRawHidden(framed: string): void {
  const withoutEmojiJoiners = bodyOf(framed).replace(/(?<=(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F))\u200D(?=\p{Extended_Pictographic})/gu, '');
  expect(ZERO_WIDTH_OR_BIDI.exec(withoutEmojiJoiners)?.[0]).toBeUndefined();
}

/** Checks the fence of the safe view of `text`. */
export function checkFence(text: string, framed: string): void {
  const lines = framed.split('\n');
  expect(lines.at(-1)).toBe('');
  const close = lines.at(-2)!;
  const open = lines[1]!;
  const nonce = /^<<<DONNEES-NON-FIABLES ([0-9a-f]{16})>>>$/.exec(open)?.[1];
  expect(nonce).toBeDefined();
  expect(close).toBe(`<<<FIN-DONNEES-NON-FIABLES ${nonce}>>>`);
  // The closing line: the last non-empty line, once as a line, and nowhere else but the preamble that names it.
  expect([...lines].reverse().find((line) => line.trim() !== '')).toBe(close);
  expect(lines.filter((line) => line === close)).toHaveLength(1);
  expect(framed.endsWith(`\n${close}\n`)).toBe(true);
  expect(framed.split(close).length - 1).toBe(2);
  expect(lines[0]!.endsWith(`${close}.`)).toBe(true);
  // The opening line: once, right after the first line.
  expect(lines.filter((line) => line === open)).toHaveLength(1);
  expect(framed.split(open).length - 1).toBe(1);
  // The body: no nonce.
  const body = bodyOf(framed);
  expect(body.includes(nonce!)).toBe(false);
  expect(lines.slice(2, -2).some((line) => line.includes('DONNEES-NON-FIABLES') && line.includes(nonce!))).toBe(false);
  // Nothing from the note is lost: every visible line of the note is in the body (hidden characters escaped).
  // (Only for notes without any character the view escapes: format, private-use, control, variation selectors, fillers.)
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each combining mark is matched alone, as a hidden character.
  if (!/[\p{Cf}\p{Co}\p{Cc}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u3164\uFE00-\uFE0D\uFFA0\u{E0100}-\u{E01EF}]/u.test(text.replace(/[\n\r\t]/g, ''))) {
    expect(body).toBe(text.replace(/\r\n/g, '\n').replace(/\n$/, ''));
  }
}
