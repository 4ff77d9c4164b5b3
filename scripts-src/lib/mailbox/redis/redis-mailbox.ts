/**
 * The Redis mailbox, standalone or Cluster. Notes keep the workshop's key names
 * and their bytes unchanged (`redis-cli GET <cle>` shows the note). Beside them,
 * per team (one Cluster slot, `{<equipe>}`):
 *   contexte-membres:{equipe}          set of authors, written by the administrator
 *   contexte-index:{equipe}:<auteur>   hash note key → entry, written by its author only
 *   contexte-journal:{equipe}:<user>   stream of what <user> did, written by <user> only
 * so that no author can rewrite what another wrote, and listing a team reads the
 * members then their indexes in one round trip: O(team), never SCAN.
 *
 * No Lua: an author's ACL has no scripting (a script that loops blocks every
 * client of the server). Each step is one command, or one MULTI on one key.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { Failure } from '../../messages/failure.js';
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
import type { IndexEntry } from '../entry.js';
import { decodeEntry, encodeEntry } from '../entry.js';
import { isNoPermission } from '../errors.js';
import { eventFields, eventFromFields, type JournalEvent, type NewEvent, purgeEvent } from '../journal-event.js';
import {
  buildKey,
  type Companion,
  companionKeyOf,
  companionKeysOf,
  isValidName,
  type KeyParts,
  newerFirst,
  noteKeyOf,
  parseKey,
  publicationKeysOf,
  redisKeys,
} from '../keys.js';
import { type PublishStore, publishWithFreeStamp, sha256Of } from '../publish.js';
import { checkKey, foreignEntry, futureJournal, oversizedEntry, trimmedJournal, type Vigilance } from '../verify.js';
import { connectRedis, isCluster, type RedisClient, toMailboxError } from './connection.js';
import type { RedisSettings } from './settings.js';

/** Keys asked per SCAN step. */
const SCAN_COUNT = 1000;
/** How long the journal keeps events (CONTEXTE_JOURNAL_JOURS overrides). */
export const DEFAULT_JOURNAL_DAYS = 30;
/**
 * `attendre` blocks on the journals at most this long per command: under the
 * command timeout, so a frozen server still fails in seconds.
 */
const BLOCK_MS = 3000;
/** Journal events read per wake-up; more only wake it again at once. */
const EVENTS_PER_READ = 100;
/** Journal events asked per stream and per XREAD when `list` and `prendre` look for who took a note. */
const HANDOFF_EVENTS_PER_READ = 1000;
/** How far before the server's clock `attendre` starts reading: a Cluster node answering TIME may run a little ahead of the team's node. */
const CLOCK_MARGIN_MS = 5000;
/** A user made before `attendre` may not read the journals: it lists the team again this often instead. */
const RELIST_MS = 10_000;
/** Redis' default user: the workshop's shared password, without ACL users. */
const DEFAULT_USER = 'default';

export interface MailboxOptions {
  journalDays: number;
  ttlMaxSeconds: number;
}

export async function openRedisMailbox(settings: RedisSettings, options: MailboxOptions): Promise<RedisMailbox> {
  return new RedisMailbox(await connectRedis(settings), settings, options);
}

interface Staged {
  bytes: Buffer;
  ttlSeconds: number;
}

export class RedisMailbox implements Mailbox {
  readonly label: string;
  readonly user: string;

  constructor(
    readonly client: RedisClient,
    settings: RedisSettings,
    private readonly options: MailboxOptions,
  ) {
    this.label = settings.label;
    this.user = settings.username ?? DEFAULT_USER;
    this.store = {
      label: this.label,
      stage: async (bytes, _expiresAt, ttlSeconds) => ({ bytes, ttlSeconds }),
      unstage: async () => undefined,
      // One atomic command: the key never exists without its TTL, and NX never overwrites.
      createExclusive: async (parts, staged) => (await this.client.set(buildKey(parts), staged.bytes, 'EX', staged.ttlSeconds, 'NX')) === 'OK',
      deleteKeys: async (parts) => {
        await Promise.all(parts.map((part) => this.client.del(buildKey(part))));
      },
      writeIndexEntry: (parts, entry, ttlSeconds) => this.writeIndexEntry(parts, entry, ttlSeconds),
      removeIndexEntry: async (parts) => {
        await this.client.hdel(redisKeys.index(parts.team, parts.author), noteKeyOf(parts));
      },
      appendJournal: (event) => this.append(event),
    };
  }

