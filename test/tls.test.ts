import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoffNote } from './helpers/notes.js';
import { startTlsRedis, type TlsRedisServer } from './helpers/redis-server.js';
import { publier, recuperer } from './helpers/run-program.js';

let redis: TlsRedisServer;
let dir: string;
beforeAll(async () => {
  redis = await startTlsRedis();
  dir = await mkdtemp(join(tmpdir(), 'contexte-tls-note-'));
});
afterAll(async () => {
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('TLS (rediss://)', () => {
  it('publishes and retrieves over TLS with the CA from REDIS_TLS_CA', async () => {
    const note = join(dir, 'note.md');
    await writeFile(note, handoffNote());
    const published = await publier([note, 'catalogue', 'alice', '--json'], { env: redis.env });
    expect(published.code, published.stderr).toBe(0);
    const { cle, boite } = JSON.parse(published.stdout) as { cle: string; boite: string };
    expect(boite).toBe(`rediss 127.0.0.1:${redis.port}`);
    const fetched = await recuperer(['get', cle, join(dir, 'copie.md')], { env: redis.env });
    expect(fetched.code, fetched.stderr).toBe(0);
  });

  it('refuses a server whose certificate it cannot verify, naming TLS', async () => {
    const { REDIS_TLS_CA: _, ...withoutCa } = redis.env;
    const result = await recuperer(['list', '--equipe', 'catalogue'], { env: withoutCa });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('échec de la connexion TLS');
  });

  it('says so when REDIS_TLS_CA cannot be read', async () => {
    const result = await recuperer(['list', '--equipe', 'catalogue'], { env: { ...redis.env, REDIS_TLS_CA: join(dir, 'absent.pem') } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('REDIS_TLS_CA illisible');
  });
});
