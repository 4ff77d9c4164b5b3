import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildKey,
  candidateStamp,
  flattenKey,
  isValidName,
  type KeyParts,
  minuteStamp,
  parseKey,
  requireKey,
  validateName,
} from '../../scripts-src/lib/mailbox/keys.js';
import { Failure } from '../../scripts-src/lib/messages/failure.js';
import { anyString, fourDigitYearDate, HOSTILE_PIECES, hostileString, kind, stampFrom, validName, validParts } from './arbitraries.js';

const ROOT = path.resolve('/srv/boite-aux-lettres');

/** The folder mailbox's layout: <root>/<equipe>/<auteur>/<kind>-<stamp>. */
const folderPath = (parts: KeyParts) => path.join(ROOT, parts.team, parts.author, `${parts.kind}-${parts.stamp}`);

function expectInsideRoot(parts: KeyParts): void {
  const full = folderPath(parts);
  const relative = path.relative(ROOT, full);
  expect(relative.startsWith('..')).toBe(false);
  expect(path.isAbsolute(relative)).toBe(false);
  expect(relative).not.toBe('');
  // Exactly three components below the root: team, author, file.
  expect(relative.split(path.sep)).toEqual([parts.team, parts.author, `${parts.kind}-${parts.stamp}`]);
}

function expectSinglePathComponent(name: string): void {
  expect(name).not.toContain('/');
  expect(name).not.toContain('\\');
  expect(name).not.toContain('\0');
  expect(name).not.toBe('.');
  expect(name).not.toBe('..');
  expect(name.length).toBeGreaterThan(0);
  expect(path.basename(name)).toBe(name);
}

describe('keys (properties)', () => {
  it('parseKey(buildKey(parts)) round-trips for valid names and stamps (years 1000–9999)', () => {
    fc.assert(
      fc.property(validParts, (parts) => {
        const key = buildKey(parts);
        expect(parseKey(key)).toEqual(parts);
        expect(requireKey(key)).toEqual(parts);
        expectSinglePathComponent(flattenKey(parts));
        expectInsideRoot(parts);
      }),
      { numRuns: 2000 },
    );
  });

  it('minuteStamp gives a parseable key for any date of a four-digit year, and refuses any other date', () => {
    fc.assert(
      fc.property(kind, validName, validName, fc.date({ noInvalidDate: true }), fc.integer({ min: 1, max: 9999 }), (k, team, author, date, n) => {
        const year = date.getUTCFullYear();
        if (year < 1000 || year > 9999) {
          expect(() => minuteStamp(date)).toThrow(/horloge/);
          return;
        }
        const parts: KeyParts = { kind: k, team, author, stamp: candidateStamp(minuteStamp(date), n) };
        expect(parseKey(buildKey(parts))).toEqual(parts);
      }),
      { numRuns: 2000 },
    );
  });

  it('candidateStamp keeps the minute as a prefix and is parseable for n in 1..9999', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 9999 }),
        (date, n) => {
          const minute = minuteStamp(date);
          const stamp = candidateStamp(minute, n);
          expect(stamp.startsWith(minute)).toBe(true);
          expect(stamp === minute).toBe(n === 1);
          expect(parseKey(`contexte:a:b:${stamp}`)?.stamp).toBe(stamp);
        },
      ),
      { numRuns: 1000 },
    );
  });

  const keyish = fc.oneof(
    anyString,
    // Key-shaped strings with hostile fields, so that parsing gets past the outer regex.
    fc
      .tuple(
        fc.constantFrom('contexte', 'session', 'Contexte', 'contexte-index', ''),
        fc.oneof(validName, hostileString, anyString),
        fc.oneof(validName, hostileString, anyString),
        fc.oneof(stampFrom(fourDigitYearDate), hostileString, anyString),
      )
      .map(([k, t, a, s]) => `${k}:${t}:${a}:${s}`),
    // A valid key with a hostile piece spliced in somewhere.
    fc
      .tuple(validParts.map(buildKey), fc.nat(), fc.constantFrom(...HOSTILE_PIECES))
      .map(([key, at, piece]) => key.slice(0, at % (key.length + 1)) + piece + key.slice(at % (key.length + 1))),
  );

  it('parseKey on arbitrary strings: undefined, or a result that round-trips and stays inside the root', () => {
    fc.assert(
      fc.property(keyish, (key) => {
        const parts = parseKey(key);
        if (parts === undefined) {
          expect(() => requireKey(key)).toThrow(Failure);
          return;
        }
        expect(buildKey(parts)).toBe(key);
        expect(parseKey(buildKey(parts))).toEqual(parts);
        expect(isValidName(parts.team) && isValidName(parts.author)).toBe(true);
        expectSinglePathComponent(flattenKey(parts));
        expectInsideRoot(parts);
      }),
      { numRuns: 5000 },
    );
  });

  const FORBIDDEN = /[:*?[\]/\\\s\p{Cc}]/u;
  const nameish = fc.oneof(
    anyString,
    // A valid name with a forbidden character inserted.
    fc
      .tuple(
        validName,
        fc.nat(),
        fc.constantFrom(':', '*', '?', '[', ']', '/', '\\', ' ', '\t', '\n', '\r', '\0', '\x7f', '\u0085', '\u00a0', '\u2028', '\u3000', '\ufeff'),
      )
      .map(([name, at, bad]) => name.slice(0, at % (name.length + 1)) + bad + name.slice(at % (name.length + 1))),
    // Valid alphabet, possibly too long.
    fc.tuple(validName, validName).map(([a, b]) => a + b),
  );

  it('validateName never accepts forbidden characters or more than 64 characters, and agrees with isValidName', () => {
    fc.assert(
      fc.property(nameish, fc.constantFrom('equipe' as const, 'auteur' as const), (name, label) => {
        let threw: unknown;
        try {
          expect(validateName(name, label)).toBe(name);
        } catch (error) {
          threw = error;
        }
        expect(threw === undefined).toBe(isValidName(name));
        if (threw !== undefined) {
          expect(threw).toBeInstanceOf(Failure);
          return;
        }
        expect(FORBIDDEN.test(name)).toBe(false);
        expect(name.length).toBeGreaterThanOrEqual(1);
        expect(name.length).toBeLessThanOrEqual(64);
        expect(name).not.toBe('.');
        expect(name).not.toBe('..');
      }),
      { numRuns: 5000 },
    );
  });

  it('every generated valid name is accepted', () => {
    fc.assert(
      fc.property(validName, (name) => {
        expect(isValidName(name)).toBe(true);
        expect(validateName(name, 'auteur')).toBe(name);
      }),
      { numRuns: 1000 },
    );
  });
});
