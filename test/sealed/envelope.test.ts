import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type EnvelopeHeader, openEnvelope, parseEnvelope, seal } from '../../scripts-src/lib/mailbox/sealed/envelope.js';
import { identityFolder, loadIdentity, type PrivateIdentity, parseIdentityLine } from '../../scripts-src/lib/mailbox/sealed/identity.js';

function newIdentity(): PrivateIdentity {
  const loaded = loadIdentity({ XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'contexte-id-')) }, true);
  if (loaded.status !== 'ok') throw new Error(loaded.status);
  return loaded.identity;
}

const header: EnvelopeHeader = { equipe: 'catalogue', auteur: 'alice', type: 'contexte' };
const expected = { equipe: 'catalogue', auteur: 'alice', type: 'contexte' } as const;
const reader = (identity: PrivateIdentity) => ({ encryption: identity.encryption, decryption: identity.decryption });

describe('identity', () => {
  it('is made once, private, and read back the same; its line parses to the same keys and fingerprint', () => {
    const env = { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'contexte-id-')) };
    const made = loadIdentity(env, true);
    if (made.status !== 'ok') throw new Error(made.status);
    expect(made.created).toBe(true);
    expect(statSync(identityFolder(env)).mode & 0o777).toBe(0o700);
    expect(statSync(join(identityFolder(env), 'signature.pem')).mode & 0o777).toBe(0o600);
    const again = loadIdentity(env, true);
    expect(again).toMatchObject({ status: 'ok', created: false, identity: { line: made.identity.line, fingerprint: made.identity.fingerprint } });
    expect(made.identity.line).toMatch(/^contexte-id1:[A-Za-z0-9_-]{43}:[A-Za-z0-9_-]{43}$/);
    expect(made.identity.fingerprint).toMatch(/^[0-9A-F]{4}(?:-[0-9A-F]{4}){4}$/);
    expect(parseIdentityLine(made.identity.line)?.fingerprint).toBe(made.identity.fingerprint);
    expect(parseIdentityLine(`${made.identity.line}x`)).toBeUndefined();
  });

  it('refuses a key file others can read, and says where', () => {
    const env = { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'contexte-id-')) };
    loadIdentity(env, true);
    chmodSync(join(identityFolder(env), 'chiffrement.pem'), 0o644);
    expect(loadIdentity(env)).toMatchObject({ status: 'unsafe', path: join(identityFolder(env), 'chiffrement.pem') });
  });
});

describe('the sealed envelope', () => {
  const alice = newIdentity();
  const bob = newIdentity();
  const carol = newIdentity();
  const note = Buffer.from('# Passation\n\nLe transport HTTP est en place.\n'.repeat(200));

  it('opens byte-identical for each member and verifies the author; a non-member cannot open it', () => {
    const sealed = seal(note, header, { signing: alice.signingPrivate }, [alice, bob]);
    for (const member of [alice, bob]) {
      const opened = openEnvelope(sealed, expected, alice, reader(member));
      expect(opened.status).toBe('ok');
      expect(opened.status === 'ok' && opened.value.equals(note)).toBe(true);
    }
    expect(openEnvelope(sealed, expected, alice, reader(carol)).status).toBe('not-a-recipient');
    for (let at = 0; at + 16 <= note.length; at += 97) expect(sealed.includes(note.subarray(at, at + 16))).toBe(false);
  });

  it('is invalid when any signed byte changes, when another key signed it, or when its header names someone else', () => {
    const sealed = seal(note, header, { signing: alice.signingPrivate }, [alice, bob]);
    const parsed = parseEnvelope(sealed)!;
    const signedStart = sealed.indexOf(parsed.nonce);
    for (const at of [10, parsed.bound.length - 1, signedStart, signedStart + 20, sealed.length - 70, sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[at]! ^= 0x01;
      expect(openEnvelope(changed, expected, alice, reader(bob)).status, `octet ${at}`).toMatch(/invalid-signature|malformed/);
    }
    const forged = seal(note, header, { signing: carol.signingPrivate }, [alice, bob]);
    expect(openEnvelope(forged, expected, alice, reader(bob)).status).toBe('invalid-signature');
    const bobs = seal(note, { ...header, auteur: 'bob' }, { signing: bob.signingPrivate }, [alice, bob]);
    expect(openEnvelope(bobs, expected, alice, reader(alice)).status).toBe('invalid-signature');
    expect(openEnvelope(bobs, expected, bob, reader(alice)).status).toBe('invalid-signature');
    expect(openEnvelope(sealed, expected, undefined, reader(bob)).status).toBe('invalid-signature');
  });

  it('a damaged wrap for one member leaves the others able to read', () => {
    const sealed = seal(note, header, { signing: alice.signingPrivate }, [alice, bob]);
    const parsed = parseEnvelope(sealed)!;
    const bobsWrap = sealed.indexOf(parsed.wraps[1]!.wrapped);
    const damaged = Buffer.from(sealed);
    damaged[bobsWrap + 5]! ^= 0xff;
    expect(openEnvelope(damaged, expected, alice, reader(bob)).status).toBe('not-a-recipient');
    const forAlice = openEnvelope(damaged, expected, alice, reader(alice));
    expect(forAlice.status === 'ok' && forAlice.value.equals(note)).toBe(true);
  });

  it('a team of 50 members adds at most 4 KiB to a note', () => {
    const members = Array.from({ length: 50 }, () => ({ encryption: randomBytes(32) }));
    // Random bytes are not all valid X25519 points for every library, but node accepts any 32 bytes as a public key.
    const sealed = seal(note, header, { signing: alice.signingPrivate }, [alice, ...members.slice(1)]);
    expect(sealed.length - note.length).toBeLessThanOrEqual(4096);
  });

  it('takes apart nothing that is not an envelope', () => {
    expect(parseEnvelope(Buffer.from('# une note en clair'))).toBeUndefined();
    const sealed = seal(note, header, { signing: alice.signingPrivate }, [alice]);
    expect(parseEnvelope(sealed.subarray(0, sealed.length - 1))).toBeUndefined();
  });
});
