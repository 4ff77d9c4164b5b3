/**
 * The index entry: what a publication records about its note, one type and one
 * serialised form (French field names, as in the workshop) for every driver —
 * a Redis hash field or a folder's `resume-<horodatage>` file. Entries are
 * written by team members: decoding trusts nothing and checks the entry names
 * the key it is filed under.
 */
import type { NoteSummary } from './contract.js';
import { COMPANIONS, type Companion } from './keys.js';

export interface IndexEntry extends NoteSummary {
  key: string;
  size: number;
  sha256: string;
  /** Milliseconds since the epoch, as claimed at publication. */
  expiresAt: number;
  /** What was published with the note under its stamp (its export, its work in progress). */
  companions: Companion[];
  /** A sealed team's title and summary, sealed (lib/mailbox/sealed/envelope.ts). */
  sealedSummary?: Buffer;
}

const SHA256 = /^[0-9a-f]{64}$/;
/**
 * Longest entry decoded, in characters: ours hold a key, a digest, a title and
 * a summary (each bounded at publication) and stay well under 1 KiB; a sealed
 * team's (its title and summary sealed for each member) under 8 KiB for 50 members. A longer
 * one was written by hand, and decoding it would make every reader pay for it.
 * (A folder's summary file is read up to this many bytes, never more.)
 */
export const MAX_ENTRY_CHARS = 16 * 1024;

export function encodeEntry(entry: IndexEntry): string {
  return JSON.stringify({
    cle: entry.key,
    taille: entry.size,
    sha256: entry.sha256,
    expire: entry.expiresAt,
    ...Object.fromEntries(entry.companions.map((kind) => [kind, true])),
    ...(entry.title ? { titre: entry.title } : {}),
    ...(entry.summary ? { resume: entry.summary } : {}),
    ...(entry.sealedSummary ? { scelle: entry.sealedSummary.toString('base64') } : {}),
  });
}

/** The entry, or undefined when it is malformed, too long or names another key than `key`. */
export function decodeEntry(text: string, key: string): IndexEntry | undefined {
  if (text.length > MAX_ENTRY_CHARS) return undefined;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { cle, taille, sha256, expire, titre, resume, scelle } = raw;
  if (
    cle !== key ||
    !Number.isSafeInteger(taille) ||
    (taille as number) < 0 ||
    typeof sha256 !== 'string' ||
    !SHA256.test(sha256) ||
    !Number.isSafeInteger(expire)
  )
    return undefined;
  return {
    key,
    size: taille as number,
    sha256,
    expiresAt: expire as number,
    companions: COMPANIONS.filter((kind) => raw[kind] === true),
    ...(typeof titre === 'string' ? { title: titre } : {}),
    ...(typeof resume === 'string' ? { summary: resume } : {}),
    ...(typeof scelle === 'string' && /^[A-Za-z0-9+/]+=*$/.test(scelle) ? { sealedSummary: Buffer.from(scelle, 'base64') } : {}),
  };
}
