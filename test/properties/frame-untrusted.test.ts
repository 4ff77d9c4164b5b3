import fc from 'fast-check';
import { describe, it } from 'vitest';
import { frameUntrusted } from '../../scripts-src/lib/untrusted/frame-untrusted.js';
import { anyString, validKey } from './arbitraries.js';
import { checkFence, checkNoRawHidden, note } from './frame-helpers.js';

describe('frameUntrusted (properties)', () => {
  const source = fc.oneof(validKey, fc.constantFrom('notes/passation.md', '/tmp/a b/note.md'));

  it('one opening line right after the first line, one closing line at the end, nonce absent from the body (notes with fence imitations)', () => {
    fc.assert(
      fc.property(note, source, (text, from) => {
        checkFence(text, frameUntrusted(text, from));
      }),
      { numRuns: 1500 },
    );
  });

  it('the same fence properties hold for arbitrary strings', () => {
    fc.assert(
      fc.property(anyString, source, (text, from) => {
        checkFence(text, frameUntrusted(text, from));
      }),
      { numRuns: 1500 },
    );
  });

  it('the body never contains a raw zero-width or bidi control (U+200B–U+200F, U+202A–U+202E, U+2066–U+2069)', () => {
    fc.assert(
      fc.property(fc.oneof(note, anyString), source, (text, from) => {
        checkNoRawHidden(frameUntrusted(text, from));
      }),
      { numRuns: 1500 },
    );
  });
});
