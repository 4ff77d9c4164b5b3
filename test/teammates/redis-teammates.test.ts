/**
 * What one author can do to a shared Redis, tried as that author would: ACL
 * users made by `admin utilisateur … --appliquer`, raw commands sent with
 * their own password. Each attack is refused by Redis, or reported by `list`,
 * `get`, `journal` or `admin audit` — and `admin audit --corriger` repairs what
 * can be repaired. Also the everyday drift of a class mixing old and new
 * scripts: the workshop's cleanup, notes published by `publier.sh`, a value
 * rewritten after it was indexed.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisKeys } from '../../scripts-src/lib/mailbox/keys.js';
import { handoffNote } from '../helpers/notes.js';
import type { RedisServer } from '../helpers/redis-server.js';
import { type RedisTeam, startTeam } from '../helpers/redis-team.js';
import { admin, publier, recuperer } from '../helpers/run-program.js';

const TEAM = 'catalogue';
const USERS = ['alice', 'bob', 'carol'] as const;
type User = (typeof USERS)[number];

let redis: RedisServer;
let dir: string;
let team: RedisTeam<User>;
const clients = {} as Record<User, Redis>;
const keys = {} as Record<User, string>;

const as = (user: User) => team.as(user);
const noteFile = async (author: string, team = TEAM, extra = '') => {
  const path = join(dir, `${team}-${author}-${Math.random().toString(36).slice(2, 8)}.md`);
  await writeFile(path, handoffNote({ auteur: author, equipe: team, extra }));
  return path;
};
const publish = async (user: User) => {
  const result = await publier([await noteFile(user), TEAM, '--json'], { env: as(user) });
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { cle: string }).cle;
};
type Listed = Array<{ cle: string; titre: string | null; vigilance: Array<{ regle: string }> }>;
const listAs = async (env: Record<string, string>, args: string[] = ['--equipe', TEAM]) => {
  const result = await recuperer(['list', ...args, '--json'], { env });
  expect(result.code, result.stderr).toBe(0);
  return { rows: JSON.parse(result.stdout) as Listed, stderr: result.stderr };
};
const auditJson = async (args: string[] = []) => {
  const result = await admin(['audit', '--equipe', TEAM, '--json', ...args], { env: redis.env });
  return {
    code: result.code,
    stderr: result.stderr,
    findings: (JSON.parse(result.stdout || '{"constats":[]}') as { constats: Array<{ regle: string; sujet: string; corrige: boolean }> }).constats,
  };
};

beforeAll(async () => {
  team = await startTeam(TEAM, USERS);
  redis = team.redis;
  dir = await mkdtemp(join(tmpdir(), 'contexte-coequipiers-'));
  for (const user of USERS) {
    clients[user] = new Redis({
      host: '127.0.0.1',
      port: redis.port,
      username: user,
      password: team.passwords[user],
      maxRetriesPerRequest: 0,
      enableReadyCheck: false,
    });
    keys[user] = await publish(user);
  }
});
afterAll(async () => {
  for (const client of Object.values(clients)) client.disconnect();
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('what an author cannot do to the team', () => {
  it.each([
    ['run a script that would block the server', ['EVAL', 'while true do end', '0']],
    ['load a script', ['SCRIPT', 'LOAD', 'return 1']],
    ['call a function', ['FCALL', 'f', '0']],
    ['rewrite a teammate’s index entry', ['HSET', redisKeys.index(TEAM, 'bob'), 'contexte:catalogue:bob:20260101-0000', '{}']],
    ['delete a teammate’s index entry', ['HDEL', redisKeys.index(TEAM, 'bob'), 'x']],
    ['expire a teammate’s index', ['EXPIRE', redisKeys.index(TEAM, 'bob'), '0']],
    ['delete a teammate’s index', ['DEL', redisKeys.index(TEAM, 'bob')]],
    ['trim a teammate’s journal', ['XADD', redisKeys.journal(TEAM, 'bob'), 'MAXLEN', '0', '*', 'evenement', 'purge']],
    ['write in a teammate’s journal', ['XADD', redisKeys.journal(TEAM, 'bob'), '*', 'evenement', 'lecture']],
    ['read a journal', ['XRANGE', redisKeys.journal(TEAM, 'alice'), '-', '+']],
    ['join or leave the members', ['SREM', redisKeys.members(TEAM), 'bob']],
    ['overwrite a teammate’s note', ['SET', keys.bob ?? 'contexte:catalogue:bob:20260101-0000', 'x']],
    ['remove a teammate’s expiry', ['PERSIST', 'contexte:catalogue:bob:20260101-0000']],
    ['write in another database, which no audit of database 0 sees', ['SELECT', '1']],
  ])('refuses alice to %s (NOPERM)', async (_, command) => {
    await expect(clients.alice.call(command[0]!, ...command.slice(1))).rejects.toThrow(/NOPERM/);
  });

  it('keeps the teammates’ notes listed, with their titles, after all these attempts', async () => {
    const { rows } = await listAs(as('alice'));
    expect(rows.map((row) => row.cle).sort()).toEqual(Object.values(keys).sort());
    for (const row of rows) expect(row.titre).toBe('Migration du catalogue vers HTTP');
  });

  it('refuses a note whose header names another author than the command line (2), with both names', async () => {
    const result = await publier([await noteFile('bob'), TEAM, 'alice'], { env: as('alice') });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('auteur « bob »');
    expect(result.stderr).toContain('« alice »');
  });
});

describe('what an author can do to their own keys, and how it shows', () => {
  it('ignores and reports an entry filed in her own index for a teammate’s key', async () => {
    await clients.alice.hset(
      redisKeys.index(TEAM, 'alice'),
      keys.bob,
      JSON.stringify({ cle: keys.bob, taille: 1, sha256: 'a'.repeat(64), expire: Date.now() + 9e11, titre: 'Faux titre' }),
    );
    const { rows, stderr } = await listAs(as('bob'));
    expect(rows.filter((row) => row.cle === keys.bob)).toHaveLength(1);
    expect(rows.find((row) => row.cle === keys.bob)!.titre).toBe('Migration du catalogue vers HTTP');
    expect(stderr).toContain(`l’index de alice décrit « ${keys.bob} »`);
    const audit = await auditJson(['--corriger']);
    expect(audit.findings).toContainEqual(expect.objectContaining({ regle: 'entree-etrangere', sujet: keys.bob, corrige: true }));
    expect(await redis.admin.hexists(redisKeys.index(TEAM, 'alice'), keys.bob)).toBe(0);
  });

  it('shows a key she set without expiry, advertised for ten years, and the audit bounds it', async () => {
    const key = `contexte:${TEAM}:alice:20260101-0000`;
    const value = handoffNote({ auteur: 'alice' });
    await clients.alice.set(key, value);
    await clients.alice.hset(
      redisKeys.index(TEAM, 'alice'),
      key,
      JSON.stringify({ cle: key, taille: Buffer.byteLength(value), sha256: 'b'.repeat(64), expire: Date.now() + 10 * 365 * 86_400_000 }),
    );
    const { rows } = await listAs(as('bob'));
    expect(rows.find((row) => row.cle === key)!.vigilance.map((finding) => finding.regle)).toEqual(['sans-expiration']);
    const text = await recuperer(['list', '--equipe', TEAM], { env: as('bob') });
    expect(text.stdout).toContain(`Vigilance : ${key} : la clé n’a pas de durée de vie`);

    const found = await auditJson();
    expect(found.code).toBe(1);
    expect(found.findings).toContainEqual(expect.objectContaining({ regle: 'sans-expiration', sujet: key, corrige: false }));
    const fixed = await auditJson(['--corriger']);
    expect(fixed.findings).toContainEqual(expect.objectContaining({ regle: 'sans-expiration', sujet: key, corrige: true }));
    const ttl = await redis.admin.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(7 * 86400);
    expect((await auditJson()).findings.filter((finding) => finding.sujet === key)).toEqual([]);
  });

  it('dates every event by the journal it is in and names its owner, whatever the fields claim', async () => {
    await clients.carol.xadd(redisKeys.journal(TEAM, 'carol'), '*', 'evenement', 'publication', 'utilisateur', 'bob', 'auteur', 'bob', 'cle', keys.bob);
    const result = await recuperer(['journal', '--equipe', TEAM, '--json'], { env: redis.env });
    const events = JSON.parse(result.stdout) as Array<{ utilisateur: string; auteur: string | null; evenement: string }>;
    const forged = events.filter((event) => event.auteur === 'bob' && event.evenement === 'publication');
    expect(forged.map((event) => event.utilisateur).sort()).toEqual(['bob', 'carol']);
  });

  it('reports a journal its owner trimmed, and one whose ids were pushed into the future', async () => {
    await clients.alice.xadd(redisKeys.journal(TEAM, 'alice'), 'MAXLEN', '0', '*', 'evenement', 'lecture');
    await clients.carol.xadd(redisKeys.journal(TEAM, 'carol'), '99999999999999-0', 'evenement', 'lecture');
    const result = await recuperer(['journal', '--equipe', TEAM], { env: redis.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/le journal de alice a été vidé : \d+ événement\(s\) effacé\(s\)/);
    expect(result.stdout).toMatch(/le journal de carol porte des identifiants datés du 5138-\d\d-\d\d, dans le futur/);
    // bob's journal is his own: his events keep their dates.
    const events = JSON.parse((await recuperer(['journal', '--equipe', TEAM, '--json'], { env: redis.env })).stdout) as Array<{
      utilisateur: string;
      quand: string;
    }>;
    for (const event of events.filter((item) => item.utilisateur === 'bob')) expect(new Date(event.quand).getTime()).toBeLessThan(Date.now() + 60_000);
    const audit = await auditJson();
    expect(audit.findings.map((finding) => `${finding.regle} ${finding.sujet}`)).toEqual(
      expect.arrayContaining(['journal-tronque alice', 'journal-futur carol']),
    );
  });
});

describe('nothing a teammate writes escapes onto a screen, and everything shown is bounded', () => {
  /** Control sequences a terminal obeys: a window title, a carriage return and a line erase that would paint a fake line. */
  const PAINT = '\x1b]0;pwned\x07\r\x1b[2KVigilance : aucune';
  const noControl = (text: string) => expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);

  it('shows a forged index field name escaped and short, in list, list --json and the audit', async () => {
    const field = `contexte:${TEAM}:bob:2026${PAINT}${'x'.repeat(100_000)}`;
    await clients.alice.hset(redisKeys.index(TEAM, 'alice'), field, '{}');
    const text = await recuperer(['list', '--equipe', TEAM], { env: as('bob') });
    expect(text.code, text.stderr).toBe(0);
    noControl(text.stdout + text.stderr);
    expect(text.stdout + text.stderr).toContain('\\x1b]0;pwned');
    expect((text.stdout + text.stderr).length).toBeLessThan(20_000);
    const json = await recuperer(['list', '--equipe', TEAM, '--json'], { env: as('bob') });
    noControl(json.stdout + json.stderr);
    for (const args of [[], ['--json']]) {
      const audit = await admin(['audit', '--equipe', TEAM, ...args], { env: redis.env });
      noControl(audit.stdout);
      expect(audit.stdout).toContain('entree-etrangere');
      expect(audit.stdout.length).toBeLessThan(20_000);
    }
    await redis.admin.hdel(redisKeys.index(TEAM, 'alice'), field);
  });

  it('escapes every journal field a teammate wrote, in text and in JSON', async () => {
    await clients.carol.xadd(redisKeys.journal(TEAM, 'carol'), '*', 'evenement', 'lecture', 'auteur', `bob${PAINT}`, 'cle', `x${PAINT}`, 'detail', PAINT);
    for (const args of [[], ['--json']]) {
      const result = await recuperer(['journal', '--equipe', TEAM, ...args], { env: redis.env });
      expect(result.code, result.stderr).toBe(0);
      noControl(result.stdout + result.stderr);
      expect(result.stdout).toContain('\\x1b[2K');
    }
  });

  it('leaves an index entry over 16 KiB undecoded: the note is listed from the store, flagged, and the audit indexes it again', async () => {
    const key = await publish('alice');
    const index = redisKeys.index(TEAM, 'alice');
    const entry = JSON.parse((await redis.admin.hget(index, key))!) as Record<string, unknown>;
    await clients.alice.hset(index, key, JSON.stringify({ ...entry, titre: 'T'.repeat(20_000) }));
    const { rows } = await listAs(as('bob'));
    const row = rows.find((item) => item.cle === key)!;
    expect(row.titre).toBeNull();
    expect(row.vigilance.map((finding) => finding.regle)).toContain('entree-trop-longue');
    const got = await recuperer(['get', key, join(dir, 'longue.md'), '--json'], { env: as('bob') });
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.stringify(JSON.parse(got.stdout).vigilance)).toContain('entree-trop-longue');
    const fixed = await auditJson(['--corriger']);
    expect(fixed.findings).toContainEqual(expect.objectContaining({ regle: 'entree-trop-longue', sujet: key, corrige: true }));
    expect((await redis.admin.hget(index, key))!.length).toBeLessThan(1000);
  });

  it('finds a team’s key in another database, where it escaped retention, and the audit bounds it', async () => {
    const key = `contexte:${TEAM}:alice:20260101-0002`;
    const other = redis.admin.duplicate({ db: 3 });
    try {
      await other.set(key, 'gardée pour toujours');
      const found = await auditJson();
      expect(found.code).toBe(1);
      expect(found.findings).toContainEqual(expect.objectContaining({ regle: 'autre-base', sujet: `base 3 : ${key}`, corrige: false }));
      await auditJson(['--corriger']);
      const ttl = await other.ttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(7 * 86400);
    } finally {
      await other.del(key);
      other.disconnect();
    }
  });

  it('refuses to fetch a value beyond a note’s size before reading it (1), and writes nothing', async () => {
    const key = `contexte:${TEAM}:alice:20260101-0003`;
    await clients.alice.set(key, Buffer.alloc(2 * 1024 * 1024, 'a'), 'EX', 600);
    const result = await recuperer(['get', key, join(dir, 'enorme.md')], { env: as('bob') });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/fait 2097152 octets .* au-delà des 1048576 qu’accepte une note : rien n’a été lu ni écrit/);
    await expect(stat(join(dir, 'enorme.md'))).rejects.toThrow(/ENOENT/);
    await clients.alice.del(key);
  });

  it('lists 200 notes and journals 500 events by default, says how many more, and --limite / --tout change it', async () => {
    const team = 'nombreux';
    const pipeline = redis.admin.pipeline().sadd(redisKeys.members(team), 'alice');
    for (let index = 0; index < 230; index++) {
      const key = `contexte:${team}:alice:20260101-${String(1000 + index)}`;
      pipeline.set(key, 'n', 'EX', 600);
      pipeline.hset(redisKeys.index(team, 'alice'), key, JSON.stringify({ cle: key, taille: 1, sha256: 'c'.repeat(64), expire: Date.now() + 600_000 }));
    }
    for (let index = 0; index < 520; index++) pipeline.xadd(redisKeys.journal(team, 'alice'), '*', 'evenement', 'lecture', 'detail', `n° ${index}`);
    await pipeline.exec();
    const count = async (args: string[]) => {
      const result = await recuperer([...args, '--json'], { env: redis.env });
      expect(result.code, result.stderr).toBe(0);
      return { length: (JSON.parse(result.stdout) as unknown[]).length, stderr: result.stderr };
    };
    expect(await count(['list', '--equipe', team])).toEqual({ length: 200, stderr: expect.stringContaining('30 note(s) de plus non affiché(s)') });
    expect((await count(['list', '--equipe', team, '--limite', '5'])).length).toBe(5);
    expect((await count(['list', '--equipe', team, '--tout'])).length).toBe(230);
    // Under a limit the store is asked only about the newest keys, and an entry whose key has expired leaves its place to the next.
    await redis.admin.del(`contexte:${team}:alice:20260101-1229`, `contexte:${team}:alice:20260101-1227`);
    const newest = await recuperer(['list', '--equipe', team, '--limite', '3', '--json'], { env: redis.env });
    expect((JSON.parse(newest.stdout) as Array<{ cle: string }>).map(({ cle }) => cle.slice(-4))).toEqual(['1228', '1226', '1225']);
    expect(newest.stderr).toContain('225 note(s) de plus non affiché(s)');
    const journal = await count(['journal', '--equipe', team]);
    expect(journal).toEqual({ length: 500, stderr: expect.stringContaining('20 événement(s) plus ancien(s) de plus non affiché(s)') });
    expect((await count(['journal', '--equipe', team, '--tout'])).length).toBe(520);
    // The most recent are kept.
    const last = await recuperer(['journal', '--equipe', team, '--limite', '1', '--json'], { env: redis.env });
    expect(JSON.parse(last.stdout)[0].detail).toBe('n° 519');
  });
});

