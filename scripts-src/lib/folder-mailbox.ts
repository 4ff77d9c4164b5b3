/**
 * The folder mailbox: the embedded default when no Redis is configured, on a
 * local folder or a shared one. Same keys, same TTL semantics, same guarantees:
 *
 *   <dossier>/<equipe>/<auteur>/contexte-<horodatage>   a note
 *   <dossier>/<equipe>/<auteur>/session-<horodatage>    its session export
 *   <dossier>/<equipe>/<auteur>/resume-<horodatage>     what `list` shows of it (JSON)
 *   <dossier>/<equipe>/journal.jsonl                    the team's journal, append-only
 *
 * A note's expiry is its file's modification time, set before the file appears,
 * so a note and its TTL are one inode. A note is written to a temporary file,
 * synced, then hard-linked to its name: the link fails if the name exists (no
 * overwrite, even between processes) and a reader never sees a half-written note.
 */
import { createHash, randomBytes } from 'node:crypto';
import { appendFile, chmod, link, lstat, mkdir, open, readFile, readdir, rename, rm, stat, unlink, utimes } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { MailboxError } from './errors.js';
import { buildKey, candidateStamp, isValidName, minuteStamp, parseKey, sessionKeyOf, type KeyParts } from './keys.js';
import type { JournalEvent, ListedEntry, ListQuery, Mailbox, Publication, PublishRequest } from './mailbox.js';

const MAX_STAMP_ATTEMPTS = 1000;
const JOURNAL = 'journal.jsonl';
const WORK = '.en-cours';

interface Modes {
  directory: number;
  file: number;
}

export async function openFolderMailbox(root: string, options: { journalDays?: number } = {}): Promise<Mailbox> {
  const modes = await prepareRoot(root);
  return new FolderMailbox(root, modes, options.journalDays ?? 30);
}

/**
 * Owner-only (0700 folders, 0600 files) by default. A folder the user made
 * group-accessible (for instance `chgrp binome dossier && chmod 2770 dossier`)
 * is shared: folders 0770 (keeping set-group-ID), files 0640.
 */
async function prepareRoot(root: string): Promise<Modes> {
  try {
    await mkdir(root, { recursive: true, mode: 0o700 });
    const info = await stat(root);
    if (!info.isDirectory()) throw new MailboxError('other', `dossier ${root}`, 'ENOTDIR');
    const shared = (info.mode & 0o070) !== 0;
    return shared ? { directory: 0o770 | (info.mode & 0o2000), file: 0o640 } : { directory: 0o700, file: 0o600 };
  } catch (error) {
    if (error instanceof MailboxError) throw error;
    throw new MailboxError('other', `dossier ${root}`, (error as { code?: string }).code);
  }
}

class FolderMailbox implements Mailbox {
  readonly label: string;
  readonly user: string;

  constructor(
    private readonly root: string,
    private readonly modes: Modes,
    private readonly journalDays: number,
  ) {
    this.label = `dossier ${root}`;
    this.user = currentUser();
  }

  async publish(request: PublishRequest): Promise<Publication> {
    return this.run(async () => {
      const { team, author, ttlSeconds } = request;
      const folder = await this.folder(team, author);
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const noteFile = await this.prepare(request.note, expiresAt);
      const sessionFile = request.session ? await this.prepare(request.session, expiresAt) : undefined;
      try {
        const minute = minuteStamp(request.now);
        for (let attempt = 1; attempt <= MAX_STAMP_ATTEMPTS; attempt++) {
          const parts: KeyParts = { kind: 'contexte', team, author, stamp: candidateStamp(minute, attempt) };
          const notePath = join(folder, fileName(parts));
          if (!(await linkExclusive(noteFile, notePath))) continue;
          let sessionKey: string | undefined;
          if (sessionFile) {
            if (!(await linkExclusive(sessionFile, join(folder, fileName({ ...parts, kind: 'session' }))))) {
              await unlink(notePath);
              continue;
            }
            sessionKey = sessionKeyOf(parts);
          }
          const noteKey = buildKey(parts);
          try {
            const digest = sha256(request.note);
            await this.writeSummary(join(folder, `resume-${parts.stamp}`), { ...request.summary, sha256: digest });
            await this.append({ kind: 'publication', team, author, key: noteKey, sha256: digest, size: request.note.length });
          } catch (error) {
            await this.deleteFiles(parts);
            throw error;
          }
          return { noteKey, ...(sessionKey ? { sessionKey } : {}), ttlSeconds, expiresAt };
        }
        throw new MailboxError('no-free-key', this.label);
      } finally {
        await Promise.all([noteFile, sessionFile].map((file) => (file ? unlink(file).catch(() => undefined) : undefined)));
      }
    });
  }