  private readonly store: PublishStore<Staged>;

  async publish(request: PublishRequest): Promise<Publication> {
    return this.run(async () => {
      await this.join(request.team, request.author);
      return publishWithFreeStamp(this.store, request);
    });
  }

  /**
   * On a Redis without ACL users, publier keeps the membership itself; an
   * author's ACL does not allow it (the administrator did it), so a refusal is
   * not an error.
   */
  private async join(team: string, author: string): Promise<void> {
    if ((await this.client.sismember(redisKeys.members(team), author).catch(() => 1)) === 1) return;
    await Promise.all([this.client.sadd(redisKeys.members(team), author), this.client.sadd(redisKeys.teams, team)]).catch(() => undefined);
  }

  /** The entry and the index's expiry in one transaction: the index lives as long as its longest-lived note, never forever. */
  async writeIndexEntry(parts: KeyParts, entry: IndexEntry, ttlSeconds: number): Promise<void> {
    const index = redisKeys.index(parts.team, parts.author);
    const replies = await this.client
      .multi()
      .hset(index, entry.key, encodeEntry(entry))
      .expire(index, ttlSeconds, 'NX')
      .expire(index, ttlSeconds, 'GT')
      .exec()
      .catch((error: { previousErrors?: unknown[] }) => {
        // EXECABORT says only that a queued command was refused; the refusal itself (NOPERM, OOM…) says why.
        throw error.previousErrors?.[0] ?? error;
      });
    const failed = replies?.find(([error]) => error);
    if (!replies || failed) throw failed?.[0] ?? new Error('EXECABORT');
  }

  async list(query: ListQuery): Promise<Listing> {
    return this.run(() => ('team' in query ? this.listTeam(query.team, query.author, query.limit) : this.listPattern(query.pattern)));
  }

  /**
   * Reads the members, then their indexes, then the facts of the keys they name: three round trips. Under a `limit`,
   * the keys are taken newest first, and the store is asked only until that many notes were found.
   */
  private async listTeam(team: string, author?: string, limit?: number): Promise<Listing> {
    const members = author !== undefined ? [author] : await this.members(team);
    const indexes = await this.hashes(members.map((member) => redisKeys.index(team, member)));
    const anomalies: Vigilance[] = [];
    const candidates: Array<{ key: string; parts: KeyParts; text: string }> = [];
    members.forEach((member, position) => {
      for (const [key, text] of indexes[position]!) {
        const parts = parseKey(key);
        if (parts?.kind !== 'contexte' || parts.team !== team || parts.author !== member) {
          anomalies.push(foreignEntry(member, key));
          continue;
        }
        candidates.push({ key, parts, text });
      }
    });
    if (limit !== undefined) candidates.sort(newerFirst);
    // The export and work in progress are taken from the entry, written by the author (who alone can write it): two commands per note, not four.
    const entries: ListedEntry[] = [];
    const ghosts: KeyParts[] = [];
    let examined = 0;
    while (examined < candidates.length && (limit === undefined || entries.length < limit)) {
      // As many keys as notes are still wanted: a key that has expired since its entry was written leaves a gap, filled by the next round.
      const round = candidates.slice(examined, limit === undefined ? candidates.length : examined + limit - entries.length);
      examined += round.length;
      // Entries are decoded as their keys are examined: those left out under a limit cost nothing.
      const readable = round.flatMap(({ key, parts, text }): Array<{ parts: KeyParts; entry?: IndexEntry; oversized?: Vigilance }> => {
        // Too long to be ours: the note is listed from the store's facts, flagged, its entry never decoded.
        const oversized = oversizedEntry(parts.author, text);
        if (oversized) return [{ parts, oversized }];
        const entry = decodeEntry(text, key);
        return entry ? [{ parts, entry }] : [];
      });
      const facts = await inBatches(readable, ({ parts }) => this.factsOf(parts));
      readable.forEach(({ parts, entry, oversized }, position) => {
        const note = facts[position]!;
        if (!note.exists) {
          ghosts.push(parts);
          return;
        }
        const vigilance = [...(oversized ? [oversized] : []), ...checkKey(parts.kind, note, entry, this.options.ttlMaxSeconds)];
        entries.push(listed(parts, note, entry, entry?.companions ?? [], vigilance));
      });
    }
    await this.prune(ghosts);
    const teamKnown = members.length > 0 && (author === undefined || candidates.length > 0 || (await this.members(team)).length > 0);
    return {
      entries,
      teamKnown,
      anomalies,
      ...(examined < candidates.length ? { notExamined: candidates.length - examined } : {}),
      ...(teamKnown ? {} : { knownTeams: await this.knownTeams() }),
    };
  }

