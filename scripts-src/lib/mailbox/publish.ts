/**
 * The one publish loop every driver runs. It owns the promises of a
 * publication: never a key without its TTL (the driver creates a key and its
 * expiry in one step), never an overwrite (a taken stamp moves on to the next),
 * note and export under one stamp, always indexed and journaled, and undone when
 * any step fails. Drivers supply only storage primitives.
 */
import { createHash } from 'node:crypto';
import type { Publication, PublishRequest } from './contract.js';
import type { IndexEntry } from './entry.js';
import { MailboxError } from './errors.js';
import type { NewEvent } from './journal-event.js';
import { buildKey, candidateStamp, type KeyParts, minuteStamp, sessionKeyOf } from './keys.js';

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
  const note = await store.stage(request.note, expiresAt, ttlSeconds);
  const session = request.session
    ? await store.stage(request.session, expiresAt, ttlSeconds).catch(async (error: unknown) => {
        await store.unstage(note);
        throw error;
      })
    : undefined;
  try {
    for (let attempt = 1; attempt <= MAX_STAMP_ATTEMPTS; attempt++) {
      const parts: KeyParts = { kind: 'contexte', team, author, stamp: candidateStamp(minute, attempt) };
      if (!(await store.createExclusive(parts, note))) continue;
      const written = [parts];
      try {
        if (session !== undefined) {
          const sessionParts: KeyParts = { ...parts, kind: 'session' };
          if (!(await store.createExclusive(sessionParts, session))) {
            // An export is already stored under this stamp: keep note and export paired.
            await store.deleteKeys(written);
            continue;
          }
          written.push(sessionParts);
        }
        const noteKey = buildKey(parts);
        const sha256 = sha256Of(request.note);
        const entry: IndexEntry = {
          key: noteKey,
          size: request.note.length,
          sha256,
          expiresAt: expiresAt.getTime(),
          hasSession: session !== undefined,
          ...request.summary,
        };
        await store.writeIndexEntry(parts, entry, ttlSeconds);
        await store.appendJournal({ kind: 'publication', team, author, key: noteKey, sha256, size: request.note.length });
        return { noteKey, ...(session !== undefined ? { sessionKey: sessionKeyOf(parts) } : {}), ttlSeconds, expiresAt };
      } catch (error) {
        // A publication that cannot be indexed or journaled is undone, not left invisible.
        await store.removeIndexEntry(parts).catch(() => undefined);
        await store.deleteKeys(written).catch(() => undefined);
        throw error;
      }
    }
    throw new MailboxError('no-free-key', store.label);
  } finally {
    await Promise.all([store.unstage(note), session !== undefined ? store.unstage(session) : undefined]);
  }
}
