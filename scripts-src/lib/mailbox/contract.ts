/**
 * The mailbox contract, independent of where notes are stored (Redis or a
 * folder). It names no connection type. Every driver raises MailboxError with
 * the same failure codes, keeps an index so that listing a team never scans the
 * store, journals what happens to a team, and checks what it reads back (an
 * index, a journal, a folder) as written by someone else: the differences come
 * back as `vigilance`, never silently trusted.
 */
import type { IndexEntry } from './entry.js';
import type { JournalEvent, NewEvent } from './journal-event.js';
import type { KeyParts } from './keys.js';
import type { Vigilance } from './verify.js';

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
  /** The optional work in progress (a patch and the untracked files' names), stored under the same stamp. */
  changes?: Buffer;
  ttlSeconds: number;
  now: Date;
  summary: NoteSummary;
  /** On a sealed team: the title and summary, sealed for its members (then `summary` is empty). */
  sealedSummary?: Buffer;
}

export interface Publication {
  noteKey: string;
  sessionKey?: string;
  changesKey?: string;
  ttlSeconds: number;
  expiresAt: Date;
}

export interface ListedEntry extends NoteSummary {
  key: string;
  parts: KeyParts;
  /** Seconds left, as the store says (not as the index claims); -1 when the key has no expiry. */
  ttlSeconds: number;
  /** Size of the stored note in bytes, as the store says. */
  size: number;
  /** The digest recorded at publication (absent for a note nobody indexed). */
  sha256?: string;
  sessionKey?: string;
  changesKey?: string;
  /** The sealed title and summary (a sealed team's note): only its members open them. */
  sealedSummary?: Buffer;
  /** Where the index and the stored key disagree, or the key breaks the mailbox's rules. */
  vigilance: Vigilance[];
}

/**
 * Which notes to list: a team (optionally one author), or any key matching a glob pattern. `limit`: only the most
 * recent this many notes of the team are wanted (newerFirst); the store need not be asked about the others.
 */
export type ListQuery = { team: string; author?: string; limit?: number } | { pattern: string };

export interface Listing {
  entries: ListedEntry[];
  /**
   * Notes the index does not name (published by the workshop's script, or
   * whose entry was lost): their number when this user may look for them,
   * undefined when it may not (Redis without the SCAN right).
   */
  unindexed?: number;
  /** For a team query: false when the mailbox knows nothing of the team. */
  teamKnown: boolean;
  /** The teams this user can see, when it may see them. */
  knownTeams?: string[];
  /** Index entries that were dropped as not belonging where they were found. */
  anomalies: Vigilance[];
  /**
   * Under a `limit`: the index entries left out, older than every note listed, that the store was not asked about
   * (some may have expired since). A driver may list them all instead, and leave this undefined.
   */
  notExamined?: number;
}

export interface Fetched {
  value: Buffer;
  /** SHA-256 of the stored bytes, computed once by the driver (it checks them against the index). */
  sha256: string;
  vigilance: Vigilance[];
}

/** A stored value beyond the size the reader accepts: its size, its bytes never read. */
export interface Oversized {
  oversized: true;
  size: number;
}

export interface JournalReport {
  events: JournalEvent[];
  /** What the journal's own bookkeeping reveals: trimmed entries, ids in the future. */
  anomalies: Vigilance[];
}

/** Whether a team is sealed, and the public identities its owner registered (lines as stored: parse before use). */
export interface TeamSealing {
  sealed: boolean;
  identities: Map<string, string>;
}

/**
 * How `recuperer attendre` learns that something may have been published for a
 * team: a wake-up, never a fact (the caller lists the team again and compares).
 * It holds no lock and writes nothing; between wake-ups the process sleeps.
 */
export interface ActivityWatch {
  /** Resolves when the team's mailbox may have changed, or after `timeoutMs` at most. */
  next(timeoutMs: number): Promise<void>;
  /**
   * How it waits, for `--json` and the bench: `flux` (Redis streams), `surveillance` (inotify), `releve` (periodic
   * listing); it becomes `releve` when the mailbox refuses the better way.
   */
  mode: 'flux' | 'surveillance' | 'releve';
  close(): void;
}

export interface Mailbox {
  /** Names the mailbox for every output: `redis host:port`, `dossier /chemin`; never a credential. */
  readonly label: string;
  /** Who this mailbox acts as, for the journal. */
  readonly user: string;
  /**
   * Stores a note (and its session export, its work in progress) with its TTL, indexes it and
   * journals it, never overwriting anything: a taken stamp moves on to the next
   * free one. If any step fails, what was written is undone.
   */
  publish(request: PublishRequest): Promise<Publication>;
  list(query: ListQuery): Promise<Listing>;
  /**
   * The stored bytes and what disagrees with the index, or undefined when the
   * key does not exist (or has expired). A value longer than `maxBytes` is not
   * read: its size comes back instead. Not journaled: the reader records the
   * reading (`record`, kind `lecture`) once the value was delivered.
   */
  get(key: string, maxBytes?: number): Promise<Fetched | Oversized | undefined>;
  /** Deletes a note and what was published with it (export, work in progress), and their index entry. Returns the deleted keys. */
  remove(key: string): Promise<string[]>;
  /** Deletes every note of a team. Returns how many keys were deleted. */
  purge(team: string): Promise<number>;
  /** Whether the team is sealed, and its members' registered identities. */
  sealing(team: string): Promise<TeamSealing>;
  /** Starts watching a team for publications (see ActivityWatch). */
  watch(team: string): Promise<ActivityWatch>;
  /** Appends an event to the journal (a refused publication, for instance). */
  record(event: NewEvent): Promise<void>;
  /** The team's journal since a date, oldest first, with what its bookkeeping reveals. */
  journal(team: string, since: Date): Promise<JournalReport>;
  /**
   * The team's readings and takings (`lecture`, `prise`) since a date, oldest first, as any member may read them
   * (Redis: XREAD, the right `attendre` already has; no range over the journals). Who did each is the journal's
   * owner. Undefined when this user may not read the journals (a Redis user made before `attendre`).
   */
  handoffs(team: string, since: Date): Promise<JournalEvent[] | undefined>;
  close(): Promise<void>;
}

export type { IndexEntry, JournalEvent, NewEvent, Vigilance };
