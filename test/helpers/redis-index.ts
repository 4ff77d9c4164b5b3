/**
 * Writes what a client that bypasses publier (or a team member) could store in
 * a team's index, under the mailbox's own key names.
 */
import type { Redis } from 'ioredis';
import { parseKey, redisKeys } from '../../scripts-src/lib/mailbox/keys.js';

/** Files `entry` (raw text, or an object serialised as JSON) under the author of `key`, who becomes a member of the team. */
export async function plantIndexEntry(admin: Redis, key: string, entry: string | Record<string, unknown>, options: { owner?: string } = {}): Promise<void> {
  const parts = parseKey(key);
  if (!parts) throw new Error(`not a key of ours: ${key}`);
  const owner = options.owner ?? parts.author;
  await admin.sadd(redisKeys.members(parts.team), owner);
  await admin.hset(redisKeys.index(parts.team, owner), key, typeof entry === 'string' ? entry : JSON.stringify(entry));
  await admin.expire(redisKeys.index(parts.team, owner), 600);
}
