/** Shared generators for the property-based tests. */
import fc from 'fast-check';
import { buildKey, candidateStamp, type KeyKind, type KeyParts, minuteStamp } from '../../scripts-src/lib/mailbox/keys.js';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
export const ALNUM = UPPER + LOWER + DIGITS;
export const NAME_CHARS = `${ALNUM}._-`;

const chars = (alphabet: string) => fc.constantFrom(...alphabet.split(''));

/** A name of the allowed alphabet: first character alphanumeric, 1–64 characters. */
export const validName = fc.tuple(chars(ALNUM), fc.string({ unit: chars(NAME_CHARS), maxLength: 63 })).map(([first, rest]) => first + rest);

export const kind: fc.Arbitrary<KeyKind> = fc.constantFrom('contexte', 'session', 'modifs');

/** Dates whose year has four digits (what minuteStamp can render as YYYY). */
export const fourDigitYearDate = fc.date({ min: new Date('1000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });

export const stampFrom = (date: fc.Arbitrary<Date>) => fc.tuple(date, fc.integer({ min: 1, max: 9999 })).map(([d, n]) => candidateStamp(minuteStamp(d), n));

export const validParts: fc.Arbitrary<KeyParts> = fc.record({ kind, team: validName, author: validName, stamp: stampFrom(fourDigitYearDate) });

export const validKey = validParts.map(buildKey);

/** Pieces that have broken path handling, key parsing or globbing elsewhere. */
export const HOSTILE_PIECES = [
  '..',
  '.',
  '/',
  '\\',
  ':',
  '*',
  '?',
  '[',
  ']',
  '\0',
  '\n',
  '\r',
  '\t',
  ' ',
  '%2e',
  '~',
  'é',
  '\u200b',
  '\u202e',
  'contexte',
  'session',
  'a',
  'Z9',
  '-',
  '_',
  '20261202-1412',
  '-2',
  '-0',
  '-10000',
];
export const hostileString = fc.array(fc.constantFrom(...HOSTILE_PIECES), { maxLength: 20 }).map((pieces) => pieces.join(''));

/** Strings of every kind: ASCII, full Unicode (lone surrogates included), and hostile pieces. */
export const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }),
  hostileString,
);
