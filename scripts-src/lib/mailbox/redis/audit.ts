/**
 * `admin audit`: what only a user with the SCAN right can see of a team — keys
 * without expiry or beyond the maximum, index entries without their key or filed
 * in someone else's index, notes nobody indexed (the workshop's `publier.sh`),
 * authors missing from the members, journals trimmed or dated in the future —
 * and, on request, the corrections: TTLs bounded, entries pruned, notes indexed,
 * members added, and the audit itself journaled. Every database of a
 * standalone server is looked at: a key of the team outside database 0 is read
 * by no program and would escape the retention.
 */
import type { NoteSummary } from '../contract.js';
import { decodeEntry, type IndexEntry } from '../entry.js';
import { buildKey, COMPANIONS, companionKeyOf, isValidName, type KeyParts, noteKeyOf, parseKey, redisKeys } from '../keys.js';
import { sha256Of } from '../publish.js';
import { checkKey, foreignEntry, GHOST_ENTRY, otherDatabase, oversizedEntry, type Vigilance } from '../verify.js';
import { isCluster, toMailboxError } from './connection.js';
import { type RedisMailbox, scanNode, secondsLeft } from './redis-mailbox.js';

export interface AuditFinding extends Vigilance {
  /** The key concerned, or the journal's owner. */
  subject: string;
  corrected: boolean;
}

export interface AuditOptions {
  correct: boolean;
  ttlMaxSeconds: number;
  /** Title and summary of a note to index, from its header. */
  summarize(note: Buffer): NoteSummary;
}

export async function auditTeam(mailbox: RedisMailbox, team: string, options: AuditOptions): Promise<AuditFinding[]> {
  try {
    return await audit(mailbox, team, options);
  } catch (error) {
    // The audit talks to Redis directly: its failures (NOPERM without SCAN…) are classified like the mailbox's own.
    throw toMailboxError(error, mailbox.label);
  }
}

async function audit(mailbox: RedisMailbox, team: string, options: AuditOptions): Promise<AuditFinding[]> {
  const { client } = mailbox;
  const findings: AuditFinding[] = [];
  const add = (subject: string, found: Vigilance, corrected: boolean) => findings.push({ ...found, subject, corrected });

  const stored = (await Promise.all(redisKeys.publicationsOf(team).map((pattern) => mailbox.scan(pattern)))).flat().flatMap((key) => {
    const parts = parseKey(key);
    return parts?.team === team ? [parts] : [];
  });
  const members = new Set(await client.smembers(redisKeys.members(team)));
  const indexed = (await mailbox.scan(redisKeys.indexesOf(team))).map((key) => redisKeys.authorOfIndex(team, key));
  const owners = [...new Set([...members, ...indexed])].filter(isValidName);
  const indexes = new Map<string, Map<string, IndexEntry>>();

  // Index entries: filed under their author, and naming a key that exists.
  const existing = new Set(stored.map(buildKey));
  for (const owner of owners) {
    const valid = new Map<string, IndexEntry>();
    indexes.set(owner, valid);
    for (const [key, text] of Object.entries(await client.hgetall(redisKeys.index(team, owner)))) {
      const parts = parseKey(key);
      const entry = decodeEntry(text, key);
      const foreign = parts?.kind !== 'contexte' || parts.team !== team || parts.author !== owner;
      const oversized = oversizedEntry(owner, text);
      if (foreign || oversized || !existing.has(key)) {
        // An oversized entry is removed: the note is then indexed again from its bytes, like any unindexed note.
        if (options.correct) await client.hdel(redisKeys.index(team, owner), key);
        add(key, foreign ? foreignEntry(owner, key) : (oversized ?? GHOST_ENTRY), options.correct);
      } else if (entry) valid.set(key, entry);
    }
  }

  // Keys: their retention, and notes against their index entry.
  for (const parts of stored) {
    const key = buildKey(parts);
    const pttl = await client.pttl(key);
    if (pttl === -2) continue;
    const ttlSeconds = secondsLeft(pttl);
    const entry = parts.kind === 'contexte' ? indexes.get(parts.author)?.get(key) : undefined;
    const size = await client.strlen(key);
    const found = checkKey(parts.kind, { exists: true, ttlSeconds, size }, entry, options.ttlMaxSeconds);
    const retention = found.filter((finding) => finding.code === 'sans-expiration' || finding.code === 'expiration-trop-longue');
    if (options.correct && retention.length > 0) await client.expire(key, options.ttlMaxSeconds);
    for (const finding of retention) add(key, finding, options.correct);
    const stale = found.filter((finding) => finding.code === 'non-indexee' || finding.code === 'taille-differente');
    if (options.correct && stale.length > 0)
      await reindex(mailbox, parts, Math.min(ttlSeconds < 0 ? options.ttlMaxSeconds : ttlSeconds, options.ttlMaxSeconds), options);
    for (const finding of stale) add(key, finding, options.correct);
  }

  // Every author with notes or an index is a member, so that `list --equipe` reads their index — unless
  // `admin revoquer` removed them (a fact it recorded): their notes stay until they expire, unlisted.
  const revoked = new Set(await client.smembers(redisKeys.revoked(team)));
  for (const author of new Set([...owners, ...stored.map((parts) => parts.author)])) {
    if (members.has(author)) continue;
    if (revoked.has(author)) {
      add(
        author,
        {
          code: 'membre-revoque',
          message: `${author} a été révoqué (admin revoquer) mais a encore des notes ou un index : il n’est pas remis parmi les membres ; ses notes restent jusqu’à leur expiration (recuperer supprimer)`,
        },
        false,
      );
      continue;
    }
    if (options.correct) await Promise.all([client.sadd(redisKeys.members(team), author), client.sadd(redisKeys.teams, team)]);
    add(
      author,
      { code: 'membre-absent', message: `${author} a des notes ou un index mais n’est pas membre de l’équipe : list --equipe ne le lit pas` },
      options.correct,
    );
  }

  // Journals: what their bookkeeping reveals (a record cannot be corrected).
  for (const key of await mailbox.scan(redisKeys.journalsOf(team))) {
    const owner = redisKeys.ownerOfJournal(team, key);
    for (const anomaly of await mailbox.journalAnomalies(team, owner)) add(owner, anomaly, false);
  }

  // Other databases: none of our programs reads there, so a team's key there escapes the index and the retention.
  for (const { database, key, ttlSeconds } of await keysInOtherDatabases(mailbox, team, options)) {
    add(`base ${database} : ${key}`, otherDatabase(database, ttlSeconds), options.correct);
  }

  const corrected = findings.filter((finding) => finding.corrected).length;
  if (corrected > 0) await mailbox.record({ kind: 'audit', team, detail: `${corrected} correction(s) : ${summarizeCodes(findings)}` });
  return findings;
}

