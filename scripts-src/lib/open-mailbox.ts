import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { UsageError } from './errors.js';
import { quoteForMessage } from './keys.js';
import { openFolderMailbox } from './folder-mailbox.js';
import type { Mailbox } from './mailbox.js';
import { DEFAULT_JOURNAL_DAYS, openRedisMailbox } from './redis-mailbox.js';
import { hasRedisSettings, readRedisSettings, type Environment } from './redis-settings.js';

/**
 * Picks and opens the mailbox the environment describes: Redis when REDIS_URL,
 * REDIS_HOST or REDIS_CLUSTER_NODES is set, otherwise the folder CONTEXTE_DIR,
 * by default ${XDG_STATE_HOME:-~/.local/state}/contexte-skills/boite.
 */
export async function openMailbox(env: Environment): Promise<Mailbox> {
  const journalDays = readJournalDays(env.CONTEXTE_JOURNAL_JOURS);
  if (hasRedisSettings(env)) return openRedisMailbox(readRedisSettings(env), { journalDays });
  return openFolderMailbox(defaultFolder(env), { journalDays });
}

export function defaultFolder(env: Environment): string {
  if (env.CONTEXTE_DIR) return resolve(env.CONTEXTE_DIR);
  const state = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(state, 'contexte-skills', 'boite');
}

function readJournalDays(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_JOURNAL_DAYS;
  if (!/^[1-9]\d{0,4}$/.test(raw)) throw new UsageError(`CONTEXTE_JOURNAL_JOURS invalide : ${quoteForMessage(raw, 12)} (un nombre de jours est attendu)`);
  return Number(raw);
}
