import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoffNote } from './helpers/notes.js';
import { freePort, type RedisServer, randomPassword, startRedis } from './helpers/redis-server.js';
import { publier, type RunResult, recuperer } from './helpers/run-program.js';

let redis: RedisServer;
let dir: string;
let notePath: string;

beforeAll(async () => {
  redis = await startRedis();
  dir = await mkdtemp(join(tmpdir(), 'contexte-connexion-'));
  notePath = join(dir, 'note.md');
  await writeFile(notePath, handoffNote());
});
afterAll(async () => {
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Every way the agent calls us, so each failure is checked on both programs. */
const calls = {
  publier: (env: Record<string, string>, json = false) => publier([notePath, 'catalogue', 'alice', ...(json ? ['--json'] : [])], { env }),
  'recuperer list': (env: Record<string, string>, json = false) => recuperer(['list', ...(json ? ['--json'] : [])], { env }),
  'recuperer get': (env: Record<string, string>, json = false) =>
    recuperer(['get', 'contexte:catalogue:alice:20261202-1200', join(dir, 'x.md'), ...(json ? ['--json'] : [])], { env }),
};
const eachCall = Object.entries(calls);

function expectOneLineError(result: RunResult, code: number, pattern: RegExp): void {
  expect(result.code).toBe(code);
  expect(result.stderr.split('\n')[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(result.elapsed).toBeLessThan(10_000);
}

describe('connection failures', () => {
  it.each(eachCall)('%s says the connection was refused when nothing listens', async (_, call) => {
    const port = await freePort();
    expectOneLineError(await call({ REDIS_HOST: '127.0.0.1', REDIS_PORT: String(port) }), 4, /connexion refusée/);
  });

  it.each(eachCall)('%s says the password is wrong without printing it', async (_, call) => {
    const wrong = randomPassword();
    for (const json of [false, true]) {
      const result = await call({ ...redis.env, REDISCLI_AUTH: wrong }, json);
      expectOneLineError(result, 5, /authentification refusée/);
      expect(result.stdout + result.stderr).not.toContain(wrong);
      expect(result.stdout + result.stderr).not.toContain(redis.password);
    }
  });

  it.each(eachCall)('%s says a password is required when REDISCLI_AUTH is missing', async (_, call) => {
    expectOneLineError(await call({ REDIS_HOST: '127.0.0.1', REDIS_PORT: String(redis.port) }), 5, /demande un mot de passe/);
  });

  it.each(eachCall)('%s gives up within seconds on a server that accepts but never answers', async (_, call) => {
    const { server, port } = await silentServer();
    try {
      expectOneLineError(await call({ REDIS_HOST: '127.0.0.1', REDIS_PORT: String(port) }), 4, /ne répond pas/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('connection settings', () => {
  it('connects with REDIS_URL and never prints its password', async () => {
    const url = `redis://:${encodeURIComponent(redis.password)}@127.0.0.1:${redis.port}`;
    const result = await publier([notePath, 'catalogue', 'alice', '--json'], { env: { REDIS_URL: url } });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).boite).toBe(`redis 127.0.0.1:${redis.port}`);
    expect(result.stdout + result.stderr).not.toContain(redis.password);

    const wrong = randomPassword();
    const refused = await recuperer(['list'], { env: { REDIS_URL: `redis://:${wrong}@127.0.0.1:${redis.port}` } });
    expect(refused.code).toBe(5);
    expect(refused.stdout + refused.stderr).not.toContain(wrong);
  });

  it('authenticates as the ACL user named by REDIS_USERNAME', async () => {
    const password = randomPassword();
    await redis.admin.call(
      'ACL',
      'SETUSER',
      'alice',
      'on',
      `>${password}`,
      '~contexte:*',
      '~session:*',
      '~contexte-index:*',
      '~contexte-journal:*',
      '~contexte-membres:*',
      '+@read',
      '+@write',
      '+@transaction',
      '+scan',
      '+ping',
    );
    const env = { REDIS_HOST: '127.0.0.1', REDIS_PORT: String(redis.port), REDIS_USERNAME: 'alice', REDISCLI_AUTH: password };
    const result = await publier([notePath, 'catalogue', 'alice', '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    const key = (JSON.parse(result.stdout) as { cle: string }).cle;
    const listed = await recuperer(['list', '--json'], { env });
    expect((JSON.parse(listed.stdout) as Array<{ cle: string }>).map((entry) => entry.cle)).toContain(key);
    // A user made before work in progress travelled has no right on modifs:…: removing a note still works.
    const removed = await recuperer(['supprimer', key, '--json'], { env });
    expect(removed.code, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout).supprimees).toEqual([key]);
  });

  it('says which right is missing when the ACL user may not write', async () => {
    const password = randomPassword();
    await redis.admin.call('ACL', 'SETUSER', 'lecteur', 'on', `>${password}`, '~*', '+@read', '+ping', '+info');
    const env = { REDIS_HOST: '127.0.0.1', REDIS_PORT: String(redis.port), REDIS_USERNAME: 'lecteur', REDISCLI_AUTH: password };
    expectOneLineError(
      await publier([notePath, 'catalogue', 'alice'], { env }),
      5,
      /publication refusée : l’utilisateur lecteur n’a pas le droit d’écrire contexte:catalogue:alice:\*/,
    );
  });
});

/** A TCP server that accepts connections and never writes a byte: a frozen Redis. */
async function silentServer(): Promise<{ server: Server; port: number }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
  });
  server.on('close', () => {
    for (const socket of sockets) socket.destroy();
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const close = server.close.bind(server);
  server.close = ((callback?: (error?: Error) => void) => {
    for (const socket of sockets) socket.destroy();
    return close(callback);
  }) as typeof server.close;
  return { server, port };
}
