/**
 * The Redis mailbox. Keys follow keys.ts; values are the published bytes,
 * unchanged, so `redis-cli GET <cle>` shows the note.
 */
import type { Redis } from 'ioredis';
import { MailboxError } from './errors.js';
import { buildKey, candidateStamp, minuteStamp, parseKey } from './keys.js';
import type { ListedEntry, Mailbox, Publication, PublishRequest } from './mailbox.js';
import { connectRedis, toMailboxError } from './redis-connection.js';
import type { RedisSettings } from './redis-settings.js';

/** Publications by one author in one minute before we give up looking for a free stamp. */
const MAX_STAMP_ATTEMPTS = 1000;
/** Keys asked per SCAN step, and per pipelined batch of PTTL/STRLEN. */
const BATCH = 1000;

export async function openRedisMailbox(settings: RedisSettings): Promise<Mailbox> {
  return new RedisMailbox(await connectRedis(settings), settings.label);
}

class RedisMailbox implements Mailbox {
  constructor(
    private readonly client: Redis,
    readonly label: string,
  ) {}

  async publish(request: PublishRequest): Promise<Publication> {
    return this.run(async () => {
      const { team, author, ttlSeconds } = request;
      const minute = minuteStamp(request.now);
      for (let attempt = 1; attempt <= MAX_STAMP_ATTEMPTS; attempt++) {
        const stamp = candidateStamp(minute, attempt);
        const noteKey = buildKey({ kind: 'contexte', team, author, stamp });
        // One atomic command: the key never exists without its TTL, and NX never overwrites.
        if ((await this.client.set(noteKey, request.note, 'EX', ttlSeconds, 'NX')) !== 'OK') continue;
        if (!request.session) return { noteKey, ttlSeconds };

        const sessionKey = buildKey({ kind: 'session', team, author, stamp });
        let created: string | null;
        try {
          created = await this.client.set(sessionKey, request.session, 'EX', ttlSeconds, 'NX');
        } catch (error) {
          await this.undo(noteKey);
          throw error;
        }
        if (created === 'OK') return { noteKey, sessionKey, ttlSeconds };
        // A session export is already stored under this stamp: keep note and export paired.
        await this.undo(noteKey);
      }
      throw new MailboxError('no-free-key', this.label);
    });
  }

  async list(pattern: string): Promise<ListedEntry[]> {
    return this.run(async () => {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = await this.client.scan(cursor, 'MATCH', pattern, 'COUNT', BATCH);
        cursor = next;
        keys.push(...batch);
      } while (cursor !== '0');

      const ours = [...new Set(keys)].flatMap((key) => {
        const parts = parseKey(key);
        return parts ? [{ key, parts }] : [];
      });
      const entries: ListedEntry[] = [];
      for (let start = 0; start < ours.length; start += BATCH) {
        const slice = ours.slice(start, start + BATCH);
        const pipeline = this.client.pipeline();
        for (const { key } of slice) pipeline.ttl(key).strlen(key);
        const replies = (await pipeline.exec()) ?? [];
        slice.forEach(({ key, parts }, index) => {
          const [ttlError, ttl] = replies[2 * index] ?? [];
          const [sizeError, size] = replies[2 * index + 1] ?? [];
          if (ttlError) throw ttlError;
          if (sizeError) throw sizeError;
          // -2: expired since SCAN saw it.
          if (ttl === -2) return;
          entries.push({ key, parts, ttlSeconds: Number(ttl), size: Number(size) });
        });
      }
      return entries;
    });
  }

  async get(key: string): Promise<Buffer | undefined> {
    return this.run(async () => (await this.client.getBuffer(key)) ?? undefined);
  }

  async close(): Promise<void> {
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }

  /** Best effort: the note keeps its TTL if even this fails. */
  private async undo(key: string): Promise<void> {
    await this.client.del(key).catch(() => undefined);
  }

  private async run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw toMailboxError(error, this.label);
    }
  }
}