  /**
   * The hashes at `keys` (a team's indexes, all in its slot), BATCH per explicit pipeline, as raw replies: reading
   * 10,000 indexes took ~170 instead of ~205 ms cold with one auto-pipelined HGETALL each, which ioredis turns into an
   * object keyed by a note's name (a new shape for V8 at every note). The first error fails the whole read, as before.
   */
  private async hashes(keys: readonly string[]): Promise<Array<Map<string, string>>> {
    const hashes: Array<Map<string, string>> = [];
    for (let start = 0; start < keys.length; start += BATCH) {
      const pipeline = this.client.pipeline();
      for (const key of keys.slice(start, start + BATCH)) pipeline.call('HGETALL', key);
      for (const [error, flat] of (await pipeline.exec()) ?? []) {
        if (error) throw error;
        hashes.push(pairs(flat as unknown[]) as Map<string, string>);
      }
    }
    return hashes;
  }

  private async members(team: string): Promise<string[]> {
    return (await this.client.smembers(redisKeys.members(team))).filter(isValidName).sort();
  }

  /** The teams registry (one set, no SCAN), for a user allowed to read it; undefined otherwise. */
  private async knownTeams(): Promise<string[] | undefined> {
    return this.client.smembers(redisKeys.teams).then(
      (teams) => teams.filter(isValidName).sort(),
      () => undefined,
    );
  }

  private async factsOf(parts: KeyParts) {
    const [pttl, size] = await Promise.all([this.client.pttl(buildKey(parts)), this.client.strlen(buildKey(parts))]);
    return { exists: pttl !== -2, ttlSeconds: secondsLeft(pttl), size };
  }

  /** Index entries whose key is gone. Housekeeping: an author may prune only their own index, and a reader without the right still gets the list. */
  private async prune(ghosts: KeyParts[]): Promise<void> {
    await Promise.all(ghosts.map((parts) => this.client.hdel(redisKeys.index(parts.team, parts.author), noteKeyOf(parts)).catch(() => undefined)));
  }

  /**
   * The workshop's `list [motif]`: a SCAN, which only a user with that right may
   * run. Keys of our convention are checked against their author's index, so
   * notes published by the workshop's script show as not indexed.
   */
  private async listPattern(pattern: string): Promise<Listing> {
    const ours = (await this.scan(pattern)).flatMap((key) => {
      const parts = parseKey(key);
      return parts ? [parts] : [];
    });
    const facts = await inBatches(ours, async (parts) => {
      const [pttl, size, indexed, session] = await Promise.all([
        this.client.pttl(buildKey(parts)),
        this.client.strlen(buildKey(parts)),
        parts.kind === 'contexte' ? this.client.hget(redisKeys.index(parts.team, parts.author), buildKey(parts)) : null,
        parts.kind === 'contexte' ? this.client.exists(companionKeyOf(parts, 'session')) : 0,
      ]);
      const entry = indexed === null ? undefined : decodeEntry(indexed, buildKey(parts));
      // What was published with an indexed note is in its entry; the workshop's script, which indexes nothing, published at most an export.
      const companions: Companion[] = entry?.companions ?? (session === 1 ? ['session'] : []);
      return { pttl, size, entry, companions };
    });
    const entries: ListedEntry[] = [];
    let unindexed = 0;
    ours.forEach((parts, position) => {
      const { pttl, size, entry, companions } = facts[position]!;
      // -2: expired since SCAN saw it.
      if (pttl === -2) return;
      const note = { exists: true, ttlSeconds: secondsLeft(pttl), size };
      if (!entry && parts.kind === 'contexte') unindexed++;
      const vigilance = checkKey(parts.kind, note, entry, this.options.ttlMaxSeconds);
      entries.push(listed(parts, note, entry, companions, vigilance));
    });
    return { entries, unindexed, teamKnown: true, anomalies: [] };
  }

