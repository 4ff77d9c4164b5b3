/**
 * `recuperer attendre`: the colleague waits for the note instead of listing
 * again and again. Each wait is started for real, the publication made by the
 * real publier once the waiting program says it listens, on a folder box and on
 * a real redis-server (workshop password, ACL users made by admin, an ACL user
 * made before attendre existed, a user of another team).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorAcl } from '../scripts-src/lib/mailbox/redis/team-acl.js';
import { handoffNote } from './helpers/notes.js';
import { type RedisServer, randomPassword, startRedis } from './helpers/redis-server.js';
import { admin, attendre, publier, type RunResult } from './helpers/run-program.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contexte-attendre-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A folder box as a pair makes it: the folder exists before anyone waits on it (a missing one is refused as a typo). */
async function box(name: string): Promise<Record<string, string>> {
  await mkdir(join(dir, name));
  return { CONTEXTE_DIR: join(dir, name) };
}

async function publish(env: Record<string, string>, team: string, author: string): Promise<string> {
  const file = join(dir, `note-${team}-${author}-${Math.random().toString(36).slice(2)}.md`);
  await writeFile(file, handoffNote({ auteur: author, equipe: team }));
  const result = await publier([file, team, author, '--json'], { env });
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { cle: string }).cle;
}

interface Awaited {
  notes: Array<{ cle: string; auteur: string; titre: string | null }>;
  commandes: string[];
  veille: string;
  boite: string;
}
const parsed = (result: RunResult) => JSON.parse(result.stdout) as Awaited;
const reason = (result: RunResult) => (JSON.parse(result.stdout) as { erreur: { raison: string } }).erreur.raison;

