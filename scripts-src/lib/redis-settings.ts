/**
 * Reads the Redis connection from the environment, once, into a typed object.
 * Compatible with the workshop (REDIS_HOST, REDIS_PORT, REDISCLI_AUTH as for
 * redis-cli) plus REDIS_USERNAME (ACL user) and REDIS_URL (redis:// or rediss://).
 * Messages never quote REDIS_URL nor REDISCLI_AUTH: they may hold a password.
 */
import { UsageError } from './errors.js';

export interface RedisSettings {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db?: number;
  tls: boolean;
  /** What outputs show: `redis host:port` or `rediss host:port`, never a credential. */
  label: string;
}

export type Environment = Readonly<Record<string, string | undefined>>;

const DEFAULT_PORT = 6379;

export function hasRedisSettings(env: Environment): boolean {
  return Boolean(env.REDIS_URL || env.REDIS_HOST);
}

export function readRedisSettings(env: Environment): RedisSettings {
  const username = env.REDIS_USERNAME || undefined;
  const password = env.REDISCLI_AUTH || undefined;
  if (env.REDIS_URL) return fromUrl(env.REDIS_URL, username, password);
  if (!env.REDIS_HOST) {
    throw new UsageError(
      'aucune boîte Redis configurée : REDIS_HOST (ou REDIS_URL) n’est pas défini',
      'Dans le terminal qui lance OpenCode : export REDIS_HOST=<hôte> et export REDISCLI_AUTH=<mot de passe>.',
    );
  }
  const host = env.REDIS_HOST.trim();
  if (!/^[A-Za-z0-9._\-:[\]]+$/.test(host)) {
    throw new UsageError('REDIS_HOST invalide : un nom d’hôte ou une adresse IP est attendu');
  }
  const port = parsePort(env.REDIS_PORT, 'REDIS_PORT');
  return withLabel({ host, port, username, password, tls: false });
}

function fromUrl(raw: string, username?: string, password?: string): RedisSettings {
  const invalid = () =>
    new UsageError(
      'REDIS_URL invalide (sa valeur n’est pas affichée : elle peut contenir un mot de passe)',
      'Forme attendue : redis://[utilisateur@]hôte[:port][/base] ou rediss://… pour TLS ; le mot de passe peut aussi venir de REDISCLI_AUTH.',
    );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid();
  }
  if ((url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname) throw invalid();
  const dbPath = url.pathname.replace(/^\//, '');
  if (dbPath !== '' && !/^\d{1,2}$/.test(dbPath)) throw invalid();
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return withLabel({
    host,
    port: url.port ? Number(url.port) : DEFAULT_PORT,
    username: url.username ? decodeURIComponent(url.username) : username,
    password: url.password ? decodeURIComponent(url.password) : password,
    db: dbPath === '' ? undefined : Number(dbPath),
    tls: url.protocol === 'rediss:',
  });
}

function parsePort(raw: string | undefined, name: string): number {
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || port < 1 || port > 65535) {
    throw new UsageError(`${name} invalide : « ${raw.slice(0, 12)} » (un port entre 1 et 65535 est attendu)`);
  }
  return port;
}

function withLabel(settings: Omit<RedisSettings, 'label'>): RedisSettings {
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return { ...settings, label: `${settings.tls ? 'rediss' : 'redis'} ${host}:${settings.port}` };
}
