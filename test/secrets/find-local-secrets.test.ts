/**
 * The matcher of the sender's own secrets: every form of a held value is
 * found at its place in the original text, with its source; text that does
 * not hold it is left alone. Values are random, made at test time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocalSecretMatcher } from '../../scripts-src/lib/secrets/find-local-secrets.js';
import { ALNUM, random } from './fake.js';
import { LOCAL_COPIES } from './local-copies.js';

const SOURCE = 'la valeur de REDISCLI_AUTH';
const matcherOf = (...values: string[]) => new LocalSecretMatcher(values.map((value, index) => ({ value, source: index === 0 ? SOURCE : `source ${index}` })));
/** Values as held: printable ASCII without blanks, 8 to 40 characters. */
const heldValue = fc.string({
  unit: fc.constantFrom(...'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789!#$%&()-./:;=?@[]^{|}'),
  minLength: 8,
  maxLength: 40,
});
const prose = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz éèàç.,;:()`*_-\n'), maxLength: 80 });

describe('LocalSecretMatcher', () => {
  it('finds a held value written as is, anywhere in any text, at its offsets', () => {
    fc.assert(
      fc.property(heldValue, prose, prose, (value, before, after) => {
        const text = `${before}${value}${after}`;
        const hits = matcherOf(value).find(text);
        expect(hits.some((hit) => hit.start <= before.length && hit.end >= before.length + value.length && hit.source === SOURCE)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a held value cut anywhere by blanks, invisible characters, emphasis or quotes', () => {
    const cuts = ['\n', ' ', '\u200b', '\u00ad', '**', '_', '`', '" + "', '\\\n  '];
    fc.assert(
      fc.property(heldValue, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...cuts)), { minLength: 1, maxLength: 3 }), (value, places) => {
        let text = value;
        for (const [place, cut] of places) {
          const at = 1 + (place % (text.length - 1));
          text = text.slice(0, at) + cut + text.slice(at);
        }
        expect(matcherOf(value).find(`avant ${text} après`).length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a held value inside base64 of any text around it, in all three alignments', () => {
    fc.assert(
      fc.property(heldValue, fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), fc.boolean(), (value, before, after, url) => {
        const bytes = Buffer.from(`${before}${value}${after}`);
        const encoded = url ? bytes.toString('base64url') : bytes.toString('base64');
        expect(matcherOf(value).find(`Authorization: Basic ${encoded}`).length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a held value in hex, URL-encoded in full or in part', () => {
    fc.assert(
      fc.property(heldValue, fc.nat(), (value, seed) => {
        const matcher = matcherOf(value);
        const hex = Buffer.from(value).toString('hex');
        expect(matcher.find(`x=${hex}`).length).toBeGreaterThan(0);
        expect(matcher.find(`x=${hex.toUpperCase()}`).length).toBeGreaterThan(0);
        expect(matcher.find(`?p=${encodeURIComponent(value)}`).length).toBeGreaterThan(0);
        const at = seed % value.length;
        const partial = `${value.slice(0, at)}%${value.charCodeAt(at).toString(16).padStart(2, '0')}${value.slice(at + 1)}`;
        expect(matcher.find(`?p=${partial}`).length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });

  it('finds a value holding several « + », one of them escaped and the others written (a base64 password copied into a URL)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const pieces = Array.from({ length: 4 }, (_, index) => random(ALNUM, 4 + ((seed >> (index * 3)) % 5)));
        const value = pieces.join('+');
        const escaped = seed % 3;
        const written = pieces
          .map((piece, index) => piece + (index === pieces.length - 1 ? '' : index === escaped ? (seed % 2 ? '%2b' : '%2B') : '+'))
          .join('');
        expect(matcherOf(value).find(`Lien : https://intranet.local/login?pw=${written}`)).not.toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('finds a base64 value with every byte escaped, in either case, « + » included (it cuts values, so stays an escape when decoded)', () => {
    const base64 = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'), minLength: 16, maxLength: 44 });
    fc.assert(
      fc.property(base64, (drawn) => {
        const value = `${drawn.slice(0, 8)}+${drawn.slice(8)}=`;
        const everyByte = [...Buffer.from(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
        expect(matcherOf(value).find(`curl "https://intranet.local/api?p=${everyByte}"`).length).toBeGreaterThan(0);
        expect(matcherOf(value).find(`?p=${everyByte.toUpperCase()}`).length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });

  it.each(LOCAL_COPIES)('finds a value %s', (_name, write) => {
    const value = `Kz${Math.random().toString(36).slice(2, 12)}Q7${Math.random().toString(36).slice(2, 8)}`;
    expect(
      matcherOf(value)
        .find(write(value))
        .map((hit) => hit.source),
    ).toContain(SOURCE);
  });

  it('leaves alone text that does not hold the value, even the value with one character changed', () => {
    fc.assert(
      fc.property(heldValue, prose, fc.nat(), (value, text, seed) => {
        fc.pre(!text.includes(value.slice(0, 6)));
        const at = seed % value.length;
        const changed = `${value.slice(0, at)}${value[at] === 'Z' ? 'Y' : 'Z'}${value.slice(at + 1)}`;
        const matcher = matcherOf(value);
        expect(matcher.find(text)).toEqual([]);
        expect(matcher.find(`${text} ${changed}`)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('looks for a value’s decoded form only where the text was percent-encoded (two counterexamples of the properties above)', () => {
    // `%aD` decodes to a soft hyphen, which the skeleton removes: the decoded form is `aaaaaaa`, not to be found plainly.
    expect(matcherOf('%aDaaaaaaa').find(' ZaDaaaaaaa')).toEqual([]);
    expect(matcherOf('%aDaaaaaaa').find('x %aDaaaaaaa y')).not.toEqual([]);
    // `%8a` decodes to a control character: the value partly encoded once more is still found in the decoded view.
    expect(matcherOf('%8aaaaaaaa').find('?p=%8a%61aaaaaa')).not.toEqual([]);
    // `%2a` is `*`, which the skeleton cuts: left as written in the text, the value that holds it is found partly encoded.
    expect(matcherOf('a%2aaaaa').find('?p=%61%2aaaaa')).not.toEqual([]);
  });

  it('names the source of the value it found, among many', () => {
    const values = Array.from({ length: 50 }, (_, index) => `val${index}Zq${Math.random().toString(36).slice(2, 14)}`);
    const matcher = matcherOf(...values);
    expect(matcher.size).toBe(50);
    const hits = matcher.find(`début ${values[17]} milieu ${values[0]} fin`);
    expect(hits.map((hit) => hit.source)).toEqual(['source 17', SOURCE]);
  });

  it('finds nothing without held values, and in an empty text', () => {
    expect(new LocalSecretMatcher([]).find('tout texte')).toEqual([]);
    expect(matcherOf('Kz81hQ7pPw').find('')).toEqual([]);
  });
});