// Each folder test has its own box: they wait side by side. The Redis ones share a team, so they wait in turn.
describe.concurrent('attendre on a folder box', () => {
  it('returns the note published while it waits, with the get command that fetches it from the project', async () => {
    const env = await box('boite-1');
    const project = await mkdtemp(join(dir, 'projet-'));
    const waiting = attendre(['--equipe', 'catalogue', '--delai', '1min', '--json'], env, project);
    await waiting.listening;
    const key = await publish(env, 'catalogue', 'alice');
    const result = await waiting.done;
    expect(result.code, result.stderr).toBe(0);
    const { notes, commandes, veille } = parsed(result);
    expect(notes.map((note) => note.cle)).toEqual([key]);
    expect(notes[0]!.titre).toBe('Migration du catalogue vers HTTP');
    expect(veille).toBe('surveillance');
    // The command printed runs as printed, from the project's root.
    const fetched = execFileSync('bash', ['-c', commandes[0]!], { cwd: project, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
    expect(fetched).toContain('Écrit : partage/');
    expect(fetched).toContain('<<<DONNEES-NON-FIABLES ');
  });

  it('prints the row as list does, then the command', async () => {
    const env = await box('boite-texte');
    const waiting = attendre(['--equipe', 'catalogue'], env);
    await waiting.listening;
    const key = await publish(env, 'catalogue', 'alice');
    const result = await waiting.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Boîte : dossier .*1 note\(s\) pour l’équipe catalogue\nÉQUIPE +AUTEUR/);
    expect(result.stdout).toContain(`recuperer.js get ${key} --cadre`);
  });

  it('is not ended by a note that was already there, nor by another author than --auteur', async () => {
    const env = await box('boite-2');
    await publish(env, 'catalogue', 'alice');
    const waiting = attendre(['--equipe', 'catalogue', '--auteur', 'bob', '--delai', '1min', '--json'], env);
    await waiting.listening;
    await publish(env, 'catalogue', 'alice');
    await publish(env, 'paiement', 'bob');
    const key = await publish(env, 'catalogue', 'bob');
    const result = await waiting.done;
    expect(result.code, result.stderr).toBe(0);
    expect(parsed(result).notes.map((note) => note.cle)).toEqual([key]);
  });

  it('gives up after --delai with exit 3 and says so', async () => {
    const env = await box('boite-3');
    await publish(env, 'catalogue', 'alice');
    const result = await attendre(['--equipe', 'catalogue', '--delai', '2s', '--json'], env).done;
    expect(result.code).toBe(3);
    expect(reason(result)).toBe('attente-expiree');
  });

  it('waits for a team nobody published to yet, and says it is unknown so far', async () => {
    const env = await box('boite-4');
    const waiting = attendre(['--equipe', 'nouvelle', '--json'], env);
    await waiting.listening;
    const key = await publish(env, 'nouvelle', 'alice');
    const result = await waiting.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('L’équipe nouvelle est inconnue');
    expect(parsed(result).notes.map((note) => note.cle)).toEqual([key]);
  });
});

describe('attendre on Redis', () => {
  let redis: RedisServer;
  const passwords: Record<string, string> = {};
  const as = (user: string) => ({ REDIS_HOST: '127.0.0.1', REDIS_PORT: String(redis.port), REDIS_USERNAME: user, REDISCLI_AUTH: passwords[user]! });

  beforeAll(async () => {
    redis = await startRedis();
    for (const [team, user] of [
      ['catalogue', 'alice'],
      ['catalogue', 'bob'],
      ['paiement', 'carol'],
    ] as const) {
      passwords[user] = randomPassword();
      const made = await admin(['utilisateur', team, user, '--appliquer'], { env: { ...redis.env, CONTEXTE_MOT_DE_PASSE: passwords[user]! } });
      expect(made.code, made.stderr).toBe(0);
    }
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('wakes on the journal with the workshop’s shared password', async () => {
    const waiting = attendre(['--equipe', 'atelier', '--delai', '1min', '--json'], redis.env);
    await waiting.listening;
    const key = await publish(redis.env, 'atelier', 'alice');
    const result = await waiting.done;
    expect(result.code, result.stderr).toBe(0);
    expect(parsed(result)).toMatchObject({ notes: [{ cle: key }], veille: 'flux' });
    expect(result.stdout + result.stderr).not.toContain(redis.password);
  });

  it('lets an author made by admin wait for a teammate’s note on the team’s journals', async () => {
    const waiting = attendre(['--equipe', 'catalogue', '--delai', '1min', '--json'], as('alice'));
    await waiting.listening;
    const key = await publish(as('bob'), 'catalogue', 'bob');
    const result = await waiting.done;
    expect(result.code, result.stderr).toBe(0);
    expect(parsed(result)).toMatchObject({ notes: [{ cle: key, auteur: 'bob' }], veille: 'flux' });
    expect(result.stdout + result.stderr).not.toContain(passwords.alice!);
  });

  it('keeps waiting when only journal events that publish nothing arrive', async () => {
    const waiting = attendre(['--equipe', 'catalogue', '--delai', '3s', '--json'], as('alice'));
    await waiting.listening;
    const client = redis.admin;
    for (let index = 0; index < 50; index++) await client.xadd('contexte-journal:{catalogue}:bob', '*', 'evenement', 'lecture');
    const result = await waiting.done;
    expect(result.code).toBe(3);
    expect(reason(result)).toBe('attente-expiree');
  });

  it('still works for an author whose ACL predates attendre, by listing again', async () => {
    passwords.ancien = randomPassword();
    const old = authorAcl('catalogue', 'ancien', passwords.ancien).filter((rule) => rule !== '+time' && !rule.includes('+xread'));
    await redis.admin.call('ACL', 'SETUSER', ...old);
    await redis.admin.sadd('contexte-membres:{catalogue}', 'ancien');
    const waiting = attendre(['--equipe', 'catalogue', '--delai', '1min', '--json'], as('ancien'));
    await waiting.listening;
    const key = await publish(as('bob'), 'catalogue', 'bob');
    const result = await waiting.done;
    expect(result.code, result.stderr).toBe(0);
    expect(parsed(result)).toMatchObject({ notes: [{ cle: key }], veille: 'releve' });
  });

  it('refuses a user of another team with exit 5, before waiting', async () => {
    const result = await attendre(['--equipe', 'catalogue', '--delai', '1min', '--json'], as('carol')).done;
    expect(result.code).toBe(5);
    expect(result.stderr).not.toContain('En attente');
  });
});