  async scan(pattern: string): Promise<string[]> {
    const keys = new Set<string>();
    const nodes = isCluster(this.client) ? this.client.nodes('master') : [this.client];
    for (const node of nodes) for (const key of await scanNode(node, pattern)) keys.add(key);
    return [...keys];
  }

  async get(key: string, maxBytes = Number.POSITIVE_INFINITY): Promise<Fetched | Oversized | undefined> {
    return this.run(async () => {
      const parts = parseKey(key);
      // The size first: a value beyond the limit is never transferred.
      const size = await this.client.strlen(key);
      if (size > maxBytes) return { oversized: true, size };
      const [value, pttl] = await Promise.all([this.client.getBuffer(key), this.client.pttl(key)]);
      if (!parts) return value ? { value, sha256: sha256Of(value), vigilance: [] } : undefined;
      const index = redisKeys.index(parts.team, parts.author);
      if (!value) {
        // The workshop's cleanup (DEL) leaves index entries behind: do not send the reader back to them.
        if (parts.kind === 'contexte') await this.client.hdel(index, key).catch(() => undefined);
        return undefined;
      }
      // Only a note has an index entry; an export is checked for its retention.
      const raw = parts.kind === 'contexte' ? await this.client.hget(index, key) : null;
      const oversized = raw === null ? undefined : oversizedEntry(parts.author, raw);
      const entry = raw === null ? undefined : decodeEntry(raw, key);
      const sha256 = sha256Of(value);
      const facts = { exists: true, ttlSeconds: secondsLeft(pttl), size: value.length, sha256 };
      const vigilance = [...(oversized ? [oversized] : []), ...checkKey(parts.kind, facts, entry, this.options.ttlMaxSeconds)];
      return { value, sha256, vigilance };
    });
  }

  async remove(key: string): Promise<string[]> {
    return this.run(async () => {
      const parts = parseKey(key);
      if (!parts) return [];
      const keys = publicationKeysOf(parts);
      const deleted = await Promise.all(keys.map((candidate, position) => (position === 0 ? this.client.del(candidate) : this.deleteCompanion(candidate))));
      await this.client.hdel(redisKeys.index(parts.team, parts.author), noteKeyOf(parts));
      const removed = keys.filter((_, position) => deleted[position] === 1);
      if (removed.length > 0)
        await this.append({ kind: 'suppression', team: parts.team, author: parts.author, key: noteKeyOf(parts), detail: removed.join(' ') });
      return removed;
    });
  }

  async purge(team: string): Promise<number> {
    return this.run(async () => {
      const members = await this.members(team);
      const indexes = await Promise.all(members.map((member) => this.client.hkeys(redisKeys.index(team, member))));
      const keys = new Set<string>();
      for (const key of indexes.flat()) {
        const parts = parseKey(key);
        if (parts?.team === team) for (const published of publicationKeysOf(parts)) keys.add(published);
      }
      // Keys published by the workshop's script are not indexed: find them too where SCAN is allowed.
      for (const pattern of redisKeys.publicationsOf(team)) {
        for (const key of await this.scan(pattern).catch(() => [])) if (parseKey(key)?.team === team) keys.add(key);
      }
      const deleted = await Promise.all([...keys].map((key) => (parseKey(key)?.kind === 'contexte' ? this.client.del(key) : this.deleteCompanion(key))));
      await Promise.all(members.map((member) => this.client.del(redisKeys.index(team, member))));
      const count = deleted.reduce<number>((sum, value) => sum + value, 0);
      await this.append(purgeEvent(team, count));
      return count;
    });
  }

  /**
   * Deletes what was published with a note. A user made before work in progress
   * travelled has no right on `modifs:` keys, so can have none to delete: a
   * refusal there counts as nothing deleted, and the note's removal stands.
   */
  private async deleteCompanion(key: string): Promise<number> {
    try {
      return await this.client.del(key);
    } catch (error) {
      if (isNoPermission(toMailboxError(error, this.label))) return 0;
      throw error;
    }
  }

  async sealing(team: string): Promise<TeamSealing> {
    return this.run(async () => {
      try {
        const [sealed, identities] = await Promise.all([this.client.exists(redisKeys.sealed(team)), this.client.hgetall(redisKeys.identities(team))]);
        return { sealed: sealed === 1, identities: new Map(Object.entries(identities)) };
      } catch (error) {
        // A user made before teams could be sealed may not read the registry: their team is not sealed to them, and a
        // sealed team's readers refuse what they publish (signature absente).
        if (isNoPermission(toMailboxError(error, this.label))) return { sealed: false, identities: new Map() };
        throw error;
      }
    });
  }

