/**
 * The folder mailbox: the embedded default when no Redis is configured, on a
 * local folder or one a pair shares. Same keys, same TTL semantics, same
 * guarantees, and the ownership model of Redis — each author writes only their
 * own folder:
 *
 *   <dossier>/<equipe>/                                 team folder (shared: 3770, sticky)
 *   <dossier>/<equipe>/<auteur>/                        author folder, made by its author (shared: 2750)
 *   <dossier>/<equipe>/<auteur>/contexte-<horodatage>   a note
 *   <dossier>/<equipe>/<auteur>/session-<horodatage>    its session export
 *   <dossier>/<equipe>/<auteur>/modifs-<horodatage>     its work in progress (a patch)
 *   <dossier>/<equipe>/<auteur>/identite                its owner's public identity (a sealed team)
 *   <dossier>/<equipe>/.scellee                         the team folder owner's seal
 *   <dossier>/<equipe>/<auteur>/resume-<horodatage>     its index entry (JSON)
 *   <dossier>/<equipe>/<auteur>/journal.jsonl           what the folder's owner did in the team
 *   <dossier>/<equipe>/<auteur>/.en-cours/              the owner's staging files (0700; shared: 2700)
 *
 * A note's expiry is its file's modification time, set before the file appears,
 * so a note and its TTL are one inode. A note is written to a staging file,
 * synced, then hard-linked to its name: the link fails if the name exists (no
 * overwrite, even between processes) and a reader never sees a half-written note.
 * While the staging file still exists the note has two links: a note with two
 * links and no index entry is a publication in progress (or killed), shown to
 * nobody, and undone by its author's next publication.
 *
 * Below the root, nothing a teammate planted is followed or waited on: every
 * folder is checked with lstat, every file is opened with O_NOFOLLOW and
 * O_NONBLOCK, checked with fstat and read with a size bound. A file of an
 * author folder is trusted only when it belongs to the folder's owner and the
 * folder is writable by nobody else; otherwise it is a vigilance.
 *
 * In a shared box everything belongs to the box's group (the root's): the
 * set-group-ID bit hands it down to what is made in a folder, and each file and
 * folder we make is also given it explicitly (an author's primary group is
 * their own on most systems, and a staging file is made elsewhere), then checked.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants, type Dirent, type Stats } from 'node:fs';
import { chmod, type FileHandle, link, lstat, mkdir, open, readdir, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { Failure, fail } from '../../messages/failure.js';
import type {
  ActivityWatch,
  Fetched,
  JournalReport,
  ListedEntry,
  Listing,
  ListQuery,
  Mailbox,
  Oversized,
  Publication,
  PublishRequest,
  TeamSealing,
} from '../contract.js';
import { decodeEntry, encodeEntry, type IndexEntry, MAX_ENTRY_CHARS } from '../entry.js';
import { MailboxError } from '../errors.js';
import { eventFields, eventFromFields, type JournalEvent, type NewEvent, purgeEvent } from '../journal-event.js';
import { buildKey, COMPANIONS, type Companion, companionKeysOf, isValidName, type KeyParts, MAX_STORED_BYTES, noteKeyOf, parseKey } from '../keys.js';
import { type PublishStore, publishWithFreeStamp, sha256Of } from '../publish.js';
import { checkKey, futureJournal, type Vigilance } from '../verify.js';
import { type BoxRights, explainDenial, giveGroupToFile, giveGroupToPath, SystemNames, wrongGroup } from './folder-permissions.js';
import {
  type FileRole,
  foreignGroup,
  foreignOwner,
  journalTail,
  sharedJournal,
  unprotectedTeamFolder,
  unusableFile,
  writableAuthorFolder,
} from './folder-vigilance.js';
import { watchFolders } from './folder-watch.js';
import { globToRegExp } from './glob.js';
import { readBounded } from './read-bounded.js';

const JOURNAL = 'journal.jsonl';
/** What the team-wide journal of the previous version adds to the name a line claims. */
const UNVERIFIED = ' (non vérifié)';
/** In a team folder: present, and its owner's, when the team is sealed. Starts with a dot: never an author. */
const SEALED = '.scellee';
/** In an author folder: its owner's public identity for the sealed team (`contexte-id1:…`). */
const IDENTITY = 'identite';
/**
 * The staging folder sits in the author's own folder, owner-only (0700): a hard
 * link needs the same file system as the note, and there nobody else can plant,
 * rename or remove a staging file (a shared `.en-cours` at the root let any
 * member do so). It starts with a dot, so it is never an author or a team.
 */
const WORK = '.en-cours';
/** A staging file left by a publication that did not finish: removed by its author's next publication. */
const STALE_STAGING_MS = 60 * 60_000;
/** A journal is read from its end beyond this size. */
const MAX_JOURNAL_BYTES = 4 * 1024 * 1024;
const { O_APPEND, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_WRONLY } = constants;
const MY_UID = process.getuid?.();
/** Which machine a staging file comes from: its process is looked for only on this one. */
const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

interface Modes {
  shared: boolean;
  /** The box's group (the root's) when it is shared: every file and folder we make gets it. */
  group?: number;
  team: number;
  author: number;
  staging: number;
  /** Notes, exports, index entries and journals: written by their owner only. */
  file: number;
}

