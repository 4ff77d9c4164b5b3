import { describe, expect, it } from 'vitest';
import { buildKey, candidateStamp, flattenKey, minuteStamp, parseKey, requireKey, validateName } from '../../scripts-src/lib/mailbox/keys.js';
import { Failure } from '../../scripts-src/lib/messages/failure.js';

describe('names', () => {
  it.each(['catalogue', 'alice', 'équipe-2'.replace('é', 'e'), 'a.b_c-d', 'A1', 'x'.repeat(64)])('accepts %s', (name) => {
    expect(validateName(name, 'equipe')).toBe(name);
  });

  it.each(['*', 'a:b', 'team*', 'a?', '[ab]', 'a b', '', '../x', 'a/b', '-x', '.hidden', 'é', 'x'.repeat(65), 'a\nb', 'a\u0000b'])(
    'refuses %j, which would break keys or listing',
    (name) => {
      expect(() => validateName(name, 'auteur')).toThrow(Failure);
    },
  );

  it('shows control characters escaped in the message', () => {
    expect(() => validateName('a\nb', 'auteur')).toThrow(/a\\x0ab/);
  });
});

describe('keys', () => {
  it('stamps the minute in UTC like the workshop (date +%Y%m%d-%H%M)', () => {
    expect(minuteStamp(new Date('2026-12-02T09:05:59Z'))).toBe('20261202-0905');
  });

  it('numbers later candidates of the same minute', () => {
    expect([1, 2, 3].map((n) => candidateStamp('20261202-0905', n))).toEqual(['20261202-0905', '20261202-0905-2', '20261202-0905-3']);
  });

  it('builds and parses keys back', () => {
    const parts = { kind: 'contexte', team: 'catalogue', author: 'alice', stamp: '20261202-0905-2' } as const;
    expect(buildKey(parts)).toBe('contexte:catalogue:alice:20261202-0905-2');
    expect(parseKey(buildKey(parts))).toEqual(parts);
  });

  it.each(['contexte:catalogue:alice', 'other:a:b:20261202-0905', 'contexte:a*:b:20261202-0905', 'contexte:a:b:c:20261202-0905', 'contexte:a:b:2026'])(
    'does not parse %s as one of our keys',
    (key) => {
      expect(parseKey(key)).toBeUndefined();
      expect(() => requireKey(key)).toThrow(Failure);
    },
  );

  it('flattens a key into the file name the workshop skill used', () => {
    expect(flattenKey(requireKey('contexte:catalogue:alice:20261202-0905'))).toBe('contexte_catalogue_alice_20261202-0905.md');
    expect(flattenKey(requireKey('session:catalogue:alice:20261202-0905'))).toBe('session_catalogue_alice_20261202-0905.json');
  });
});
