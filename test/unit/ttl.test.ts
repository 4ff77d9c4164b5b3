import { describe, expect, it } from 'vitest';
import { DEFAULT_TTL_MAX_SECONDS, formatDuration, parseTtl, parseTtlMax } from '../../scripts-src/lib/mailbox/ttl.js';
import { Failure } from '../../scripts-src/lib/messages/failure.js';

describe('TTL', () => {
  it('defaults to the workshop 8 h', () => {
    expect(parseTtl(undefined, DEFAULT_TTL_MAX_SECONDS)).toBe(28800);
  });

  it('accepts a TTL up to the maximum', () => {
    expect(parseTtl('60', 3600)).toBe(60);
    expect(parseTtl('3600', 3600)).toBe(3600);
  });

  it.each([
    ['8h', 28_800],
    ['90min', 5_400],
    ['2j', 172_800],
    ['45s', 45],
    [' 3600 ', 3_600],
    // What a newcomer types: a capital unit, a decimal with a point or a comma.
    ['8H', 28_800],
    ['1.5h', 5_400],
    ['1,5h', 5_400],
    ['90Min', 5_400],
    ['0.5j', 43_200],
  ])('accepts the duration %j as %i seconds', (raw, seconds) => {
    expect(parseTtl(raw, 7 * 86_400)).toBe(seconds);
  });

  it.each(['0', '-5', '1.5', 'abc', '', '3601', '1e3', ' ', '0h', '2h', '0.0001s', '1.2.3h', 'h'])('refuses %j', (raw) => {
    expect(() => parseTtl(raw, 3600)).toThrow(Failure);
  });

  it('reads CONTEXTE_TTL_MAX, 7 days by default, and refuses a bad value', () => {
    expect(parseTtlMax(undefined)).toBe(7 * 24 * 3600);
    expect(parseTtlMax('600')).toBe(600);
    expect(() => parseTtlMax('soon')).toThrow(Failure);
  });

  it.each([
    [28799, '7 h 59 min'],
    [28800, '8 h'],
    [720, '12 min'],
    [45, '45 s'],
    [183600, '2 j 3 h'],
    [86400, '1 j'],
  ])('formats %i s as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