  async record(event: NewEvent): Promise<void> {
    await this.run(() => this.append(event));
  }

  /**
   * Wakes on the team's journal streams: each publication is journaled by its author
   * once the note and its index entry are written. One connection, XREAD BLOCK
   * from the server's time at the start (nothing published between this call and
   * the caller's first listing is missed), at most BLOCK_MS per command; the
   * members are read again at each block, so a member who joins meanwhile is heard.
   * A user whose ACL predates `attendre` (no XREAD, no TIME) lists the team again every RELIST_MS.
   */
  async watch(team: string): Promise<ActivityWatch> {
    const start = await this.run(() => this.client.time()).then(
      ([seconds]) => `${Number(seconds) * 1000 - CLOCK_MARGIN_MS}-0`,
      (error: unknown) => {
        if (isNoPermission(error)) return undefined;
        throw error;
      },
    );
    const lastRead = new Map<string, string>();
    let closed = false;
    const watch: ActivityWatch = {
      mode: start === undefined ? 'releve' : 'flux',
      next: async (timeoutMs) => {
        const deadline = Date.now() + timeoutMs;
        while (!closed && watch.mode === 'flux' && Date.now() < deadline) {
          const streams = [...new Set([...(await this.run(() => this.members(team))), DEFAULT_USER, this.user])].map((owner) => redisKeys.journal(team, owner));
          const block = Math.max(1, Math.min(BLOCK_MS, deadline - Date.now()));
          const ids = streams.map((stream) => lastRead.get(stream) ?? start!);
          try {
            const reply = await this.run(() => this.client.xread('COUNT', EVENTS_PER_READ, 'BLOCK', block, 'STREAMS', ...streams, ...ids));
            if (reply === null) continue;
            for (const [stream, events] of reply) {
              const last = events.at(-1);
              if (last) lastRead.set(stream, last[0]);
            }
            return;
          } catch (error) {
            if (!isNoPermission(error)) throw error;
            watch.mode = 'releve';
          }
        }
        if (!closed && watch.mode === 'releve') await sleep(Math.max(0, Math.min(RELIST_MS, deadline - Date.now())));
      },
      close: () => {
        closed = true;
      },
    };
    return watch;
  }

  /** Every journal of the team: its members', the default user's and this user's; each stream's owner is who did it. */
  async journal(team: string, since: Date): Promise<JournalReport> {
    return this.run(async () => {
      const owners = [...new Set([...(await this.members(team)), DEFAULT_USER, this.user])];
      const streams = await Promise.all(owners.map((owner) => this.client.xrange(redisKeys.journal(team, owner), String(since.getTime()), '+')));
      const events: JournalEvent[] = [];
      owners.forEach((owner, position) => {
        for (const [id, fields] of streams[position]!) {
          const event = eventFromFields(pairs(fields), { team, user: owner, at: new Date(Number(id.split('-')[0])) });
          if (event) events.push(event);
        }
      });
      events.sort((a, b) => a.at.getTime() - b.at.getTime());
      return { events, anomalies: (await Promise.all(owners.map((owner) => this.journalAnomalies(team, owner)))).flat() };
    });
  }

  /** The team's readings and takings since a date: XREAD without BLOCK, page by page, over every member's journal (one slot: `{equipe}`). */
  async handoffs(team: string, since: Date): Promise<JournalEvent[] | undefined> {
    return this.run(async () => {
      const owners = new Map<string, string>();
      for (const owner of new Set([...(await this.members(team)), DEFAULT_USER, this.user])) owners.set(redisKeys.journal(team, owner), owner);
      const after = new Map([...owners.keys()].map((stream) => [stream, `${Math.max(0, since.getTime() - 1)}-${Number.MAX_SAFE_INTEGER}`]));
      const events: JournalEvent[] = [];
      for (let open = [...owners.keys()]; open.length > 0; ) {
        let reply: Array<[string, Array<[string, string[]]>]> | null;
        try {
          reply = await this.client.xread('COUNT', HANDOFF_EVENTS_PER_READ, 'STREAMS', ...open, ...open.map((stream) => after.get(stream)!));
        } catch (error) {
          if (isNoPermission(error)) return undefined;
          throw error;
        }
        const full: string[] = [];
        for (const [stream, entries] of reply ?? []) {
          const owner = owners.get(stream)!;
          for (const [id, fields] of entries) {
            // Our records start with their kind (eventFields); anything else is decoded, and dropped, by eventFromFields.
            if (fields[0] === 'evenement' && fields[1] !== 'prise' && fields[1] !== 'lecture') continue;
            const event = eventFromFields(pairs(fields), { team, user: owner, at: new Date(Number(id.split('-')[0])) });
            if (event && (event.kind === 'prise' || event.kind === 'lecture')) events.push(event);
          }
          if (entries.length > 0) after.set(stream, entries.at(-1)![0]);
          if (entries.length === HANDOFF_EVENTS_PER_READ) full.push(stream);
        }
        open = full;
      }
      return events.sort((a, b) => a.at.getTime() - b.at.getTime());
    });
  }

