/** The prose words of a credential and the stems that gate their patterns (lib/secrets/credential-names.ts). */
import { describe, expect, it } from 'vitest';
import { PROSE_PASSWORD, PROSE_TOKEN, PROSE_WORD_STEMS } from '../../scripts-src/lib/secrets/credential-names.js';

describe('PROSE_WORD_STEMS', () => {
  // Each alternative holds a stem as written: a line without a stem cannot hold one of the words, in any case.
  it.each(`${PROSE_PASSWORD}|${PROSE_TOKEN}`.split('|'))('is held by « %s »', (word) => {
    expect(PROSE_WORD_STEMS.test(word)).toBe(true);
    expect(PROSE_WORD_STEMS.test(word.toUpperCase())).toBe(true);
  });
});