/**
 * The team's keys in every database but the one audited, found through INFO
 * keyspace (empty databases cost nothing) on one extra connection; with
 * `correct`, each gets at most the maximum retention. A Cluster has only one.
 */
async function keysInOtherDatabases(
  mailbox: RedisMailbox,
  team: string,
  options: AuditOptions,
): Promise<Array<{ database: number; key: string; ttlSeconds: number }>> {
  if (isCluster(mailbox.client)) return [];
  const current = mailbox.client.options.db ?? 0;
  const keyspace = String(await mailbox.client.info('keyspace'));
  const databases = [...keyspace.matchAll(/^db(\d+):keys=[1-9]/gm)].map((match) => Number(match[1])).filter((database) => database !== current);
  if (databases.length === 0) return [];
  const patterns = [...redisKeys.publicationsOf(team), redisKeys.indexesOf(team), redisKeys.journalsOf(team), redisKeys.members(team)];
  const found: Array<{ database: number; key: string; ttlSeconds: number }> = [];
  const other = mailbox.client.duplicate();
  try {
    for (const database of databases) {
      await other.select(database);
      for (const pattern of patterns) {
        for (const key of await scanNode(other, pattern)) {
          const ttlSeconds = secondsLeft(await other.pttl(key));
          if (ttlSeconds === -2) continue;
          if (options.correct && (ttlSeconds < 0 || ttlSeconds > options.ttlMaxSeconds)) await other.expire(key, options.ttlMaxSeconds);
          found.push({ database, key, ttlSeconds });
        }
      }
    }
  } finally {
    other.disconnect();
  }
  return found;
}

/** Indexes a note from its stored bytes, as its publication would have. */
async function reindex(mailbox: RedisMailbox, parts: KeyParts, ttlSeconds: number, options: AuditOptions): Promise<void> {
  const value = await mailbox.client.getBuffer(buildKey(parts));
  if (!value) return;
  const stored = await Promise.all(COMPANIONS.map((kind) => mailbox.client.exists(companionKeyOf(parts, kind))));
  const entry: IndexEntry = {
    key: noteKeyOf(parts),
    size: value.length,
    sha256: sha256Of(value),
    expiresAt: Date.now() + ttlSeconds * 1000,
    companions: COMPANIONS.filter((_, position) => stored[position] === 1),
    ...options.summarize(value),
  };
  await mailbox.writeIndexEntry(parts, entry, ttlSeconds);
}

function summarizeCodes(findings: AuditFinding[]): string {
  const counts = new Map<string, number>();
  for (const finding of findings) if (finding.corrected) counts.set(finding.code, (counts.get(finding.code) ?? 0) + 1);
  return [...counts].map(([code, count]) => `${code} ×${count}`).join(', ');
}
