/**
 * The revealed view with its map back: the same text as `revealedView`, and
 * every character of the view points into the original, in order, so that a
 * finding on the view is reported (and masked) where it was written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mappedRevealedView, originalOffset, revealedView } from '../../scripts-src/lib/text/normalise.js';

/** Text with what the view undoes: invisible characters, entities, %-escapes, emphasis, escapes, look-alikes, fullwidth forms. */
const disguised = fc
  .array(
    fc.constantFrom(
      'a',
      'Z',
      '7',
      '_',
      ' ',
      '\n',
      '\u200B',
      '\u00AD',
      '\u2060',
      '&amp;',
      '&#95;',
      '%41',
      '**',
      '\\_',
      'е',
      'ο',
      '＿',
      'ｇ',
      '<b>',
      '</b>',
      'e\u0301',
      'ﬁ',
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

describe('mappedRevealedView', () => {
  it('gives the revealed view, and a map that only moves forward and ends at the original length', () => {
    fc.assert(
      fc.property(disguised, (text) => {
        const view = mappedRevealedView(text);
        expect(view.text).toBe(revealedView(text));
        if (view.origin === undefined) {
          expect(view.text).toBe(text);
          return;
        }
        expect(view.origin.length).toBe(view.text.length + 1);
        expect(view.origin[view.text.length]).toBe(text.length);
        for (let index = 1; index < view.origin.length; index++) expect(view.origin[index]!).toBeGreaterThanOrEqual(view.origin[index - 1]!);
      }),
      { numRuns: 500 },
    );
  });

  it('maps a token split by invisible characters back to the whole span as written', () => {
    const written = 'jeton : gh\u200Bp\u00AD_ab&#99;d';
    const view = mappedRevealedView(written);
    expect(view.text).toBe('jeton : ghp_abcd');
    const start = view.text.indexOf('ghp_');
    expect(written.slice(originalOffset(view, start), originalOffset(view, view.text.length))).toBe('gh\u200Bp\u00AD_ab&#99;d');
  });
});

describe('compatibility forms', () => {
  /** What the view does, one character and its marks at a time (normalise.ts). */
  const perCharacter = (text: string) => text.replace(/[^\x00-\x7F]\p{M}*|[\x00-\x7F]\p{M}+/gu, (cluster) => cluster.normalize('NFKC'));
  /** Characters whose normal form depends on a neighbour: marks, Hangul jamo, two-part vowels, compatibility forms. */
  const tricky = fc.constantFrom(
    'a',
    'e',
    ' ',
    '\u0301',
    '\u0308',
    '\u0327',
    '\u0345',
    '\u05B0',
    'é',
    'ᄀ',
    'ᅡ',
    'ᆨ',
    '가',
    'ﬁ',
    'Ａ',
    'ſ',
    'Å',
    '\u0344',
    '\u0F73',
    '\u09C7',
    '\u09BE',
    'か',
    '\u3099',
    'ｶ',
    '\uFF9E',
    'ا',
    '\u0654',
  );

  it('leaves every character of a text already in NFKC as it is (so the view may skip such a text whole)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(tricky, fc.string({ unit: 'grapheme', maxLength: 3 })), { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        if (text.normalize('NFKC') === text) expect(perCharacter(text)).toBe(text);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('views rewritten unit for unit', () => {
  it('keep a lone surrogate as it is (decoding the units as UTF-16 would turn it into U+FFFD)', () => {
    expect(revealedView('\uD800а\uDC00')).toBe('\uD800a\uDC00');
    const view = mappedRevealedView('\uD800а');
    expect(view.text).toBe('\uD800a');
  });
});
