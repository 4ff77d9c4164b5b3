/**
 * The one publish loop every driver runs. It owns the promises of a
 * publication: never a key without its TTL (the driver creates a key and its
 * expiry in one step), never an overwrite (a taken stamp moves on to the next),
 * note, export and work in progress under one stamp, always indexed and journaled, and undone when
 * any step fails. Drivers supply only storage primitives.
 */
import { createHash } from 'node:crypto';
import type { Publication, PublishRequest } from './contract.js';
import type { IndexEntry } from './entry.js';
import { MailboxError } from './errors.js';
import type { NewEvent } from './journal-event.js';
import { buildKey, type Companion, candidateStamp, companionKeysOf, type KeyKind, type KeyParts, minuteStamp } from './keys.js';

/** Publications by one author in one minute before we give up looking for a free stamp. */
const MAX_STAMP_ATTEMPTS = 1000;

/** What a driver provides to publish. `Staged` is the driver's prepared copy of some bytes (a Buffer, a synced temporary file). */
export interface PublishStore<Staged> {
  readonly label: string;
  /** Prepares bytes to be stored with this expiry, once for every attempt. */
  stage(bytes: Buffer, expiresAt: Date, ttlSeconds: number): Promise<Staged>;
  /** Creates the key with the staged bytes and their expiry in one step, only if it does not exist. False when taken. */
  createExclusive(parts: KeyParts, staged: Staged): Promise<boolean>;
  /** Releases what `stage` prepared. */
  unstage(staged: Staged): Promise<void>;
  deleteKeys(parts: KeyParts[]): Promise<void>;
  writeIndexEntry(parts: KeyParts, entry: IndexEntry, ttlSeconds: number): Promise<void>;
  removeIndexEntry(parts: KeyParts): Promise<void>;
  appendJournal(event: NewEvent): Promise<void>;
}

export const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export async function publishWithFreeStamp<Staged>(store: PublishStore<Staged>, request: PublishRequest): Promise<Publication> {
  const { team, author, ttlSeconds } = request;
  const minute = minuteStamp(request.now);
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const carried = { session: request.session, modifs: request.changes } satisfies Record<Companion, Buffer | undefined>;
  const staged: Array<{ kind: KeyKind; bytes: Staged }> = [];
  try {
    for (const [kind, bytes] of [['contexte', request.note] as const, ...Object.entries(carried)])
      if (bytes !== undefined) staged.push({ kind: kind as KeyKind, bytes: await store.stage(bytes, expiresAt, ttlSeconds) });
    const companions = staged.slice(1).map(({ kind }) => kind as Companion);
    for (let attempt = 1; attempt <= MAX_STAMP_ATTEMPTS; attempt++) {
      const stamp = candidateStamp(minute, attempt);
      const parts: KeyParts = { kind: 'contexte', team, author, stamp };
      const written: KeyParts[] = [];
      try {
        // Note first, then its companions: a companion already stored under this stamp moves the whole publication on.
        for (const { kind, bytes } of staged) {
          const keyParts: KeyParts = { ...parts, kind };
          if (!(await store.createExclusive(keyParts, bytes))) break;
          written.push(keyParts);
        }
        if (written.length < staged.length) {
          await store.deleteKeys(written);
          continue;
        }
        const noteKey = buildKey(parts);
        const sha256 = sha256Of(request.note);
        const entry: IndexEntry = {
          key: noteKey,
          size: request.note.length,
          sha256,
          expiresAt: expiresAt.getTime(),
          companions,
          ...request.summary,
          ...(request.sealedSummary ? { sealedSummary: request.sealedSummary } : {}),
        };
        await store.writeIndexEntry(parts, entry, ttlSeconds);
        await store.appendJournal({ kind: 'publication', team, author, key: noteKey, sha256, size: request.note.length });
        return { noteKey, ...companionKeysOf(parts, companions), ttlSeconds, expiresAt };
      } catch (error) {
        // A publication that cannot be indexed or journaled is undone, not left invisible.
        await store.removeIndexEntry(parts).catch(() => undefined);
        await store.deleteKeys(written).catch(() => undefined);
        throw error;
      }
    }
    throw new MailboxError('no-free-key', store.label);
  } finally {
    await Promise.all(staged.map(({ bytes }) => store.unstage(bytes)));
  }
}
