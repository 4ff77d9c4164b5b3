import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError } from '../../scripts-src/lib/io/json-walk.js';
import { findSecrets, findSecretsInJson, type SecretFinding } from '../../scripts-src/lib/secrets/find-secrets.js';
import { anyString } from './arbitraries.js';

const lineCount = (text: string) => text.split('\n').length;

/** Long lines (up to ~50 kB) built by repeating a random chunk, with control characters and Unicode. */
const longText = fc
  .tuple(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 200 })), fc.integer({ min: 1, max: 1000 }))
  .map(([chunk, times]) => chunk.repeat(times).slice(0, 50_000));
const controls = fc.string({ unit: fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)), maxLength: 300 });
const secretish = fc
  .array(
    fc.constantFrom(
      'password=',
      'DB_PASSWORD=',
      ' token: ',
      'ghp_',
      'AKIA',
      'glpat-',
      '-----BEGIN RSA PRIVATE KEY-----',
      '| password |',
      'redis://u:',
      '@host',
      'Authorization: Bearer ',
      '"',
      "'",
      '`',
      '\n',
      '\r\n',
      ' ',
      'Ab1!',
      'x'.repeat(40),
      'é',
      '\u200b',
      '<!-- contexte:autorise -->',
    ),
    { maxLength: 30 },
  )
  .map((pieces) => pieces.join(''));
const anyText = fc.oneof(anyString, longText, controls, secretish);

function expectWellFormed(findings: SecretFinding[], text: string | undefined): void {
  expect(Array.isArray(findings)).toBe(true);
  for (const finding of findings) {
    expect(Number.isInteger(finding.line)).toBe(true);
    expect(finding.line).toBeGreaterThanOrEqual(1);
    if (text !== undefined) expect(finding.line).toBeLessThanOrEqual(lineCount(text));
    expect(typeof finding.rule).toBe('string');
    expect(typeof finding.excerpt).toBe('string');
  }
}

describe('secret scanner (properties)', () => {
  it('findSecrets never throws and reports lines within the text', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (text) => {
        expectWellFormed(await findSecrets(text), text);
      }),
      { numRuns: 800 },
    );
  });

  const jsonish = fc
    .array(
      fc.constantFrom(
        '{',
        '}',
        '[',
        ']',
        '"',
        ':',
        ',',
        '\\',
        '\\u',
        '\\ud800',
        'u00',
        '0',
        '1e5',
        '-',
        '.',
        'true',
        'nul',
        'null',
        ' ',
        '\n',
        'a',
        'é',
        '"password"',
        '"k": ',
        '\0',
      ),
      { maxLength: 40 },
    )
    .map((pieces) => Buffer.from(pieces.join('')));
  const corruptedJson = fc.tuple(fc.jsonValue(), fc.nat(), fc.nat(), fc.integer({ min: 0, max: 255 })).map(([value, cut, at, byte]) => {
    const bytes = Buffer.from(JSON.stringify(value));
    const mutated = Buffer.from(bytes);
    if (mutated.length > 0) mutated[at % mutated.length] = byte;
    return cut % 2 === 0 ? bytes.subarray(0, cut % (bytes.length + 1)) : mutated;
  });
  const anyBytes = fc.oneof(
    fc.uint8Array({ maxLength: 500 }).map((array) => Buffer.from(array)),
    jsonish,
    corruptedJson,
  );

  it('findSecretsInJson throws nothing but JsonSyntaxError on arbitrary bytes', async () => {
    await fc.assert(
      fc.asyncProperty(anyBytes, async (bytes) => {
        try {
          expectWellFormed(await findSecretsInJson(bytes), undefined);
        } catch (error) {
          expect(error).toBeInstanceOf(JsonSyntaxError);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('findSecretsInJson never throws on JSON.stringify of any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.jsonValue({ depthSize: 'large', maxDepth: 50 })), async (value) => {
        const text = JSON.stringify(value);
        const findings = await findSecretsInJson(Buffer.from(text));
        expectWellFormed(findings, undefined);
        for (const finding of findings) expect(typeof finding.path).toBe('string');
      }),
      { numRuns: 300 },
    );
  });

  const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const LOWER = 'abcdefghijklmnopqrstuvwxyz';
  const DIGITS = '0123456789';
  const SYMBOLS = '!@^&+?~';
  /** Random characters drawn uniformly, as a real generator would. */
  const randomChars = (alphabet: string, length: number) =>
    fc.noBias(fc.array(fc.constantFrom(...alphabet.split('')), { minLength: length, maxLength: length })).map((cs) => cs.join(''));
  const password = fc
    .tuple(
      fc.noBias(fc.integer({ min: 9, max: 27 })).chain((n) => randomChars(UPPER + LOWER + DIGITS + SYMBOLS, n)),
      randomChars(LOWER + UPPER, 1),
      randomChars(DIGITS, 1),
      randomChars(SYMBOLS, 1),
      fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
    )
    .map(([base, letter, digit, symbol, positions]) => {
      let value = base;
      for (const [index, c] of [letter, digit, symbol].entries()) {
        const at = positions[index]! % (value.length + 1);
        value = value.slice(0, at) + c + value.slice(at);
      }
      return value;
    });

  /** [shape, public prefix, random part]. */
  const secret = fc.oneof(
    randomChars(UPPER + LOWER + DIGITS, 36).map((random) => ({ shape: 'ghp_', prefix: 'ghp_', random })),
    randomChars(UPPER + DIGITS, 16).map((random) => ({ shape: 'AKIA', prefix: 'AKIA', random })),
    randomChars(`${UPPER + LOWER + DIGITS}_-`, 20).map((random) => ({ shape: 'glpat-', prefix: 'glpat-', random })),
    password.map((random) => ({ shape: 'DB_PASSWORD=', prefix: 'DB_PASSWORD=', random })),
  );
  const surrounding = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: 'grapheme', maxLength: 100 }),
    fc.array(fc.string({ maxLength: 60 }), { maxLength: 6 }).map((lines) => lines.join('\n')),
  );
  const separator = fc.constantFrom(' ', '\n', '\t', '\r\n');

  it('finds a known-shape secret anywhere in random text, and never shows 8 characters of its random part', async () => {
    await fc.assert(
      fc.asyncProperty(secret, surrounding, surrounding, separator, separator, async ({ prefix, random }, before, after, sep1, sep2) => {
        const head = before + sep1;
        const text = `${head}${prefix}${random}${sep2}${after}`;
        const line = lineCount(head);
        const findings = await findSecrets(text);
        expect(findings.some((finding) => finding.line === line)).toBe(true);
        const shown = [JSON.stringify(findings), ...findings.map((finding) => `${finding.excerpt}\n${finding.path ?? ''}\n${finding.rule}`)].join('\n');
        for (let index = 0; index + 8 <= random.length; index++) expect(shown.includes(random.slice(index, index + 8))).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