  async list(query: ListQuery): Promise<ListedEntry[]> {
    return this.run(async () => {
      const pattern = 'pattern' in query ? globToRegExp(query.pattern) : undefined;
      const teams = 'team' in query ? [query.team] : (await directories(this.root)).filter(isValidName);
      const entries: ListedEntry[] = [];
      for (const team of teams) {
        const authors = 'team' in query && query.author !== undefined ? [query.author] : (await directories(join(this.root, team))).filter(isValidName);
        for (const author of authors) {
          for (const name of await files(join(this.root, team, author))) {
            const parts = partsOf(team, author, name);
            if (!parts) continue;
            const key = buildKey(parts);
            if (pattern ? !pattern.test(key) : parts.kind !== 'contexte') continue;
            const entry = await this.entry(parts);
            if (entry) entries.push(entry);
          }
        }
      }
      return entries;
    });
  }

  async get(key: string): Promise<Buffer | undefined> {
    return this.run(async () => {
      const parts = parseKey(key);
      if (!parts) return undefined;
      const value = await this.readLive(parts);
      if (value) await this.append({ kind: 'lecture', team: parts.team, author: parts.author, key, sha256: sha256(value), size: value.length });
      return value;
    });
  }

  async remove(key: string): Promise<string[]> {
    return this.run(async () => {
      const parts = parseKey(key);
      if (!parts) return [];
      const removed = await this.deleteFiles(parts);
      if (removed.length > 0) await this.append({ kind: 'suppression', team: parts.team, author: parts.author, key: buildKey({ ...parts, kind: 'contexte' }), detail: removed.join(' ') });
      return removed;
    });
  }

  async purge(team: string): Promise<number> {
    return this.run(async () => {
      let count = 0;
      for (const author of (await directories(join(this.root, team))).filter(isValidName)) {
        count += (await files(join(this.root, team, author))).filter((name) => partsOf(team, author, name)).length;
        await rm(join(this.root, team, author), { recursive: true, force: true });
      }
      // The journal stays: a purge is itself an event to keep.
      await this.append({ kind: 'purge', team, detail: `${count} clé(s)` });
      return count;
    });
  }

  async record(event: Omit<JournalEvent, 'user' | 'at'>): Promise<void> {
    await this.run(() => this.append(event));
  }

  async journal(team: string, since: Date): Promise<JournalEvent[]> {
    return this.run(async () => {
      let text: string;
      try {
        text = await readFile(join(this.root, team, JOURNAL), 'utf8');
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return [];
        throw error;
      }
      const oldest = Math.max(since.getTime(), Date.now() - this.journalDays * 86_400_000);
      return text.split('\n').flatMap((line) => {
        const event = parseEvent(line, team);
        return event && event.at.getTime() >= oldest ? [event] : [];
      });
    });
  }

  async close(): Promise<void> {}

  private async folder(team: string, author: string): Promise<string> {
    const folder = join(this.root, team, author);
    await this.makeDirectory(join(this.root, team));
    await this.makeDirectory(folder);
    return folder;
  }

