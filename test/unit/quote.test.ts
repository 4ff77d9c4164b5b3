import { describe, expect, it } from 'vitest';
import { escapeControls, quoteForMessage } from '../../scripts-src/lib/text/quote.js';

describe('escapeControls', () => {
  it.each([
    ['an ESC sequence', '\u001b[2J', '\\x1b[2J'],
    ['a line break', 'a\nb', 'a\\x0ab'],
    ['a C1 control', 'a\u0085b', 'a\\x85b'],
    ['a line separator', 'a\u2028b', 'a\\u{2028}b'],
    ['a paragraph separator', 'a\u2029b', 'a\\u{2029}b'],
    ['a right-to-left override', 'abc\u202Etxt.exe', 'abc\\u{202e}txt.exe'],
    ['an isolate', '\u2066x\u2069', '\\u{2066}x\\u{2069}'],
  ])('shows %s escaped, on one line', (_, value, shown) => {
    expect(escapeControls(value)).toBe(shown);
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(escapeControls('Équipe « catalogue » ✓ 🚀')).toBe('Équipe « catalogue » ✓ 🚀');
  });

  it('quotes, escapes and shortens', () => {
    expect(quoteForMessage('x'.repeat(20), 10)).toBe('« xxxxxxxxxx… »');
    expect(quoteForMessage('a\u001bb')).toBe('« a\\x1bb »');
  });
});
