import type { Mailbox } from './mailbox.js';
import { openRedisMailbox } from './redis-mailbox.js';
import { readRedisSettings, type Environment } from './redis-settings.js';

/** Picks and opens the mailbox the environment describes. */
export async function openMailbox(env: Environment): Promise<Mailbox> {
  return openRedisMailbox(readRedisSettings(env));
}
