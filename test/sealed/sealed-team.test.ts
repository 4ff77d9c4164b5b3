/**
 * A sealed team on a real redis-server with real ACL users made by `admin`:
 * alice and bob of catalogue registered, dave of catalogue not registered,
 * carol of another team. What the operator, a teammate and a revoked member
 * can and cannot do (SECURITY.md points here).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberId, parseEnvelope, seal } from '../../scripts-src/lib/mailbox/sealed/envelope.js';
import { loadIdentity } from '../../scripts-src/lib/mailbox/sealed/identity.js';
import { handoffNote } from '../helpers/notes.js';
import { type RedisServer, randomPassword, startRedis } from '../helpers/redis-server.js';
import { admin, publier, recuperer } from '../helpers/run-program.js';

let redis: RedisServer;
let dir: string;
const passwords: Record<string, string> = {};
const configs: Record<string, string> = {};
const lines: Record<string, string> = {};
const fingerprints: Record<string, string> = {};

/** A member's terminal: their Redis user, their identity folder. */
const as = (user: string) => ({
  REDIS_HOST: '127.0.0.1',
  REDIS_PORT: String(redis.port),
  REDIS_USERNAME: user,
  REDISCLI_AUTH: passwords[user]!,
  XDG_CONFIG_HOME: configs[user]!,
});
const note = (author: string, title: string) =>
  handoffNote({ auteur: author, equipe: 'catalogue' })
    .replace(/^titre: .*$/m, `titre: ${title}`)
    .replace(/^resume: .*$/m, `resume: Résumé confidentiel de ${title}`);