  /** What XINFO STREAM tells of a journal: ids in the future, or events deleted before their time. */
  async journalAnomalies(team: string, owner: string): Promise<Vigilance[]> {
    let info: unknown[];
    try {
      info = (await this.client.call('XINFO', 'STREAM', redisKeys.journal(team, owner))) as unknown[];
    } catch (error) {
      if (/no such key/i.test(String((error as Error).message))) return [];
      throw error;
    }
    const fields = pairs(info);
    const idTime = (name: string) => Number(String(fields.get(name) ?? '0').split('-')[0]);
    const now = Date.now();
    const stream = {
      length: Number(fields.get('length') ?? 0),
      entriesAdded: Number(fields.get('entries-added') ?? 0),
      lastDeleted: idTime('max-deleted-entry-id'),
    };
    return [futureJournal(owner, idTime('last-generated-id'), now), trimmedJournal(owner, stream, now, this.options.journalDays)].filter(
      (anomaly): anomaly is Vigilance => anomaly !== undefined,
    );
  }

  async close(): Promise<void> {
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }

  /** XADD to this user's own journal, trimming events older than the retention (MINID, approximate: whole nodes at a time). */
  private async append(event: NewEvent): Promise<void> {
    const minId = Date.now() - this.options.journalDays * 86_400_000;
    await this.client.xadd(redisKeys.journal(event.team, this.user), 'MINID', '~', String(minId), '*', ...eventFields(event).flat());
  }

  private async run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof Failure) throw error;
      throw toMailboxError(error, this.label);
    }
  }
}

function listed(
  parts: KeyParts,
  note: { ttlSeconds: number; size: number },
  entry: IndexEntry | undefined,
  companions: readonly Companion[],
  vigilance: Vigilance[],
): ListedEntry {
  return {
    key: buildKey(parts),
    parts,
    ttlSeconds: note.ttlSeconds,
    size: note.size,
    ...(entry ? { sha256: entry.sha256 } : {}),
    ...companionKeysOf(parts, companions),
    ...(entry?.title ? { title: entry.title } : {}),
    ...(entry?.sealedSummary ? { sealedSummary: entry.sealedSummary } : {}),
    ...(entry?.summary ? { summary: entry.summary } : {}),
    vigilance,
  };
}

/** Every key of one node (of its selected database) matching `pattern`, by SCAN. */
export async function scanNode(node: Redis, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_COUNT);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

/** PTTL's answer in seconds as `list` shows it: rounded up; -1 (no expiry) and -2 (no key) unchanged. */
export const secondsLeft = (pttl: number): number => (pttl < 0 ? pttl : Math.ceil(pttl / 1000));

/** Commands in flight at once when a listing asks one per member or per note. */
const BATCH = 500;

/**
 * `Promise.all` over `items`, BATCH at a time: each batch still travels in one
 * round trip (auto-pipelining), and the commands of a team of 10,000 notes are
 * not all alive at once (they then survived every young-generation GC: half
 * the time of such a listing went to copying them).
 */
async function inBatches<T, R>(items: readonly T[], command: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += BATCH) results.push(...(await Promise.all(items.slice(start, start + BATCH).map(command))));
  return results;
}

/** A flat Redis reply [name, value, name, value…] as a map. */
function pairs(flat: unknown[]): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (let position = 0; position + 1 < flat.length; position += 2) map.set(String(flat[position]), flat[position + 1]);
  return map;
}
