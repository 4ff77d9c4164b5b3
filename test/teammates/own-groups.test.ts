/**
 * The pair as people have it: two accounts made the way every laptop, school
 * machine and Debian install makes them (`useradd -U`: a primary group of their
 * own), with the box's group as a supplementary one, each with its own umask.
 * The README's recipe is run as written, by one of them; then notes, exports,
 * work in progress, a sealed team and `attendre` go both ways. A box whose files
 * kept their author's own group (the previous version) is named for what it
 * is, and repaired by its owner's next publication. Run as root, which can
 * create the accounts; skipped otherwise.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRepo } from '../helpers/git-repo.js';
import { handoffNote, namedFor } from '../helpers/notes.js';
import { attendre, type Login, publier, type RunResult, recuperer } from '../helpers/run-program.js';

const isRoot = process.getuid?.() === 0;
const GROUP = 'ctxduo';
/** Camille keeps a strict umask (077), David the Debian default (022). */
const LOGINS = { ctxcamille: { user: 'ctxcamille', umask: 0o077 }, ctxdavid: { user: 'ctxdavid', umask: 0o022 } } satisfies Record<string, Login>;
type User = keyof typeof LOGINS;
/** Someone of the machine who is not in the box's group. */
const OUTSIDER = 'ctxeliott';

let root: string;
let box: string;
let boxGid: number;
const ids = {} as Record<User, { uid: number; gid: number }>;

const exists = (kind: 'group' | 'passwd', name: string) => spawnSync('getent', [kind, name], { stdio: 'ignore' }).status === 0;

/** The accounts, made once per machine as `adduser` makes them: a group of their own, the box's group as a supplementary one. */
function ensureAccounts(): void {
  if (!exists('group', GROUP)) execFileSync('groupadd', [GROUP]);
  for (const user of Object.keys(LOGINS)) if (!exists('passwd', user)) execFileSync('useradd', ['-M', '-U', '-G', GROUP, '-s', '/usr/sbin/nologin', user]);
  if (!exists('passwd', OUTSIDER)) execFileSync('useradd', ['-M', '-U', '-s', '/usr/sbin/nologin', OUTSIDER]);
  boxGid = Number(execFileSync('getent', ['group', GROUP], { encoding: 'utf8' }).split(':')[2]);
  for (const user of Object.keys(LOGINS) as User[]) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim())) as [number, number];
    ids[user] = { uid, gid };
  }
}

const homeOf = (user: string) => join(root, `maison-${user}`);
const envOf = (user: string) => ({
  CONTEXTE_DIR: box,
  HOME: homeOf(user),
  XDG_STATE_HOME: homeOf(user),
  XDG_CACHE_HOME: homeOf(user),
  XDG_CONFIG_HOME: join(homeOf(user), '.config'),
});
const loginOf = (user: string): Login => (user in LOGINS ? LOGINS[user as User] : { user });

async function makeHome(user: string): Promise<void> {
  await mkdir(homeOf(user));
  const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
  await chown(homeOf(user), uid, gid);
  await chmod(homeOf(user), 0o700);
}

const runAs = (user: string, program: 'publier' | 'recuperer', args: string[], cwd = homeOf(user)) =>
  (program === 'publier' ? publier : recuperer)(args, { env: envOf(user), cwd, login: loginOf(user) });

/** A shell command as the account, with its groups and umask: what the README asks a person to type. */
function shellAs(user: User, command: string, cwd: string): void {
  execFileSync(
    'setpriv',
    ['--reuid', user, '--regid', String(ids[user].gid), '--init-groups', 'sh', '-c', `umask ${LOGINS[user].umask.toString(8)}; ${command}`],
    {
      cwd,
      stdio: 'pipe',
    },
  );
}

/** A note in the account's home, written by the account (its own group, its umask). */
async function noteOf(user: User, team: string, content = handoffNote({ auteur: user, equipe: team })): Promise<string> {
  const path = join(homeOf(user), `note-${team}.md`);
  await writeFile(path, content);
  await chown(path, ids[user].uid, ids[user].gid);
  return path;
}

const keyOf = (result: RunResult) => (JSON.parse(result.stdout) as { cle: string }).cle;
const stampOf = (key: string) => key.split(':')[3]!;

/** Every file and folder under the box, with its group: all of them must be the box's. */
async function groupsUnder(path: string): Promise<Array<[string, number]>> {
  const found: Array<[string, number]> = [];
  for (const name of await readdir(path)) {
    const child = join(path, name);
    const info = await lstat(child);
    found.push([child.slice(box.length + 1), info.gid]);
    if (info.isDirectory()) found.push(...(await groupsUnder(child)));
  }
  return found;
}
const foreignGroups = async () => (await groupsUnder(box)).filter(([, gid]) => gid !== boxGid);