/** An author folder as lstat saw it: whose it is, and whether anyone else may write in it. */
interface AuthorFolder {
  team: string;
  author: string;
  path: string;
  uid: number;
  /** Writable by the group or others: a folder of the previous version (2770), or chmod'ed by hand. */
  writable: boolean;
}

export interface FolderOptions {
  journalDays: number;
  ttlMaxSeconds: number;
}

export async function openFolderMailbox(root: string, options: FolderOptions): Promise<FolderMailbox> {
  return new FolderMailbox(root, await prepareRoot(root), options);
}

/**
 * Owner-only (0700 folders, 0600 files) by default. A root with the set-group-ID
 * bit and group access (`chgrp binome dossier && chmod 2770 dossier`) is shared
 * with that group: team folders 3770 (anyone of the group adds an author folder,
 * nobody removes or renames another's), author folders 2750 (their owner alone
 * writes, the group reads), files 0640.
 */
async function prepareRoot(root: string): Promise<Modes> {
  try {
    // A file at the root's place is named as such (mkdir would only say EEXIST).
    const info = await stat(root).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await mkdir(root, { recursive: true, mode: 0o700 });
      return stat(root);
    });
    if (!info.isDirectory()) throw new MailboxError('not-a-folder', `dossier ${root}`, { path: root });
    const shared = (info.mode & 0o2000) !== 0 && (info.mode & 0o070) !== 0;
    return shared
      ? { shared, group: info.gid, team: 0o3770, author: 0o2750, staging: 0o2700, file: 0o640 }
      : { shared, team: 0o700, author: 0o700, staging: 0o700, file: 0o600 };
  } catch (error) {
    throw toFolderError(error, `dossier ${root}`, false);
  }
}

const isMine = (uid: number) => MY_UID === undefined || uid === MY_UID;
/** Sticky, set-group-ID and group rwx: what a shared team folder needs. */
const isProtectedTeam = (mode: number) => (mode & 0o3070) === 0o3070;

export class FolderMailbox implements Mailbox {
  readonly label: string;
  readonly user: string;
  /** The author folders this process already prepared for publishing (modes checked, staging cleaned). */
  private readonly prepared = new Set<string>();
  private readonly names: SystemNames;

  constructor(
    private readonly root: string,
    private readonly modes: Modes,
    private readonly options: FolderOptions,
  ) {
    this.label = `dossier ${root}`;
    this.user = currentUser();
    this.names = new SystemNames(this.user);
  }

  async publish(request: PublishRequest): Promise<Publication> {
    return this.run(() => publishWithFreeStamp(this.storeFor(request.team, request.author), request));
  }

  async list(query: ListQuery): Promise<Listing> {
    return this.run(async () => {
      const pattern = 'pattern' in query ? globToRegExp(query.pattern) : undefined;
      const allTeams = await this.subdirectories();
      const teams = 'team' in query ? allTeams.filter((team) => team === query.team) : allTeams;
      const entries: ListedEntry[] = [];
      const anomalies: Vigilance[] = [];
      let unindexed = 0;
      for (const team of teams) {
        const teamInfo = await this.teamInfo(team);
        if (!teamInfo) continue;
        if (this.modes.shared && !isProtectedTeam(teamInfo.mode))
          anomalies.push(unprotectedTeamFolder(join(this.root, team), await this.ownerName(teamInfo.uid)));
        const authors = (await this.subdirectories(team)).filter((author) => !('team' in query) || query.author === undefined || author === query.author);
        for (const author of authors) {
          const folder = await this.authorFolder(team, author);
          if (!folder) continue;
          const dirents = await this.authorEntries(folder, anomalies);
          const byName = new Map(dirents.map((dirent) => [dirent.name, dirent]));
          for (const dirent of dirents) {
            const parts = partsOf(team, author, dirent.name);
            if (!parts || (pattern ? !pattern.test(buildKey(parts)) : parts.kind !== 'contexte')) continue;
            const entry = await this.entry(folder, parts, dirent, byName, anomalies);
            if (!entry) continue;
            if (parts.kind === 'contexte' && entry.sha256 === undefined) unindexed++;
            entries.push(entry);
          }
        }
      }
      const teamKnown = 'pattern' in query || teams.length > 0;
      return { entries, unindexed, teamKnown, knownTeams: allTeams, anomalies };
    });
  }

