/**
 * Teammates' keys pinned on first use, on a real redis-server whose operator
 * (the administrator's connection) registers identities with `admin membre`:
 * alice, bob and carol of a sealed team. A reader learns an author's key at the
 * first note and says so; when the operator registers another key for alice,
 * every reader who saw the old one refuses (5, identite-changee) until they
 * accept the new fingerprint with `recuperer confiance`; an author does not
 * seal for a member whose key changed, and lists new members' keys.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberId, parseEnvelope } from '../../scripts-src/lib/mailbox/sealed/envelope.js';
import { handoffNote } from '../helpers/notes.js';
import type { RedisServer } from '../helpers/redis-server.js';
import { type RedisTeam, startTeam } from '../helpers/redis-team.js';
import { admin, publier, recuperer } from '../helpers/run-program.js';

const TEAM = 'catalogue';
const USERS = ['alice', 'bob', 'carol'] as const;
type User = (typeof USERS)[number];

let team: RedisTeam<User>;
let redis: RedisServer;
let dir: string;
const configs = {} as Record<User, string>;
const identities = {} as Record<User, { identite: string; empreinte: string }>;

/** The member's terminal: their Redis user, their identity folder (or another one's). */
const as = (user: User, config = configs[user]) => team.as(user, { XDG_CONFIG_HOME: config });
const makeIdentity = async (config: string) => {
  const made = await publier(['identite', '--json'], { env: { XDG_CONFIG_HOME: config } });
  expect(made.code, made.stderr).toBe(0);
  return JSON.parse(made.stdout) as { identite: string; empreinte: string };
};
const register = async (user: User, line: string) => {
  const done = await admin(['membre', TEAM, user, '--identite', line, '--appliquer'], { env: redis.env });
  expect(done.code, done.stderr).toBe(0);
};
interface Published {
  cle: string;
  membres_nouveaux: Array<{ auteur: string; empreinte: string }>;
  membres_changes: Array<{ auteur: string; empreinte: string; connue: string }>;
}
const publish = async (user: User, config = configs[user]) => {
  const file = join(dir, `${user}-${Math.random().toString(36).slice(2, 8)}.md`);
  await writeFile(file, handoffNote({ auteur: user, equipe: TEAM }));
  const result = await publier([file, TEAM, '--json'], { env: as(user, config) });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Published;
};
const get = (user: User, key: string, json = true) =>
  recuperer(['get', key, join(dir, `lu-${Math.random().toString(36).slice(2, 8)}.md`), ...(json ? ['--json'] : [])], { env: as(user) });

beforeAll(async () => {
  team = await startTeam(TEAM, USERS);
  redis = team.redis;
  dir = await mkdtemp(join(tmpdir(), 'contexte-epingles-'));
  for (const user of USERS) {
    configs[user] = mkdtempSync(join(tmpdir(), `contexte-id-${user}-`));
    identities[user] = await makeIdentity(configs[user]);
    await register(user, identities[user].identite);
  }
  expect((await admin(['equipe', TEAM, '--scellee', '--appliquer'], { env: redis.env })).code).toBe(0);
});
afterAll(async () => {
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
  for (const config of Object.values(configs)) await rm(config, { recursive: true, force: true });
});

