import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { quoteForMessage } from '../text/quote.js';
import type { Mailbox } from './contract.js';
import { InvalidRequest } from './errors.js';
import { openFolderMailbox } from './folder/folder-mailbox.js';
import { DEFAULT_JOURNAL_DAYS, openRedisMailbox } from './redis/redis-mailbox.js';
import { hasRedisSettings, readRedisSettings, type Environment } from './redis/settings.js';
import { parseTtlMax } from './ttl.js';

/**
 * Picks and opens the mailbox the environment describes: Redis when REDIS_URL,
 * REDIS_HOST or REDIS_CLUSTER_NODES is set, otherwise the folder CONTEXTE_DIR,
 * by default ${XDG_STATE_HOME:-~/.local/state}/contexte-skills/boite.
 */
export async function openMailbox(env: Environment): Promise<Mailbox> {
  const options = { journalDays: readJournalDays(env.CONTEXTE_JOURNAL_JOURS), ttlMaxSeconds: parseTtlMax(env.CONTEXTE_TTL_MAX) };
  if (hasRedisSettings(env)) return openRedisMailbox(readRedisSettings(env), options);
  return openFolderMailbox(defaultFolder(env), options);
}

export function defaultFolder(env: Environment): string {
  if (env.CONTEXTE_DIR) return resolve(env.CONTEXTE_DIR);
  const state = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(state, 'contexte-skills', 'boite');
}

export function readJournalDays(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_JOURNAL_DAYS;
  if (!/^[1-9]\d{0,4}$/.test(raw)) throw new InvalidRequest(`CONTEXTE_JOURNAL_JOURS invalide : ${quoteForMessage(raw, 12)}`, 'Donnez un nombre entier de jours, par exemple 30.');
  return Number(raw);
}