  async get(key: string, maxBytes = Number.POSITIVE_INFINITY): Promise<Fetched | Oversized | undefined> {
    return this.run(async () => {
      const parts = parseKey(key);
      if (!parts || !(await this.teamInfo(parts.team))) return undefined;
      const folder = await this.authorFolder(parts.team, parts.author);
      if (!folder) return undefined;
      const info = await this.live(folder, parts);
      if (!info) return undefined;
      // Never more than a note (an export, a patch) may weigh, whatever the caller accepts.
      const limit = Math.min(maxBytes, MAX_STORED_BYTES(parts.kind));
      if (info.size > limit) return { oversized: true, size: info.size };
      const path = this.path(parts);
      const read = await readBounded(path, limit);
      if (read.kind === 'absent') return undefined;
      if (read.kind === 'refused') {
        if (read.why === 'trop-gros') return { oversized: true, size: read.size ?? info.size };
        if (read.why === 'illisible') throw await explainDenial(path, this.rights());
        // A link or a FIFO put in the note's place after it was seen: there is no note to give.
        return undefined;
      }
      const summary = parts.kind === 'contexte' ? await this.readSummary(folder, parts) : { present: false, findings: [] };
      // Still linked to its staging file and not indexed: a publication in progress, or killed.
      if (read.info.nlink > 1 && !summary.present && !(await this.exists(this.summaryPath(parts)))) return undefined;
      const value = read.data;
      const sha256 = sha256Of(value);
      const vigilance: Vigilance[] = [];
      if (folder.writable) vigilance.push(writableAuthorFolder(folder.path, await this.ownerName(folder.uid)));
      if (read.info.uid !== folder.uid)
        vigilance.push(foreignOwner(roleOf(parts), where(parts, parts.kind), await this.ownerName(read.info.uid), await this.ownerName(folder.uid), false));
      vigilance.push(...summary.findings);
      const ttlSeconds = Math.ceil((read.info.mtimeMs - Date.now()) / 1000);
      vigilance.push(...checkKey(parts.kind, { exists: true, ttlSeconds, size: value.length, sha256 }, summary.entry, this.options.ttlMaxSeconds));
      return { value, sha256, vigilance };
    });
  }

  async remove(key: string): Promise<string[]> {
    return this.run(async () => {
      const parts = parseKey(key);
      if (!parts || !(await this.teamInfo(parts.team))) return [];
      const folder = await this.authorFolder(parts.team, parts.author);
      if (!folder) return [];
      await this.requireOwnFolder(folder);
      const removed = await this.deleteFiles(parts);
      if (removed.length > 0)
        await this.append({ kind: 'suppression', team: parts.team, author: parts.author, key: noteKeyOf(parts), detail: removed.join(' ') });
      return removed;
    });
  }

  async purge(team: string): Promise<number> {
    return this.run(async () => {
      const folders: Array<{ folder: AuthorFolder; names: string[] }> = [];
      for (const author of await this.subdirectories(team)) {
        const folder = await this.authorFolder(team, author);
        if (!folder) continue;
        const names = (await readdir(folder.path)).filter((name) => partsOf(team, author, name) || name.startsWith('resume-'));
        // Another author's notes are theirs to delete: refused before anything is deleted.
        if (names.length > 0) await this.requireOwnFolder(folder);
        folders.push({ folder, names });
      }
      let count = 0;
      for (const { folder, names } of folders) {
        for (const name of names) {
          if (partsOf(team, folder.author, name)) count++;
          await unlinkIfPresent(join(folder.path, name));
        }
      }
      // The journals stay (each in its author's folder): a purge is itself an event to keep.
      await this.append(purgeEvent(team, count));
      return count;
    });
  }

  /**
   * A team is sealed when its folder holds the marker written by the folder's
   * owner; a member's identity is the line in their own author folder, written
   * by that folder's owner. What someone else put there counts for nothing.
   */
  async sealing(team: string): Promise<TeamSealing> {
    return this.run(async () => {
      const identities = new Map<string, string>();
      const teamInfo = await this.teamInfo(team);
      if (!teamInfo) return { sealed: false, identities };
      const marker = await readBounded(join(this.root, team, SEALED), 64);
      const sealed = marker.kind === 'read' && marker.info.uid === teamInfo.uid;
      for (const author of await this.subdirectories(team)) {
        const folder = await this.authorFolder(team, author);
        if (!folder || folder.writable) continue;
        const read = await readBounded(join(folder.path, IDENTITY), 256);
        if (read.kind === 'read' && read.info.uid === folder.uid) identities.set(author, read.data.toString('utf8').trim());
      }
      return { sealed, identities };
    });
  }

  /** `publier identite --equipe`: this user's public identity, in their own author folder (its owner is the identity's owner). */
  async registerIdentity(team: string, author: string, line: string): Promise<string> {
    return this.run(async () => {
      await this.ensureTeam(team, true);
      const folder = await this.ensureAuthor(team, author);
      const path = join(folder.path, IDENTITY);
      await this.writeFileAtomically(path, `${line}\n`);
      return path;
    });
  }

  /** `recuperer boite --sceller`: the marker only the team folder's owner may write (a member's file in its place is replaced). */
  async sealTeam(team: string): Promise<string> {
    return this.run(async () => {
      const path = await this.ensureTeam(team, true);
      const info = await lstat(path);
      if (!isMine(info.uid)) throw fail('sceller-pas-proprietaire', { path, owner: await this.ownerName(info.uid) });
      const marker = join(path, SEALED);
      await this.writeFileAtomically(marker, 'scellee\n');
      return marker;
    });
  }

  /** The root, the team folder and its author folders, watched (folder-watch.ts). */
  async watch(team: string): Promise<ActivityWatch> {
    return watchFolders(() =>
      this.run(async () => {
        const authors = await this.subdirectories(team);
        const teamFolder = (await this.teamInfo(team)) ? [join(this.root, team)] : [];
        return [this.root, ...teamFolder, ...authors.map((author) => join(this.root, team, author))];
      }),
    );
  }

