/**
 * The only place that creates Redis clients, standalone or Cluster. Every bound
 * here exists so that a dead, frozen or unreachable Redis fails in seconds with
 * a clear reason instead of hanging the agent's bash tool.
 */
import type { Cluster, ClusterOptions, Redis, RedisOptions } from 'ioredis';
import { MailboxError, type MailboxFailure } from '../errors.js';
import type { RedisSettings } from './settings.js';

/** TCP (and TLS) connect timeout. */
const CONNECT_TIMEOUT_MS = 3000;
/** Whole connection, including AUTH: a frozen server accepts TCP but never answers. */
const READY_TIMEOUT_MS = 5000;
/** Each command; a program makes a handful of round trips, so 10 s is never reached. */
const COMMAND_TIMEOUT_MS = 4000;
/** How long the greeting of a server that closed the connection at once is waited for. */
const PROBE_TIMEOUT_MS = 1000;
/** What Redis answers, then closes, when `maxclients` connections are open: in an error's message, and as a bare socket's greeting. */
const MAX_CLIENTS_REPLY = /max(?:imum)? number of clients reached/i;
const MAX_CLIENTS_GREETING = new RegExp(`^-ERR ${MAX_CLIENTS_REPLY.source}`, 'i');
/** Grace given to a closing socket before it is destroyed. */
const DISCONNECT_TIMEOUT_MS = 50;

export type RedisClient = Redis | Cluster;

export const isCluster = (client: RedisClient): client is Cluster => 'nodes' in client && typeof client.nodes === 'function' && client.isCluster === true;

export async function connectRedis(settings: RedisSettings): Promise<RedisClient> {
  const options: RedisOptions = {
    username: settings.username,
    password: settings.password,
    db: settings.db,
    tls: settings.tls ? { servername: settings.host, ...(settings.tlsCa ? { ca: settings.tlsCa } : {}) } : undefined,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // A short-lived program: no reconnection, no retries.
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    // The ready check needs INFO, which a team's ACL user is not given.
    enableReadyCheck: false,
    // ioredis would read its own package.json from disk, which a bundle does not have.
    disableClientInfo: true,
    // After a failed connection ioredis waits this long for a socket that is already
    // gone (2 s by default), which would keep the program alive for nothing.
    disconnectTimeout: DISCONNECT_TIMEOUT_MS,
    // Independent commands issued together travel in one round trip (per node).
    enableAutoPipelining: true,
  };
  // Loaded here, not at start-up: commands that never reach Redis (--help, a refused note, the folder mailbox) skip it.
  const ioredis = await import('ioredis');
  const client: RedisClient = settings.cluster
    ? new ioredis.Cluster(settings.cluster, {
        redisOptions: options,
        lazyConnect: true,
        clusterRetryStrategy: () => null,
        enableOfflineQueue: true,
        enableReadyCheck: true,
        slotsRefreshTimeout: CONNECT_TIMEOUT_MS,
        maxRedirections: 4,
        retryDelayOnClusterDown: 100,
        retryDelayOnFailover: 100,
        enableAutoPipelining: true,
      } satisfies ClusterOptions)
    : new ioredis.Redis({ host: settings.host, port: settings.port, ...options });
  // Without a listener ioredis prints "Unhandled error event" with details to stderr.
  let lastError: unknown;
  client.on('error', (error: unknown) => {
    lastError = error;
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      // PING proves the connection usable: without the ready check, a refused AUTH shows only here.
      client.connect().then(() => client.ping()),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error('ready timeout'), { code: 'ETIMEDOUT' })), READY_TIMEOUT_MS);
      }),
    ]);
    return client;
  } catch (error) {
    client.disconnect();
    // The first error says why (WRONGPASS); later ones only that the connection closed.
    const failure = toMailboxError(lastError ?? error, settings.label);
    if (failure.failure === 'refused' && failure.context.code !== 'ECONNREFUSED' && !settings.tls && !settings.cluster) {
      if (await refusesClients(settings.host, settings.port)) throw new MailboxError('too-many-clients', settings.label);
    }
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the server turns connections away at `maxclients`. Redis then writes
 * `-ERR max number of clients reached` and closes at once, so the client's
 * first command fails with EPIPE or a closed connection before its reply is
 * read: the greeting is read again on a bare socket, once, on this failure only.
 */
async function refusesClients(host: string, port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let received = '';
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\n') || received.length > 200) done(MAX_CLIENTS_GREETING.test(received));
    });
    socket.on('error', () => done(false));
    socket.on('close', () => done(MAX_CLIENTS_GREETING.test(received)));
  });
}

/**
 * Maps a client or server error to a backend-neutral failure. The server's
 * message is reduced to its error prefix: ioredis errors can carry the command's
 * arguments, and AUTH's argument is the password.
 */
export function toMailboxError(error: unknown, label: string): MailboxError {
  if (error instanceof MailboxError) return error;
  const { code, message, lastNodeError } = (error ?? {}) as { code?: unknown; message?: unknown; lastNodeError?: unknown };
  // A Cluster wraps the node's own error.
  if (lastNodeError) return toMailboxError(lastNodeError, label);
  const text = typeof message === 'string' ? message : '';
  // Redis error replies start with an upper-case code: WRONGPASS, NOPERM, OOM…
  const prefix = /^([A-Z]{2,})\b/.exec(text)?.[1];
  const failure = classify(typeof code === 'string' ? code : undefined, text, prefix);
  const shown = typeof code === 'string' ? code : prefix;
  return new MailboxError(failure, label, shown === undefined ? {} : { code: shown });
}

function classify(code: string | undefined, message: string, prefix: string | undefined): MailboxFailure {
  switch (prefix) {
    case 'WRONGPASS':
      return 'auth-failed';
    case 'NOAUTH':
      return 'auth-required';
    case 'NOPERM':
      return 'no-permission';
    case 'OOM':
      return 'out-of-memory';
    case 'READONLY':
      return 'read-only';
    case 'CLUSTERDOWN':
      return 'unavailable';
  }
  if (/invalid (username-)?password/i.test(message)) return 'auth-failed';
  if (MAX_CLIENTS_REPLY.test(message)) return 'too-many-clients';
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE') return 'refused';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'unreachable';
  if (code === 'ETIMEDOUT' || /timed? ?out/i.test(message)) return 'timeout';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown-host';
  if (code && (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || code.includes('CERT') || code === 'EPROTO')) return 'tls';
  if (/Connection is closed|None of startup nodes is available|Failed to refresh slots cache/i.test(message)) return 'refused';
  return 'other';
}
