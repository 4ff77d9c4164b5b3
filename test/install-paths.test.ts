/**
 * The ways the ecosystem installs skills, each with the real tool, from what a
 * user fetches (a clone of the committed tree): the `skills` CLI
 * (`npx skills add <dépôt>`) and the npm package (`npx contexte-skills`, from
 * `npm pack`). Every installed skill must arrive whole: its programs answer
 * `--help`, and the real OpenCode lists the four skills. (install.sh has its own
 * file, test/install.test.ts.)
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { handoffNote } from './helpers/notes.js';
import { packDir, programPaths, publier, recuperer, repoRoot, runScript } from './helpers/run-program.js';

const run = promisify(execFile);
const SKILLS = ['partager-contexte', 'reprendre-contexte', 'publier-contexte', 'recuperer-contexte'];
let root: string;
let clone: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'contexte-installeurs-'));
  clone = join(root, 'depot');
  // What a user's `npx skills add <owner/repo>` fetches: the committed tree.
  await run('git', ['clone', '-q', repoRoot, clone]);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** What the real OpenCode lists among our skills in a project, and from where. */
async function opencodeSkills(project: string, home: string) {
  const { stdout } = await run(inject('opencodeBinary'), ['debug', 'skill'], { cwd: project, env: quietEnv(home), timeout: 60_000 });
  return (JSON.parse(stdout) as Array<{ name: string; location: string }>).filter((entry) => SKILLS.includes(entry.name));
}

async function gitProject(name: string): Promise<string> {
  const dir = join(root, name);
  await run('git', ['init', '-q', dir]);
  return dir;
}

const quietEnv = (home: string) => ({ PATH: process.env.PATH ?? '', HOME: home, DISABLE_TELEMETRY: '1', DO_NOT_TRACK: '1', OPENCODE_DISABLE_AUTOUPDATE: '1' });