  async record(event: NewEvent): Promise<void> {
    await this.run(() => this.append(event));
  }

  async journal(team: string, since: Date): Promise<JournalReport> {
    return this.run(async () => {
      if (!(await this.teamInfo(team))) return { events: [], anomalies: [] };
      const anomalies: Vigilance[] = [];
      const events: JournalEvent[] = [];
      const now = Date.now();
      for (const author of await this.subdirectories(team)) {
        const folder = await this.authorFolder(team, author);
        if (!folder) continue;
        const place = `${team}/${author}/${JOURNAL}`;
        const read = await readBounded(join(folder.path, JOURNAL), MAX_JOURNAL_BYTES, { tail: true });
        if (read.kind === 'absent') continue;
        if (read.kind === 'refused') {
          anomalies.push(unusableFile('journal', place, read.why));
          continue;
        }
        const owner = await this.ownerName(folder.uid);
        if (read.info.uid !== folder.uid) {
          anomalies.push(foreignOwner('journal', place, await this.ownerName(read.info.uid), owner, true));
          continue;
        }
        if (folder.writable) anomalies.push(writableAuthorFolder(folder.path, owner));
        if (read.truncated) anomalies.push(journalTail(place, MAX_JOURNAL_BYTES));
        // Who did it is the journal's owner, never what a line claims.
        const found = linesOf(read.data, read.truncated).flatMap((line) => parseLine(line, team, () => owner) ?? []);
        const future = futureJournal(
          owner,
          found.reduce((max, event) => Math.max(max, event.at.getTime()), 0),
          now,
        );
        if (future) anomalies.push(future);
        events.push(...found);
      }
      events.push(...(await this.sharedJournal(team, anomalies)));
      const oldest = Math.max(since.getTime(), now - this.options.journalDays * 86_400_000);
      // Stable: the events of one journal keep their order when two share a millisecond.
      const sorted = events.map((event, index) => ({ event, index })).sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.index - b.index);
      return { events: sorted.map(({ event }) => event).filter((event) => event.at.getTime() >= oldest), anomalies };
    });
  }

  /** The readings and takings of the members' own journals (the previous version's team-wide journal proves nobody's name). */
  async handoffs(team: string, since: Date): Promise<JournalEvent[] | undefined> {
    const { events } = await this.journal(team, since);
    return events.filter((event) => (event.kind === 'prise' || event.kind === 'lecture') && !event.user.endsWith(UNVERIFIED));
  }

  async close(): Promise<void> {}

  /** The team-wide journal of the previous version, read until its notes expire: its lines say who wrote them, nothing proves it. */
  private async sharedJournal(team: string, anomalies: Vigilance[]): Promise<JournalEvent[]> {
    const path = join(this.root, team, JOURNAL);
    const read = await readBounded(path, MAX_JOURNAL_BYTES, { tail: true });
    if (read.kind === 'absent') return [];
    if (read.kind === 'refused') {
      anomalies.push(unusableFile('journal', `${team}/${JOURNAL}`, read.why));
      return [];
    }
    const events = linesOf(read.data, read.truncated).flatMap((line) => parseLine(line, team, (claimed) => `${claimed}${UNVERIFIED}`) ?? []);
    if (events.length > 0) anomalies.push(sharedJournal(path, events.length));
    return events;
  }

  /** The publish loop's primitives for one author: everything is written in that author's own folder. */
  private storeFor(team: string, author: string): PublishStore<string> {
    return {
      label: this.label,
      stage: (bytes, expiresAt) => this.stage(team, author, bytes, expiresAt),
      unstage: (path) => unlink(path).catch(() => undefined),
      createExclusive: (parts, staged) => linkExclusive(staged, this.path(parts)),
      deleteKeys: async (parts) => {
        await Promise.all(parts.map((part) => unlinkIfPresent(this.path(part))));
      },
      writeIndexEntry: (parts, entry) => this.writeFileAtomically(this.summaryPath(parts), encodeEntry(entry)),
      removeIndexEntry: async (parts) => {
        await unlinkIfPresent(this.summaryPath(parts));
      },
      appendJournal: (event) => this.append(event),
    };
  }

  private path(parts: KeyParts): string {
    return join(this.root, parts.team, parts.author, `${parts.kind}-${parts.stamp}`);
  }

  private summaryPath(parts: KeyParts): string {
    return join(this.root, parts.team, parts.author, `resume-${parts.stamp}`);
  }

  /**
   * The team folder, made with the box's mode. Before a publication (`strict`)
   * in a shared box, it must have the sticky bit: fixed when it is ours,
   * otherwise refused with the command its owner runs.
   */
  private async ensureTeam(team: string, strict: boolean): Promise<string> {
    const path = join(this.root, team);
    if (await this.makeFolder(path, this.modes.team)) {
      if (strict) await this.protectRoot();
      return path;
    }
    const info = await lstat(path);
    if (!info.isDirectory()) throw unsafePath(this.label, path);
    if (this.modes.shared && strict && !isProtectedTeam(info.mode)) {
      if (!isMine(info.uid)) throw fail('boite-equipe-non-protegee', { box: this.label, path, owner: await this.ownerName(info.uid) });
      await chmod(path, this.modes.team);
    }
    if (strict && this.modes.group !== undefined && info.gid !== this.modes.group) {
      if (!isMine(info.uid)) throw await wrongGroup(path, info, this.rights());
      await this.giveGroup(path, this.modes.team);
    }
    if (strict) await this.protectRoot();
    return path;
  }

  /** A shared root of ours gets the sticky bit too: no member renames a team folder someone else made. */
  private async protectRoot(): Promise<void> {
    if (!this.modes.shared) return;
    const info = await stat(this.root);
    if (isMine(info.uid) && MY_UID !== undefined && (info.mode & 0o1000) === 0) await chmod(this.root, (info.mode & 0o7777) | 0o1000).catch(() => undefined);
  }

  /**
   * The author folder this user publishes in: made by them (its name is then
   * theirs), or already theirs, its mode fixed if a previous version made it
   * group-writable. A colleague's folder is refused: the kernel would refuse
   * the writes anyway, this says why.
   */
  private async ensureAuthor(team: string, author: string): Promise<AuthorFolder> {
    const path = join(this.root, team, author);
    if (!(await this.makeFolder(path, this.modes.author))) {
      const folder = await this.authorFolder(team, author);
      if (!folder) throw unsafePath(this.label, path);
      await this.requireOwnFolder(folder);
      await this.fixMode(path);
      await this.repairGroups(path);
    }
    return { team, author, path, uid: MY_UID ?? 0, writable: false };
  }

  private async requireOwnFolder(folder: AuthorFolder): Promise<void> {
    if (isMine(folder.uid)) return;
    throw fail('dossier-auteur-d-un-autre', { box: this.label, path: folder.path, author: folder.author, owner: await this.ownerName(folder.uid) });
  }

  /** An author folder of ours keeps the box's mode (a previous version made it 2770). */
  private async fixMode(path: string): Promise<void> {
    const info = await lstat(path);
    if ((info.mode & 0o7777) !== this.modes.author) await chmod(path, this.modes.author);
  }

  /**
   * An author folder of ours, and the files of ours in it, get the box's group
   * (a previous version left notes with their author's primary group, which no
   * teammate could read). Once per process and folder.
   */
  private async repairGroups(path: string): Promise<void> {
    const group = this.modes.group;
    if (group === undefined || this.prepared.has(`groupes:${path}`)) return;
    this.prepared.add(`groupes:${path}`);
    await this.giveGroup(path, this.modes.author);
    for (const dirent of await entriesOf(path)) {
      const child = join(path, dirent.name);
      const info = await lstatIfPresent(child);
      if (!info || !isMine(info.uid) || info.gid === group) continue;
      if (info.isFile()) await this.giveGroup(child);
      else if (info.isDirectory() && dirent.name === WORK) await this.giveGroup(child, this.modes.staging);
    }
  }

  /** A file or folder of ours gets the box's group (no-op in a private box). */
  private async giveGroup(path: string, mode?: number): Promise<void> {
    if (this.modes.group !== undefined) await giveGroupToPath(path, this.modes.group, mode, this.names, this.label);
  }

  /** A file we just opened for writing gets the box's group (no-op in a private box). */
  private async giveGroupTo(handle: FileHandle, path: string): Promise<void> {
    if (this.modes.group !== undefined) await giveGroupToFile(handle, path, this.modes.group, this.names, this.label);
  }

  private rights(): BoxRights {
    return { root: this.root, box: this.label, ...(this.modes.group !== undefined ? { group: this.modes.group } : {}), names: this.names };
  }

  /**
   * Makes a folder with exactly this mode (mkdir's mode passes through the
   * umask) and the box's group; false when something already has the name.
   * It is built under a hidden name beside it and renamed into place once its
   * group and mode are set, so a teammate never sees it half made (a reader
   * waiting for a team would otherwise meet a folder it may not open yet).
   */
  private async makeFolder(path: string, mode: number): Promise<boolean> {
    if (await lstatIfPresent(path)) return false;
    const staging = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await mkdir(staging, { mode });
    } catch (error) {
      // A refusal is about the folder the user asked for, not our hidden name.
      throw Object.assign(error as object, { path });
    }
    try {
      await this.giveGroup(staging);
      await chmod(staging, mode);
      await rename(staging, path);
      return true;
    } catch (error) {
      await rmdir(staging).catch(() => undefined);
      const code = (error as { code?: string }).code;
      if (code === 'EEXIST' || code === 'ENOTEMPTY') return false;
      throw error;
    }
  }

  /** A real folder's metadata, undefined when absent; a link or a file in its place is refused. */
  private async teamInfo(team: string): Promise<Stats | undefined> {
    const info = await lstatIfPresent(join(this.root, team));
    if (info && !info.isDirectory()) throw unsafePath(this.label, join(this.root, team));
    return info;
  }

  private async authorFolder(team: string, author: string): Promise<AuthorFolder | undefined> {
    const path = join(this.root, team, author);
    const info = await lstatIfPresent(path);
    if (!info) return undefined;
    if (!info.isDirectory()) throw unsafePath(this.label, path);
    return { team, author, path, uid: info.uid, writable: (info.mode & 0o022) !== 0 };
  }

  /** Valid names of the real folders in the root or a team (links and files are skipped). */
  private async subdirectories(team?: string): Promise<string[]> {
    if (team !== undefined && !(await this.teamInfo(team))) return [];
    const path = team === undefined ? this.root : join(this.root, team);
    return (await entriesOf(path)).filter((entry) => entry.isDirectory() && isValidName(entry.name)).map((entry) => entry.name);
  }

  /** An author folder's entries; one the reader may not open is a vigilance, not a failed listing. */
  private async authorEntries(folder: AuthorFolder, anomalies: Vigilance[]): Promise<Dirent[]> {
    try {
      return await entriesOf(folder.path);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'EACCES' && code !== 'EPERM') throw error;
      anomalies.push({
        code: 'fichier-non-ordinaire',
        message: `le dossier d’auteur ${folder.team}/${folder.author} est illisible pour vous (droits) : ses notes ne sont pas listées ; son propriétaire le corrige avec chmod 2750 ${folder.path}`,
      });
      return [];
    }
  }

  /**
   * A synced private staging file whose modification time is the expiry, in the
   * author's own folder; the first time, the team and author folders are made
   * (or checked) and the author's stale staging files cleaned.
   */
  private async stage(team: string, author: string, data: Buffer, expiresAt: Date): Promise<string> {
    const work = join(this.root, team, author, WORK);
    if (!this.prepared.has(work)) {
      await this.ensureTeam(team, true);
      const folder = await this.ensureAuthor(team, author);
      await this.stagingFolder(folder.path);
      await this.cleanStaging(folder);
      this.prepared.add(work);
    }
    const path = join(work, `${process.pid}-${HOST}-${randomBytes(8).toString('hex')}`);
    const handle = await open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, this.modes.file);
    try {
      await this.giveGroupTo(handle, path);
      await handle.writeFile(data);
      await handle.chmod(this.modes.file);
      await handle.sync();
      await handle.utimes(new Date(), expiresAt);
    } finally {
      await handle.close();
    }
    return path;
  }

  /** The owner-only staging folder of an author folder of ours. */
  private async stagingFolder(authorPath: string): Promise<string> {
    const path = join(authorPath, WORK);
    if (!(await this.makeFolder(path, this.modes.staging))) {
      const info = await lstat(path);
      if (!info.isDirectory() || !isMine(info.uid)) throw unsafePath(this.label, path);
      if (this.modes.group !== undefined && info.gid !== this.modes.group) await this.giveGroup(path);
      if ((info.mode & 0o7777) !== this.modes.staging) await chmod(path, this.modes.staging);
    }
    return path;
  }

  /**
   * Removes the staging files of publications that did not finish: their
   * process is gone (same machine) or they are over an hour old. One still
   * linked to a note means the publication was killed after the link: that
   * note (and its export), which no reader was shown, is removed too, unless
   * its index entry was written (then it was complete).
   */
  private async cleanStaging(folder: AuthorFolder): Promise<void> {
    const work = join(folder.path, WORK);
    const interrupted = new Set<number>();
    const now = Date.now();
    for (const name of await readdir(work)) {
      const path = join(work, name);
      const info = await lstatIfPresent(path);
      if (!info?.isFile()) continue;
      if (!processGone(name) && info.ctimeMs > now - STALE_STAGING_MS) continue;
      if (info.nlink > 1) interrupted.add(info.ino);
      await unlinkIfPresent(path);
    }
    if (interrupted.size === 0) return;
    for (const name of await readdir(folder.path)) {
      const parts = partsOf(folder.team, folder.author, name);
      if (!parts) continue;
      const info = await lstatIfPresent(join(folder.path, name));
      if (info && interrupted.has(info.ino) && !(await this.exists(this.summaryPath(parts)))) await unlinkIfPresent(join(folder.path, name));
    }
  }

  /** What `list` shows of one file: the store's facts, the index entry written at publication, and where they differ. */
  private async entry(
    folder: AuthorFolder,
    parts: KeyParts,
    dirent: Dirent,
    byName: ReadonlyMap<string, Dirent>,
    anomalies: Vigilance[],
  ): Promise<ListedEntry | undefined> {
    const place = where(parts, parts.kind);
    if (!dirent.isFile()) {
      anomalies.push(unusableFile(roleOf(parts), place, dirent.isSymbolicLink() ? 'lien' : 'special'));
      return undefined;
    }
    const info = await this.live(folder, parts);
    if (!info) return undefined;
    if (info.uid !== folder.uid) {
      anomalies.push(foreignOwner(roleOf(parts), place, await this.ownerName(info.uid), await this.ownerName(folder.uid), true));
      return undefined;
    }
    const hasSummary = byName.has(`resume-${parts.stamp}`);
    // Still linked to its staging file and not indexed: a publication in progress, or killed; nobody is shown it.
    if (info.nlink > 1 && !hasSummary) return undefined;
    const summary = parts.kind === 'contexte' && hasSummary ? await this.readSummary(folder, parts) : { present: false, findings: [] };
    const indexed = summary.entry;
    const ttlSeconds = Math.ceil((info.mtimeMs - Date.now()) / 1000);
    const companions: Companion[] = [];
    for (const kind of parts.kind === 'contexte' ? COMPANIONS : [])
      if (byName.get(`${kind}-${parts.stamp}`)?.isFile() === true && (await this.live(folder, { ...parts, kind })) !== undefined) companions.push(kind);
    const vigilance = [
      ...(folder.writable ? [writableAuthorFolder(folder.path, await this.ownerName(folder.uid))] : []),
      ...(this.modes.group !== undefined && info.gid !== this.modes.group && !isMine(info.uid)
        ? [foreignGroup(roleOf(parts), place, await this.names.group(info.gid), await this.names.group(this.modes.group), await this.ownerName(info.uid))]
        : []),
      ...summary.findings,
      ...checkKey(parts.kind, { exists: true, ttlSeconds, size: info.size }, indexed, this.options.ttlMaxSeconds),
    ];
    return {
      key: buildKey(parts),
      parts,
      ttlSeconds,
      size: info.size,
      ...(indexed ? { sha256: indexed.sha256 } : {}),
      ...companionKeysOf(parts, companions),
      ...(indexed?.title ? { title: indexed.title } : {}),
      ...(indexed?.sealedSummary ? { sealedSummary: indexed.sealedSummary } : {}),
      ...(indexed?.summary ? { summary: indexed.summary } : {}),
      vigilance,
    };
  }

  /** A note's index entry, read bounded; one its folder's owner did not write, or that is not a small regular file, is a finding and not used. */
  private async readSummary(folder: AuthorFolder, parts: KeyParts): Promise<{ present: boolean; entry?: IndexEntry; findings: Vigilance[] }> {
    const place = where(parts, 'resume');
    const read = await readBounded(this.summaryPath(parts), MAX_ENTRY_CHARS);
    if (read.kind === 'absent') return { present: false, findings: [] };
    if (read.kind === 'refused') return { present: true, findings: [unusableFile('resume', place, read.why, read.size, MAX_ENTRY_CHARS)] };
    if (read.info.uid !== folder.uid) {
      return { present: true, findings: [foreignOwner('resume', place, await this.ownerName(read.info.uid), await this.ownerName(folder.uid), true)] };
    }
    const entry = decodeEntry(read.data.toString('utf8'), noteKeyOf(parts));
    return { present: true, ...(entry ? { entry } : {}), findings: [] };
  }

  private async writeFileAtomically(path: string, text: string): Promise<void> {
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, this.modes.file);
    try {
      await this.giveGroupTo(handle, temporary);
      await handle.writeFile(text);
      await handle.chmod(this.modes.file);
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  }

  /** The file's metadata if it is a live regular file; an expired file is deleted when seen, by its folder's owner. */
  private async live(folder: AuthorFolder, parts: KeyParts): Promise<Stats | undefined> {
    const path = this.path(parts);
    const info = await lstatIfPresent(path);
    if (!info?.isFile()) return undefined;
    if (info.mtimeMs <= Date.now()) {
      if (isMine(folder.uid)) {
        await this.discard(folder, path, info.ino);
        if (parts.kind === 'contexte') await unlinkIfPresent(this.summaryPath(parts)).catch(() => undefined);
      }
      return undefined;
    }
    return info;
  }

  /** Deletes an expired file, and only the one that was seen: another may have taken its name since. */
  private async discard(folder: AuthorFolder, path: string, inode: number): Promise<void> {
    const trash = join(await this.stagingFolder(folder.path), `perime-${randomBytes(8).toString('hex')}`);
    try {
      await rename(path, trash);
    } catch {
      return;
    }
    if ((await lstat(trash)).ino !== inode) await link(trash, path).catch(() => undefined);
    await unlink(trash).catch(() => undefined);
  }

  private async deleteFiles(parts: KeyParts): Promise<string[]> {
    await unlinkIfPresent(this.summaryPath(parts));
    const removed: string[] = [];
    for (const kind of ['contexte', ...COMPANIONS] as const) {
      if (await unlinkIfPresent(this.path({ ...parts, kind }))) removed.push(buildKey({ ...parts, kind }));
    }
    return removed;
  }

  private async exists(path: string): Promise<boolean> {
    return (await lstatIfPresent(path)) !== undefined;
  }

  /**
   * One JSON line per event, appended (O_APPEND) to this user's own journal in
   * the team, never through a link, never to anything but a regular file of
   * ours (O_NONBLOCK: a FIFO planted there is refused at once).
   */
  private async append(event: NewEvent): Promise<void> {
    const path = join(await this.journalFolder(event), JOURNAL);
    const line = JSON.stringify({ quand: new Date().toISOString(), utilisateur: this.user, ...Object.fromEntries(eventFields(event)) });
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK, this.modes.file);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ENXIO' || code === 'EISDIR') throw unsafePath(this.label, path);
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile() || !isMine(info.uid)) throw unsafePath(this.label, path);
      await this.giveGroupTo(handle, path);
      if ((info.mode & 0o777) !== this.modes.file) await handle.chmod(this.modes.file);
      await handle.write(`${line}\n`);
    } finally {
      await handle.close();
    }
  }

  /**
   * Where this user's events of a team go: an author folder of theirs — the
   * event's author when it is theirs, else the one named after them, else any
   * of theirs — made when they have none (named after the author they publish
   * as, or after themselves when they only read).
   */
  private async journalFolder(event: NewEvent): Promise<string> {
    await this.ensureTeam(event.team, false);
    const me = isValidName(this.user) ? this.user : `utilisateur-${MY_UID ?? 0}`;
    const candidates = [...(event.author ? [event.author] : []), me];
    for (const name of candidates) {
      const folder = await this.ownFolder(event.team, name);
      if (folder) return folder;
    }
    for (const name of await this.subdirectories(event.team)) {
      const folder = await this.ownFolder(event.team, name);
      if (folder) return folder;
    }
    if (event.author && (event.kind === 'publication' || event.kind === 'refus')) return (await this.ensureAuthor(event.team, event.author)).path;
    // A reader whose name another member took still journals what they read, under a name of their own.
    const own = !(await this.exists(join(this.root, event.team, me)))
      ? me
      : isValidName(`${me}.${MY_UID ?? 0}`)
        ? `${me}.${MY_UID ?? 0}`
        : `utilisateur-${MY_UID ?? 0}`;
    return (await this.ensureAuthor(event.team, own)).path;
  }

  /** An existing author folder of this user, its mode fixed; undefined when absent or someone else's. */
  private async ownFolder(team: string, author: string): Promise<string | undefined> {
    const folder = await lstatIfPresent(join(this.root, team, author));
    if (!folder?.isDirectory() || !isMine(folder.uid)) return undefined;
    await this.fixMode(join(this.root, team, author));
    return join(this.root, team, author);
  }

  /** The system user's name for a file owner; `uid N` when unknown. */
  private ownerName(uid: number): Promise<string> {
    return this.names.user(uid);
  }

  private async run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof Failure) throw error;
      const { code, path } = error as { code?: string; path?: string };
      if ((code === 'EACCES' || code === 'EPERM') && path !== undefined) throw await explainDenial(path, this.rights());
      throw toFolderError(error, this.label, this.modes.shared);
    }
  }
}

