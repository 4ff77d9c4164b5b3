/** Load: 10 processes × 50 publications and reads at once, on one Redis and on one folder. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Mailbox } from '../scripts-src/lib/mailbox/contract.js';
import { openMailbox } from '../scripts-src/lib/mailbox/open.js';
import { fetchedBytes } from './helpers/fetched.js';
import { startRedis } from './helpers/redis-server.js';
import { repoRoot } from './helpers/run-program.js';

const WORKERS = 10;
const EACH = 50;

function worker(env: Record<string, string>, team: string, index: number): Promise<Array<{ key: string; sent: string; read: string | null }>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'test/helpers/load-worker.ts'), team, String(index), String(EACH)], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`worker ${index}: ${code} ${stderr}`))));
  });
}

async function loadAndCheck(env: Record<string, string>): Promise<void> {
  const team = `charge${Date.now().toString(36)}`;
  const results = (await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(env, team, index)))).flat();
  expect(results).toHaveLength(WORKERS * EACH);
  // No duplicate key, every read byte-exact.
  expect(new Set(results.map((result) => result.key)).size).toBe(WORKERS * EACH);
  for (const result of results) expect(result.read).toBe(result.sent);
  // Nothing lost afterwards: every publication listed, with its TTL, and still byte-exact.
  const mailbox: Mailbox = await openMailbox(env);
  try {
    const listed = (await mailbox.list({ team })).entries;
    expect(listed).toHaveLength(WORKERS * EACH);
    for (const entry of listed) expect(entry.ttlSeconds).toBeGreaterThan(500);
    const byKey = new Map(results.map((result) => [result.key, result.sent]));
    for (const entry of listed.slice(0, 100)) expect(fetchedBytes(await mailbox.get(entry.key))?.toString()).toBe(byKey.get(entry.key));
  } finally {
    await mailbox.close();
  }
}

describe('load: 10 processes × 50 publications and reads at once', { timeout: 120_000 }, () => {
  it('on one Redis: nothing lost, no duplicate, every key with its TTL', async () => {
    const redis = await startRedis();
    try {
      await loadAndCheck(redis.env);
      for (const key of await redis.admin.keys('contexte:charge*')) expect(await redis.admin.ttl(key)).toBeGreaterThan(0);
    } finally {
      await redis.stop();
    }
  });

  it('on one folder: nothing lost, no duplicate, every note with its expiry', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contexte-charge-'));
    try {
      await loadAndCheck({ CONTEXTE_DIR: join(dir, 'boite') });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
