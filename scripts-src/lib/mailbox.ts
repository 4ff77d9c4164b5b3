/**
 * The mailbox contract, independent of where notes are stored. It names no
 * connection type: Redis details stay in the adapter. Every implementation
 * raises MailboxError with the same failure codes.
 */
import type { KeyParts } from './keys.js';

export interface PublishRequest {
  team: string;
  author: string;
  /** The note's bytes, stored unchanged. */
  note: Buffer;
  /** The optional session export, stored under the same stamp. */
  session?: Buffer;
  ttlSeconds: number;
  now: Date;
}

export interface Publication {
  noteKey: string;
  sessionKey?: string;
  ttlSeconds: number;
}

export interface ListedEntry {
  key: string;
  parts: KeyParts;
  /** Seconds left before the entry expires. */
  ttlSeconds: number;
  /** Size of the stored value in bytes. */
  size: number;
}

export interface Mailbox {
  /** Names the mailbox for every output, e.g. `redis 127.0.0.1:6379`; never a credential. */
  readonly label: string;
  /**
   * Stores a note (and its session export) atomically with its TTL, never
   * overwriting anything: a taken stamp moves on to the next free one.
   */
  publish(request: PublishRequest): Promise<Publication>;
  /** Entries whose key matches a glob pattern (`*`, `?`, `[…]`), unordered. */
  list(pattern: string): Promise<ListedEntry[]>;
  /** The stored bytes, or undefined when the key does not exist (or has expired). */
  get(key: string): Promise<Buffer | undefined>;
  close(): Promise<void>;
}
