/**
 * A member's identity for a sealed team: an Ed25519 key that signs what they
 * publish and an X25519 key that notes are sealed for. The private keys stay in
 * `${XDG_CONFIG_HOME:-~/.config}/contexte-skills/identite/` (folder 0700,
 * files 0600, owned by the user; a key file others can read is refused). The
 * public identity is one line, `contexte-id1:<ed25519>:<x25519>` (base64url of
 * the raw keys), registered by the team's owner; its fingerprint is read aloud
 * to check it (« 3F9A-C21B-… »).
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { closeSync, constants, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { lstatOrUndefined } from '../../io/lstat-or-undefined.js';

export interface PublicIdentity {
  line: string;
  /** Ed25519 public key, raw. */
  signing: Buffer;
  signingKey: KeyObject;
  /** X25519 public key, raw. */
  encryption: Buffer;
  fingerprint: string;
}

export interface PrivateIdentity extends PublicIdentity {
  signingPrivate: KeyObject;
  decryption: KeyObject;
}

const PREFIX = 'contexte-id1';
const LINE = /^contexte-id1:([A-Za-z0-9_-]{43}):([A-Za-z0-9_-]{43})$/;

export function parseIdentityLine(line: string): PublicIdentity | undefined {
  const match = LINE.exec(line.trim());
  if (!match) return undefined;
  const signing = Buffer.from(match[1]!, 'base64url');
  const encryption = Buffer.from(match[2]!, 'base64url');
  if (signing.length !== 32 || encryption.length !== 32) return undefined;
  try {
    const signingKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: match[1]! }, format: 'jwk' });
    x25519PublicKey(encryption);
    return { line: `${PREFIX}:${match[1]}:${match[2]}`, signing, signingKey, encryption, fingerprint: fingerprintOf(signing, encryption) };
  } catch {
    return undefined;
  }
}

export function x25519PublicKey(raw: Buffer): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: raw.toString('base64url') }, format: 'jwk' });
}

/** 20 hexadecimal digits of the SHA-256 of both keys, in groups of four: short enough to read aloud, long enough to tell keys apart. */
function fingerprintOf(signing: Buffer, encryption: Buffer): string {
  const hex = createHash('sha256')
    .update(Buffer.concat([signing, encryption]))
    .digest('hex')
    .slice(0, 20)
    .toUpperCase();
  return hex.match(/.{4}/g)!.join('-');
}

/** `${XDG_CONFIG_HOME:-~/.config}/contexte-skills`: this user's identity and the teammates' fingerprints they know. */
export const configFolder = (env: NodeJS.ProcessEnv = process.env): string =>
  join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'contexte-skills');

export const identityFolder = (env: NodeJS.ProcessEnv = process.env): string => join(configFolder(env), 'identite');

const SIGNING_FILE = 'signature.pem';
const DECRYPTION_FILE = 'chiffrement.pem';

export type LoadedIdentity =
  | { status: 'ok'; identity: PrivateIdentity; created: boolean }
  | { status: 'absent' }
  | { status: 'unsafe'; path: string; why: string };

/** The user's identity; created first when `create` and there is none. A key file or folder others can reach is refused, never used. */
export function loadIdentity(env: NodeJS.ProcessEnv = process.env, create = false): LoadedIdentity {
  const folder = identityFolder(env);
  const files = [join(folder, SIGNING_FILE), join(folder, DECRYPTION_FILE)];
  const present = files.filter((file) => lstatOrUndefined(file) !== undefined);
  if (present.length === 0) {
    if (!create) return { status: 'absent' };
    return createIdentity(folder, files);
  }
  for (const path of [folder, ...files]) {
    const problem = whyUnsafe(path, path === folder);
    if (problem !== undefined) return { status: 'unsafe', path, why: problem };
  }
  try {
    const signingPrivate = createPrivateKey(readFileSync(files[0]!));
    const decryption = createPrivateKey(readFileSync(files[1]!));
    if (signingPrivate.asymmetricKeyType !== 'ed25519' || decryption.asymmetricKeyType !== 'x25519')
      return { status: 'unsafe', path: folder, why: 'clés d’un autre type' };
    return { status: 'ok', identity: fromPrivate(signingPrivate, decryption), created: false };
  } catch {
    return { status: 'unsafe', path: folder, why: 'fichier de clé illisible' };
  }
}

function createIdentity(folder: string, files: string[]): LoadedIdentity {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const problem = whyUnsafe(folder, true);
  if (problem !== undefined) return { status: 'unsafe', path: folder, why: problem };
  const signing = generateKeyPairSync('ed25519');
  const encryption = generateKeyPairSync('x25519');
  for (const [file, key] of [
    [files[0]!, signing.privateKey],
    [files[1]!, encryption.privateKey],
  ] as const) {
    // O_EXCL: never replace a key, even one made at the same instant by another process.
    const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      writeSync(fd, key.export({ format: 'pem', type: 'pkcs8' }) as string);
    } finally {
      closeSync(fd);
    }
  }
  return { status: 'ok', identity: fromPrivate(signing.privateKey, encryption.privateKey), created: true };
}

function fromPrivate(signingPrivate: KeyObject, decryption: KeyObject): PrivateIdentity {
  const signing = Buffer.from(createPublicKey(signingPrivate).export({ format: 'jwk' }).x as string, 'base64url');
  const encryption = Buffer.from(createPublicKey(decryption).export({ format: 'jwk' }).x as string, 'base64url');
  const line = `${PREFIX}:${signing.toString('base64url')}:${encryption.toString('base64url')}`;
  return { ...parseIdentityLine(line)!, signingPrivate, decryption };
}

/** Why a key folder or file (or the fingerprints file) may not be used: not ours, a link, or reachable by others. */
export function whyUnsafe(path: string, folder: boolean): string | undefined {
  const info = lstatOrUndefined(path);
  if (info === undefined) return 'absent';
  if (info.isSymbolicLink()) return 'lien symbolique';
  if (folder ? !info.isDirectory() : !info.isFile()) return folder ? 'pas un dossier' : 'pas un fichier ordinaire';
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid) return 'appartient à un autre utilisateur';
  if ((info.mode & 0o077) !== 0) return folder ? 'dossier accessible à d’autres (chmod 700)' : 'fichier lisible par d’autres (chmod 600)';
  return undefined;
}
