/**
 * A pair shares a folder mailbox as the README says (a group, `chmod 2770` on
 * the root): two real Unix users of one group publish and read each other's
 * notes, and what one of them can plant in the box (links, a file where a folder
 * belongs, a reserved name) never makes the other write outside it. Run as
 * root, which can create the users; skipped otherwise.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoffNote } from '../helpers/notes.js';
import { publier, type RunResult, recuperer } from '../helpers/run-program.js';

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

  it('lets each publish and read the other’s notes, the journal shared by both', async () => {
    const first = await publish('ctxalice');
    expect(first.code, first.stderr).toBe(0);
    const journal = join(box, 'catalogue', 'journal.jsonl');
    expect(await modeOf(journal)).toBe(0o660);
    const second = await publish('ctxbob');
    expect(second.code, second.stderr).toBe(0);
    const read = await as('ctxbob', () => ['recuperer', 'get', keyOf(first), 'copie.md', '--json']);
    expect(read.code, read.stderr).toBe(0);
    expect(await modeOf(join(box, 'catalogue', 'ctxalice'))).toBe(0o2770);
    const events = (await readFile(journal, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { evenement: string; utilisateur: string });
    expect(events.map((event) => [event.evenement, event.utilisateur])).toEqual([
      ['publication', 'ctxalice'],
      ['publication', 'ctxbob'],
      ['lecture', 'ctxbob'],
    ]);
    const listed = await as('ctxalice', () => ['recuperer', 'list', '--equipe', 'catalogue', '--json']);
    expect((JSON.parse(listed.stdout) as Array<{ cle: string; vigilance: unknown[] }>).map((entry) => entry.vigilance)).toEqual([[], []]);
  });

  it('never appends to a file a teammate linked in place of the journal', async () => {
    // bob prepares the team folder with journal.jsonl pointing to a file alice can write.
    const team = 'piege-journal';
    await mkdir(join(box, team));
    const target = join(root, 'maison-ctxalice', 'cible.txt');
    expect((await publish('ctxalice')).code).toBe(0); // her home exists
    await writeFile(target, 'intact\n');
    await chown(target, uids.ctxalice, gid);
    await chown(join(box, team), uids.ctxbob, gid);
    await chmod(join(box, team), 0o2770);
    await symlink(target, join(box, team, 'journal.jsonl'));
    const result = await publish('ctxalice', team);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('refuse le chemin');
    expect(result.stderr).not.toMatch(/ACL/);
    expect(await readFile(target, 'utf8')).toBe('intact\n');
  });

  it('never writes a note through a folder a teammate replaced with a link', async () => {
    const team = 'piege-dossier';
    const outside = join(root, 'dehors');
    await mkdir(outside);
    await chmod(outside, 0o777);
    await mkdir(join(box, team));
    await chmod(join(box, team), 0o2770);
    await symlink(outside, join(box, team, 'ctxalice'));
    const result = await publish('ctxalice', team);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(join(box, team, 'ctxalice'));
    expect(await readdir(outside)).toEqual([]);
    // A reader is not sent through the link either: the link is skipped, not listed.
    const listed = await as('ctxbob', () => ['recuperer', 'list', '--equipe', team, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([]);
  });

  it('names the file and the mode to fix when a teammate’s file is not group-writable, never ACLs', async () => {
    const team = 'mode-prive';
    expect((await publish('ctxalice', team)).code).toBe(0);
    await chmod(join(box, team, 'journal.jsonl'), 0o640);
    const result = await publish('ctxbob', team);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(join(box, team, 'journal.jsonl'));
    expect(result.stderr).toContain('chmod g+rw');
    expect(result.stderr).not.toMatch(/ACL/);
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
    expect(await modeOf(join(box, 'catalogue', 'journal.jsonl'))).toBe(0o600);
    expect((await lstat(join(box, 'catalogue', 'alice'))).isDirectory()).toBe(true);
  });
});