async function publishAs(user: string, content: string): Promise<{ cle: string; scellee: boolean; empreinte: string | null }> {
  const file = join(dir, `${user}-${Math.random().toString(36).slice(2)}.md`);
  await writeFile(file, content);
  const result = await publier([file, 'catalogue', '--json'], { env: as(user) });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

const getAs = (user: string, key: string, file = join(dir, `lu-${Math.random().toString(36).slice(2)}.md`)) =>
  recuperer(['get', key, file, '--json'], { env: as(user) }).then((result) => ({ ...result, file }));

/** No 16-byte window of `secret` in `haystack`. */
function holdsNoWindowOf(haystack: Buffer, secret: string): boolean {
  const bytes = Buffer.from(secret, 'utf8');
  for (let at = 0; at + 16 <= bytes.length; at++) if (haystack.includes(bytes.subarray(at, at + 16))) return false;
  return true;
}

beforeAll(async () => {
  redis = await startRedis();
  dir = await mkdtemp(join(tmpdir(), 'contexte-scellee-'));
  for (const [team, user] of [
    ['catalogue', 'alice'],
    ['catalogue', 'bob'],
    ['catalogue', 'dave'],
    ['paiement', 'carol'],
  ] as const) {
    passwords[user] = randomPassword() + randomPassword();
    configs[user] = mkdtempSync(join(tmpdir(), `contexte-id-${user}-`));
    const made = await admin(['utilisateur', team, user, '--appliquer'], { env: { ...redis.env, CONTEXTE_MOT_DE_PASSE: passwords[user]! } });
    expect(made.code, made.stderr).toBe(0);
    const identity = await publier(['identite', '--json'], { env: as(user) });
    expect(identity.code, identity.stderr).toBe(0);
    const shown = JSON.parse(identity.stdout) as { identite: string; empreinte: string; creee: boolean };
    expect(shown.creee).toBe(true);
    lines[user] = shown.identite;
    fingerprints[user] = shown.empreinte;
  }
  for (const user of ['alice', 'bob']) {
    const registered = await admin(['membre', 'catalogue', user, '--identite', lines[user]!, '--appliquer'], { env: redis.env });
    expect(registered.code, registered.stderr).toBe(0);
    expect(registered.stdout).toContain(fingerprints[user]!);
  }
  const sealed = await admin(['equipe', 'catalogue', '--scellee', '--appliquer'], { env: redis.env });
  expect(sealed.code, sealed.stderr).toBe(0);
});
afterAll(async () => {
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a sealed team', () => {
  it('round-trips a note byte-identical between members, signed and verified, and lists its title only to members', async () => {
    const content = note('alice', 'Migration secrète du catalogue');
    const published = await publishAs('alice', content);
    expect(published).toMatchObject({ scellee: true, empreinte: fingerprints.alice });
    const read = await getAs('bob', published.cle);
    expect(read.code, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout)).toMatchObject({ scellee: true, signature: 'valide', empreinte: fingerprints.alice });
    expect(readFileSync(read.file, 'utf8')).toBe(content);
    const text = await recuperer(['get', published.cle, join(dir, 'texte.md')], { env: as('bob') });
    expect(text.stdout).toContain(`Signature : valide — alice (empreinte ${fingerprints.alice})`);

    const listed = JSON.parse((await recuperer(['list', '--equipe', 'catalogue', '--json'], { env: as('bob') })).stdout) as Array<Record<string, unknown>>;
    expect(listed.find((entry) => entry.cle === published.cle)).toMatchObject({ scellee: true, titre: 'Migration secrète du catalogue' });
    const hidden = await recuperer(['list', '--equipe', 'catalogue'], { env: as('dave') });
    expect(hidden.stdout).toContain('[SCELLÉE]');
    expect(hidden.stdout).not.toContain('Migration secrète');
  });

  it('leaves the operator nothing to read: GET, an RDB dump after SAVE, the index', async () => {
    const content = note('alice', 'Plan de bascule du paiement confidentiel');
    const { cle } = await publishAs('alice', content);
    const stored = (await redis.admin.getBuffer(cle))!;
    const index = Buffer.from(JSON.stringify(await redis.admin.hgetall('contexte-index:{catalogue}:alice')));
    await redis.admin.save();
    const [, folder] = (await redis.admin.config('GET', 'dir')) as [string, string];
    const [, file] = (await redis.admin.config('GET', 'dbfilename')) as [string, string];
    const dump = readFileSync(join(folder, file));
    for (const secret of [content, 'Plan de bascule du paiement confidentiel', 'Résumé confidentiel de Plan de bascule du paiement confidentiel'])
      for (const haystack of [stored, index, dump]) expect(holdsNoWindowOf(haystack, secret)).toBe(true);
  });

  it('refuses, and writes nothing, a value the operator rewrote, an envelope whose author was swapped, and a note sealed with a stolen password but another key', async () => {
    const { cle } = await publishAs('alice', note('alice', 'Note d’alice'));
    const stored = (await redis.admin.getBuffer(cle))!;
    const rewritten = Buffer.from(stored);
    rewritten[rewritten.length - 100]! ^= 0x01;
    await redis.admin.set(cle, rewritten, 'KEEPTTL');
    const afterRewrite = await getAs('bob', cle);
    expect(afterRewrite.code).toBe(1);
    expect(afterRewrite.stderr).toContain('ne correspond pas à l’identité enregistrée de alice');
    expect(existsSync(afterRewrite.file)).toBe(false);

    // Bob's genuine sealed note, put under alice's name.
    const bobs = await publishAs('bob', note('bob', 'Note de bob'));
    await redis.admin.set(cle, (await redis.admin.getBuffer(bobs.cle))!, 'KEEPTTL');
    const swapped = await getAs('alice', cle);
    expect(swapped.code).toBe(1);
    expect(existsSync(swapped.file)).toBe(false);

    // Mallory has alice's Redis password but not her private key: she seals with her own and writes as alice.
    const mallory = loadIdentity({ XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'contexte-id-mallory-')) }, true);
    if (mallory.status !== 'ok') throw new Error(mallory.status);
    const registered = [lines.alice!, lines.bob!].map((line) => ({ encryption: Buffer.from(line.split(':')[2]!, 'base64url') }));
    const forged = seal(
      Buffer.from(note('alice', 'Fausse note')),
      { equipe: 'catalogue', auteur: 'alice', type: 'contexte' },
      { signing: mallory.identity.signingPrivate },
      registered,
    );
    const asAlice = new Redis({
      port: redis.port,
      host: '127.0.0.1',
      username: 'alice',
      password: passwords.alice!,
      lazyConnect: true,
      enableReadyCheck: false,
    });
    await asAlice.connect();
    const forgedKey = 'contexte:catalogue:alice:20261201-0000';
    await asAlice.set(forgedKey, forged, 'EX', 600);
    await asAlice.quit();
    const fromMallory = await getAs('bob', forgedKey);
    expect(fromMallory.code).toBe(1);
    expect(JSON.parse(fromMallory.stdout).erreur.raison).toBe('signature-invalide');
    expect(existsSync(fromMallory.file)).toBe(false);
  });

  it('refuses a note in clear on a sealed team (signature absente), and a publication by a member without a registered identity', async () => {
    const { cle } = await publishAs('alice', note('alice', 'En clair'));
    await redis.admin.set(cle, note('alice', 'Réécrite en clair'), 'KEEPTTL');
    const clear = await getAs('bob', cle);
    expect(clear.code).toBe(1);
    expect(JSON.parse(clear.stdout).erreur.raison).toBe('signature-absente');
    const file = join(dir, 'dave.md');
    await writeFile(file, note('dave', 'Note de dave'));
    const refused = await publier([file, 'catalogue', '--json'], { env: as('dave') });
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout).erreur.raison).toBe('identite-non-enregistree');
  });

  it('a non-member cannot read; a damaged wrap for one member leaves the other able to read', async () => {
    const { cle } = await publishAs('alice', note('alice', 'Pour les membres'));
    const notForDave = await getAs('dave', cle);
    expect(notForDave.code).toBe(5);
    expect(JSON.parse(notForDave.stdout).erreur.raison).toBe('non-destinataire');
    expect(existsSync(notForDave.file)).toBe(false);

    const stored = (await redis.admin.getBuffer(cle))!;
    const envelope = parseEnvelope(stored)!;
    const id = memberId(Buffer.from(lines.bob!.split(':')[2]!, 'base64url'));
    const wrap = envelope.wraps.find((candidate) => candidate.id.equals(id))!;
    const damaged = Buffer.from(stored);
    damaged[stored.indexOf(wrap.wrapped) + 3]! ^= 0xff;
    await redis.admin.set(cle, damaged, 'KEEPTTL');
    expect((await getAs('bob', cle)).code).toBe(5);
    const alice = await getAs('alice', cle);
    expect(alice.code, alice.stderr).toBe(0);
    expect(JSON.parse(alice.stdout).signature).toBe('valide');
  });

  it('revocation: notes published afterwards are not sealed for the revoked member, those before stay readable by them until they expire', async () => {
    const before = await publishAs('alice', note('alice', 'Avant la révocation'));
    const revoked = await admin(['revoquer', 'bob', '--appliquer', '--json'], { env: redis.env });
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout).commandes).toContain("HDEL 'contexte-identites:{catalogue}' bob");
    expect(await redis.admin.hexists('contexte-identites:{catalogue}', 'bob')).toBe(0);
    const after = await publishAs('alice', note('alice', 'Après la révocation'));
    // Bob's Redis user is gone: his identity is tried with the administrator's connection.
    const bobsEyes = { ...redis.env, XDG_CONFIG_HOME: configs.bob! };
    const old = await recuperer(['get', before.cle, join(dir, 'avant.md'), '--json'], { env: bobsEyes });
    expect(old.code, old.stderr).toBe(0);
    expect(JSON.parse(old.stdout).signature).toBe('valide');
    const fresh = await recuperer(['get', after.cle, join(dir, 'apres.md'), '--json'], { env: bobsEyes });
    expect(fresh.code).toBe(5);
  });
});
