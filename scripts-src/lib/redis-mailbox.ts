/**
 * The Redis mailbox, standalone or Cluster. Notes keep the workshop's key
 * names and their bytes unchanged (`redis-cli GET <cle>` shows the note). Each
 * team has an index hash (`contexte-index:{equipe}`: key → summary JSON) so that
 * listing a team reads one key and needs no SCAN right, and a journal stream
 * (`contexte-journal:{equipe}`) trimmed by age.
 *
 * On a Cluster a note and its team's index live in different slots, so they
 * cannot change in one transaction: a publication writes the note, then the
 * export, the index entry and the journal event, and undoes what it wrote if a
 * later step fails (compensation). Each step is one atomic command.
 */
import { createHash } from 'node:crypto';
import { MailboxError } from './errors.js';
import { buildKey, candidateStamp, indexKey, journalKey, minuteStamp, parseKey, sessionKeyOf } from './keys.js';
import type { JournalEvent, ListedEntry, ListQuery, Mailbox, Publication, PublishRequest } from './mailbox.js';
import { connectRedis, isCluster, toMailboxError, type RedisClient } from './redis-connection.js';
import type { RedisSettings } from './redis-settings.js';

/** Publications by one author in one minute before we give up looking for a free stamp. */
const MAX_STAMP_ATTEMPTS = 1000;
/** Keys asked per SCAN step. */
const SCAN_COUNT = 1000;
/** How long the journal keeps events (CONTEXTE_JOURNAL_JOURS overrides). */
export const DEFAULT_JOURNAL_DAYS = 30;

/**
 * index-add-1: records a note in its team's index.
 * KEYS[1]  the team's index hash, contexte-index:{<equipe>}
 * ARGV[1]  the note's key (the field)
 * ARGV[2]  the entry: JSON summary with its expiry
 * ARGV[3]  the entry's TTL in seconds
 * Returns 1. The index expires with its longest-lived entry, so a team that
 * stops publishing leaves nothing behind.
 */
