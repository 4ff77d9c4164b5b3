/**
 * A pair shares a folder mailbox as the README says (a group, `chmod 2770` on
 * the root): two real Unix users of one group publish and read each other's
 * notes, and what one of them can plant in the box (links, a file where a folder
 * belongs, a reserved name) never makes the other write outside it. Run as
 * root, which can create the users; skipped otherwise.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, lchown, link, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoffNote } from '../helpers/notes.js';
import { programPaths, publier, type RunResult, recuperer } from '../helpers/run-program.js';

const isRoot = process.getuid?.() === 0;
const GROUP = 'ctxbinome';
const USERS = ['ctxalice', 'ctxbob'] as const;
type User = (typeof USERS)[number];

let root: string;
let box: string;
let gid: number;
const uids = {} as Record<User, number>;
const modeOf = async (path: string) => (await stat(path)).mode & 0o7777;

/** Creates the group and its two users once per machine (idempotent). */
function ensureUsers(): void {
  const exists = (kind: 'group' | 'passwd', name: string) => {
    try {
      execFileSync('getent', [kind, name], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (!exists('group', GROUP)) execFileSync('groupadd', [GROUP]);
  for (const user of USERS) if (!exists('passwd', user)) execFileSync('useradd', ['-M', '-N', '-g', GROUP, '-s', '/usr/sbin/nologin', user]);
  gid = Number(execFileSync('getent', ['group', GROUP], { encoding: 'utf8' }).split(':')[2]);
  for (const user of USERS) uids[user] = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}

/** A home of the user's own (the programs keep their code cache there), and a note whose header names the team and the user. */
async function as(user: User, args: (note: string) => string[], team = 'catalogue'): Promise<RunResult> {
  const home = join(root, `maison-${user}`);
  if (!existsSync(home)) {
    await mkdir(home);
    await chown(home, uids[user], gid);
  }
  const note = join(home, `note-${team}.md`);
  await writeFile(note, handoffNote({ auteur: user, equipe: team }));
  await chown(note, uids[user], gid);
  return run(args(note), user, home);
}

async function run(args: string[], user: User, home: string): Promise<RunResult> {
  const [program, ...rest] = args as [string, ...string[]];
  const call = program === 'publier' ? publier : recuperer;
  return call(rest, { env: { CONTEXTE_DIR: box, HOME: home, XDG_STATE_HOME: home, XDG_CACHE_HOME: home }, cwd: home, as: { uid: uids[user], gid } });
}

const publish = (user: User, team = 'catalogue') => as(user, (note) => ['publier', note, team, user, '--json'], team);
const homeOf = (user: User) => join(root, `maison-${user}`);
/** recuperer as a user, in their home. */
const runAs = (user: User, args: string[], options: { timeoutMs?: number } = {}) =>
  recuperer(args, {
    env: { CONTEXTE_DIR: box, HOME: homeOf(user), XDG_STATE_HOME: homeOf(user), XDG_CACHE_HOME: homeOf(user) },
    cwd: homeOf(user),
    as: { uid: uids[user], gid },
    ...options,
  });
/** A shell command as a user, outside our programs: what the kernel lets them do. Its exit status. */
const shellAs = (user: User, command: string) => spawnSync('sh', ['-c', command], { uid: uids[user], gid, stdio: 'ignore' }).status;
/** A file written by root on a user's behalf (what that user could write), owned by them; a note's expiry far ahead. */
async function plant(path: string, content: string, user: User, mode = 0o640): Promise<void> {
  await writeFile(path, content);
  await chown(path, uids[user], gid);
  await chmod(path, mode);
  await utimes(path, new Date(), new Date('2099-01-02T00:00:00Z'));
}
const keyOf = (result: RunResult) => (JSON.parse(result.stdout) as { cle: string }).cle;

describe.skipIf(!isRoot)('a folder mailbox shared by two Unix users of one group', () => {
  beforeAll(async () => {
    ensureUsers();
    root = await mkdtemp(join(tmpdir(), 'contexte-binome-'));
    await chmod(root, 0o755);
    box = join(root, 'boite');
    await mkdir(box);
    await chown(box, 0, gid);
    await chmod(box, 0o2770);
  });
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  let aliceKey: string;

  it('lets each publish and read the other’s notes, each writing only their own folder and journal', async () => {
    const first = await publish('ctxalice');
    expect(first.code, first.stderr).toBe(0);
    aliceKey = keyOf(first);
    const team = join(box, 'catalogue');
    expect(await modeOf(team)).toBe(0o3770);
    expect(await modeOf(join(team, 'ctxalice'))).toBe(0o2750);
    expect(await modeOf(join(team, 'ctxalice', `contexte-${aliceKey.split(':')[3]}`))).toBe(0o640);
    expect(await modeOf(join(team, 'ctxalice', 'journal.jsonl'))).toBe(0o640);
    expect(await modeOf(join(team, 'ctxalice', '.en-cours'))).toBe(0o2700);
    expect(existsSync(join(team, 'journal.jsonl'))).toBe(false);
    const second = await publish('ctxbob');
    expect(second.code, second.stderr).toBe(0);
    // The default destination: partage/ made by bob, owner-only.
    const read = await runAs('ctxbob', ['get', aliceKey, '--json']);
    expect(read.code, read.stderr).toBe(0);
    const partage = join(homeOf('ctxbob'), 'partage');
    expect([(await stat(partage)).uid, await modeOf(partage)]).toEqual([uids.ctxbob, 0o700]);
    expect((await stat(join(team, 'ctxbob', 'journal.jsonl'))).uid).toBe(uids.ctxbob);
    // Who did it is the owner of the journal each event is in.
    const journal = await runAs('ctxalice', ['journal', '--equipe', 'catalogue', '--json']);
    expect(journal.code, journal.stderr).toBe(0);
    expect((JSON.parse(journal.stdout) as Array<{ evenement: string; utilisateur: string }>).map((event) => [event.evenement, event.utilisateur])).toEqual([
      ['publication', 'ctxalice'],
      ['publication', 'ctxbob'],
      ['lecture', 'ctxbob'],
    ]);
    const listed = await runAs('ctxalice', ['list', '--equipe', 'catalogue', '--json']);
    expect((JSON.parse(listed.stdout) as Array<{ vigilance: unknown[] }>).map((entry) => entry.vigilance)).toEqual([[], []]);
    expect(listed.stderr).toBe('');
  });

  it('refuses to publish or delete in a colleague’s author folder, and the kernel refuses it too', async () => {
    const folder = join(box, 'catalogue', 'ctxalice');
    const before = (await readdir(folder)).sort();
    const usurped = join(homeOf('ctxbob'), 'note-usurpee.md');
    await plant(usurped, handoffNote({ auteur: 'ctxalice', equipe: 'catalogue' }), 'ctxbob');
    const asAlice = await as('ctxbob', () => ['publier', usurped, 'catalogue', 'ctxalice', '--json']);
    expect(asAlice.code).toBe(5);
    expect(asAlice.stderr).toContain(`le dossier d’auteur « ${folder} » appartient à « ctxalice »`);
    const removed = await runAs('ctxbob', ['supprimer', aliceKey, '--json']);
    expect(removed.code).toBe(5);
    expect(removed.stderr).toContain('appartient à « ctxalice »');
    // Outside our programs: no file created, none removed or renamed, in her folder or of the team folder (sticky).
    const note = join(folder, `contexte-${aliceKey.split(':')[3]}`);
    for (const command of [`echo x > ${folder}/contexte-20990101-0000`, `rm -f ${note}`, `mv ${folder} ${box}/catalogue/autre`, `mv ${note} ${folder}/x`]) {
      expect(shellAs('ctxbob', command), command).not.toBe(0);
    }
    expect((await readdir(folder)).sort()).toEqual(before);
  });

  it('shows nobody a publication that was killed half-way, and its author’s next run removes it and its staging files', async () => {
    const folder = join(box, 'catalogue', 'ctxalice');
    const dead = spawnSync('true').pid!;
    const host = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
    const linked = join(folder, '.en-cours', `${dead}-${host}-0123456789abcdef`);
    const alone = join(folder, '.en-cours', `${dead}-${host}-fedcba9876543210`);
    const killed = join(folder, 'contexte-20990101-0100');
    for (const path of [linked, alone]) await plant(path, handoffNote({ auteur: 'ctxalice' }), 'ctxalice');
    await link(linked, killed);
    const listed = await runAs('ctxbob', ['list', '--equipe', 'catalogue', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as Array<{ cle: string }>).map((entry) => entry.cle)).not.toContain('contexte:catalogue:ctxalice:20990101-0100');
    expect((await publish('ctxalice')).code).toBe(0);
    expect(existsSync(killed)).toBe(false);
    expect(await readdir(join(folder, '.en-cours'))).toEqual([]);
  });

  it('freezes nobody with a FIFO, a folder or a link in place of a summary, a note or a journal', async () => {
    // bob's own folder in team gel, where he replaces his files (he may: they are his).
    const folder = join(box, 'gel', 'ctxbob');
    await mkdir(folder, { recursive: true });
    await chown(join(box, 'gel'), uids.ctxbob, gid);
    await chmod(join(box, 'gel'), 0o3770);
    await chown(folder, uids.ctxbob, gid);
    await chmod(folder, 0o2750);
    const stamps = ['20990101-0001', '20990101-0002', '20990101-0003', '20990101-0004'];
    for (const stamp of stamps) await plant(join(folder, `contexte-${stamp}`), handoffNote({ auteur: 'ctxbob', equipe: 'gel' }), 'ctxbob');
    const summary = (stamp: string) => join(folder, `resume-${stamp}`);
    execFileSync('mkfifo', [summary(stamps[0]!)]);
    await mkdir(summary(stamps[1]!));
    await symlink('/etc/passwd', summary(stamps[2]!));
    await plant(summary(stamps[3]!), 'x'.repeat(20_000), 'ctxbob');
    execFileSync('mkfifo', [join(folder, 'contexte-20990101-0005'), join(folder, 'journal.jsonl')]);
    for (const name of await readdir(folder)) await lchown(join(folder, name), uids.ctxbob, gid);
    const generous = { timeoutMs: 30_000 };

    const listed = await runAs('ctxalice', ['list', '--equipe', 'gel', '--json'], generous);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as Array<{ cle: string; vigilance: Array<{ regle: string }> }>;
    expect(rows.map((row) => row.cle.split(':')[3]).sort()).toEqual(stamps);
    for (const row of rows)
      expect(row.vigilance.map((finding) => finding.regle)).toContain(row.cle.endsWith('0004') ? 'fichier-trop-gros' : 'fichier-non-ordinaire');
    expect(listed.stderr).toContain('la note gel/ctxbob/contexte-20990101-0005 n’est pas un fichier ordinaire');
    const got = await runAs('ctxalice', ['get', `contexte:gel:ctxbob:${stamps[0]}`, 'gel.md', '--json'], generous);
    expect(got.code, got.stderr).toBe(0);
    expect((JSON.parse(got.stdout) as { vigilance: Array<{ regle: string }> }).vigilance.map((finding) => finding.regle)).toContain('fichier-non-ordinaire');
    const published = await as('ctxalice', (note) => ['publier', note, 'gel', 'ctxalice', '--json'], 'gel');
    expect(published.code, published.stderr).toBe(0);
    // His journal a FIFO, then a folder, then a link to hers (her events would become his): skipped, said, never waited on.
    const journal = join(folder, 'journal.jsonl');
    for (const [replace, said] of [
      [async () => undefined, 'n’est pas un fichier ordinaire'],
      [async () => rm(journal).then(() => mkdir(journal)), 'n’est pas un fichier ordinaire'],
      [async () => rm(journal, { recursive: true }).then(() => symlink('../ctxalice/journal.jsonl', journal)), 'est un lien symbolique'],
    ] as const) {
      await replace();
      const shown = await runAs('ctxalice', ['journal', '--equipe', 'gel', '--json'], generous);
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stderr).toContain(`le journal gel/ctxbob/journal.jsonl ${said}`);
      // Her read of his note, then her publication: both in her own journal.
      expect((JSON.parse(shown.stdout) as Array<{ evenement: string; utilisateur: string }>).map((event) => [event.evenement, event.utilisateur])).toEqual([
        ['lecture', 'ctxalice'],
        ['publication', 'ctxalice'],
      ]);
    }
  });

  it('reads a box of the previous version, flagged, ignores what a member planted in another’s folder, and publier fixes what its user owns', async () => {
    const first = await publish('ctxalice', 'ancienne');
    expect(first.code, first.stderr).toBe(0);
    const team = join(box, 'ancienne');
    const folder = join(team, 'ctxalice');
    // The previous version's modes (no sticky bit, group-writable author folders) and its team-wide journal.
    await chmod(team, 0o2770);
    await chmod(folder, 0o2770);
    const line = {
      quand: new Date().toISOString(),
      utilisateur: 'ctxalice',
      evenement: 'publication',
      auteur: 'ctxalice',
      cle: 'contexte:ancienne:ctxalice:20990101-0000',
    };
    await plant(join(team, 'journal.jsonl'), `${JSON.stringify(line)}\n`, 'ctxalice', 0o660);
    // What the old modes let bob do: a note of his in her folder.
    const forged = 'contexte:ancienne:ctxalice:20990101-0200';
    expect(shellAs('ctxbob', `echo '# Faux' > ${folder}/contexte-20990101-0200 && touch -m -d 2099-01-01 ${folder}/contexte-20990101-0200`)).toBe(0);

    const listed = await runAs('ctxbob', ['list', '--equipe', 'ancienne', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as Array<{ cle: string; vigilance: Array<{ regle: string }> }>;
    expect(rows.map((row) => [row.cle, row.vigilance.map((finding) => finding.regle)])).toEqual([[keyOf(first), ['dossier-modifiable']]]);
    expect(listed.stderr).toContain('la note ancienne/ctxalice/contexte-20990101-0200 appartient à ctxbob, pas à ctxalice');
    expect(listed.stderr).toContain('n’a pas le bit sticky');
    const got = await runAs('ctxbob', ['get', forged, 'fausse.md', '--json']);
    expect(got.code, got.stderr).toBe(0);
    expect((JSON.parse(got.stdout) as { vigilance: Array<{ regle: string }> }).vigilance.map((finding) => finding.regle)).toContain('proprietaire-different');
    const journal = await runAs('ctxalice', ['journal', '--equipe', 'ancienne', '--json']);
    expect(journal.code, journal.stderr).toBe(0);
    expect((JSON.parse(journal.stdout) as Array<{ utilisateur: string }>).map((event) => event.utilisateur).sort()).toEqual([
      'ctxalice',
      'ctxalice (non vérifié)',
      'ctxbob',
    ]);
    expect(journal.stderr).toContain('journal commun');

    // Not his folder to fix: refused with the command its owner runs.
    const refused = await publish('ctxbob', 'ancienne');
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain(`chmod 3770 « ${team} »`);
    expect(refused.stderr).toContain('« ctxalice »');
    const fixed = await publish('ctxalice', 'ancienne');
    expect(fixed.code, fixed.stderr).toBe(0);
    expect([await modeOf(team), await modeOf(folder)]).toEqual([0o3770, 0o2750]);
    const after = await runAs('ctxbob', ['list', '--equipe', 'ancienne', '--json']);
    expect((JSON.parse(after.stdout) as Array<{ cle: string; vigilance: unknown[] }>).map((row) => row.vigilance)).toEqual([[], []]);
    expect(after.stderr).toContain('appartient à ctxbob');
  });

  it('never writes a fetched note into a partage/ someone else made', async () => {
    const partage = join(homeOf('ctxalice'), 'partage');
    await mkdir(partage);
    await chown(partage, uids.ctxbob, gid);
    await chmod(partage, 0o2777);
    const result = await runAs('ctxalice', ['get', aliceKey, '--json']);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('appartient à un autre utilisateur');
    expect(result.stderr).toContain('rm -r partage');
    expect(await readdir(partage)).toEqual([]);
    await rm(partage, { recursive: true });
  });

  it('names the file and the mode to fix when a teammate’s file or box is not readable, never ACLs', async () => {
    const team = 'mode-prive';
    const published = await publish('ctxalice', team);
    expect(published.code).toBe(0);
    const note = join(box, team, 'ctxalice', `contexte-${keyOf(published).split(':')[3]}`);
    await chmod(note, 0o600);
    const result = await runAs('ctxbob', ['get', keyOf(published), 'illisible.md']);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(note);
    expect(result.stderr).toContain('chmod g+r');
    expect(result.stderr).not.toMatch(/ACL/);
    // A private box (0700) of hers: the advice is the private one.
    const privateBox = join(root, 'privee');
    await mkdir(privateBox, { mode: 0o700 });
    await chown(privateBox, uids.ctxalice, gid);
    const denied = await recuperer(['list', '--equipe', team], {
      env: { CONTEXTE_DIR: privateBox, HOME: homeOf('ctxbob') },
      cwd: homeOf('ctxbob'),
      as: { uid: uids.ctxbob, gid },
    });
    expect(denied.code).toBe(5);
    expect(denied.stderr).toContain('Boîte privée');
  });

  it('never writes a note through a folder a teammate replaced with a link', async () => {
    const team = 'piege-dossier';
    const outside = join(root, 'dehors');
    await mkdir(outside);
    await chmod(outside, 0o777);
    await mkdir(join(box, team));
    await chmod(join(box, team), 0o3770);
    await symlink(outside, join(box, team, 'ctxalice'));
    const result = await publish('ctxalice', team);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(join(box, team, 'ctxalice'));
    expect(await readdir(outside)).toEqual([]);
    // A reader is not sent through the link either: the link is skipped, not listed.
    const listed = await runAs('ctxbob', ['list', '--equipe', team, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([]);
  });

  it('leaves an author name to whoever made its folder first: a colleague’s trap there is refused, never written through', async () => {
    // bob made the team and a folder under alice's name, with a journal linked to a file of hers.
    const team = 'piege-journal';
    const target = join(homeOf('ctxalice'), 'cible.txt');
    await plant(target, 'intact\n', 'ctxalice');
    await mkdir(join(box, team, 'ctxalice'), { recursive: true });
    for (const [path, mode] of [
      [join(box, team), 0o3770],
      [join(box, team, 'ctxalice'), 0o2750],
    ] as const) {
      await chown(path, uids.ctxbob, gid);
      await chmod(path, mode);
    }
    await symlink(target, join(box, team, 'ctxalice', 'journal.jsonl'));
    const result = await publish('ctxalice', team);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('appartient à « ctxbob »');
    expect(await readFile(target, 'utf8')).toBe('intact\n');
  });

  it('seals a team: each registers in their own folder, only the team folder’s owner seals, a note round-trips signed and unreadable in the box', async () => {
    const team = 'scelle';
    const register = (user: User) => as(user, () => ['publier', 'identite', '--equipe', team, '--auteur', user, '--json'], team);
    const alice = await register('ctxalice');
    expect(alice.code, alice.stderr).toBe(0);
    expect((await register('ctxbob')).code).toBe(0);
    const refused = await runAs('ctxbob', ['boite', '--sceller', '--equipe', team, '--json']);
    expect(refused.code).toBe(5);
    expect(JSON.parse(refused.stdout).erreur.raison).toBe('sceller-pas-proprietaire');
    const sealed = await runAs('ctxalice', ['boite', '--sceller', '--equipe', team, '--json']);
    expect(sealed.code, sealed.stderr).toBe(0);

    const published = await as('ctxalice', (note) => ['publier', note, team, 'ctxalice', '--json'], team);
    expect(published.code, published.stderr).toBe(0);
    expect(JSON.parse(published.stdout)).toMatchObject({ scellee: true, empreinte: JSON.parse(alice.stdout).empreinte });
    const key = keyOf(published);
    const written = handoffNote({ auteur: 'ctxalice', equipe: team });
    const stored = await readFile(join(box, team, 'ctxalice', `contexte-${key.split(':')[3]}`));
    const summary = await readFile(join(box, team, 'ctxalice', `resume-${key.split(':')[3]}`));
    for (let at = 0; at + 16 <= written.length; at += 16)
      for (const file of [stored, summary]) expect(file.includes(Buffer.from(written).subarray(at, at + 16))).toBe(false);
    expect(summary.includes('Migration du catalogue')).toBe(false);

    const got = await runAs('ctxbob', ['get', key, 'scellee.md', '--json']);
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ scellee: true, signature: 'valide' });
    expect(await readFile(join(homeOf('ctxbob'), 'scellee.md'), 'utf8')).toBe(written);

    // Bob copies alice's sealed note into his own folder: its envelope names alice, the key names him.
    const copy = join(box, team, 'ctxbob', 'contexte-20990101-0100');
    await plant(copy, '', 'ctxbob');
    await writeFile(copy, stored);
    await utimes(copy, new Date(), new Date('2099-01-02T00:00:00Z'));
    const swapped = await runAs('ctxalice', ['get', 'contexte:scelle:ctxbob:20990101-0100', 'copie.md', '--json']);
    expect(swapped.code).toBe(1);
    expect(JSON.parse(swapped.stdout).erreur.raison).toBe('signature-invalide');
    expect(existsSync(join(homeOf('ctxalice'), 'copie.md'))).toBe(false);

    // Someone of the group without an identity here (root, with an empty configuration) is not a recipient.
    const outsider = await recuperer(['get', key, join(root, 'dehors.md'), '--json'], {
      env: { CONTEXTE_DIR: box, XDG_CONFIG_HOME: join(root, 'sans-identite') },
    });
    expect(outsider.code).toBe(5);
    expect(existsSync(join(root, 'dehors.md'))).toBe(false);
  });

  it('pins alice’s key for bob: a key written in place of hers in the team folder is refused (5) until bob accepts it', async () => {
    const team = 'scelle';
    const published = await as('ctxalice', (note) => ['publier', note, team, 'ctxalice', '--json'], team);
    expect(published.code, published.stderr).toBe(0);
    const key = keyOf(published);
    const read = await runAs('ctxbob', ['get', key, 'avant.md', '--json']);
    expect(read.code, read.stderr).toBe(0);
    // Bob learned alice's key from her first note (the test above).
    expect(JSON.parse(read.stdout)).toMatchObject({ signature: 'valide', empreinte_apprise: false });

    // Whoever controls the team folder (here root) writes another key in alice's identity file.
    const file = join(box, team, 'ctxalice', 'identite');
    const genuine = await readFile(file, 'utf8');
    const other = JSON.parse(
      execFileSync(process.execPath, [programPaths.publier, 'identite', '--json'], { env: { XDG_CONFIG_HOME: join(root, 'cle-posee') } }).toString(),
    ) as {
      identite: string;
      empreinte: string;
    };
    await writeFile(file, `${other.identite}\n`);
    const refused = await runAs('ctxbob', ['get', key, 'apres.md', '--json']);
    expect(refused.code).toBe(5);
    expect(JSON.parse(refused.stdout).erreur).toMatchObject({ raison: 'identite-changee' });
    expect(JSON.parse(refused.stdout).erreur.message).toContain(other.empreinte);
    expect(existsSync(join(homeOf('ctxbob'), 'apres.md'))).toBe(false);
    const trusted = await runAs('ctxbob', ['confiance', team, 'ctxalice', '--empreinte', other.empreinte, '--json']);
    expect(trusted.code, trusted.stderr).toBe(0);
    // Accepted, the new key still does not sign what alice signed with hers.
    expect(JSON.parse((await runAs('ctxbob', ['get', key, 'apres.md', '--json'])).stdout).erreur.raison).toBe('signature-invalide');
    await writeFile(file, genuine);
    expect((await runAs('ctxbob', ['confiance', team, 'ctxalice', '--empreinte', JSON.parse(published.stdout).empreinte, '--json'])).code).toBe(0);
  });

  it('lets bob take alice’s note; alice sees who took it and who read it, and is told it is taken', async () => {
    const key = keyOf(await publish('ctxalice'));
    expect((await runAs('ctxbob', ['get', key, 'prise.md', '--json'])).code).toBe(0);
    const taken = await runAs('ctxbob', ['prendre', key, '--json']);
    expect(taken.code, taken.stderr).toBe(0);
    expect(JSON.parse(taken.stdout)).toMatchObject({ prise: true, prise_par: 'ctxbob', lue_par: ['ctxbob'] });
    const listed = await runAs('ctxalice', ['list', '--equipe', 'catalogue', '--json']);
    expect((JSON.parse(listed.stdout) as Array<{ cle: string }>).find((row) => row.cle === key)).toMatchObject({ prise_par: 'ctxbob', lue_par: ['ctxbob'] });
    const second = await runAs('ctxalice', ['prendre', key, '--json']);
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ prise: false, deja_prise_par: 'ctxbob' });
  });
});

describe('a folder mailbox and the names it reserves', () => {
  let local: string;
  beforeAll(async () => {
    local = await mkdtemp(join(tmpdir(), 'contexte-reserve-'));
  });
  afterAll(async () => {
    await rm(local, { recursive: true, force: true });
  });

  it.each(['journal.jsonl', 'JOURNAL.JSONL', 'resume-20261202-1200'])('refuses %s as an author or a team name (2), and creates nothing', async (name) => {
    const note = join(local, 'note.md');
    await writeFile(note, handoffNote({ auteur: name, equipe: 'catalogue' }));
    const env = { CONTEXTE_DIR: join(local, 'boite') };
    const asAuthor = await publier([note, 'catalogue', name], { env });
    expect(asAuthor.code).toBe(2);
    expect(asAuthor.stderr).toContain('réservé');
    const asTeam = await recuperer(['list', '--equipe', name], { env });
    expect(asTeam.code).toBe(2);
    expect(existsSync(join(local, 'boite', 'catalogue'))).toBe(false);
  });

  it('says when a note no longer matches its index entry (rewritten in place, expiry kept)', async () => {
    const box = join(local, 'reecrite');
    const note = join(local, 'note-reecrite.md');
    await writeFile(note, handoffNote());
    const env = { CONTEXTE_DIR: box };
    const key = keyOf(await publier([note, 'catalogue', 'alice', '--json'], { env }));
    const file = join(box, 'catalogue', 'alice', `contexte-${key.split(':')[3]}`);
    const { mtime } = await stat(file);
    await writeFile(file, `${handoffNote()}\nAjouté après la publication.\n`);
    await utimes(file, new Date(), mtime);
    const result = await recuperer(['get', key, join(local, 'lue.md'), '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { vigilance: Array<{ regle: string }> }).vigilance.map((finding) => finding.regle)).toContain('taille-differente');
    const listed = await recuperer(['list', '--equipe', 'catalogue'], { env });
    expect(listed.stdout).toContain(`[VIGILANCE]`);
    expect(listed.stdout).toContain(`Vigilance : ${key} : la valeur fait`);
  });

  it('keeps a root made with a plain mkdir (0755) private: folders 0700, files 0600', async () => {
    const box = join(local, 'mkdir');
    await mkdir(box, { mode: 0o755 });
    await chmod(box, 0o755);
    const note = join(local, 'note.md');
    await writeFile(note, handoffNote());
    const result = await publier([note, 'catalogue', 'alice', '--json'], { env: { CONTEXTE_DIR: box } });
    expect(result.code, result.stderr).toBe(0);
    const stamp = keyOf(result).split(':')[3];
    expect(await modeOf(join(box, 'catalogue'))).toBe(0o700);
    expect(await modeOf(join(box, 'catalogue', 'alice', `contexte-${stamp}`))).toBe(0o600);
    expect(await modeOf(join(box, 'catalogue', 'alice', 'journal.jsonl'))).toBe(0o600);
    expect((await lstat(join(box, 'catalogue', 'alice'))).isDirectory()).toBe(true);
  });
});