describe('teammates’ keys pinned on first use', () => {
  let first: Published;

  it('lists the members an author seals for the first time, then only what changed', async () => {
    first = await publish('alice');
    expect(first.membres_nouveaux).toEqual([
      { auteur: 'bob', empreinte: identities.bob.empreinte },
      { auteur: 'carol', empreinte: identities.carol.empreinte },
    ]);
    expect(first.membres_changes).toEqual([]);
    expect((await publish('alice')).membres_nouveaux).toEqual([]);
    const file = join(configs.alice, 'contexte-skills', 'connus');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(`${TEAM} bob ${identities.bob.empreinte}\n`);
  });

  it('learns an author’s key at the first note a reader opens, says so, and not the second time', async () => {
    const learned = await get('bob', first.cle);
    expect(learned.code, learned.stderr).toBe(0);
    expect(JSON.parse(learned.stdout)).toMatchObject({ signature: 'valide', empreinte: identities.alice.empreinte, empreinte_apprise: true });
    const again = await get('bob', first.cle, false);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).not.toContain('Empreinte apprise');
    const carol = await get('carol', first.cle, false);
    expect(carol.stdout).toContain(`Empreinte apprise : première note de alice lue sur ce poste`);
    // An author reading her own note pins nothing.
    expect(JSON.parse((await get('alice', first.cle)).stdout).empreinte_apprise).toBe(false);
  });

  it('refuses, for every reader who saw the old key, a note signed by the key the operator registered instead (5), until confiance accepts it', async () => {
    // The operator registers a key of their own for alice and publishes with it in alice's name (her password is theirs too).
    const operatorConfig = mkdtempSync(join(tmpdir(), 'contexte-id-operateur-'));
    const operator = await makeIdentity(operatorConfig);
    await register('alice', operator.identite);
    const forged = await publish('alice', operatorConfig);
    for (const reader of ['bob', 'carol'] as const) {
      const refused = await get(reader, forged.cle);
      expect(refused.code).toBe(5);
      const { erreur } = JSON.parse(refused.stdout) as { erreur: { raison: string; message: string; conseil: string } };
      expect(erreur.raison).toBe('identite-changee');
      expect(erreur.message).toContain(identities.alice.empreinte);
      expect(erreur.message).toContain(operator.empreinte);
      expect(erreur.conseil).toContain(`recuperer confiance ${TEAM} alice --empreinte ${operator.empreinte}`);
      // The note written before the swap is refused as well: it is the registry that is no longer trusted.
      expect((await get(reader, first.cle)).code).toBe(5);
    }
    // list keeps her titles sealed for them, and says why.
    const listed = await recuperer(['list', '--equipe', TEAM, '--json'], { env: as('bob') });
    const row = (JSON.parse(listed.stdout) as Array<{ cle: string; titre: string | null; vigilance: Array<{ regle: string }> }>).find(
      (entry) => entry.cle === forged.cle,
    );
    expect(row).toMatchObject({ titre: null });
    expect(row!.vigilance.map((finding) => finding.regle)).toContain('identite-changee');

    // Only the fingerprint the team registers now can be accepted.
    const wrong = await recuperer(['confiance', TEAM, 'alice', '--empreinte', identities.bob.empreinte, '--json'], { env: as('bob') });
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout).erreur.raison).toBe('empreinte-differente');
    const typed = operator.empreinte.toLowerCase().replaceAll('-', '');
    const trusted = await recuperer(['confiance', TEAM, 'alice', '--empreinte', typed, '--json'], { env: as('bob') });
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(JSON.parse(trusted.stdout)).toMatchObject({ equipe: TEAM, auteur: 'alice', empreinte: operator.empreinte, remplace: identities.alice.empreinte });
    const read = await get('bob', forged.cle);
    expect(read.code, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout)).toMatchObject({ signature: 'valide', empreinte: operator.empreinte, empreinte_apprise: false });
    // Carol did not accept it: still refused.
    expect((await get('carol', forged.cle)).code).toBe(5);
    await register('alice', identities.alice.identite);
    await rm(operatorConfig, { recursive: true, force: true });
  });

  it('does not seal for a member whose registered key changed, and says so with the command that accepts it', async () => {
    const operatorConfig = mkdtempSync(join(tmpdir(), 'contexte-id-operateur-'));
    const operator = await makeIdentity(operatorConfig);
    await register('carol', operator.identite);
    const published = await publish('alice');
    expect(published.membres_changes).toEqual([{ auteur: 'carol', empreinte: operator.empreinte, connue: identities.carol.empreinte }]);
    const envelope = parseEnvelope((await redis.admin.getBuffer(published.cle))!)!;
    const wrappedFor = (line: string) => envelope.wraps.some((wrap) => wrap.id.equals(memberId(Buffer.from(line.split(':')[2]!, 'base64url'))));
    expect(wrappedFor(operator.identite)).toBe(false);
    expect(wrappedFor(identities.bob.identite)).toBe(true);
    const file = join(dir, 'texte.md');
    await writeFile(file, handoffNote({ auteur: 'alice', equipe: TEAM }));
    const text = await publier([file, TEAM], { env: as('alice') });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`l’identité enregistrée pour carol a changé (connue ${identities.carol.empreinte}, enregistrée ${operator.empreinte})`);
    expect(text.stdout).toContain(`recuperer confiance ${TEAM} carol --empreinte ${operator.empreinte}`);
    expect(text.stdout).toMatch(/chiffrée pour 2 membre\(s\)/);
    await register('carol', identities.carol.identite);
    await rm(operatorConfig, { recursive: true, force: true });
  });
});
