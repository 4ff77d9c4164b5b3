/**
 * The sealed envelope (format 1): a value signed by its author and readable
 * only by the members it was sealed for. node:crypto only.
 *
 *   magic        8 bytes   "CTXSCEL1"
 *   header       u16 length + JSON (UTF-8): { "equipe", "auteur", "type" }
 *   ephemeral    32 bytes  X25519 public key, fresh for each envelope
 *   recipients   u16 count, then for each: 8 bytes member id + 48 bytes wrapped content key
 *   nonce        12 bytes
 *   ciphertext   u32 length + AES-256-GCM ciphertext, then its 16-byte tag
 *   signature    64 bytes  Ed25519, by the author, over every byte above except the recipients
 *
 * A fresh 32-byte content key encrypts the value; for each member it is
 * wrapped with AES-256-GCM under a key derived by HKDF-SHA256 from X25519
 * (ephemeral, member) — so one member's wrap can be damaged without touching
 * the others', and the signature (which leaves the wraps out) still proves who
 * wrote the value and that it was not changed. The header and the ephemeral
 * key are the additional data of every encryption: a header swapped from
 * another envelope opens nothing. A member id is the first 8 bytes of the
 * SHA-256 of the member's X25519 public key.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { type PublicIdentity, x25519PublicKey } from './identity.js';

const MAGIC = Buffer.from('CTXSCEL1', 'latin1');
const INFO = Buffer.from('contexte-skills scelle 1', 'utf8');
const WRAP_NONCE = Buffer.alloc(12);
const ID_BYTES = 8;
const WRAPPED_BYTES = 48;

export interface EnvelopeHeader {
  equipe: string;
  auteur: string;
  /** What the envelope holds: a note, an export, a work in progress, or a listing's title and summary. */
  type: 'contexte' | 'session' | 'modifs' | 'resume';
}

export interface Sealer {
  /** The author's Ed25519 private key. */
  signing: KeyObject;
}

export interface Recipient {
  /** The member's X25519 public key (raw, 32 bytes). */
  encryption: Buffer;
}

export const isSealed = (value: Buffer): boolean => value.length >= MAGIC.length && value.subarray(0, MAGIC.length).equals(MAGIC);

export const memberId = (encryption: Buffer): Buffer => createHash('sha256').update(encryption).digest().subarray(0, ID_BYTES);

export function seal(value: Buffer, header: EnvelopeHeader, author: Sealer, recipients: Recipient[]): Buffer {
  const headerBytes = Buffer.from(JSON.stringify({ equipe: header.equipe, auteur: header.auteur, type: header.type }), 'utf8');
  const ephemeral = generateKeyPairSync('x25519');
  const ephemeralRaw = rawX25519(ephemeral.publicKey);
  const bound = Buffer.concat([MAGIC, u16(headerBytes.length), headerBytes, ephemeralRaw]);
  const contentKey = randomBytes(32);
  const wraps = recipients.map(({ encryption }) => {
    const kek = wrappingKey(diffieHellman({ privateKey: ephemeral.privateKey, publicKey: x25519PublicKey(encryption) }), ephemeralRaw, encryption);
    const id = memberId(encryption);
    const cipher = createCipheriv('aes-256-gcm', kek, WRAP_NONCE).setAAD(Buffer.concat([bound, id]));
    return Buffer.concat([id, cipher.update(contentKey), cipher.final(), cipher.getAuthTag()]);
  });
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', contentKey, nonce).setAAD(bound);
  const ciphertext = Buffer.concat([cipher.update(value), cipher.final(), cipher.getAuthTag()]);
  const signed = Buffer.concat([bound, nonce, u32(ciphertext.length), ciphertext]);
  const signature = sign(null, signed, author.signing);
  return Buffer.concat([bound, u16(wraps.length), ...wraps, nonce, u32(ciphertext.length), ciphertext, signature]);
}

/** An envelope taken apart; undefined when the bytes are not one (wrong magic, truncated, malformed header). */
export interface ParsedEnvelope {
  header: EnvelopeHeader;
  bound: Buffer;
  ephemeral: Buffer;
  wraps: Array<{ id: Buffer; wrapped: Buffer }>;
  signed: Buffer;
  nonce: Buffer;
  ciphertext: Buffer;
  signature: Buffer;
}

