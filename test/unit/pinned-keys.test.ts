/** The file of teammates' fingerprints (lib/mailbox/sealed/pinned-keys.ts): what it reads, what it writes, what it refuses. */
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { normalizedFingerprint, PinnedKeys, pinsPath } from '../../scripts-src/lib/mailbox/sealed/pinned-keys.js';
import { Failure } from '../../scripts-src/lib/messages/failure.js';

const A = '3F9A-C21B-0000-1111-2222';
const B = '3F9A-C21B-0000-1111-3333';
let config: string | undefined;
const env = () => {
  config = mkdtempSync(join(tmpdir(), 'contexte-connus-'));
  return { XDG_CONFIG_HOME: config };
};
afterEach(() => {
  if (config) rmSync(config, { recursive: true, force: true });
});
const reason = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof Failure) return error.reason;
    throw error;
  }
  return undefined;
};

describe('pinned keys', () => {
  it('reads a fingerprint as typed: lower case, without dashes, with spaces', () => {
    expect(normalizedFingerprint('3f9ac21b000011112222')).toBe(A);
    expect(normalizedFingerprint(' 3F9A C21B-0000 1111 2222 ')).toBe(A);
    expect(normalizedFingerprint('3F9A-C21B')).toBeUndefined();
    expect(normalizedFingerprint('ZZZZ-C21B-0000-1111-2222')).toBeUndefined();
  });

  it('learns a key once, in a 0600 file of a 0700 folder, and names a changed one', () => {
    const e = env();
    const pins = PinnedKeys.load(e);
    expect(pins.check('catalogue', 'alice', A)).toEqual({ status: 'learned' });
    expect(pins.check('catalogue', 'alice', A)).toEqual({ status: 'known' });
    expect(PinnedKeys.load(e).check('catalogue', 'alice', B)).toEqual({ status: 'changed', pinned: A });
    // Another team's alice is another person.
    expect(PinnedKeys.load(e).check('paiement', 'alice', B)).toEqual({ status: 'learned' });
    expect(statSync(pinsPath(e)).mode & 0o777).toBe(0o600);
    expect(statSync(join(pinsPath(e), '..')).mode & 0o777).toBe(0o700);
  });

  it('keeps the latest line of a team and an author, and ignores lines that are not pins', () => {
    const e = env();
    PinnedKeys.load(e).pin('catalogue', 'alice', A);
    PinnedKeys.load(e).pin('catalogue', 'alice', B);
    writeFileSync(pinsPath(e), `${readFileSync(pinsPath(e), 'utf8')}n'importe quoi\ncatalogue bob pas-une-empreinte\n`);
    const pins = PinnedKeys.load(e);
    expect(pins.pinned('catalogue', 'alice')).toBe(B);
    expect(pins.pinned('catalogue', 'bob')).toBeUndefined();
  });

  it('refuses a file others can write, and a link in its place, without writing through it', () => {
    const e = env();
    PinnedKeys.load(e).pin('catalogue', 'alice', A);
    const file = pinsPath(e);
    rmSync(file);
    const elsewhere = join(config!, 'ailleurs');
    writeFileSync(elsewhere, '');
    symlinkSync(elsewhere, file);
    expect(reason(() => PinnedKeys.load(e))).toBe('empreintes-dangereuses');
    rmSync(file);
    const pins = PinnedKeys.load(e);
    writeFileSync(file, '', { mode: 0o666 });
    expect(reason(() => pins.pin('catalogue', 'bob', B))).toBe('empreintes-dangereuses');
    expect(readFileSync(file, 'utf8')).toBe('');
    expect(readFileSync(elsewhere, 'utf8')).toBe('');
  });
});
