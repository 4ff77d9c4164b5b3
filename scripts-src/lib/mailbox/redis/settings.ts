/**
 * Reads the Redis connection from the environment, once, into a typed object.
 * Compatible with the workshop (REDIS_HOST, REDIS_PORT, REDISCLI_AUTH as for
 * redis-cli) plus REDIS_USERNAME (ACL user), REDIS_URL (redis:// or rediss://),
 * REDIS_TLS_CA and REDIS_CLUSTER_NODES. Messages never quote REDIS_URL nor
 * REDISCLI_AUTH: they may hold a password.
 */
import { readFileSync } from 'node:fs';
import { fail } from '../../messages/failure.js';

export interface RedisNode {
  host: string;
  port: number;
}

export interface RedisSettings extends RedisNode {
  /** Set in Cluster mode: the seed nodes. */
  cluster?: RedisNode[];
  username?: string;
  password?: string;
  db?: number;
  tls: boolean;
  /** PEM certificates to trust instead of the system's. */
  tlsCa?: Buffer;
  /** What outputs show: `redis host:port`, `rediss host:port`, `redis-cluster host:port,…`; never a credential. */
  label: string;
}

export type Environment = Readonly<Record<string, string | undefined>>;

const DEFAULT_PORT = 6379;

export function hasRedisSettings(env: Environment): boolean {
  return Boolean(env.REDIS_URL || env.REDIS_HOST || env.REDIS_CLUSTER_NODES);
}

export function readRedisSettings(env: Environment): RedisSettings {
  const username = env.REDIS_USERNAME || undefined;
  const password = env.REDISCLI_AUTH || undefined;
  const tlsCa = readCa(env.REDIS_TLS_CA);
  if (env.REDIS_CLUSTER_NODES)
    return fromClusterNodes(env.REDIS_CLUSTER_NODES, { username, password, tlsCa, tls: env.REDIS_TLS === '1' || tlsCa !== undefined });
  if (env.REDIS_URL) return fromUrl(env.REDIS_URL, username, password, tlsCa);
  if (!env.REDIS_HOST) {
    throw fail('redis-non-configure');
  }
  return withLabel({ ...parseHost(env.REDIS_HOST.trim(), 'REDIS_HOST'), port: parsePort(env.REDIS_PORT, 'REDIS_PORT'), username, password, tls: false });
}

function readCa(path: string | undefined): Buffer | undefined {
  if (!path) return undefined;
  try {
    return readFileSync(path);
  } catch {
    throw fail('ca-illisible', { path });
  }
}

function parseHost(host: string, name: string): { host: string } {
  if (!/^[A-Za-z0-9._\-:[\]]+$/.test(host))
    throw fail('reglage-secret-invalide', { variable: name, expected: 'un nom d’hôte ou une adresse IP, par exemple redis.interne' });
  return { host: host.replace(/^\[(.*)\]$/, '$1') };
}

function fromClusterNodes(raw: string, options: Pick<RedisSettings, 'username' | 'password' | 'tlsCa' | 'tls'>): RedisSettings {
  const nodes = raw.split(',').map((entry) => {
    const match = /^\s*(\[[^\]]+\]|[^:\s]+):(\d{1,5})\s*$/.exec(entry);
    if (!match) throw fail('reglage-secret-invalide', { variable: 'REDIS_CLUSTER_NODES', expected: 'hôte:port,hôte:port' });
    return { ...parseHost(match[1]!, 'REDIS_CLUSTER_NODES'), port: parsePort(match[2], 'REDIS_CLUSTER_NODES') };
  });
  const settings = { ...nodes[0]!, cluster: nodes, ...options };
  return { ...settings, label: `redis-cluster ${nodes.map(formatNode).join(',')}` };
}

function fromUrl(raw: string, username?: string, password?: string, tlsCa?: Buffer): RedisSettings {
  const invalid = () =>
    fail('reglage-secret-invalide', {
      variable: 'REDIS_URL',
      expected: 'redis://[utilisateur@]hôte[:port][/base] ou rediss://… pour TLS ; le mot de passe peut aussi venir de REDISCLI_AUTH',
    });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid();
  }
  if ((url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname) throw invalid();
  const dbPath = url.pathname.replace(/^\//, '');
  if (dbPath !== '' && !/^\d{1,2}$/.test(dbPath)) throw invalid();
  // A malformed %-escape (`pw%zz`) is a wrong setting, not a crash.
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw invalid();
    }
  };
  return withLabel({
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : DEFAULT_PORT,
    username: url.username ? decode(url.username) : username,
    password: url.password ? decode(url.password) : password,
    db: dbPath === '' ? undefined : Number(dbPath),
    tls: url.protocol === 'rediss:',
    tlsCa,
  });
}

function parsePort(raw: string | undefined, name: string): number {
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || port < 1 || port > 65535) {
    // The value is not shown: a password typed into the wrong variable would be printed.
    throw fail('reglage-secret-invalide', { variable: name, expected: `un port entre 1 et 65535, par exemple export ${name}=6379` });
  }
  return port;
}

const formatNode = ({ host, port }: RedisNode) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

function withLabel(settings: Omit<RedisSettings, 'label'>): RedisSettings {
  return { ...settings, label: `${settings.tls ? 'rediss' : 'redis'} ${formatNode(settings)}` };
}