describe('what only the server’s settings can prevent: admin serveur', () => {
  type Report = { constats: Array<{ regle: string }>; equipes: Array<{ equipe: string; octets: number; auteurs: Array<{ auteur: string }> }> };
  const serveur = async () => {
    const result = await admin(['serveur', '--json'], { env: redis.env });
    return { code: result.code, report: JSON.parse(result.stdout) as Report, stderr: result.stderr };
  };

  it('names each setting that lets one team hurt the others, and who holds the bytes', async () => {
    const defaults = await serveur();
    expect(defaults.code, defaults.stderr).toBe(1);
    expect(defaults.report.constats.map((finding) => finding.regle).sort()).toEqual(['commande-trop-grosse', 'memoire-sans-limite']);
    const unbounded = (await admin(['serveur'], { env: redis.env })).stdout;
    expect(unbounded).toMatch(/mémoire \S+ \S+ sans limite \(maxmemory 0\)/);
    expect(unbounded).not.toContain('sur sans limite');
    expect(defaults.report.equipes.find((team) => team.equipe === TEAM)!.auteurs.map((author) => author.auteur)).toEqual(
      expect.arrayContaining(['alice', 'bob', 'carol']),
    );
    try {
      await redis.admin.config('SET', 'maxmemory', '512mb');
      await redis.admin.config('SET', 'proto-max-bulk-len', '64mb');
      await redis.admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
      const evicting = await serveur();
      expect(evicting.code).toBe(1);
      expect(evicting.report.constats.map((finding) => finding.regle)).toEqual(['eviction']);
      await redis.admin.config('SET', 'maxmemory-policy', 'noeviction');
      const text = await admin(['serveur'], { env: redis.env });
      expect(text.code, text.stderr).toBe(0);
      expect(text.stdout).toContain('Aucun constat.');
      expect(text.stdout).toMatch(/maxmemory-policy noeviction/);
    } finally {
      await redis.admin.config('SET', 'maxmemory', '0');
      await redis.admin.config('SET', 'proto-max-bulk-len', '512mb');
    }
  });

  it('is refused to an author, with the rights it needs', async () => {
    const result = await admin(['serveur'], { env: as('alice') });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('CONFIG');
  });
});

