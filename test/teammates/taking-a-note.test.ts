/**
 * `recuperer prendre`: who took a handoff, on a real redis-server with ACL users
 * made by `admin utilisateur` (alice publishes, bob and carol read). The taking
 * is in the taker's own journal, so `list` says who took each note and who read
 * it, a second taker is told by whom it is taken, and `attendre --libres` does
 * not wake for a note a teammate already took. The folder box's pair is in
 * folder-teammates.test.ts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoffNote } from '../helpers/notes.js';
import type { RedisServer } from '../helpers/redis-server.js';
import { type RedisTeam, startTeam } from '../helpers/redis-team.js';
import { attendre, publier, recuperer } from '../helpers/run-program.js';

const TEAM = 'catalogue';
type User = 'alice' | 'bob' | 'carol';

let team: RedisTeam<User>;
let redis: RedisServer;
let dir: string;
const as = (user: User) => team.as(user);
const publish = async (user: User) => {
  const file = join(dir, `${user}-${Math.random().toString(36).slice(2, 8)}.md`);
  await writeFile(file, handoffNote({ auteur: user, equipe: TEAM }));
  const result = await publier([file, TEAM, '--json'], { env: as(user) });
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { cle: string }).cle;
};
interface Taken {
  cle: string;
  prise: boolean;
  prise_par: string | null;
  prise_le: string | null;
  deja_prise_par: string | null;
  lue_par: string[] | null;
  vigilance: string[];
}
const take = async (user: User, key: string, ...extra: string[]) => {
  const result = await recuperer(['prendre', key, ...extra, '--json'], { env: as(user) });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Taken;
};
type Row = { cle: string; prise_par: string | null; prise_le: string | null; lue_par: string[] | null };
const rowOf = async (user: User, key: string) => {
  const result = await recuperer(['list', '--equipe', TEAM, '--json'], { env: as(user) });
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as Row[]).find((row) => row.cle === key);
};

beforeAll(async () => {
  team = await startTeam(TEAM, ['alice', 'bob', 'carol']);
  redis = team.redis;
  dir = await mkdtemp(join(tmpdir(), 'contexte-prendre-'));
});
afterAll(async () => {
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('taking a note on Redis', () => {
  it('lets one reader take a note; the second is told by whom, and takes it only with --force', async () => {
    const key = await publish('alice');
    expect(await rowOf('alice', key)).toMatchObject({ prise_par: null, prise_le: null, lue_par: [] });
    const got = await recuperer(['get', key, join(dir, 'bob.md'), '--json'], { env: as('bob') });
    expect(got.code, got.stderr).toBe(0);

    const bob = await take('bob', key);
    expect(bob).toMatchObject({ cle: key, prise: true, prise_par: 'bob', deja_prise_par: null, lue_par: ['bob'], vigilance: [] });
    const carol = await take('carol', key);
    expect(carol).toMatchObject({ prise: false, prise_par: 'bob', deja_prise_par: 'bob' });
    expect(Date.parse(carol.prise_le!)).not.toBeNaN();
    expect(carol.vigilance.join('\n')).toMatch(/déjà prise par bob .*--force/);
    const text = await recuperer(['prendre', key], { env: as('carol') });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Vigilance : ${key} est déjà prise par bob`);

    // Everyone sees who took it, and who read it.
    expect(await rowOf('alice', key)).toMatchObject({ prise_par: 'bob', lue_par: ['bob'] });
    const listed = await recuperer(['list', '--equipe', TEAM], { env: as('alice') });
    expect(listed.stdout).toMatch(/CLÉ +PRISE PAR +TITRE/);
    expect(listed.stdout).toMatch(new RegExp(`${key} +bob \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC`));

    const again = await take('bob', key);
    expect(again).toMatchObject({ prise: false, prise_par: 'bob', deja_prise_par: null });
    const forced = await take('carol', key, '--force');
    expect(forced).toMatchObject({ prise: true, prise_par: 'carol', deja_prise_par: 'bob' });
    expect(forced.vigilance.join('\n')).toContain('prévenez bob');
    expect(await rowOf('bob', key)).toMatchObject({ prise_par: 'carol' });
  });

  it('journals the taking in the taker’s own journal, where nobody else can write', async () => {
    const key = await publish('alice');
    await take('bob', key);
    const journal = await recuperer(['journal', '--equipe', TEAM, '--json'], { env: redis.env });
    expect(journal.code, journal.stdout + journal.stderr).toBe(0);
    const events = JSON.parse(journal.stdout) as Array<{ evenement: string; utilisateur: string; cle: string }>;
    expect(events.filter((event) => event.evenement === 'prise' && event.cle === key).map((event) => event.utilisateur)).toEqual(['bob']);
    // Carol cannot write a taking into bob's journal, even by hand.
    const raw = await redis.admin.call('ACL', 'DRYRUN', 'carol', 'XADD', `contexte-journal:{${TEAM}}:bob`, '*', 'evenement', 'prise', 'cle', key);
    expect(String(raw)).toMatch(/no permissions|not allowed|permission/i);
  });

  it('says a key is no note, and a missing note is not found (3)', async () => {
    const key = await publish('alice');
    const session = await recuperer(['prendre', key.replace(/^contexte:/, 'session:'), '--json'], { env: as('bob') });
    expect(session.code).toBe(2);
    expect(JSON.parse(session.stdout).erreur.raison).toBe('prendre-une-note');
    const missing = await recuperer(['prendre', `contexte:${TEAM}:alice:20200101-0000`, '--json'], { env: as('bob') });
    expect(missing.code).toBe(3);
  });

  it('attendre --libres does not wake for a note a teammate took while it waited', async () => {
    const free = attendre(['--equipe', TEAM, '--libres', '--delai', '1min', '--json'], as('carol'));
    const any = attendre(['--equipe', TEAM, '--delai', '1min', '--json'], as('carol'));
    await Promise.all([free.listening, any.listening]);
    // Both waits are stopped while alice publishes twice and bob takes the first note: each sees all of it in one listing.
    free.pause();
    any.pause();
    const taken = await publish('alice');
    await take('bob', taken);
    const left = await publish('alice');
    free.resume();
    any.resume();
    const [freeResult, anyResult] = await Promise.all([free.done, any.done]);
    expect(freeResult.code, freeResult.stderr).toBe(0);
    const notes = (result: typeof freeResult) => (JSON.parse(result.stdout) as { notes: Array<{ cle: string; prise_par: string | null }> }).notes;
    expect(notes(freeResult).map((note) => note.cle)).toEqual([left]);
    expect(notes(anyResult).find((note) => note.cle === taken)).toMatchObject({ prise_par: 'bob' });
  });
});