const INDEX_ADD = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if redis.call('TTL', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('EXPIRE', KEYS[1], ARGV[3])
end
return 1`;

interface IndexEntry {
  cle: string;
  cle_session?: string;
  expire: number;
  taille: number;
  sha256: string;
  titre?: string;
  resume?: string;
}

export async function openRedisMailbox(settings: RedisSettings, options: { journalDays?: number } = {}): Promise<Mailbox> {
  return new RedisMailbox(await connectRedis(settings), settings, options.journalDays ?? DEFAULT_JOURNAL_DAYS);
}

class RedisMailbox implements Mailbox {
  readonly label: string;
  readonly user: string;

  constructor(
    private readonly client: RedisClient,
    settings: RedisSettings,
    private readonly journalDays: number,
  ) {
    this.label = settings.label;
    this.user = settings.username ?? 'default';
    client.defineCommand('indexAdd', { numberOfKeys: 1, lua: INDEX_ADD });
  }

  async publish(request: PublishRequest): Promise<Publication> {
    return this.run(async () => {
      const { team, author, ttlSeconds } = request;
      const minute = minuteStamp(request.now);
      for (let attempt = 1; attempt <= MAX_STAMP_ATTEMPTS; attempt++) {
        const stamp = candidateStamp(minute, attempt);
        const noteKey = buildKey({ kind: 'contexte', team, author, stamp });
        // One atomic command: the key never exists without its TTL, and NX never overwrites.
        if ((await this.client.set(noteKey, request.note, 'EX', ttlSeconds, 'NX')) !== 'OK') continue;
        const written = [noteKey];
        try {
          let sessionKey: string | undefined;
          if (request.session) {
            sessionKey = sessionKeyOf({ kind: 'contexte', team, author, stamp });
            if ((await this.client.set(sessionKey, request.session, 'EX', ttlSeconds, 'NX')) !== 'OK') {
              // An export is already stored under this stamp: keep note and export paired.
              await this.undo(team, written);
              continue;
            }
            written.push(sessionKey);
          }
          const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
          const sha256 = createHash('sha256').update(request.note).digest('hex');
          const entry: IndexEntry = {
            cle: noteKey,
            ...(sessionKey ? { cle_session: sessionKey } : {}),
            expire: expiresAt.getTime(),
            taille: request.note.length,
            sha256,
            ...(request.summary.title ? { titre: request.summary.title } : {}),
            ...(request.summary.summary ? { resume: request.summary.summary } : {}),
          };
          await (this.client as unknown as IndexCommands).indexAdd(indexKey(team), noteKey, JSON.stringify(entry), ttlSeconds);
          await this.append({ kind: 'publication', team, author, key: noteKey, sha256, size: request.note.length });
          return { noteKey, ...(sessionKey ? { sessionKey } : {}), ttlSeconds, expiresAt };
        } catch (error) {
          // A publication that cannot be indexed or journaled is undone, not left invisible.
          await this.undo(team, written);
          throw error;
        }
      }
      throw new MailboxError('no-free-key', this.label);
    });
  }

  async list(query: ListQuery): Promise<ListedEntry[]> {
    return this.run(() => ('team' in query ? this.listTeam(query.team, query.author) : this.listPattern(query.pattern)));
  }

  private async listTeam(team: string, author?: string): Promise<ListedEntry[]> {
    const raw = await this.client.hgetall(indexKey(team));
    const now = Date.now();
    const entries: ListedEntry[] = [];
    const expired: string[] = [];
    for (const [key, value] of Object.entries(raw)) {
      const parts = parseKey(key);
      const entry = parseEntry(value);
      if (!parts || !entry || parts.team !== team) continue;
      if (entry.expire <= now) {
        expired.push(key);
        continue;
      }
      if (author !== undefined && parts.author !== author) continue;
      entries.push({
        key,
        parts,
        ttlSeconds: Math.ceil((entry.expire - now) / 1000),
        size: entry.taille,
        sha256: entry.sha256,
        ...(entry.cle_session ? { sessionKey: entry.cle_session } : {}),
        ...(entry.titre ? { title: entry.titre } : {}),
        ...(entry.resume ? { summary: entry.resume } : {}),
      });
    }
    // Pruning is housekeeping: a reader without the right to do it still gets the list.
    if (expired.length > 0) await this.client.hdel(indexKey(team), ...expired).catch(() => undefined);
    return entries;
  }

  /** The workshop's `list [motif]`: a SCAN, which only a user with that right may run. */
  private async listPattern(pattern: string): Promise<ListedEntry[]> {
    const keys = new Set<string>();
    const nodes = isCluster(this.client) ? this.client.nodes('master') : [this.client];
    for (const node of nodes) {
      let cursor = '0';
      do {
        const [next, batch] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_COUNT);
        cursor = next;
        for (const key of batch) keys.add(key);
      } while (cursor !== '0');
    }
    const ours = [...keys].flatMap((key) => {
      const parts = parseKey(key);
      return parts ? [{ key, parts }] : [];
    });
    // Issued together, these travel in one round trip per node (auto-pipelining).
    const facts = await Promise.all(ours.map(({ key }) => Promise.all([this.client.ttl(key), this.client.strlen(key)])));
    return ours.flatMap(({ key, parts }, index) => {
      const [ttl, size] = facts[index]!;
      // -2: expired since SCAN saw it.
      return ttl === -2 ? [] : [{ key, parts, ttlSeconds: ttl, size }];
    });
  }

  async get(key: string): Promise<Buffer | undefined> {
    return this.run(async () => {
      const value = (await this.client.getBuffer(key)) ?? undefined;
      const parts = parseKey(key);
      if (value && parts) {
        const sha256 = createHash('sha256').update(value).digest('hex');
        await this.append({ kind: 'lecture', team: parts.team, author: parts.author, key, sha256, size: value.length });
      }
      return value;
    });
  }

  async remove(key: string): Promise<string[]> {
    return this.run(async () => {
      const parts = parseKey(key);
      if (!parts) return [];
      const noteKey = buildKey({ ...parts, kind: 'contexte' });
      const keys = [noteKey, sessionKeyOf(parts)];
      const deleted = await Promise.all(keys.map((candidate) => this.client.del(candidate)));
      await this.client.hdel(indexKey(parts.team), noteKey);
      const removed = keys.filter((_, index) => deleted[index] === 1);
      if (removed.length > 0) await this.append({ kind: 'suppression', team: parts.team, author: parts.author, key: noteKey, detail: removed.join(' ') });
      return removed;
    });
  }

  async purge(team: string): Promise<number> {
    return this.run(async () => {
      const keys = new Set(Object.keys(await this.client.hgetall(indexKey(team))));
      for (const key of [...keys]) {
        const parts = parseKey(key);
        if (parts) keys.add(sessionKeyOf(parts));
      }
      // Keys published by the workshop's script are not indexed: find them too where SCAN is allowed.
      for (const entry of await this.listPattern(`contexte:${team}:*`).catch(() => [])) keys.add(entry.key);
      for (const entry of await this.listPattern(`session:${team}:*`).catch(() => [])) keys.add(entry.key);
      const deleted = await Promise.all([...keys].filter((key) => parseKey(key)?.team === team).map((key) => this.client.del(key)));
      await this.client.del(indexKey(team));
      const count = deleted.reduce<number>((sum, value) => sum + value, 0);
      await this.append({ kind: 'purge', team, detail: `${count} clé(s)` });
      return count;
    });
  }

  async record(event: Omit<JournalEvent, 'user' | 'at'>): Promise<void> {
    await this.run(() => this.append(event));
  }

  async journal(team: string, since: Date): Promise<JournalEvent[]> {
    return this.run(async () => {
      const entries = await this.client.xrange(journalKey(team), String(since.getTime()), '+');
      return entries.map(([id, fields]) => fromFields(team, id, fields));
    });
  }

  async close(): Promise<void> {
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }

  /** XADD, trimming events older than the retention (MINID, approximate: whole nodes at a time). */
  private async append(event: Omit<JournalEvent, 'user' | 'at'>): Promise<void> {
    const minId = Date.now() - this.journalDays * 86_400_000;
    const fields: string[] = ['evenement', event.kind, 'utilisateur', this.user];
    if (event.author) fields.push('auteur', event.author);
    if (event.key) fields.push('cle', event.key);
    if (event.sha256) fields.push('sha256', event.sha256);
    if (event.size !== undefined) fields.push('octets', String(event.size));
    if (event.detail) fields.push('detail', event.detail);
    await this.client.xadd(journalKey(event.team), 'MINID', '~', String(minId), '*', ...fields);
  }

  /** Best effort: each key keeps its TTL if even this fails. */
  private async undo(team: string, keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.client.del(key).catch(() => undefined)));
    await this.client.hdel(indexKey(team), keys[0]!).catch(() => undefined);
  }

  private async run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw toMailboxError(error, this.label);
    }
  }
}

interface IndexCommands {
  indexAdd(key: string, field: string, entry: string, ttl: number): Promise<number>;
}

/** Index entries are written by team members: read them defensively. */
function parseEntry(value: string): IndexEntry | undefined {
  try {
    const entry = JSON.parse(value) as Partial<IndexEntry>;
    if (typeof entry.expire !== 'number' || typeof entry.taille !== 'number' || typeof entry.sha256 !== 'string') return undefined;
    return {
      cle: String(entry.cle),
      expire: entry.expire,
      taille: entry.taille,
      sha256: entry.sha256,
      ...(typeof entry.cle_session === 'string' && parseKey(entry.cle_session) ? { cle_session: entry.cle_session } : {}),
      ...(typeof entry.titre === 'string' ? { titre: entry.titre } : {}),
      ...(typeof entry.resume === 'string' ? { resume: entry.resume } : {}),
    };
  } catch {
    return undefined;
  }
}

function fromFields(team: string, id: string, fields: string[]): JournalEvent {
  const map = new Map<string, string>();
  for (let index = 0; index + 1 < fields.length; index += 2) map.set(fields[index]!, fields[index + 1]!);
  const size = map.get('octets');
  return {
    kind: (map.get('evenement') ?? 'publication') as JournalEvent['kind'],
    team,
    user: map.get('utilisateur') ?? '?',
    ...(map.has('auteur') ? { author: map.get('auteur') } : {}),
    ...(map.has('cle') ? { key: map.get('cle') } : {}),
    ...(map.has('sha256') ? { sha256: map.get('sha256') } : {}),
    ...(size !== undefined ? { size: Number(size) } : {}),
    ...(map.has('detail') ? { detail: map.get('detail') } : {}),
    at: new Date(Number(id.split('-')[0])),
  };
}
