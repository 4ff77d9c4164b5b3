/**
 * The folder mailbox: the embedded default when no Redis is configured, on a
 * local folder or one a pair shares. Same keys, same TTL semantics, same
 * guarantees:
 *
 *   <dossier>/<equipe>/<auteur>/contexte-<horodatage>   a note
 *   <dossier>/<equipe>/<auteur>/session-<horodatage>    its session export
 *   <dossier>/<equipe>/<auteur>/resume-<horodatage>     its index entry (JSON)
 *   <dossier>/<equipe>/journal.jsonl                    the team's journal, append-only
 *
 * A note's expiry is its file's modification time, set before the file appears,
 * so a note and its TTL are one inode. A note is written to a temporary file,
 * synced, then hard-linked to its name: the link fails if the name exists (no
 * overwrite, even between processes) and a reader never sees a half-written note.
 *
 * Below the root, nothing a teammate planted is followed: every folder is
 * checked with lstat, every file is opened with O_NOFOLLOW.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, type FileHandle, link, lstat, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { Failure } from '../../messages/failure.js';
import type { Fetched, JournalReport, ListedEntry, Listing, ListQuery, Mailbox, Publication, PublishRequest } from '../contract.js';
import { decodeEntry, encodeEntry } from '../entry.js';
import { MailboxError } from '../errors.js';
import { eventFields, eventFromFields, type JournalEvent, type NewEvent, purgeEvent } from '../journal-event.js';
import { buildKey, isValidName, type KeyParts, noteKeyOf, parseKey, sessionKeyOf } from '../keys.js';
import { type PublishStore, publishWithFreeStamp, sha256Of } from '../publish.js';
import { checkKey, futureJournal } from '../verify.js';
import { globToRegExp } from './glob.js';

const JOURNAL = 'journal.jsonl';
const WORK = '.en-cours';
const { O_APPEND, O_CREAT, O_NOFOLLOW, O_RDONLY, O_WRONLY } = constants;

interface Modes {
  shared: boolean;
  directory: number;
  /** Files only their writer changes: notes, exports, index entries. */
  file: number;
  /** Files every member appends to: the journal. */
  appendable: number;
}

export interface FolderOptions {
  journalDays: number;
  ttlMaxSeconds: number;
}

export async function openFolderMailbox(root: string, options: FolderOptions): Promise<Mailbox> {
  return new FolderMailbox(root, await prepareRoot(root), options);
}

