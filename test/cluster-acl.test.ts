import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoffNote } from './helpers/notes.js';
import { type RedisCluster, randomPassword, startCluster } from './helpers/redis-server.js';
import { admin, attendre, publier, recuperer } from './helpers/run-program.js';

let cluster: RedisCluster;
let dir: string;
beforeAll(async () => {
  cluster = await startCluster();
  dir = await mkdtemp(join(tmpdir(), 'contexte-cluster-acl-'));
});
afterAll(async () => {
  await cluster?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('Cluster with per-team ACL users', () => {
  it('applies the ACL on every node, and a team user publishes, lists and reads but cannot write as another', async () => {
    const password = randomPassword() + randomPassword();
    const applied = await admin(['utilisateur', 'catalogue', 'alice', '--appliquer', '--json'], { env: { ...cluster.env, CONTEXTE_MOT_DE_PASSE: password } });
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout).appliquees).toBe(3);

    const env = { REDIS_CLUSTER_NODES: cluster.env.REDIS_CLUSTER_NODES!, REDIS_USERNAME: 'alice', REDISCLI_AUTH: password };
    const note = join(dir, 'note.md');
    await writeFile(note, handoffNote());
    const published = await publier([note, 'catalogue', '--json'], { env });
    expect(published.code, published.stderr).toBe(0);
    const key = (JSON.parse(published.stdout) as { cle: string }).cle;

    const listed = await recuperer(['list', '--equipe', 'catalogue', '--json'], { env });
    expect((JSON.parse(listed.stdout) as Array<{ cle: string }>).map((entry) => entry.cle)).toEqual([key]);
    expect((await recuperer(['get', key, join(dir, 'copie.md')], { env })).code).toBe(0);
    const asBob = join(dir, 'note-bob.md');
    await writeFile(asBob, handoffNote({ auteur: 'bob' }));
    expect((await publier([asBob, 'catalogue', 'bob'], { env })).code).toBe(5);
    expect((await recuperer(['list'], { env })).code).toBe(5);

    // attendre blocks on the team's journals, all in the team's slot, whichever node holds it.
    const waiting = attendre(['--equipe', 'catalogue', '--delai', '1min', '--json'], env);
    await waiting.listening;
    const second = (JSON.parse((await publier([note, 'catalogue', '--json'], { env })).stdout) as { cle: string }).cle;
    const awaited = await waiting.done;
    expect(awaited.code, awaited.stderr).toBe(0);
    expect(JSON.parse(awaited.stdout)).toMatchObject({ notes: [{ cle: second }], veille: 'flux' });
  });
});