  private async makeDirectory(path: string): Promise<void> {
    try {
      await mkdir(path, { mode: this.modes.directory });
      // mkdir's mode passes through the umask; the mailbox's modes do not depend on it.
      await chmod(path, this.modes.directory);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }

  /** A synced private temporary file whose modification time is the expiry. */
  private async prepare(data: Buffer, expiresAt: Date): Promise<string> {
    await this.makeDirectory(join(this.root, WORK));
    const path = join(this.root, WORK, randomBytes(12).toString('hex'));
    const handle = await open(path, 'wx', this.modes.file);
    try {
      await handle.writeFile(data);
      await handle.chmod(this.modes.file);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await utimes(path, new Date(), expiresAt);
    return path;
  }

  /** What `list` shows, from the summary written at publication; an old file without one is read. */
  private async entry(parts: KeyParts): Promise<ListedEntry | undefined> {
    const folder = join(this.root, parts.team, parts.author);
    const info = await this.live(parts);
    if (!info) return undefined;
    const stored = parts.kind === 'contexte' ? await readSummary(join(folder, `resume-${parts.stamp}`)) : undefined;
    const summary = stored ?? { sha256: sha256((await this.readLive(parts)) ?? Buffer.alloc(0)) };
    const session = parts.kind === 'contexte' ? sessionKeyOf(parts) : undefined;
    const hasSession = session ? await exists(join(folder, fileName({ ...parts, kind: 'session' }))) : false;
    return {
      key: buildKey(parts),
      parts,
      ttlSeconds: Math.ceil((info.mtimeMs - Date.now()) / 1000),
      size: info.size,
      sha256: summary.sha256,
      ...(hasSession && session ? { sessionKey: session } : {}),
      ...(summary.title ? { title: summary.title } : {}),
      ...(summary.summary ? { summary: summary.summary } : {}),
    };
  }

  private async writeSummary(path: string, summary: StoredSummary): Promise<void> {
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temporary, 'wx', this.modes.file);
    try {
      await handle.writeFile(JSON.stringify(summary));
      await handle.chmod(this.modes.file);
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  }

  /** The file's metadata if it exists and has not expired; an expired file is deleted when seen. */
  private async live(parts: KeyParts) {
    const path = join(this.root, parts.team, parts.author, fileName(parts));
    let info;
    try {
      info = await lstat(path);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT' || (error as { code?: string }).code === 'ENOTDIR') return undefined;
      throw error;
    }
    if (!info.isFile()) return undefined;
    if (info.mtimeMs <= Date.now()) {
      await this.discard(path, info.ino);
      if (parts.kind === 'contexte') await unlink(join(this.root, parts.team, parts.author, `resume-${parts.stamp}`)).catch(() => undefined);
      return undefined;
    }
    return info;
  }

  /** The file's bytes if it exists and has not expired. */
  private async readLive(parts: KeyParts): Promise<Buffer | undefined> {
    const path = join(this.root, parts.team, parts.author, fileName(parts));
    if (!(await this.live(parts))) return undefined;
    try {
      return await readFile(path);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Deletes an expired file, and only the one that was seen: another may have taken its name since. */
  private async discard(path: string, inode: number): Promise<void> {
    await this.makeDirectory(join(this.root, WORK));
    const trash = join(this.root, WORK, `perime-${randomBytes(8).toString('hex')}`);
    try {
      await rename(path, trash);
    } catch {
      return;
    }
    if ((await lstat(trash)).ino !== inode) await link(trash, path).catch(() => undefined);
    await unlink(trash).catch(() => undefined);
  }

  private async deleteFiles(parts: KeyParts): Promise<string[]> {
    await unlink(join(this.root, parts.team, parts.author, `resume-${parts.stamp}`)).catch(() => undefined);
    const removed: string[] = [];
    for (const kind of ['contexte', 'session'] as const) {
      const variant = { ...parts, kind };
      try {
        await unlink(join(this.root, parts.team, parts.author, fileName(variant)));
        removed.push(buildKey(variant));
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOENT') throw error;
      }
    }
    return removed;
  }

  /** One JSON line per event, appended (O_APPEND): concurrent writers never overwrite each other. */
  private async append(event: Omit<JournalEvent, 'user' | 'at'>): Promise<void> {
    await this.makeDirectory(join(this.root, event.team));
    const line = JSON.stringify({
      quand: new Date().toISOString(),
      evenement: event.kind,
      utilisateur: this.user,
      ...(event.author ? { auteur: event.author } : {}),
      ...(event.key ? { cle: event.key } : {}),
      ...(event.sha256 ? { sha256: event.sha256 } : {}),
      ...(event.size !== undefined ? { octets: event.size } : {}),
      ...(event.detail ? { detail: event.detail } : {}),
    });
    await appendFile(join(this.root, event.team, JOURNAL), `${line}\n`, { mode: this.modes.file });
  }

  private async run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof MailboxError) throw error;
      const code = (error as { code?: string }).code;
      throw new MailboxError(code === 'EACCES' || code === 'EPERM' ? 'no-permission' : code === 'ENOSPC' ? 'out-of-memory' : code === 'EROFS' ? 'read-only' : 'other', this.label, code);
    }
  }
}

const fileName = (parts: KeyParts) => `${parts.kind}-${parts.stamp}`;

interface StoredSummary {
  title?: string;
  summary?: string;
  sha256: string;
}

async function readSummary(path: string): Promise<StoredSummary | undefined> {
  try {
    const raw = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    if (typeof raw.sha256 !== 'string') return undefined;
    return {
      sha256: raw.sha256,
      ...(typeof raw.title === 'string' ? { title: raw.title } : {}),
      ...(typeof raw.summary === 'string' ? { summary: raw.summary } : {}),
    };
  } catch {
    return undefined;
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

/** Names of the folders (or files) in a folder; none when it does not exist. */
async function names(path: string, kind: 'folders' | 'files'): Promise<string[]> {
  try {
    const entries = await readdir(path, { withFileTypes: true });
    return entries.filter((entry) => (kind === 'folders' ? entry.isDirectory() : entry.isFile())).map((entry) => entry.name);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}

const directories = (path: string) => names(path, 'folders');
const files = (path: string) => names(path, 'files');

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    (info) => info.isFile() && info.mtimeMs > Date.now(),
    () => false,
  );
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function currentUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'inconnu';
  }
}

/** Redis' glob: `*`, `?`, `[…]`, `\\` escapes. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]!;
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '\\' && index + 1 < glob.length) source += `\\${glob[++index]}`;
    else if (char === '[') {
      const end = glob.indexOf(']', index + 1);
      if (end < 0) source += '\\[';
      else {
        const body = glob.slice(index + 1, end).replace(/\\/g, '\\\\');
        source += `[${body.startsWith('^') ? `^${body.slice(1)}` : body}]`;
        index = end;
      }
    } else source += char.replace(/[.+^${}()|\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

function parseEvent(line: string, team: string): JournalEvent | undefined {
  if (!line.trim()) return undefined;
  try {
    const raw = JSON.parse(line) as Record<string, unknown>;
    const at = new Date(String(raw.quand));
    if (Number.isNaN(at.getTime())) return undefined;
    const text = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string) : undefined);
    return {
      kind: (text('evenement') ?? 'publication') as JournalEvent['kind'],
      team,
      user: text('utilisateur') ?? '?',
      ...(text('auteur') ? { author: text('auteur') } : {}),
      ...(text('cle') ? { key: text('cle') } : {}),
      ...(text('sha256') ? { sha256: text('sha256') } : {}),
      ...(typeof raw.octets === 'number' ? { size: raw.octets } : {}),
      ...(text('detail') ? { detail: text('detail') } : {}),
      at,
    };
  } catch {
    return undefined;
  }
}