export function parseEnvelope(bytes: Buffer): ParsedEnvelope | undefined {
  if (!isSealed(bytes)) return undefined;
  let at = MAGIC.length;
  const need = (length: number) => at + length <= bytes.length;
  if (!need(2)) return undefined;
  const headerLength = bytes.readUInt16BE(at);
  at += 2;
  if (!need(headerLength + 32 + 2)) return undefined;
  const header = parseHeader(bytes.subarray(at, at + headerLength));
  if (header === undefined) return undefined;
  at += headerLength;
  const ephemeral = bytes.subarray(at, at + 32);
  at += 32;
  const bound = bytes.subarray(0, at);
  const count = bytes.readUInt16BE(at);
  at += 2;
  if (!need(count * (ID_BYTES + WRAPPED_BYTES))) return undefined;
  const wraps = Array.from({ length: count }, (_, index) => {
    const start = at + index * (ID_BYTES + WRAPPED_BYTES);
    return { id: bytes.subarray(start, start + ID_BYTES), wrapped: bytes.subarray(start + ID_BYTES, start + ID_BYTES + WRAPPED_BYTES) };
  });
  at += count * (ID_BYTES + WRAPPED_BYTES);
  if (!need(12 + 4)) return undefined;
  const nonce = bytes.subarray(at, at + 12);
  const length = bytes.readUInt32BE(at + 12);
  at += 16;
  if (length < 16 || !need(length + 64) || at + length + 64 !== bytes.length) return undefined;
  const ciphertext = bytes.subarray(at, at + length);
  const signature = bytes.subarray(at + length);
  const signed = Buffer.concat([bound, nonce, u32(length), ciphertext]);
  return { header, bound, ephemeral, wraps, signed, nonce, ciphertext, signature };
}

export type Opened =
  | { status: 'ok'; value: Buffer; header: EnvelopeHeader }
  /** The signature does not verify with the author's registered key: changed after publication, or not written by that author. */
  | { status: 'invalid-signature'; header?: EnvelopeHeader }
  /** Not sealed for this reader (not a member, or revoked before publication). */
  | { status: 'not-a-recipient'; header: EnvelopeHeader }
  | { status: 'malformed' };

/**
 * Verifies the envelope against its author's registered identity, then opens it
 * with the reader's X25519 key. Nothing is decrypted before the signature holds.
 */
export function openEnvelope(
  bytes: Buffer,
  expected: { equipe: string; auteur: string; type: EnvelopeHeader['type'] },
  author: PublicIdentity | undefined,
  reader: { encryption: Buffer; decryption: KeyObject },
): Opened {
  const envelope = parseEnvelope(bytes);
  if (envelope === undefined) return { status: 'malformed' };
  const { header } = envelope;
  const named = header.equipe === expected.equipe && header.auteur === expected.auteur && header.type === expected.type;
  if (!named || author === undefined || !verify(null, envelope.signed, author.signingKey, envelope.signature)) return { status: 'invalid-signature', header };
  const id = memberId(reader.encryption);
  const wrap = envelope.wraps.find((candidate) => candidate.id.equals(id));
  if (wrap === undefined) return { status: 'not-a-recipient', header };
  try {
    const kek = wrappingKey(
      diffieHellman({ privateKey: reader.decryption, publicKey: x25519PublicKey(envelope.ephemeral) }),
      envelope.ephemeral,
      reader.encryption,
    );
    const unwrap = createDecipheriv('aes-256-gcm', kek, WRAP_NONCE).setAAD(Buffer.concat([envelope.bound, id]));
    unwrap.setAuthTag(wrap.wrapped.subarray(32));
    const contentKey = Buffer.concat([unwrap.update(wrap.wrapped.subarray(0, 32)), unwrap.final()]);
    const decipher = createDecipheriv('aes-256-gcm', contentKey, envelope.nonce).setAAD(envelope.bound);
    decipher.setAuthTag(envelope.ciphertext.subarray(envelope.ciphertext.length - 16));
    const value = Buffer.concat([decipher.update(envelope.ciphertext.subarray(0, envelope.ciphertext.length - 16)), decipher.final()]);
    return { status: 'ok', value, header };
  } catch {
    // This reader's wrap was damaged: what was sealed for the others still opens for them.
    return { status: 'not-a-recipient', header };
  }
}

function wrappingKey(shared: Buffer, ephemeral: Buffer, member: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', shared, Buffer.concat([ephemeral, member]), INFO, 32));
}

function parseHeader(bytes: Buffer): EnvelopeHeader | undefined {
  try {
    const raw = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
    const { equipe, auteur, type } = raw;
    if (typeof equipe !== 'string' || typeof auteur !== 'string' || !['contexte', 'session', 'modifs', 'resume'].includes(type as string)) return undefined;
    return { equipe, auteur, type: type as EnvelopeHeader['type'] };
  } catch {
    return undefined;
  }
}

function rawX25519(key: KeyObject): Buffer {
  return Buffer.from(key.export({ format: 'jwk' }).x as string, 'base64url');
}

const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
};
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