function unsafePath(label: string, path: string): MailboxError {
  return new MailboxError('unsafe-path', label, { path });
}

/** A file system error as a mailbox failure that names the file and what to change, never Redis' ACLs. */
function toFolderError(error: unknown, label: string, shared: boolean): MailboxError {
  if (error instanceof MailboxError) return error;
  const { code, path } = error as { code?: string; path?: string };
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return new MailboxError('no-permission', label, { code, path: path ?? label.replace(/^dossier /, ''), shared });
    case 'ELOOP':
      return unsafePath(label, path ?? label);
    case 'ENOSPC':
    case 'EDQUOT':
      return new MailboxError('disk-full', label, { code });
    case 'EROFS':
      return new MailboxError('read-only', label, { code });
    default:
      return new MailboxError('other', label, { ...(code ? { code } : {}), path: label.replace(/^dossier /, '') });
  }
}

function partsOf(team: string, author: string, name: string): KeyParts | undefined {
  const match = /^(contexte|session|modifs)-(.+)$/.exec(name);
  return match ? parseKey(`${match[1]}:${team}:${author}:${match[2]}`) : undefined;
}

const ROLES: Record<KeyParts['kind'], FileRole> = { contexte: 'note', session: 'export', modifs: 'modifs' };
const roleOf = (parts: KeyParts): FileRole => ROLES[parts.kind];
/** A file of the box named from its root, from validated names only. */
const where = (parts: KeyParts, kind: string) => `${parts.team}/${parts.author}/${kind}-${parts.stamp}`;

