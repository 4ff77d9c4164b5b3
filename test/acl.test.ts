/**
 * The ACL matrix: users made by `admin utilisateur … --appliquer` on a real
 * server (alice and bob of catalogue, carol of paiement), each allowed action
 * tried and each forbidden one refused by Redis itself.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisKeys } from '../scripts-src/lib/mailbox/keys.js';
import { newRepo, noteAbout } from './helpers/git-repo.js';
import { handoffNote } from './helpers/notes.js';
import { type RedisServer, randomPassword, startRedis } from './helpers/redis-server.js';
import { admin, publier, recuperer } from './helpers/run-program.js';

let redis: RedisServer;
let dir: string;
let notePath: string;
const passwords: Record<string, string> = {};
const keys: Record<string, string> = {};

const as = (user: string) => ({ REDIS_HOST: '127.0.0.1', REDIS_PORT: String(redis.port), REDIS_USERNAME: user, REDISCLI_AUTH: passwords[user]! });

beforeAll(async () => {
  redis = await startRedis();
  dir = await mkdtemp(join(tmpdir(), 'contexte-acl-'));
  notePath = join(dir, 'note.md');
  await writeFile(notePath, handoffNote());
  for (const [team, user] of [
    ['catalogue', 'alice'],
    ['catalogue', 'bob'],
    ['paiement', 'carol'],
  ] as const) {
    passwords[user] = randomPassword() + randomPassword();
    const result = await admin(['utilisateur', team, user, '--appliquer'], { env: { ...redis.env, CONTEXTE_MOT_DE_PASSE: passwords[user]! } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain(passwords[user]!);
    const own = join(dir, `note-${user}.md`);
    await writeFile(own, handoffNote({ auteur: user, equipe: team }));
    const published = await publier([own, team, '--json'], { env: as(user) });
    expect(published.code, published.stderr).toBe(0);
    keys[user] = (JSON.parse(published.stdout) as { cle: string }).cle;
  }
});
afterAll(async () => {
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('ACL matrix', () => {
  it('publishes under the Redis user as default author', () => {
    expect(keys.alice).toMatch(/^contexte:catalogue:alice:/);
    expect(keys.carol).toMatch(/^contexte:paiement:carol:/);
  });

  it.each([
    ['publish as bob', ['catalogue', 'bob']],
    ['publish into another team', ['paiement', 'alice']],
  ])('refuses alice to %s, with the reason in French', async (_, [team, author]) => {
    const before = await redis.admin.dbsize();
    const claimed = join(dir, `note-${team}-${author}.md`);
    await writeFile(claimed, handoffNote({ auteur: author!, equipe: team! }));
    const result = await publier([claimed, team!, author!], { env: as('alice') });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(`publication refusée : l’utilisateur alice n’a pas le droit d’écrire contexte:${team}:${author}:*`);
    expect(await redis.admin.dbsize()).toBe(before);
  });

  it('lets alice list her team, with bob’s notes, from the index', async () => {
    const result = await recuperer(['list', '--equipe', 'catalogue', '--json'], { env: as('alice') });
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as Array<{ cle: string }>).map((entry) => entry.cle).sort()).toEqual([keys.alice, keys.bob].sort());
  });

  it.each([
    ['list another team', ['list', '--equipe', 'paiement'], 'n’a pas le droit de lister l’équipe paiement'],
    ['scan the whole mailbox', ['list'], 'n’a pas le droit de parcourir toute la boîte'],
    ['read the journal', ['journal', '--equipe', 'catalogue'], 'n’a pas le droit de lire le journal'],
    ['purge her team', ['purger', '--equipe', 'catalogue', '--oui'], 'n’a pas le droit de purger'],
  ])('refuses alice to %s', async (_, args, message) => {
    const result = await recuperer(args, { env: as('alice') });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(message);
  });

  it('lets alice read bob’s note but not carol’s', async () => {
    expect((await recuperer(['get', keys.bob!, join(dir, 'bob.md')], { env: as('alice') })).code).toBe(0);
    const refused = await recuperer(['get', keys.carol!, join(dir, 'carol.md')], { env: as('alice') });
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain(`n’a pas le droit de lire ${keys.carol}`);
  });

  it('lets alice delete her own note but not bob’s', async () => {
    const refused = await recuperer(['supprimer', keys.bob!], { env: as('alice') });
    expect(refused.code).toBe(5);
    expect(await redis.admin.exists(keys.bob!)).toBe(1);
    const own = await publier([notePath, 'catalogue', '--json'], { env: as('alice') });
    const ownKey = (JSON.parse(own.stdout) as { cle: string }).cle;
    expect((await recuperer(['supprimer', ownKey], { env: as('alice') })).code).toBe(0);
    expect(await redis.admin.exists(ownKey)).toBe(0);
  });

  it('lets bob publish his work in progress and alice fetch it; carol of another team may not read it, and alice may not delete it', async () => {
    const repo = newRepo({ 'src/a.ts': 'a\n' });
    repo.write({ 'src/a.ts': 'a2\n' });
    const note = join(dir, 'note-bob-modifs.md');
    await writeFile(note, noteAbout({ commit: repo.head() }).replace(/^auteur: .*$/m, 'auteur: bob'));
    const published = await publier([note, 'catalogue', '--modifs', '--json'], { env: as('bob'), cwd: repo.dir });
    expect(published.code, published.stderr).toBe(0);
    const { cle, cle_modifs: changes } = JSON.parse(published.stdout) as { cle: string; cle_modifs: string };
    expect(await redis.admin.ttl(changes)).toBeGreaterThan(28000);
    const listed = JSON.parse((await recuperer(['list', '--equipe', 'catalogue', '--json'], { env: as('alice') })).stdout) as Array<{
      cle: string;
      cle_modifs: string;
    }>;
    expect(listed.find((entry) => entry.cle === cle)?.cle_modifs).toBe(changes);
    const fetched = await recuperer(['get', changes, join(dir, 'bob.patch')], { env: as('alice') });
    expect(fetched.code, fetched.stderr).toBe(0);
    expect((await recuperer(['get', changes, join(dir, 'carol.patch')], { env: as('carol') })).code).toBe(5);
    expect((await recuperer(['supprimer', cle], { env: as('alice') })).code).toBe(5);
    expect(await redis.admin.exists(changes)).toBe(1);
    expect((await recuperer(['supprimer', cle, '--json'], { env: as('bob') })).stdout).toContain(changes);
    expect(await redis.admin.exists(changes)).toBe(0);
  });

  it('journals who did what, readable by the administrator', async () => {
    const result = await recuperer(['journal', '--equipe', 'catalogue', '--json'], { env: redis.env });
    const events = JSON.parse(result.stdout) as Array<{ evenement: string; utilisateur: string; auteur: string; cle: string }>;
    expect(events).toContainEqual(expect.objectContaining({ evenement: 'publication', utilisateur: 'alice', auteur: 'alice', cle: keys.alice }));
    expect(events).toContainEqual(expect.objectContaining({ evenement: 'lecture', utilisateur: 'alice', auteur: 'bob', cle: keys.bob }));
    expect(events).toContainEqual(expect.objectContaining({ evenement: 'suppression', utilisateur: 'alice' }));
  });

  it.each([
    ['KEYS', ['KEYS', '*']],
    ['SCAN', ['SCAN', '0']],
    ['FLUSHALL', ['FLUSHALL']],
    ['CONFIG', ['CONFIG', 'GET', '*']],
    ['ACL', ['ACL', 'LIST']],
    ['SET on her own index', ['SET', 'contexte-index:{catalogue}:alice', 'x']],
    ['XRANGE on her own journal', ['XRANGE', 'contexte-journal:{catalogue}:alice', '-', '+']],
    ['GET on another team', ['GET', 'contexte:paiement:carol:20260101-0000']],
    ['SET without TTL on her own key', ['PERSIST', 'contexte:catalogue:alice:20260101-0000']],
  ])('refuses alice the raw command %s', async (_, command) => {
    // No ready check: it runs INFO, which an author may not (ioredis would print an English warning).
    const client = new Redis({ port: redis.port, host: '127.0.0.1', username: 'alice', password: passwords.alice, enableReadyCheck: false });
    try {
      await expect(client.call(command[0]!, ...command.slice(1))).rejects.toThrow(/NOPERM/);
    } finally {
      client.disconnect();
    }
  });

  it('says a revoked name is unknown instead of « Appliqué » (3)', async () => {
    const result = await admin(['revoquer', 'personne', '--appliquer'], { env: redis.env });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('utilisateur Redis inconnu : « personne »');
    expect(result.stdout).not.toContain('Appliqué');
  });

  it('revokes a user: no login, no membership; audit does not bring them back until admin utilisateur does', async () => {
    expect((await admin(['revoquer', 'bob', '--appliquer'], { env: redis.env })).code).toBe(0);
    const result = await recuperer(['list', '--equipe', 'catalogue'], { env: as('bob') });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('authentification refusée');
    expect(await redis.admin.sismember(redisKeys.members('catalogue'), 'bob')).toBe(0);
    const audit = async (...extra: string[]) =>
      (
        JSON.parse((await admin(['audit', '--equipe', 'catalogue', ...extra, '--json'], { env: redis.env })).stdout) as {
          constats: Array<{ regle: string; sujet: string; corrige: boolean }>;
        }
      ).constats;
    const corrected = await audit('--corriger');
    expect(corrected).toContainEqual(expect.objectContaining({ regle: 'membre-revoque', sujet: 'bob', corrige: false }));
    expect(await redis.admin.smembers(redisKeys.members('catalogue'))).toEqual(['alice']);
    // Created again, bob is a member again: the revocation is lifted by the administrator, not by an audit.
    const again = await admin(['utilisateur', 'catalogue', 'bob', '--appliquer'], { env: { ...redis.env, CONTEXTE_MOT_DE_PASSE: passwords.bob! } });
    expect(again.code, again.stderr).toBe(0);
    expect(await redis.admin.sismember(redisKeys.members('catalogue'), 'bob')).toBe(1);
    expect((await audit('--corriger')).map((finding) => finding.regle)).not.toContain('membre-revoque');
  });

  it('never prints a generated password, writes it owner-only without overwriting, and --appliquer after a preview takes it again', async () => {
    const file = join(dir, 'dave.pw');
    const result = await admin(['utilisateur', 'catalogue', 'dave', '--fichier-mot-de-passe', file], { env: redis.env });
    expect(result.code).toBe(0);
    const { readFile, stat } = await import('node:fs/promises');
    const password = (await readFile(file, 'utf8')).trim();
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect(result.stdout).not.toContain(password);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // The same command with --appliquer takes the preview's password again (same hash), and the file is not rewritten.
    const preview = result.stdout.match(/#[0-9a-f]{64}/)![0];
    const applied = await admin(['utilisateur', 'catalogue', 'dave', '--fichier-mot-de-passe', file, '--appliquer'], { env: redis.env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain(preview);
    expect((await readFile(file, 'utf8')).trim()).toBe(password);
    // A file that is not a private one-line password is still never replaced.
    const other = join(dir, 'autre.pw');
    await writeFile(other, 'une note quelconque\nsur deux lignes\n');
    expect((await admin(['utilisateur', 'catalogue', 'dave', '--fichier-mot-de-passe', other], { env: redis.env })).code).toBe(6);
  });

  it.each([
    [['utilisateur', 'catalogue'], 'argument manquant : <auteur>'],
    [['utilisateur', 'cata*', 'x'], 'nom d’équipe invalide'],
    [['utilisateur', 'catalogue', 'eve'], 'aucun mot de passe'],
    [['inconnu'], 'commande inconnue'],
  ])('refuses admin %j with a usage error', async (args, message) => {
    const result = await admin(args, { env: redis.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});
