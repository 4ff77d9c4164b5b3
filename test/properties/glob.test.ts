import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globToRegExp } from '../../scripts-src/lib/mailbox/folder/glob.js';
import { validKey } from './arbitraries.js';

/** Glob metacharacters of globToRegExp: `*`, `?`, `[…]` and the `\` escape. */
const META = /[*?[\\]/;
const noMeta = (s: string) => !META.test(s);

/** Literal text, rich in characters that are special in a regular expression. */
const REGEX_SPECIALS = [
  '.',
  '+',
  '^',
  '$',
  '{',
  '}',
  '(',
  ')',
  '|',
  '/',
  ']',
  '-',
  ':',
  '\n',
  '\r',
  '\u2028',
  'a',
  'Z',
  '0',
  '(?=',
  '{2}',
  'd',
  'é',
  '\ud83d',
  '\ude00',
];
const literal = fc
  .oneof(
    fc.string({ unit: 'binary' }),
    fc.string(),
    fc.array(fc.constantFrom(...REGEX_SPECIALS), { maxLength: 20 }).map((pieces) => pieces.join('')),
    validKey,
  )
  .filter(noMeta);

/** Strings near s: one character changed, added or removed, case changed, or anything else. */
const other = (s: string) =>
  fc.oneof(
    fc.string({ unit: 'binary' }),
    fc
      .tuple(fc.nat(), fc.string({ unit: 'binary', minLength: 1, maxLength: 2 }))
      .map(([at, ins]) => s.slice(0, at % (s.length + 1)) + ins + s.slice(at % (s.length + 1))),
    fc.nat().map((at) => (s.length === 0 ? 'x' : s.slice(0, at % s.length) + s.slice((at % s.length) + 1))),
    fc
      .tuple(fc.nat(), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }))
      .map(([at, c]) => (s.length === 0 ? c : s.slice(0, at % s.length) + c + s.slice((at % s.length) + 1))),
    fc.constant(s.toUpperCase()),
    fc.constant(`${s}\n`),
    fc.constant(`\n${s}`),
  );

describe('globToRegExp (properties)', () => {
  it('a glob without metacharacters matches itself and only itself', () => {
    fc.assert(
      fc.property(
        literal.chain((s) => fc.tuple(fc.constant(s), other(s))),
        ([s, t]) => {
          const re = globToRegExp(s);
          expect(re.test(s)).toBe(true);
          expect(re.test(t)).toBe(t === s);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("'*' at the end matches the literal prefix followed by any suffix, and nothing without the prefix", () => {
    fc.assert(
      fc.property(literal, fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (prefix, suffix, t) => {
        const re = globToRegExp(`${prefix}*`);
        expect(re.test(prefix + suffix)).toBe(true);
        expect(re.test(t)).toBe(t.startsWith(prefix));
      }),
      { numRuns: 3000 },
    );
  });
});