/** A staging file of a process of this machine that no longer runs. */
function processGone(name: string): boolean {
  const match = /^(\d+)-([0-9a-f]{8})-/.exec(name);
  if (!match || match[2] !== HOST) return false;
  const pid = Number(match[1]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as { code?: string }).code === 'ESRCH';
  }
}

async function linkExclusive(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') return false;
    throw error;
  }
}

async function unlinkIfPresent(path: string): Promise<boolean> {
  try {
    await unlink(path);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return false;
    throw error;
  }
}

async function lstatIfPresent(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

async function entriesOf(path: string): Promise<Dirent[]> {
  try {
    return await readdir(path, { withFileTypes: true });
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}

function currentUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'inconnu';
  }
}

/** A journal's lines; when only its end was read, the first (cut) line is dropped. */
function linesOf(data: Buffer, truncated: boolean): string[] {
  const lines = data.toString('utf8').split('\n');
  return truncated ? lines.slice(1) : lines;
}

/** A journal line; who did it is said by the caller from where the line was found (`claimed` is what the line says). */
function parseLine(line: string, team: string, userOf: (claimed: string) => string): JournalEvent | undefined {
  if (!line.trim()) return undefined;
  try {
    const raw = JSON.parse(line) as Record<string, unknown>;
    if (typeof raw !== 'object' || raw === null) return undefined;
    const claimed = typeof raw.utilisateur === 'string' ? raw.utilisateur : '?';
    const size = raw.octets;
    return eventFromFields(new Map(Object.entries({ ...raw, ...(typeof size === 'number' ? { octets: String(size) } : {}) })), {
      team,
      user: userOf(claimed),
      at: new Date(String(raw.quand)),
    });
  } catch {
    return undefined;
  }
}