describe.skipIf(!isRoot)('a shared folder box between two accounts with their own primary group', () => {
  beforeAll(async () => {
    ensureAccounts();
    root = await mkdtemp(join(tmpdir(), 'contexte-comptes-'));
    await chmod(root, 0o755);
    for (const user of [...Object.keys(LOGINS), OUTSIDER]) await makeHome(user);
    // A place both can write, as /tmp or a network share is.
    await mkdir(join(root, 'partage'));
    await chmod(join(root, 'partage'), 0o1777);
    // The README's recipe, as written, typed by Camille.
    shellAs('ctxcamille', `mkdir boite && chgrp ${GROUP} boite && chmod 2770 boite`, join(root, 'partage'));
    box = join(root, 'partage', 'boite');
  });
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('lets each read the other’s notes, every file and folder of the box in the box’s group whatever the umask', async () => {
    const fromCamille = await runAs('ctxcamille', 'publier', [await noteOf('ctxcamille', 'catalogue'), 'catalogue', 'ctxcamille', '--json']);
    expect(fromCamille.code, fromCamille.stderr).toBe(0);
    const fromDavid = await runAs('ctxdavid', 'publier', [await noteOf('ctxdavid', 'catalogue'), 'catalogue', 'ctxdavid', '--json']);
    expect(fromDavid.code, fromDavid.stderr).toBe(0);
    expect(await foreignGroups()).toEqual([]);
    const staging = join(box, 'catalogue', 'ctxcamille', '.en-cours');
    expect((await lstat(staging)).mode & 0o7777).toBe(0o2700);

    const byDavid = await runAs('ctxdavid', 'recuperer', ['get', keyOf(fromCamille), 'de-camille.md', '--json']);
    expect(byDavid.code, byDavid.stderr).toBe(0);
    expect(await readFile(join(homeOf('ctxdavid'), 'de-camille.md'), 'utf8')).toBe(handoffNote({ auteur: 'ctxcamille', equipe: 'catalogue' }));
    const byCamille = await runAs('ctxcamille', 'recuperer', ['get', keyOf(fromDavid), 'de-david.md', '--json']);
    expect(byCamille.code, byCamille.stderr).toBe(0);
    // Each one's reading went to their own journal, in the box's group too.
    const journal = await runAs('ctxdavid', 'recuperer', ['journal', '--equipe', 'catalogue', '--json']);
    expect((JSON.parse(journal.stdout) as Array<{ evenement: string }>).map((event) => event.evenement).sort()).toEqual([
      'lecture',
      'lecture',
      'publication',
      'publication',
    ]);
    const listed = await runAs('ctxdavid', 'recuperer', ['list', '--equipe', 'catalogue', '--json']);
    expect((JSON.parse(listed.stdout) as Array<{ vigilance: unknown[] }>).map((entry) => entry.vigilance)).toEqual([[], []]);
    expect(await foreignGroups()).toEqual([]);
  });

  it('carries a session export and the work in progress both ways', async () => {
    for (const [author, reader] of [
      ['ctxcamille', 'ctxdavid'],
      ['ctxdavid', 'ctxcamille'],
    ] as const) {
      const repo = newRepo({ 'src/app.ts': 'v1\n' }, await mkdtemp(join(homeOf(author), 'depot-')));
      repo.write({ 'src/app.ts': 'v2\n' });
      const head = repo.head();
      execFileSync('chown', ['-R', `${ids[author].uid}:${ids[author].gid}`, repo.dir]);
      const note = await noteOf(author, 'travaux', namedFor(handoffNote().replace(/^commit: .*$/m, `commit: ${head}`), 'travaux', author));
      const session = join(homeOf(author), 'session.json');
      await writeFile(session, JSON.stringify({ info: { id: 'ses_1', title: '[redacted:session-title:ses_1]' }, messages: [] }));
      await chown(session, ids[author].uid, ids[author].gid);
      const published = await runAs(author, 'publier', [note, 'travaux', author, session, '--modifs', '--json'], repo.dir);
      expect(published.code, published.stderr).toBe(0);
      const { cle_session: sessionKey, cle_modifs: changesKey } = JSON.parse(published.stdout) as { cle_session: string; cle_modifs: string };
      expect(await foreignGroups()).toEqual([]);
      for (const [key, file] of [
        [sessionKey, `session-${author}.json`],
        [changesKey, `modifs-${author}.patch`],
      ] as const) {
        const fetched = await runAs(reader, 'recuperer', ['get', key, file, '--json']);
        expect(fetched.code, fetched.stderr).toBe(0);
      }
      expect(await readFile(join(homeOf(reader), `modifs-${author}.patch`), 'utf8')).toContain('+v2');
    }
  });

  it('seals a team whose members have their own groups: signed notes round-trip both ways', async () => {
    const team = 'scellee';
    for (const user of Object.keys(LOGINS) as User[]) {
      const registered = await runAs(user, 'publier', ['identite', '--equipe', team, '--auteur', user, '--json']);
      expect(registered.code, registered.stderr).toBe(0);
    }
    const sealed = await runAs('ctxcamille', 'recuperer', ['boite', '--sceller', '--equipe', team, '--json']);
    expect(sealed.code, sealed.stderr).toBe(0);
    for (const [author, reader] of [
      ['ctxcamille', 'ctxdavid'],
      ['ctxdavid', 'ctxcamille'],
    ] as const) {
      const published = await runAs(author, 'publier', [await noteOf(author, team), team, author, '--json']);
      expect(published.code, published.stderr).toBe(0);
      expect(JSON.parse(published.stdout)).toMatchObject({ scellee: true });
      const fetched = await runAs(reader, 'recuperer', ['get', keyOf(published), `scellee-${author}.md`, '--json']);
      expect(fetched.code, fetched.stderr).toBe(0);
      expect(JSON.parse(fetched.stdout)).toMatchObject({ scellee: true, signature: 'valide' });
    }
    expect(await foreignGroups()).toEqual([]);
  });

  it('wakes a waiting colleague, who then reads the note', async () => {
    const waiting = attendre(['--equipe', 'attente', '--delai', '1min', '--json'], envOf('ctxdavid'), homeOf('ctxdavid'), LOGINS.ctxdavid);
    await waiting.listening;
    const published = await runAs('ctxcamille', 'publier', [await noteOf('ctxcamille', 'attente'), 'attente', 'ctxcamille', '--json']);
    expect(published.code, published.stderr).toBe(0);
    const woken = await waiting.done;
    expect(woken.code, woken.stderr).toBe(0);
    const fetched = await runAs('ctxdavid', 'recuperer', ['get', keyOf(published), 'attendue.md', '--json']);
    expect(fetched.code, fetched.stderr).toBe(0);
  });

  it('names a note left in its author’s own group for what it is, and its author’s next publication repairs the box', async () => {
    const team = 'ancienne';
    const published = await runAs('ctxcamille', 'publier', [await noteOf('ctxcamille', team), team, 'ctxcamille', '--json']);
    expect(published.code, published.stderr).toBe(0);
    const key = keyOf(published);
    // What the previous version left: the note, its summary and the staging folder in Camille's own group.
    const folder = join(box, team, 'ctxcamille');
    const note = join(folder, `contexte-${stampOf(key)}`);
    for (const path of [note, join(folder, `resume-${stampOf(key)}`), join(folder, '.en-cours')]) await chown(path, ids.ctxcamille.uid, ids.ctxcamille.gid);
    await chmod(join(folder, '.en-cours'), 0o700);

    const listed = await runAs('ctxdavid', 'recuperer', ['list', '--equipe', team, '--json']);
    const [row] = JSON.parse(listed.stdout) as Array<{ vigilance: Array<{ regle: string; message: string }> }>;
    expect(row!.vigilance.map((finding) => finding.regle)).toContain('groupe-different');

    const refused = await runAs('ctxdavid', 'recuperer', ['get', key, 'ancienne.md', '--json']);
    expect(refused.code).toBe(5);
    const { erreur } = JSON.parse(refused.stdout) as { erreur: { raison: string; message: string; conseil: string } };
    expect(erreur.raison).toBe('boite-mauvais-groupe');
    expect(erreur.message).toContain(`appartient au groupe « ctxcamille », pas au groupe de la boîte « ${GROUP} »`);
    expect(erreur.conseil).toContain(`chgrp ${GROUP} ${note}`);
    expect(erreur.conseil).not.toContain('chmod g+r');

    const again = await runAs('ctxcamille', 'publier', [await noteOf('ctxcamille', team), team, 'ctxcamille', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(await foreignGroups()).toEqual([]);
    expect((await lstat(join(folder, '.en-cours'))).mode & 0o7777).toBe(0o2700);
    const read = await runAs('ctxdavid', 'recuperer', ['get', key, 'ancienne.md', '--json']);
    expect(read.code, read.stderr).toBe(0);
  });

  it('tells someone outside the box’s group that they are not a member, and names the folder that cannot be created in', async () => {
    const outsider = await runAs(OUTSIDER, 'recuperer', ['list', '--equipe', 'catalogue', '--json']);
    expect(outsider.code).toBe(5);
    const { erreur } = JSON.parse(outsider.stdout) as { erreur: { raison: string; conseil: string } };
    expect(erreur.raison).toBe('boite-groupe-non-membre');
    expect(erreur.conseil).toContain(`usermod -aG ${GROUP} ${OUTSIDER}`);

    // A root its owner closed to the group's writes: David cannot make a new team folder there.
    await chmod(box, 0o3750);
    try {
      const closed = await runAs('ctxdavid', 'publier', [await noteOf('ctxdavid', 'nouvelle'), 'nouvelle', 'ctxdavid', '--json']);
      expect(closed.code).toBe(5);
      const failure = (JSON.parse(closed.stdout) as { erreur: { raison: string; message: string } }).erreur;
      expect(failure.raison).toBe('boite-impossible-de-creer');
      expect(failure.message).toContain(`impossible de créer « ${join(box, 'nouvelle')} »`);
      expect(failure.message).toContain(`le dossier « ${box} », à « ctxcamille »`);
      expect(existsSync(join(box, 'nouvelle'))).toBe(false);
    } finally {
      await chmod(box, 0o3770);
    }
  });
});
