/**
 * The mailbox contract, independent of where notes are stored (Redis or a
 * folder). It names no connection type. Every implementation raises
 * MailboxError with the same failure codes, keeps a per-team index so that
 * listing a team never scans the store, and journals what happens to a team.
 */
import type { KeyParts } from './keys.js';

/** What `list` shows without reading a note's body, taken from its header at publication. */
export interface NoteSummary {
  title?: string;
  summary?: string;
}

export interface PublishRequest {
  team: string;
  author: string;
  /** The note's bytes, stored unchanged. */
  note: Buffer;
  /** The optional session export, stored under the same stamp. */
  session?: Buffer;
  ttlSeconds: number;
  now: Date;
  summary: NoteSummary;
}

export interface Publication {
  noteKey: string;
  sessionKey?: string;
  ttlSeconds: number;
  expiresAt: Date;
}

export interface ListedEntry extends NoteSummary {
  key: string;
  parts: KeyParts;
  /** Seconds left; -1 when the entry has no expiry (published by the workshop's script). */
  ttlSeconds: number;
  /** Size of the stored note in bytes. */
  size: number;
  sha256?: string;
  sessionKey?: string;
}

/** Which notes to list: a team (optionally one author), or any key matching a glob pattern. */
export type ListQuery = { team: string; author?: string } | { pattern: string };

export type JournalEventKind = 'publication' | 'refus' | 'lecture' | 'suppression' | 'purge';

export interface JournalEvent {
  kind: JournalEventKind;
  team: string;
  /** Who did it: the Redis user, or the system user for a folder. */
  user: string;
  /** The author the key (or the command line) claims. */
  author?: string;
  key?: string;
  sha256?: string;
  size?: number;
  /** For a refusal: the rules that refused and their lines, never a secret. */
  detail?: string;
  at: Date;
}

export interface Mailbox {
  /** Names the mailbox for every output: `redis host:port`, `dossier /chemin`; never a credential. */
  readonly label: string;
  /** Who this mailbox acts as, for the journal. */
  readonly user: string;
  /**
   * Stores a note (and its session export) with its TTL, indexes it and
   * journals it, never overwriting anything: a taken stamp moves on to the next
   * free one. If any step fails, what was written is undone.
   */
  publish(request: PublishRequest): Promise<Publication>;
  list(query: ListQuery): Promise<ListedEntry[]>;
  /** The stored bytes, or undefined when the key does not exist (or has expired). Journaled. */
  get(key: string): Promise<Buffer | undefined>;
  /** Deletes a note and the session export of the same stamp, and their index entry. Returns the deleted keys. */
  remove(key: string): Promise<string[]>;
  /** Deletes every note of a team. Returns how many keys were deleted. */
  purge(team: string): Promise<number>;
  /** Appends an event to the team's journal (a refused publication, for instance). */
  record(event: Omit<JournalEvent, 'user' | 'at'>): Promise<void>;
  /** The team's journal since a date, oldest first. */
  journal(team: string, since: Date): Promise<JournalEvent[]>;
  close(): Promise<void>;
}
