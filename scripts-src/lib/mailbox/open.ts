import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fail } from '../messages/failure.js';
import type { Mailbox } from './contract.js';
import { type FolderMailbox, openFolderMailbox } from './folder/folder-mailbox.js';
import { DEFAULT_JOURNAL_DAYS, openRedisMailbox } from './redis/redis-mailbox.js';
import { type Environment, hasRedisSettings, readRedisSettings } from './redis/settings.js';
import { parseTtlMax } from './ttl.js';

/**
 * Picks and opens the mailbox the environment describes: Redis when REDIS_URL,
 * REDIS_HOST or REDIS_CLUSTER_NODES is set, otherwise the folder CONTEXTE_DIR,
 * by default ${XDG_STATE_HOME:-~/.local/state}/contexte-skills/boite.
 */
export async function openMailbox(env: Environment, purpose: 'publish' | 'read' = 'read'): Promise<Mailbox> {
  if (hasRedisSettings(env)) return openRedisMailbox(readRedisSettings(env), mailboxOptions(env));
  refuseStrayRedisSettings(env);
  if (purpose === 'read') refuseMissingFolder(env);
  return openFolderMailbox(defaultFolder(env), mailboxOptions(env));
}

/**
 * A CONTEXTE_DIR that does not exist is a typo, or a shared folder not made yet:
 * reading it would create it and answer « unknown team ». Only a publication
 * creates a box (the default one, under the state folder, is made as needed).
 */
function refuseMissingFolder(env: Environment): void {
  if (!env.CONTEXTE_DIR) return;
  const folder = defaultFolder(env);
  try {
    statSync(folder);
  } catch (error) {
    // Anything else than absence (a file on the way, no right) is said by the box itself when it opens.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw fail('boite-dossier-absente', { path: folder });
  }
}

/** Variables that only mean something for Redis (REDIS_USERNAME also names publier's default author: it may stay). */
const REDIS_ONLY = ['REDISCLI_AUTH', 'REDIS_PORT', 'REDIS_TLS_CA', 'REDIS_TLS'] as const;

/** Redis settings given without a Redis host: a note must not go silently to the folder box instead. */
function refuseStrayRedisSettings(env: Environment): void {
  const stray = strayRedisSettings(env);
  if (stray.length > 0) throw fail('redis-sans-hote', { variables: stray.join(', '), box: defaultFolder(env) });
}

const strayRedisSettings = (env: Environment): string[] => REDIS_ONLY.filter((name) => env[name]);

/** The folder mailbox, for what only a folder's members do themselves (on Redis, the administration does it: `onRedis` says how). */
export async function openFolderOnly(env: Environment, onRedis: 'identite-redis' | 'sceller-redis'): Promise<FolderMailbox> {
  if (hasRedisSettings(env)) throw fail(onRedis);
  refuseStrayRedisSettings(env);
  refuseMissingFolder(env);
  return openFolderMailbox(defaultFolder(env), mailboxOptions(env));
}

const mailboxOptions = (env: Environment) => ({
  journalDays: readJournalDays(env.CONTEXTE_JOURNAL_JOURS),
  ttlMaxSeconds: parseTtlMax(env.CONTEXTE_TTL_MAX),
});

/** Which mailbox the environment selects and how it is set, without opening it (nothing created, nothing connected) and without any secret. */
export function describeMailbox(env: Environment): Record<string, string | number | boolean | null> {
  const common = { ttl_max: parseTtlMax(env.CONTEXTE_TTL_MAX), journal_jours: readJournalDays(env.CONTEXTE_JOURNAL_JOURS) };
  if (hasRedisSettings(env)) {
    const settings = readRedisSettings(env);
    return {
      type: settings.cluster ? 'redis-cluster' : 'redis',
      boite: settings.label,
      utilisateur: settings.username ?? 'default',
      mot_de_passe: settings.password !== undefined ? 'défini (non affiché)' : 'aucun',
      tls: settings.tls,
      base: settings.db ?? 0,
      ...common,
    };
  }
  const folder = defaultFolder(env);
  let state = 'pas encore créé';
  try {
    const info = statSync(folder);
    state = !info.isDirectory() ? 'pas un dossier' : (info.mode & 0o2000) !== 0 && (info.mode & 0o070) !== 0 ? 'partagé avec son groupe (setgid)' : 'privé';
  } catch {
    // absent: created at the first publication
  }
  const stray = strayRedisSettings(env);
  return { type: 'dossier', boite: `dossier ${folder}`, etat: state, ...common, ...(stray.length > 0 ? { redis_sans_hote: stray.join(', ') } : {}) };
}

export function defaultFolder(env: Environment): string {
  if (env.CONTEXTE_DIR) return resolve(env.CONTEXTE_DIR);
  const state = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(state, 'contexte-skills', 'boite');
}

export function readJournalDays(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_JOURNAL_DAYS;
  if (!/^[1-9]\d{0,4}$/.test(raw))
    throw fail('reglage-invalide', { variable: 'CONTEXTE_JOURNAL_JOURS', raw, expected: 'un nombre entier de jours, par exemple 30' });
  return Number(raw);
}
