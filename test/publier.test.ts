import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from './helpers/redis-server.js';
import { publier } from './helpers/run-program.js';

let redis: RedisServer;
let dir: string;

beforeAll(async () => {
  redis = await startRedis();
  dir = await mkdtemp(join(tmpdir(), 'contexte-publier-'));
});
afterAll(async () => {
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

let counter = 0;
/** A unique team per test: tests share one server but never each other's keys. */
const uniqueTeam = () => `equipe${++counter}`;

async function note(content: string | Buffer, name = `note-${++counter}.md`): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('publier', () => {
  it('publishes under the workshop key and reports it with its TTL', async () => {
    const team = uniqueTeam();
    const file = await note('# Objectif\nMigrer le catalogue.\n');
    const result = await publier([file, team, 'alice'], { env: redis.env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const key = /^Publié : (contexte:\S+) \(TTL 28800s\)$/m.exec(result.stdout)?.[1];
    expect(key).toMatch(new RegExp(`^contexte:${team}:alice:\\d{8}-\\d{4}$`));
    expect(result.stdout).toContain(`redis 127.0.0.1:${redis.port}`);
    expect(await redis.admin.get(key!)).toBe('# Objectif\nMigrer le catalogue.\n');
  });

  it('never leaves a key without TTL, even for a user who may SET but not EXPIRE', async () => {
    // publier.sh ran SET then EXPIRE: when EXPIRE failed, the note never expired.
    const team = uniqueTeam();
    const password = `pw-${Math.random().toString(36).slice(2)}`;
    await redis.admin.call('ACL', 'SETUSER', 'noexpire', 'on', `>${password}`, '~*', '+@all', '-expire');
    const file = await note('# Une note\n');
    const result = await publier([file, team, 'alice', '--ttl', '120', '--json'], {
      env: { ...redis.env, REDIS_USERNAME: 'noexpire', REDISCLI_AUTH: password },
    });
    expect(result.code).toBe(0);
    const { cle, ttl } = JSON.parse(result.stdout) as { cle: string; ttl: number };
    expect(ttl).toBe(120);
    const left = await redis.admin.ttl(cle);
    expect(left).toBeGreaterThan(100);
    expect(left).toBeLessThanOrEqual(120);
  });

  it('gives a second publication in the same minute its own key instead of overwriting the first', async () => {
    const team = uniqueTeam();
    const first = await note('première note\n');
    const second = await note('deuxième note\n');
    const a = await publier([first, team, 'alice', '--json'], { env: redis.env });
    const b = await publier([second, team, 'alice', '--json'], { env: redis.env });
    expect([a.code, b.code]).toEqual([0, 0]);
    const keyA = (JSON.parse(a.stdout) as { cle: string }).cle;
    const keyB = (JSON.parse(b.stdout) as { cle: string }).cle;
    expect(keyB).not.toBe(keyA);
    expect(await redis.admin.get(keyA)).toBe('première note\n');
    expect(await redis.admin.get(keyB)).toBe('deuxième note\n');
  });

  it('never overwrites under ten concurrent publications by the same author', async () => {
    const team = uniqueTeam();
    const files = await Promise.all(Array.from({ length: 10 }, (_, i) => note(`note ${i}\n`)));
    const results = await Promise.all(files.map((file) => publier([file, team, 'bob', '--json'], { env: redis.env })));
    expect(results.map((r) => r.code)).toEqual(Array(10).fill(0));
    const keys = results.map((r) => (JSON.parse(r.stdout) as { cle: string }).cle);
    expect(new Set(keys).size).toBe(10);
    const values = await Promise.all(keys.map((key) => redis.admin.get(key)));
    expect(values.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `note ${i}\n`).sort());
  });

  it('publishes the session export under the same stamp, with the same TTL', async () => {
    const team = uniqueTeam();
    const file = await note('# note\n');
    const session = await note('{"info":{"id":"ses_1"},"messages":[]}', 'session.json');
    const result = await publier([file, team, 'alice', session, '--ttl', '600'], { env: redis.env });
    expect(result.code).toBe(0);
    const keys = [...result.stdout.matchAll(/^Publié : (\S+) \(TTL 600s\)$/gm)].map((m) => m[1]!);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]!.replace(/^contexte:/, 'session:'));
    expect(await redis.admin.get(keys[1]!)).toBe('{"info":{"id":"ses_1"},"messages":[]}');
    expect(await redis.admin.ttl(keys[1]!)).toBeGreaterThan(590);
  });

  it('checks the session export for secrets like the note, and publishes nothing when it fails', async () => {
    const team = uniqueTeam();
    const file = await note('# note propre\n');
    const session = await note('{"messages":[{"text":"export API_KEY=abc"}]}', 'session-secret.json');
    const result = await publier([file, team, 'alice', session], { env: redis.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('session-secret.json');
    expect(result.stderr).toMatch(/ligne 1 \[motif-atelier\]/);
    expect(await redis.admin.keys(`*:${team}:*`)).toEqual([]);
  });

  it('refuses a note with a secret without printing the secret, even in --json', async () => {
    const team = uniqueTeam();
    const value = `s${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
    const file = await note(`# Objectif\nrien\nle password de recette est ${value}\n`);
    for (const args of [[], ['--json']]) {
      const result = await publier([file, team, 'alice', ...args], { env: redis.env });
      expect(result.code).toBe(1);
      expect(result.stdout + result.stderr).not.toContain(value);
      expect(result.stderr).toContain('ligne 3');
    }
    expect(await redis.admin.keys(`*:${team}:*`)).toEqual([]);
  });

  it.each([
    ['*', 'alice'],
    ['cata:logue', 'alice'],
    ['catalogue', 'ali*'],
    ['catalogue', 'a b'],
    ['catalogue', '../x'],
  ])('refuses the names %j / %j before touching the mailbox', async (team, author) => {
    const file = await note('# note\n');
    const keysBefore = await redis.admin.dbsize();
    const result = await publier([file, team, author], { env: redis.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/nom d.(équipe|auteur) invalide/);
    expect(await redis.admin.dbsize()).toBe(keysBefore);
  });

  it.each([['0'], ['-1'], ['abc'], ['604801']])('refuses --ttl=%s', async (ttl) => {
    const result = await publier([await note('# n\n'), uniqueTeam(), 'alice', `--ttl=${ttl}`], { env: redis.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/durée de vie/);
  });

  it('asks for --ttl=<valeur> when the value looks like an option', async () => {
    const result = await publier([await note('# n\n'), uniqueTeam(), 'alice', '--ttl', '-1'], { env: redis.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('valeur manquante ou ambiguë pour --ttl');
  });

  it('lets CONTEXTE_TTL_MAX lower the maximum', async () => {
    const result = await publier([await note('# n\n'), uniqueTeam(), 'alice', '--ttl', '7200'], { env: { ...redis.env, CONTEXTE_TTL_MAX: '3600' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('maximum de 3600 s');
  });

  it.each([
    [[], 'arguments manquants'],
    [['a', 'b'], 'arguments manquants'],
    [['a', 'b', 'c', 'd', 'e'], 'trop d’arguments'],
    [['--nope'], 'option inconnue : --nope'],
  ])('refuses the command line %j with a usage error', async (args, message) => {
    const result = await publier(args, { env: redis.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('says a missing note file is not found', async () => {
    const result = await publier([join(dir, 'absent.md'), 'catalogue', 'alice'], { env: redis.env });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('la note introuvable');
  });

  it('answers --help with the usage and every exit code', async () => {
    const result = await publier(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage : publier <fichier> <equipe> <auteur> [session.json]');
    for (const code of [0, 1, 2, 3, 4, 5, 6, 70]) expect(result.stdout).toMatch(new RegExp(`^ +${code}  `, 'm'));
  });
});