/**
 * Owner-only (0700 folders, 0600 files) by default. A root with the set-group-ID
 * bit and group access (`chgrp binome dossier && chmod 2770 dossier`) is shared
 * with that group: folders 2770, files 0640, the journal 0660 so that each
 * member can append to it.
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
    return shared ? { shared, directory: 0o2770, file: 0o640, appendable: 0o660 } : { shared, directory: 0o700, file: 0o600, appendable: 0o600 };
  } catch (error) {
    throw toFolderError(error, `dossier ${root}`, false);
  }
}

class FolderMailbox implements Mailbox {
  readonly label: string;
  readonly user: string;
  private readonly store: PublishStore<string>;

  constructor(
    private readonly root: string,
    private readonly modes: Modes,
    private readonly options: FolderOptions,
  ) {
    this.label = `dossier ${root}`;
    this.user = currentUser();
    this.store = {
      label: this.label,
      stage: (bytes, expiresAt) => this.stage(bytes, expiresAt),
      unstage: (path) => unlink(path).catch(() => undefined),
      createExclusive: async (parts, staged) => {
        await this.directory(parts.team);
        await this.directory(parts.team, parts.author);
        return linkExclusive(staged, this.path(parts));
      },
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

  async publish(request: PublishRequest): Promise<Publication> {
    return this.run(() => publishWithFreeStamp(this.store, request));
  }

  async list(query: ListQuery): Promise<Listing> {
    return this.run(async () => {
      const pattern = 'pattern' in query ? globToRegExp(query.pattern) : undefined;
      const allTeams = await this.subdirectories();
      const teams = 'team' in query ? allTeams.filter((team) => team === query.team) : allTeams;
      const entries: ListedEntry[] = [];
      let unindexed = 0;
      for (const team of teams) {
        const authors = (await this.subdirectories(team)).filter((author) => !('team' in query) || query.author === undefined || author === query.author);
        for (const author of authors) {
          for (const name of await this.fileNames(team, author)) {
            const parts = partsOf(team, author, name);
            if (!parts || (pattern ? !pattern.test(buildKey(parts)) : parts.kind !== 'contexte')) continue;
            const entry = await this.entry(parts);
            if (!entry) continue;
            if (parts.kind === 'contexte' && entry.sha256 === undefined) unindexed++;
            entries.push(entry);
          }
        }
      }
      const teamKnown = 'pattern' in query || teams.length > 0;
      return { entries, unindexed, teamKnown, knownTeams: allTeams, anomalies: [] };
    });
  }

  async get(key: string): Promise<Fetched | undefined> {
    return this.run(async () => {
      const parts = parseKey(key);
      if (!parts) return undefined;
      const file = await this.readLive(parts);
      if (!file) return undefined;
      const sha256 = sha256Of(file.value);
      const indexed = parts.kind === 'contexte' ? await this.readEntry(parts) : undefined;
      const vigilance = checkKey(
        parts.kind,
        { exists: true, ttlSeconds: file.ttlSeconds, size: file.value.length, sha256 },
        indexed,
        this.options.ttlMaxSeconds,
      );
      await this.append({ kind: 'lecture', team: parts.team, author: parts.author, key, sha256, size: file.value.length });
      return { value: file.value, vigilance };
    });
  }

  async remove(key: string): Promise<string[]> {
    return this.run(async () => {
      const parts = parseKey(key);
      if (!parts || !(await this.isDirectory(join(this.root, parts.team, parts.author)))) return [];
      const removed = await this.deleteFiles(parts);
      if (removed.length > 0)
        await this.append({ kind: 'suppression', team: parts.team, author: parts.author, key: noteKeyOf(parts), detail: removed.join(' ') });
      return removed;
    });
  }

  async purge(team: string): Promise<number> {
    return this.run(async () => {
      let count = 0;
      for (const author of await this.subdirectories(team)) {
        count += (await this.fileNames(team, author)).filter((name) => partsOf(team, author, name)).length;
        await rm(join(this.root, team, author), { recursive: true, force: true });
      }
      // The journal stays: a purge is itself an event to keep.
      await this.append(purgeEvent(team, count));
      return count;
    });
  }

  async record(event: NewEvent): Promise<void> {
    await this.run(() => this.append(event));
  }

  async journal(team: string, since: Date): Promise<JournalReport> {
    return this.run(async () => {
      if (!(await this.isDirectory(join(this.root, team)))) return { events: [], anomalies: [] };
      const text = (await readNoFollow(join(this.root, team, JOURNAL)))?.toString('utf8') ?? '';
      const oldest = Math.max(since.getTime(), Date.now() - this.options.journalDays * 86_400_000);
      const all = text.split('\n').flatMap((line) => parseLine(line, team) ?? []);
      const latest = all.reduce((max, event) => Math.max(max, event.at.getTime()), 0);
      const future = futureJournal(`l’équipe ${team}`, latest, Date.now());
      return { events: all.filter((event) => event.at.getTime() >= oldest), anomalies: future ? [future] : [] };
    });
  }

  async close(): Promise<void> {}

  private path(parts: KeyParts): string {
    return join(this.root, parts.team, parts.author, `${parts.kind}-${parts.stamp}`);
  }

  private summaryPath(parts: KeyParts): string {
    return join(this.root, parts.team, parts.author, `resume-${parts.stamp}`);
  }

  /** A folder of the box, made with the box's mode; an existing one must be a real folder, not a link. */
  private async directory(...names: string[]): Promise<string> {
    const path = join(this.root, ...names);
    try {
      await mkdir(path, { mode: this.modes.directory });
      // mkdir's mode passes through the umask; the mailbox's modes do not depend on it.
      await chmod(path, this.modes.directory);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
      if (!(await this.isDirectory(path))) throw unsafePath(this.label, path);
    }
    return path;
  }

  /** True for a real folder, false when absent; a link or a file in its place is refused. */
  private async isDirectory(path: string): Promise<boolean> {
    const info = await lstat(path).catch((error: { code?: string }) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
      throw error;
    });
    if (!info) return false;
    if (!info.isDirectory()) throw unsafePath(this.label, path);
    return true;
  }

  /** Valid names of the real folders in the root or a team (links and files are skipped). */
  private async subdirectories(team?: string): Promise<string[]> {
    const path = team === undefined ? this.root : join(this.root, team);
    if (team !== undefined && !(await this.isDirectory(path))) return [];
    return (await entriesOf(path)).filter((entry) => entry.isDirectory() && isValidName(entry.name)).map((entry) => entry.name);
  }

  private async fileNames(team: string, author: string): Promise<string[]> {
    return (await entriesOf(join(this.root, team, author))).filter((entry) => entry.isFile()).map((entry) => entry.name);
  }

  /** A synced private temporary file whose modification time is the expiry. */
  private async stage(data: Buffer, expiresAt: Date): Promise<string> {
    const path = join(await this.directory(WORK), randomBytes(12).toString('hex'));
    const handle = await open(path, 'wx', this.modes.file);
    try {
      await handle.writeFile(data);
      await handle.chmod(this.modes.file);
      await handle.sync();
      await handle.utimes(new Date(), expiresAt);
    } finally {
      await handle.close();
    }
    return path;
  }

  /** What `list` shows: the store's facts, the index entry written at publication, and where they differ. */
  private async entry(parts: KeyParts): Promise<ListedEntry | undefined> {
    const info = await this.live(parts);
    if (!info) return undefined;
    const indexed = parts.kind === 'contexte' ? await this.readEntry(parts) : undefined;
    const ttlSeconds = Math.ceil((info.mtimeMs - Date.now()) / 1000);
    const hasSession = parts.kind === 'contexte' && (await this.live({ ...parts, kind: 'session' })) !== undefined;
    return {
      key: buildKey(parts),
      parts,
      ttlSeconds,
      size: info.size,
      ...(indexed ? { sha256: indexed.sha256 } : {}),
      ...(hasSession ? { sessionKey: sessionKeyOf(parts) } : {}),
      ...(indexed?.title ? { title: indexed.title } : {}),
      ...(indexed?.summary ? { summary: indexed.summary } : {}),
      vigilance: checkKey(parts.kind, { exists: true, ttlSeconds, size: info.size }, indexed, this.options.ttlMaxSeconds),
    };
  }

  private async readEntry(parts: KeyParts) {
    const text = await readNoFollow(this.summaryPath(parts));
    return text === undefined ? undefined : decodeEntry(text.toString('utf8'), noteKeyOf(parts));
  }

  private async writeFileAtomically(path: string, text: string): Promise<void> {
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temporary, 'wx', this.modes.file);
    try {
      await handle.writeFile(text);
      await handle.chmod(this.modes.file);
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  }

  /** The file's metadata if it is a live regular file; an expired file is deleted when seen. */
  private async live(parts: KeyParts) {
    const path = this.path(parts);
    const info = await lstat(path).catch((error: { code?: string }) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
      throw error;
    });
    if (!info?.isFile()) return undefined;
    if (info.mtimeMs <= Date.now()) {
      await this.discard(path, info.ino);
      if (parts.kind === 'contexte') await unlinkIfPresent(this.summaryPath(parts)).catch(() => undefined);
      return undefined;
    }
    return info;
  }

  /** The file's bytes and seconds left if it is live; read without following a link. */
  private async readLive(parts: KeyParts): Promise<{ value: Buffer; ttlSeconds: number } | undefined> {
    if (!(await this.isDirectory(join(this.root, parts.team, parts.author)))) return undefined;
    const info = await this.live(parts);
    if (!info) return undefined;
    const value = await readNoFollow(this.path(parts));
    return value === undefined ? undefined : { value, ttlSeconds: Math.ceil((info.mtimeMs - Date.now()) / 1000) };
  }

  /** Deletes an expired file, and only the one that was seen: another may have taken its name since. */
  private async discard(path: string, inode: number): Promise<void> {
    const trash = join(await this.directory(WORK), `perime-${randomBytes(8).toString('hex')}`);
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
    for (const kind of ['contexte', 'session'] as const) {
      if (await unlinkIfPresent(this.path({ ...parts, kind }))) removed.push(buildKey({ ...parts, kind }));
    }
    return removed;
  }

  /**
   * One JSON line per event, appended (O_APPEND): concurrent writers never
   * overwrite each other. Never through a link; the journal is made
   * group-writable in a shared box, whatever the umask.
   */
  private async append(event: NewEvent): Promise<void> {
    const path = join(await this.directory(event.team), JOURNAL);
    const line = JSON.stringify({ quand: new Date().toISOString(), utilisateur: this.user, ...Object.fromEntries(eventFields(event)) });
    const handle = await open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW, this.modes.appendable);
    try {
      const info = await handle.stat();
      if (info.uid === process.getuid?.() && (info.mode & 0o777) !== this.modes.appendable) await handle.chmod(this.modes.appendable);
      await handle.write(`${line}\n`);
    } finally {
      await handle.close();
    }
  }

  private async run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof Failure) throw error;
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
  const match = /^(contexte|session)-(.+)$/.exec(name);
  return match ? parseKey(`${match[1]}:${team}:${author}:${match[2]}`) : undefined;
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

async function entriesOf(path: string) {
  try {
    return await readdir(path, { withFileTypes: true });
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}

/** A file's bytes, undefined when absent; a link in its place fails (ELOOP). */
async function readNoFollow(path: string): Promise<Buffer | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, O_RDONLY | O_NOFOLLOW);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

function currentUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'inconnu';
  }
}

/** A journal line; `utilisateur` is what the writer claims (any member can append to a shared journal). */
function parseLine(line: string, team: string): JournalEvent | undefined {
  if (!line.trim()) return undefined;
  try {
    const raw = JSON.parse(line) as Record<string, unknown>;
    const user = typeof raw.utilisateur === 'string' ? raw.utilisateur : '?';
    const size = raw.octets;
    return eventFromFields(new Map(Object.entries({ ...raw, ...(typeof size === 'number' ? { octets: String(size) } : {}) })), {
      team,
      user,
      at: new Date(String(raw.quand)),
    });
  } catch {
    return undefined;
  }
}