/** Every program a skill's SKILL.md runs, installed under `skillsDir`, answers --help. */
async function expectWholeSkills(skillsDir: string): Promise<void> {
  for (const program of Object.values(programPaths)) {
    const path = relative(packDir, program);
    const result = await runScript(join(skillsDir, path), ['--help']);
    expect(result.code, `${path} --help : ${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/^Usage :/);
  }
}

describe('npx skills add (skills CLI, pinned)', () => {
  it.each([
    ['opencode', '.agents/skills'],
    ['claude-code', '.claude/skills'],
  ])(
    'installs the four skills whole for -a %s (into %s)',
    async (agent, folder) => {
      const project = await gitProject(`projet-${agent}`);
      const home = join(root, `maison-${agent}`);
      await mkdir(home, { recursive: true });
      const result = await run(process.execPath, [inject('skillsCli'), 'add', clone, '-a', agent, '-s', '*', '-y'], {
        cwd: project,
        env: quietEnv(home),
        timeout: 120_000,
      });
      for (const skill of SKILLS) expect(result.stdout).toContain(skill);
      await expectWholeSkills(join(project, folder));
      if (agent !== 'opencode') return;
      const listed = await opencodeSkills(project, home);
      expect(listed.map((entry) => entry.name).sort()).toEqual([...SKILLS].sort());
      for (const entry of listed) expect(entry.location).toBe(join(project, folder, entry.name, 'SKILL.md'));
    },
    180_000,
  );
});

describe('npx contexte-skills (the npm package, from npm pack)', () => {
  let tarball: string;
  beforeAll(async () => {
    const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', root], { cwd: clone, timeout: 60_000 });
    tarball = join(root, stdout.trim().split('\n').at(-1)!);
  });
  const npx = (args: string[], cwd: string, home: string) =>
    run('npm', ['exec', '--yes', `--package=${tarball}`, '--', 'contexte-skills', ...args], {
      cwd,
      env: { ...quietEnv(home), npm_config_cache: join(root, 'cache-npm') },
      timeout: 120_000,
    });

  it('installs the four whole skills in a fresh git project, with "share": "disabled" and the excludes', async () => {
    const project = await gitProject('projet-npx');
    const home = join(root, 'maison-npx');
    await mkdir(home, { recursive: true });
    const { stdout } = await npx([project], root, home);
    expect(stdout).toContain('opencode.json : créé avec "share": "disabled".');
    await expectWholeSkills(join(project, '.opencode', 'skills'));
    expect(JSON.parse(await readFile(join(project, 'opencode.json'), 'utf8'))).toMatchObject({ share: 'disabled' });
    const exclude = (await readFile(join(project, '.git', 'info', 'exclude'), 'utf8')).split('\n');
    for (const pattern of ['/CONTEXTE-*.md', '/partage/', '/session-*.json']) expect(exclude).toContain(pattern);
    expect((await opencodeSkills(project, home)).map((entry) => entry.name).sort()).toEqual([...SKILLS].sort());
  }, 180_000);

  it('is an OpenCode plugin: the packaged skills are registered without copying, and sharing is forced off (said once)', async () => {
    const project = await gitProject('projet-plugin');
    const home = join(root, 'maison-plugin');
    await mkdir(home, { recursive: true });
    // The package installed beside the project, as npm would (it has no runtime dependency: nothing is fetched).
    await run('npm', ['install', '--no-audit', '--no-fund', '--no-save', tarball], {
      cwd: project,
      env: { ...quietEnv(home), npm_config_cache: join(root, 'cache-npm') },
      timeout: 120_000,
    });
    const plugin = './node_modules/contexte-skills/dist/opencode-plugin.mjs';
    await writeFile(join(project, 'opencode.json'), JSON.stringify({ $schema: 'https://opencode.ai/config.json', share: 'auto', plugin: [plugin] }));
    const packaged = join(project, 'node_modules', 'contexte-skills', 'skills');
    const skills = await run(inject('opencodeBinary'), ['debug', 'skill'], { cwd: project, env: quietEnv(home), timeout: 60_000 });
    const listed = (JSON.parse(skills.stdout) as Array<{ name: string; location: string }>).filter((entry) => SKILLS.includes(entry.name));
    expect(listed.map((entry) => entry.location).sort()).toEqual(SKILLS.map((name) => join(packaged, name, 'SKILL.md')).sort());
    expect(skills.stderr.match(/le partage est désactivé pour cette session/g)).toHaveLength(1);
    await expectWholeSkills(packaged);
    expect(existsSync(join(project, '.opencode', 'skills'))).toBe(false);
    const config = await run(inject('opencodeBinary'), ['debug', 'config'], { cwd: project, env: quietEnv(home), timeout: 60_000 });
    expect(JSON.parse(config.stdout)).toMatchObject({ share: 'disabled' });
  }, 180_000);

  it('installs for Claude Code with --agent claude, into .claude/skills (and ~/.claude/skills with --global)', async () => {
    const project = await gitProject('projet-claude');
    const home = join(root, 'maison-claude');
    await mkdir(home, { recursive: true });
    await npx(['--agent', 'claude', project], root, home);
    await expectWholeSkills(join(project, '.claude', 'skills'));
    expect(existsSync(join(project, 'opencode.json'))).toBe(false);
    await npx(['--agent', 'claude', '--global'], project, home);
    await expectWholeSkills(join(home, '.claude', 'skills'));
  }, 180_000);
});

describe('safety without our installer', () => {
  it('publier says when OpenCode may share the session, and get when git would commit partage/', async () => {
    const project = await gitProject('projet-sans-installeur');
    const home = join(root, 'maison-sans-installeur');
    await mkdir(home, { recursive: true });
    const env = { HOME: home, CONTEXTE_DIR: join(root, 'boite-sans-installeur') };
    await writeFile(join(project, 'note.md'), handoffNote());
    const publish = async () => {
      const result = await publier(['note.md', 'catalogue', 'alice', '--json'], { env, cwd: project });
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as { cle: string; vigilance: Array<{ regle: string; extrait: string }> };
    };
    const shared = await publish();
    expect(shared.vigilance).toContainEqual(expect.objectContaining({ regle: 'partage-opencode', extrait: expect.stringContaining('"share": "disabled"') }));
    const text = await publier(['note.md', 'catalogue', 'alice'], { env, cwd: project });
    expect(text.stdout).toContain('Vigilance : le partage de session d’OpenCode n’est pas désactivé');

    await writeFile(join(project, 'opencode.jsonc'), '{\n  // pas de partage\n  "share": "disabled",\n}\n');
    expect((await publish()).vigilance.map((finding) => finding.regle)).not.toContain('partage-opencode');

    const got = await recuperer(['get', shared.cle], { env, cwd: project });
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toMatch(/Vigilance : partage\/\S+ n’est pas ignoré par git : ajoutez \/partage\/ à \.git\/info\/exclude/);
    await writeFile(join(project, '.gitignore'), '/partage/\n');
    const ignored = await recuperer(['get', shared.cle, '--force'], { env, cwd: project });
    expect(ignored.code, ignored.stderr).toBe(0);
    expect(ignored.stdout).not.toContain('n’est pas ignoré par git');
  });
});
