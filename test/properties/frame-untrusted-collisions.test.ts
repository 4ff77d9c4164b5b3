/**
 * The nonce is random, so a note cannot guess it. Here the random source is
 * made to draw nonces that the note does contain, before a fresh one: the
 * retry must still give a fence the note cannot close.
 */
import fc from 'fast-check';
import { afterEach, describe, it, vi } from 'vitest';

const drawn: string[] = [];

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return {
    ...actual,
    randomBytes: (size: number) => {
      const next = drawn.shift();
      return next === undefined ? actual.randomBytes(size) : Buffer.from(next, 'hex');
    },
  };
});

const { frameUntrusted } = await import('../../scripts-src/lib/untrusted/frame-untrusted.js');
const { checkFence, checkNoRawHidden, hex16, noteWith } = await import('./frame-helpers.js');
const { validKey } = await import('./arbitraries.js');

afterEach(() => {
  drawn.length = 0;
});

/** Guessed nonces, a note containing fence lines with them, the draws the random source will return first, a source. */
const collision = fc
  .array(hex16, { minLength: 1, maxLength: 4 })
  .chain((guesses) => fc.tuple(fc.constant(guesses), noteWith(fc.constantFrom(...guesses)), fc.array(fc.constantFrom(...guesses), { maxLength: 6 }), validKey));

describe('frameUntrusted with colliding nonces (properties)', () => {
  it('retries past every nonce the note contains: fence intact, nonce absent from the body', () => {
    fc.assert(
      fc.property(collision, ([, text, draws, source]) => {
        drawn.length = 0;
        drawn.push(...draws);
        checkFence(text, frameUntrusted(text, source));
      }),
      { numRuns: 1500 },
    );
  });

  it('the body never contains a raw zero-width or bidi control, whatever nonce is drawn', () => {
    fc.assert(
      fc.property(collision, ([, text, draws, source]) => {
        drawn.length = 0;
        drawn.push(...draws);
        checkNoRawHidden(frameUntrusted(text, source));
      }),
      { numRuns: 1500 },
    );
  });
});
