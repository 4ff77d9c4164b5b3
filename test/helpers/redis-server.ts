/**
 * Starts a real redis-server (Debian's package) on a free loopback port, in its
 * own temporary folder, and stops it afterwards. Each test file gets its own
 * server, so files run in parallel without sharing state.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export interface RedisServer {
  port: number;
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

export async function startRedis(extraArgs: string[] = []): Promise<RedisServer> {
  const password = randomPassword();
  const dir = await mkdtemp(join(tmpdir(), 'contexte-redis-'));
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--requirepass', password, ...extraArgs],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const admin = new Redis({ port, host: '127.0.0.1', password, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    admin.on('error', () => undefined);
    if (await waitUntilReady(admin, child)) {
      return {
        port,
        password,
        admin,
        env: { REDIS_HOST: '127.0.0.1', REDIS_PORT: String(port), REDISCLI_AUTH: password },
        async stop() {
          admin.disconnect();
          await stopProcess(child);
          await rm(dir, { recursive: true, force: true });
        },
      };
    }
    admin.disconnect();
    await stopProcess(child);
    if (attempt >= 4) throw new Error(`redis-server did not start on port ${port}`);
  }
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
