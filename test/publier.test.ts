import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisKeys } from '../scripts-src/lib/mailbox/keys.js';
import { handoffNote } from './helpers/notes.js';
import { type RedisServer, startRedis } from './helpers/redis-server.js';
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
const randomAlnum = (length: number) =>
  Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[Math.floor(Math.random() * 62)]).join('');
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
    const content = handoffNote({ equipe: team });
    const file = await note(content);
    const result = await publier([file, team, 'alice'], { env: redis.env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const key = /^Publié : (contexte:\S+) \(TTL 28800s\)$/m.exec(result.stdout)?.[1];
    expect(key).toMatch(new RegExp(`^contexte:${team}:alice:\\d{8}-\\d{4}$`));
    expect(result.stdout).toContain(`redis 127.0.0.1:${redis.port}`);
    expect(await redis.admin.get(key!)).toBe(content);
  });

  it('never leaves a key without TTL, even for a user who may SET but not EXPIRE', async () => {
    // publier.sh ran SET then EXPIRE: when EXPIRE failed, the note never expired.
    const team = uniqueTeam();
    const password = `pw-${Math.random().toString(36).slice(2)}`;
    // EXPIRE is allowed on the team index only (through a selector), never on notes.
    await redis.admin.call('ACL', 'SETUSER', 'noexpire', 'on', `>${password}`, '~*', '+@all', '-expire', '(~contexte-index:* +expire)');
    const file = await note(handoffNote({ equipe: team }));
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
    const first = await note(handoffNote({ equipe: team, extra: 'première note\n' }));
    const second = await note(handoffNote({ equipe: team, extra: 'deuxième note\n' }));
    const a = await publier([first, team, 'alice', '--json'], { env: redis.env });
    const b = await publier([second, team, 'alice', '--json'], { env: redis.env });
    expect([a.code, b.code]).toEqual([0, 0]);
    const keyA = (JSON.parse(a.stdout) as { cle: string }).cle;
    const keyB = (JSON.parse(b.stdout) as { cle: string }).cle;
    expect(keyB).not.toBe(keyA);
    expect(await redis.admin.get(keyA)).toContain('première note\n');
    expect(await redis.admin.get(keyB)).toContain('deuxième note\n');
  });

  it('never overwrites under ten concurrent publications by the same author', async () => {
    const team = uniqueTeam();
    const files = await Promise.all(Array.from({ length: 10 }, (_, i) => note(handoffNote({ equipe: team, auteur: 'bob', extra: `note ${i}\n` }))));
    const results = await Promise.all(files.map((file) => publier([file, team, 'bob', '--json'], { env: redis.env })));
    expect(results.map((r) => r.code)).toEqual(Array(10).fill(0));
    const keys = results.map((r) => (JSON.parse(r.stdout) as { cle: string }).cle);
    expect(new Set(keys).size).toBe(10);
    const values = await Promise.all(keys.map((key) => redis.admin.get(key)));
    expect(values.sort()).toEqual(Array.from({ length: 10 }, (_, i) => handoffNote({ equipe: team, auteur: 'bob', extra: `note ${i}\n` })).sort());
  });

  it('publishes the session export under the same stamp, with the same TTL', async () => {
    const team = uniqueTeam();
    const file = await note(handoffNote({ equipe: team }));
    const exported = JSON.stringify({ info: { id: 'ses_1', title: '[redacted:session-title:ses_1]' }, messages: [] });
    const session = await note(exported, 'session.json');
    const result = await publier([file, team, 'alice', session, '--ttl', '600'], { env: redis.env });
    expect(result.code).toBe(0);
    const keys = [...result.stdout.matchAll(/^Publié : (\S+) \(TTL 600s\)$/gm)].map((m) => m[1]!);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]!.replace(/^contexte:/, 'session:'));
    expect(await redis.admin.get(keys[1]!)).toBe(exported);
    expect(await redis.admin.ttl(keys[1]!)).toBeGreaterThan(590);
  });

  it('checks the session export for secrets like the note, and publishes nothing when it fails', async () => {
    const team = uniqueTeam();
    const file = await note(handoffNote({ equipe: team }));
    const token = `ghp_${randomAlnum(36)}`;
    const exported = {
      info: { title: '[redacted:session-title:ses_1]' },
      messages: [{ parts: [{ type: 'tool', state: { output: `ok\nGITHUB_TOKEN=${token}` } }] }],
    };
    const session = await note(JSON.stringify(exported), 'session-secret.json');
    const result = await publier([file, team, 'alice', session], { env: redis.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('session-secret.json');
    expect(result.stderr).toMatch(/chemin messages\[0\]\.parts\[0\]\.state\.output, ligne 2 \[jeton-github\]/);
    expect(result.stderr).not.toContain(token.slice(4, 20));
    expect(await redis.admin.keys(`*:${team}:*`)).toEqual([]);
  });

  it('refuses a note with a secret without printing the secret, even in --json', async () => {
    const team = uniqueTeam();
    const value = `Granit42!${randomAlnum(6)}`;
    const content = handoffNote({ equipe: team, extra: `Le mot de passe de la recette est \`${value}\`.\n` });
    const file = await note(content);
    const line = content.split('\n').findIndex((text) => text.includes(value)) + 1;
    for (const args of [[], ['--json']]) {
      const result = await publier([file, team, 'alice', ...args], { env: redis.env });
      expect(result.code).toBe(1);
      expect(result.stdout + result.stderr).not.toContain(value);
      expect(result.stderr).toContain(`ligne ${line} [prose]`);
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
    const file = await note(handoffNote({ equipe: team }));
    const keysBefore = await redis.admin.dbsize();
    const result = await publier([file, team, author], { env: redis.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/nom d.(équipe|auteur) invalide/);
    expect(await redis.admin.dbsize()).toBe(keysBefore);
  });

  it.each([['0'], ['-1'], ['abc'], ['604801']])('refuses --ttl=%s', async (ttl) => {
    const result = await publier([await note(handoffNote()), uniqueTeam(), 'alice', `--ttl=${ttl}`], { env: redis.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/durée de vie/);
  });

  it('asks for --ttl=<valeur> when the value looks like an option', async () => {
    const result = await publier([await note(handoffNote()), uniqueTeam(), 'alice', '--ttl', '-1'], { env: redis.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--ttl n’a pas de valeur (ou elle commence par un tiret)');
  });

  it('lets CONTEXTE_TTL_MAX lower the maximum', async () => {
    const result = await publier([await note(handoffNote()), uniqueTeam(), 'alice', '--ttl', '7200'], { env: { ...redis.env, CONTEXTE_TTL_MAX: '3600' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('maximum de 3600 s');
  });

  it.each([
    [[], 'argument manquant : <fichier> <equipe>'],
    [['a'], 'argument manquant : <equipe>'],
    [['a', 'b'], 'auteur manquant : ni troisième argument, ni REDIS_USERNAME\n  → Donnez l’auteur'],
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
    expect(result.stderr).toMatch(/la note « .*absent\.md » est introuvable\n {2}→ Vérifiez le chemin/);
  });

  it('answers --help with the usage and every exit code', async () => {
    const result = await publier(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage : publier <fichier> <equipe> [auteur] [session.json]');
    for (const code of [0, 1, 2, 3, 4, 5, 6, 70]) expect(result.stdout).toMatch(new RegExp(`^ +${code}  `, 'm'));
  });
});

describe('publier checks the note like verifier', () => {
  it('refuses a note without its rubriques and says what is missing', async () => {
    const team = uniqueTeam();
    const file = await note('---\ntitre: t\nauteur: alice\nequipe: e\ndate: 2026-12-02\nresume: r\n---\n\nTranscription brute de la session.\n');
    const result = await publier([file, team, 'alice'], { env: redis.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Refus : rien n’a été publié.');
    expect(result.stderr).toContain('[rubriques] rubrique(s) manquante(s) : Objectif, État');
    expect(await redis.admin.keys(`*:${team}:*`)).toEqual([]);
  });

  it('publishes a note whose false positive is marked, and counts it', async () => {
    const file = await note(handoffNote({ extra: 'Exemple de test : `password: Quartz15%wjSu` <!-- contexte:autorise -->\n' }));
    const result = await publier([file, 'catalogue', 'alice', '--json'], { env: redis.env });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).constats_acceptes).toBe(1);
  });

  it('refuses an export that was not sanitized, and says how to make one', async () => {
    const session = await note(JSON.stringify({ info: { title: 'Ma session' }, messages: [] }), 'brut.json');
    const result = await publier([await note(handoffNote()), uniqueTeam(), 'alice', session], { env: redis.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      '[export-non-expurge] export non expurgé : produisez-le avec « opencode export <sessionID> --sanitize > session-<auteur>.json »',
    );
  });

  it('accepts an unsanitized export with --non-expurge, still checking it for secrets', async () => {
    const session = await note(JSON.stringify({ info: { title: 'Ma session' }, messages: [] }), 'brut.json');
    const team = uniqueTeam();
    const result = await publier([await note(handoffNote({ equipe: team })), team, 'alice', session, '--non-expurge'], { env: redis.env });
    expect(result.code, result.stderr).toBe(0);
    const leaky = await note(JSON.stringify({ info: { title: 'x' }, messages: [{ parts: [{ text: `token ghp_${randomAlnum(36)}` }] }] }), 'fuite.json');
    expect((await publier([await note(handoffNote({ equipe: team })), team, 'alice', leaky, '--non-expurge'], { env: redis.env })).code).toBe(1);
  });

  it.each([
    ['not JSON', '{ pas du json', 'pas du JSON valide'],
    ['not an OpenCode export', '{"hello": "world"}', 'ce n’est pas un export de session OpenCode'],
  ])('refuses an export that is %s', async (_, content, message) => {
    const session = await note(content, 'autre.json');
    const result = await publier([await note(handoffNote()), uniqueTeam(), 'alice', session], { env: redis.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });
});

describe('publier undoes what it wrote when a later step fails', () => {
  it.each([
    ['the index', ['-hset']],
    ['the journal', ['-xadd']],
  ])('leaves no note behind when %s cannot be written', async (_, denied) => {
    const password = `pw-${Math.random().toString(36).slice(2)}`;
    const user = `partiel${denied[0]!.replace(/\W/g, '')}`;
    await redis.admin.call('ACL', 'SETUSER', user, 'on', `>${password}`, '~*', '+@all', ...denied);
    const team = uniqueTeam();
    const session = await note(JSON.stringify({ info: { title: '[redacted:session-title:x]' }, messages: [] }), 'export.json');
    const result = await publier([await note(handoffNote({ equipe: team })), team, 'alice', session], {
      env: { ...redis.env, REDIS_USERNAME: user, REDISCLI_AUTH: password },
    });
    expect(result.code).toBe(5);
    expect(await redis.admin.keys(`*:${team}:*`)).toEqual([]);
    expect(await redis.admin.hlen(redisKeys.index(team, 'alice'))).toBe(0);
  });
});
