/**
 * Faults of real servers that the harness starts and then breaks. Each gives a
 * one-line French error naming the cause, a documented exit code within 10 s,
 * no partial state, and no credential in any output, debug variables included.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisKeys } from '../scripts-src/lib/mailbox/keys.js';
import { handoffNote } from './helpers/notes.js';
import { randomPassword, startCluster, startRedis } from './helpers/redis-server.js';
import { publier, type RunResult, recuperer } from './helpers/run-program.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contexte-pannes-'));
});

/** A note whose header names the team it is published to. */
async function noteFor(team: string): Promise<string> {
  const path = join(dir, `note-${team}.md`);
  await writeFile(path, handoffNote({ equipe: team }));
  return path;
}
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Debug switches a user might have set: none of them may reveal a credential. */
const DEBUG_ENV = { DEBUG: '*', NODE_DEBUG: 'net,tls,stream,fs,child_process,http,http2,module,timer' };

function expectFailure(result: RunResult, code: number, message: RegExp, secrets: string[]): void {
  expect(result.code, result.stderr).toBe(code);
  // NODE_DEBUG makes Node itself print first: our one line is the one that names the program.
  expect(result.stderr.split('\n').find((line) => /^(publier|recuperer) : /.test(line))).toMatch(message);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.elapsed).toBeLessThan(10_000);
  for (const secret of secrets) expect(result.stdout + result.stderr).not.toContain(secret);
}

/** No note without TTL, no index entry without note, no note without index entry. */
async function expectConsistent(admin: Redis, team: string): Promise<void> {
  const notes = await admin.keys(`contexte:${team}:*`);
  for (const key of notes) expect(await admin.ttl(key)).toBeGreaterThan(0);
  const indexed = Object.keys(await admin.hgetall(redisKeys.index(team, 'alice')));
  expect(indexed.sort()).toEqual(notes.sort());
}

describe('faults', () => {
  it('a server stopped before the call: connection refused', async () => {
    const redis = await startRedis();
    await redis.stop();
    for (const env of [redis.env, { ...redis.env, ...DEBUG_ENV }]) {
      expectFailure(await publier([await noteFor('pannes'), 'pannes', 'alice'], { env }), 4, /connexion refusée/, [redis.password]);
    }
  });

  it('a server frozen (SIGSTOP) during the call: no answer in time, and nothing half-done', async () => {
    const redis = await startRedis();
    try {
      redis.child.kill('SIGSTOP');
      const result = await publier([await noteFor('gel'), 'gel', 'alice'], { env: { ...redis.env, ...DEBUG_ENV } });
      expectFailure(result, 4, /ne répond pas à temps/, [redis.password]);
      redis.child.kill('SIGCONT');
      await expectConsistent(redis.admin, 'gel');
    } finally {
      redis.child.kill('SIGCONT');
      await redis.stop();
    }
  });

  it('a wrong password, with every debug switch on, never shows a password', async () => {
    const redis = await startRedis();
    try {
      const wrong = randomPassword();
      const result = await recuperer(['list', '--equipe', 'pannes'], { env: { ...redis.env, REDISCLI_AUTH: wrong, ...DEBUG_ENV } });
      expectFailure(result, 5, /authentification refusée/, [wrong, redis.password]);
    } finally {
      await redis.stop();
    }
  });

  it('a server out of memory (maxmemory, noeviction): nothing written, the cause named', async () => {
    const redis = await startRedis(['--maxmemory', '3mb', '--maxmemory-policy', 'noeviction']);
    try {
      const filler = 'x'.repeat(64 * 1024);
      for (let index = 0; index < 200; index++) {
        try {
          await redis.admin.set(`remplissage:${index}`, filler);
        } catch {
          break;
        }
      }
      const result = await publier([await noteFor('plein'), 'plein', 'alice'], { env: { ...redis.env, ...DEBUG_ENV } });
      expectFailure(result, 4, /est plein \(maxmemory atteint\)/, [redis.password]);
      await expectConsistent(redis.admin, 'plein');
      expect(await redis.admin.keys('contexte:plein:*')).toEqual([]);
    } finally {
      await redis.stop();
    }
  });

  it('a server at maxclients: the refusal named as such (not « nobody listens »), nothing written', async () => {
    // The harness' own client is the one connection the server accepts.
    const redis = await startRedis(['--maxclients', '1']);
    try {
      const result = await publier([await noteFor('complet'), 'complet', 'alice'], { env: { ...redis.env, ...DEBUG_ENV } });
      expectFailure(result, 4, /refuse de nouvelles connexions .*maxclients/, [redis.password]);
      expect(await redis.admin.keys('contexte:complet:*')).toEqual([]);
    } finally {
      await redis.stop();
    }
  });

  it('a read-only replica: nothing written, the cause named, reading still works', async () => {
    const password = randomPassword();
    const primary = await startRedis([], password);
    const replica = await startRedis(['--replicaof', '127.0.0.1', String(primary.port), '--masterauth', password], password);
    try {
      const published = await publier([await noteFor('replique'), 'replique', 'alice', '--json'], { env: primary.env });
      const key = (JSON.parse(published.stdout) as { cle: string }).cle;
      // Wait for replication of the last key the publication wrote (the index entry), not only of the note.
      for (let attempt = 0; attempt < 100 && !(await replica.admin.hexists(redisKeys.index('replique', 'alice'), key)); attempt++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const result = await publier([await noteFor('replique'), 'replique', 'alice'], { env: { ...replica.env, ...DEBUG_ENV } });
      expectFailure(result, 4, /lecture seule/, [password]);
      await expectConsistent(primary.admin, 'replique');
      const listed = await recuperer(['list', '--equipe', 'replique', '--json'], { env: replica.env });
      expect((JSON.parse(listed.stdout) as Array<{ cle: string }>).map((entry) => entry.cle)).toEqual([key]);
    } finally {
      await replica.stop();
      await primary.stop();
    }
  });

  it('a Cluster with a master stopped: unavailable within seconds, nothing half-written', async () => {
    const cluster = await startCluster();
    try {
      cluster.children[2]!.kill('SIGKILL');
      // Wait until the surviving masters see the cluster down (cluster-node-timeout 2 s).
      const { Redis: Client } = await import('ioredis');
      const survivor = new Client({ port: cluster.ports[0], password: cluster.password, lazyConnect: true });
      survivor.on('error', () => undefined);
      for (let attempt = 0; attempt < 100; attempt++) {
        if (String(await survivor.cluster('INFO')).includes('cluster_state:fail')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const result = await publier([await noteFor('grappe'), 'grappe', 'alice'], { env: { ...cluster.env, ...DEBUG_ENV } });
      expect(result.code, result.stderr).toBe(4);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.elapsed).toBeLessThan(10_000);
      expect(result.stdout + result.stderr).not.toContain(cluster.password);
      for (const port of cluster.ports.slice(0, 2)) {
        const node = new Client({ port, password: cluster.password });
        node.on('error', () => undefined);
        expect(await node.keys('contexte:grappe:*')).toEqual([]);
        node.disconnect();
      }
      survivor.disconnect();
    } finally {
      await cluster.stop();
    }
  });
});