describe('a class mixing old and new scripts', () => {
  it('drops notes deleted by the workshop’s cleanup, and get names the command that lists', async () => {
    const key = await publish('bob');
    await redis.admin.del(key);
    const { rows } = await listAs(redis.env);
    expect(rows.map((row) => row.cle)).not.toContain(key);
    expect(await redis.admin.hexists(redisKeys.index(TEAM, 'bob'), key)).toBe(0);
    const ghost = await publish('bob');
    await redis.admin.del(ghost);
    const result = await recuperer(['get', ghost, join(dir, 'fantome.md')], { env: as('alice') });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`recuperer list --equipe ${TEAM}`);
    expect((await listAs(as('alice'))).rows.map((row) => row.cle)).not.toContain(ghost);
  });

  it('tells of notes published by publier.sh, shows them to whoever may scan, and the audit indexes them', async () => {
    const old = `contexte:${TEAM}:dave:20261202-1200`;
    await redis.admin.set(old, handoffNote({ auteur: 'dave' }), 'EX', 600);
    // Told where it helps: a listing that shows nothing (dave's only note is outside the index); not under every listing.
    const author = await recuperer(['list', '--equipe', TEAM, '--auteur', 'dave'], { env: as('alice') });
    expect(author.stdout).toContain('Aucune note');
    expect(author.stdout).toContain('anciens scripts (publier.sh)');
    expect(author.stdout).not.toContain(old);
    const whole = await recuperer(['list', '--equipe', TEAM], { env: as('alice') });
    expect(whole.stdout).toContain(' note(s) pour l’équipe');
    expect(whole.stdout).not.toContain('anciens scripts (publier.sh)');

    const scanned = await listAs(redis.env, [`contexte:${TEAM}:*`]);
    expect(scanned.rows.find((row) => row.cle === old)!.vigilance.map((finding) => finding.regle)).toContain('non-indexee');
    expect(scanned.stderr).toMatch(/1 note\(s\) de l’équipe catalogue hors de l’index/);
    // Without the SCAN right, the same pattern falls back to the index, and says what it cannot see.
    const fallback = await listAs(as('alice'), [`contexte:${TEAM}:*`]);
    expect(fallback.rows.map((row) => row.cle)).not.toContain(old);
    expect(fallback.stderr).toContain('anciens scripts (publier.sh)');

    const audit = await auditJson(['--corriger']);
    expect(audit.findings).toContainEqual(expect.objectContaining({ regle: 'non-indexee', sujet: old, corrige: true }));
    expect(audit.findings).toContainEqual(expect.objectContaining({ regle: 'membre-absent', sujet: 'dave', corrige: true }));
    const { rows } = await listAs(as('alice'));
    expect(rows.find((row) => row.cle === old)).toMatchObject({ titre: 'Migration du catalogue vers HTTP', vigilance: [] });
    const journal = await recuperer(['journal', '--equipe', TEAM, '--json'], { env: redis.env });
    expect(
      (JSON.parse(journal.stdout) as Array<{ evenement: string; detail: string | null }>).some(
        (event) => event.evenement === 'audit' && /non-indexee/.test(event.detail ?? ''),
      ),
    ).toBe(true);
  });

  it('says when a value changed after it was indexed (size, then bytes of the same size)', async () => {
    const key = await publish('bob');
    const original = (await redis.admin.get(key))!;
    await redis.admin.set(key, `${original}\nLigne ajoutée par publier.sh`, 'KEEPTTL');
    const grown = await recuperer(['get', key, join(dir, 'modifiee.md'), '--json'], { env: as('alice') });
    expect(grown.code, grown.stderr).toBe(0);
    expect((JSON.parse(grown.stdout) as { vigilance: Array<{ regle: string }> }).vigilance.map((finding) => finding.regle)).toContain('taille-differente');
    await redis.admin.set(key, original.replace('Migration', 'Migratiox'), 'KEEPTTL');
    const rewritten = await recuperer(['get', key, join(dir, 'reecrite.md'), '--force'], { env: as('alice') });
    expect(rewritten.code, rewritten.stderr).toBe(0);
    expect(rewritten.stdout).toMatch(/Vigilance \(boîte\) : le sha256 de la valeur \([0-9a-f]{12}…\) n’est pas celui de l’index/);
  });

  it('points to the pattern that shows a team only publier.sh published to, without scanning on its own', async () => {
    const old = 'contexte:atelier:erin:20261202-1300';
    await redis.admin.set(old, handoffNote({ auteur: 'erin', equipe: 'atelier' }), 'EX', 600);
    const result = await recuperer(['list', '--equipe', 'atelier'], { env: redis.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("« recuperer list 'contexte:atelier:*' » (droit SCAN) les montre");
    const scanned = await listAs(redis.env, ['contexte:atelier:*']);
    expect(scanned.rows.map((row) => row.cle)).toEqual([old]);
  });

  it('says a team is unknown and lists the teams it can see', async () => {
    const result = await recuperer(['list', '--equipe', 'catalogu'], { env: redis.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('L’équipe catalogu est inconnue');
    expect(result.stdout).toContain(`équipes visibles : ${TEAM}`);
  });
});
