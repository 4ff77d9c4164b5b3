/**
 * Starts a real redis-server (Debian's package) on a free loopback port, in its
 * own temporary folder, and stops it afterwards. Each test file gets its own
 * server, so files run in parallel without sharing state.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Cluster, Redis, type RedisOptions } from 'ioredis';

const run = promisify(execFile);

export interface RedisServer {
  port: number;
  /** The redis-server process, for tests that break it (SIGSTOP, SIGKILL). */
  child: ChildProcess;
  password: string;
  /** Environment for our programs, as a workshop user would set it. */
  env: Record<string, string>;
  /** An admin client (default user) for assertions and set-up. */
  admin: Redis;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A random password made at test time: never a committed secret. */
export function randomPassword(): string {
  return `pw-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
}

/** A server on loopback that keeps nothing on disk (no snapshot, no append-only file) beyond `dir`. */
const ephemeral = (dir: string) => ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];

export async function startRedis(extraArgs: string[] = [], password = randomPassword()): Promise<RedisServer> {
  const dir = await mkdtemp(join(tmpdir(), 'contexte-redis-'));
  const { port, child, admin } = await launch(
    dir,
    (port) => ['--port', String(port), ...ephemeral(dir), '--requirepass', password, ...extraArgs],
    (port) => ({ port, host: '127.0.0.1', password }),
  );
  return {
    port,
    child,
    password,
    admin,
    env: { REDIS_HOST: '127.0.0.1', REDIS_PORT: String(port), REDISCLI_AUTH: password },
    stop: () => shutdown(admin, child, dir),
  };
}

/** Starts redis-server on a free port (retrying if another process took it) and connects an admin client. */
async function launch(
  dir: string,
  args: (port: number) => string[],
  client: (port: number) => RedisOptions,
): Promise<{ port: number; child: ChildProcess; admin: Redis }> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child = spawn('redis-server', args(port), { stdio: ['ignore', 'pipe', 'pipe'] });
    const admin = new Redis({ ...client(port), lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    admin.on('error', () => undefined);
    if (await waitUntilReady(admin, child)) return { port, child, admin };
    admin.disconnect();
    await stopProcess(child);
    if (attempt >= 4) {
      await rm(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start on port ${port}`);
    }
  }
}

async function shutdown(admin: Redis, child: ChildProcess, dir: string): Promise<void> {
  admin.disconnect();
  await stopProcess(child);
  await rm(dir, { recursive: true, force: true });
}

async function waitUntilReady(client: Redis, child: ChildProcess): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) return false;
    try {
      if (client.status !== 'ready') await client.connect();
      if ((await client.ping()) === 'PONG') return true;
    } catch {
      client.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export interface TlsRedisServer extends RedisServer {
  /** PEM of the certificate authority that signed the server's certificate. */
  caFile: string;
}

/**
 * A redis-server speaking only TLS, with a CA and a server certificate made by
 * openssl for this test (CN localhost, SAN 127.0.0.1).
 */
export async function startTlsRedis(): Promise<TlsRedisServer> {
  const dir = await mkdtemp(join(tmpdir(), 'contexte-tls-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => run('openssl', args, { cwd: dir });
  await openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=contexte-test-ca',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
  );
  await openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', file('server.key'), '-out', file('server.csr'));
  await run('sh', ['-c', `printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\\n' > ${file('san.ext')}`]);
  await openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    file('san.ext'),
    '-out',
    file('server.crt'),
  );
  const password = randomPassword();
  const ca = await readFile(file('ca.crt'));
  const { port, child, admin } = await launch(
    dir,
    (port) => [
      '--port',
      '0',
      '--tls-port',
      String(port),
      ...ephemeral(dir),
      '--requirepass',
      password,
      '--tls-cert-file',
      file('server.crt'),
      '--tls-key-file',
      file('server.key'),
      '--tls-ca-cert-file',
      file('ca.crt'),
      '--tls-auth-clients',
      'no',
    ],
    (port) => ({ port, host: '127.0.0.1', password, tls: { ca, servername: 'localhost' } }),
  );
  return {
    port,
    child,
    password,
    admin,
    caFile: file('ca.crt'),
    env: { REDIS_URL: `rediss://127.0.0.1:${port}`, REDISCLI_AUTH: password, REDIS_TLS_CA: file('ca.crt') },
    stop: () => shutdown(admin, child, dir),
  };
}

export interface RedisCluster {
  ports: number[];
  children: ChildProcess[];
  password: string;
  env: Record<string, string>;
  admin: Cluster;
  stop(): Promise<void>;
}

/** Three masters on loopback ports, joined with `redis-cli --cluster create`. */
export async function startCluster(): Promise<RedisCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'contexte-cluster-'));
  const password = randomPassword();
  const ports: number[] = [];
  while (ports.length < 3) {
    const port = await freePort();
    // The cluster bus listens on port + 10000: keep both free and below 65536.
    if (port < 55000 && !ports.includes(port)) ports.push(port);
  }
  const children = ports.map((port) =>
    spawn(
      'redis-server',
      [
        '--port',
        String(port),
        ...ephemeral(dir),
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        `nodes-${port}.conf`,
        '--cluster-node-timeout',
        '2000',
        '--requirepass',
        password,
        '--masterauth',
        password,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    ),
  );
  const stopAll = async () => {
    await Promise.all(children.map(stopProcess));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) {
      const probe = new Redis({ port, host: '127.0.0.1', password, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      probe.on('error', () => undefined);
      const ready = await waitUntilReady(probe, children[ports.indexOf(port)]!);
      probe.disconnect();
      if (!ready) throw new Error(`cluster node ${port} did not start`);
    }
    await run('redis-cli', ['--no-auth-warning', '-a', password, '--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-yes'], {
      timeout: 30_000,
    });
    for (let i = 0; i < 100; i++) {
      const { stdout } = await run('redis-cli', ['--no-auth-warning', '-a', password, '-p', String(ports[0]), 'cluster', 'info']);
      if (stdout.includes('cluster_state:ok')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const admin = new Cluster(
      ports.map((port) => ({ host: '127.0.0.1', port })),
      { redisOptions: { password } },
    );
    admin.on('error', () => undefined);
    return {
      ports,
      children,
      password,
      admin,
      env: { REDIS_CLUSTER_NODES: ports.map((port) => `127.0.0.1:${port}`).join(','), REDISCLI_AUTH: password },
      async stop() {
        admin.disconnect();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
