/**
 * The package says Node.js ≥ 18 (`engines`) and the bundles target node18: they
 * are run here on a real Node 18, through a whole handover on the folder
 * mailbox and on a real Redis.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { handoffNote } from './helpers/notes.js';
import { OLDEST_NODE_MAJOR } from './helpers/oldest-node.js';
import { type RedisServer, startRedis } from './helpers/redis-server.js';
import { allProgramPaths, programPaths, repoRoot } from './helpers/run-program.js';

const run = promisify(execFile);
let dir: string;
let redis: RedisServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contexte-node18-'));
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Runs a bundle with the oldest Node; the exit code comes back instead of an exception. */
async function onOldestNode(script: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(inject('oldestNode'), [script, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: dir, ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe(`the bundles on Node.js ${OLDEST_NODE_MAJOR}, the oldest the package claims`, () => {
  it('is the Node the package claims', async () => {
    const { engines } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(engines.node).toBe(`>=${OLDEST_NODE_MAJOR}`);
    expect((await onOldestNode('-p', ['process.versions.node.split(".")[0]'])).stdout.trim()).toBe(String(OLDEST_NODE_MAJOR));
  });

  it.each(Object.entries(allProgramPaths))('%s answers --help (0)', async (_, path) => {
    const result = await onOldestNode(path, ['--help']);
    expect(result.code, result.stderr).toBe(0);
  });

  it.each([
    ['the folder mailbox', () => ({ CONTEXTE_DIR: join(dir, 'boite') })],
    ['a real Redis', () => redis.env],
  ])('checks, publishes, lists, fetches and reads a note on %s', async (mailbox, environment) => {
    const env = environment();
    const note = join(dir, 'note.md');
    await writeFile(note, handoffNote());
    expect((await onOldestNode(programPaths.verifier, [note])).code).toBe(0);
    const published = await onOldestNode(programPaths.publier, [note, 'catalogue', 'alice', '--json'], env);
    expect(published.code, published.stderr).toBe(0);
    const key = (JSON.parse(published.stdout) as { cle: string }).cle;
    const listed = await onOldestNode(programPaths.recuperer, ['list', '--equipe', 'catalogue', '--json'], env);
    expect((JSON.parse(listed.stdout) as Array<{ cle: string }>).map((entry) => entry.cle)).toContain(key);
    const fetched = join(dir, `${mailbox.replaceAll(' ', '-')}-${key.replaceAll(':', '_')}.md`);
    expect((await onOldestNode(programPaths.recuperer, ['get', key, fetched], env)).code).toBe(0);
    expect(await readFile(fetched, 'utf8')).toBe(handoffNote());
    const read = await onOldestNode(programPaths.lire, [fetched]);
    expect(read.code).toBe(0);
    expect(read.stdout).toContain('Alertes : aucune.');
  });
});
