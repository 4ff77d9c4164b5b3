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

/**
 * The commands a newcomer copies from the README's « Démarrage rapide » (its bash
 * block) and « Installer » (the table's command column), read from the clone's
 * README and run as written on the clone, placeholders filled in. A command this
 * test does not know fails it: the README cannot offer a command nobody ran.
 */
describe('the README’s « Démarrage rapide » and « Installer » commands, as written, on a fresh clone', () => {
  /** A command of the README: its text, and the table row it sits in (for what the row says about it). */
  interface ReadmeCommand {
    text: string;
    row: string;
  }

  function section(readme: string, title: string): string {
    const start = readme.indexOf(`\n## ${title}\n`);
    expect(start, title).toBeGreaterThan(0);
    return readme.slice(start, readme.indexOf('\n## ', start + 1));
  }

  function readmeCommands(readme: string): ReadmeCommand[] {
    const quickStart = section(readme, 'Démarrage rapide');
    const blocks = [...quickStart.matchAll(/```bash\n([\s\S]*?)```/g)].flatMap((block) => block[1]!.split('\n'));
    const fromBlocks = blocks
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      // Settings of the user's terminal, not commands to run.
      .filter((line) => line !== '' && !line.startsWith('export '))
      .map((text) => ({ text, row: text }));
    const table = section(readme, 'Installer')
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| Cas ') && !line.startsWith('| ---'));
    const fromTable = table.flatMap((row) => [...row.split(' | ')[1]!.matchAll(/`([^`]+)`/g)].map((span) => ({ text: span[1]!, row })));
    return [...fromBlocks, ...fromTable];
  }

  it('runs each command and the real OpenCode lists the four skills, or the README says why it cannot run yet', async () => {
    const readme = await readFile(join(clone, 'README.md'), 'utf8');
    const { version } = JSON.parse(await readFile(join(clone, 'package.json'), 'utf8')) as { version: string };
    const expected = (folder: string) => SKILLS.map((name) => join(folder, name, 'SKILL.md')).sort();
    const ran = new Set<string>();
    let packed = false;

    for (const [position, { text, row }] of readmeCommands(readme).entries()) {
      const project = await gitProject(`projet-readme-${position}`);
      // A home per command: OpenCode, started again in the same home while a first start still installs its
      // configuration's packages, waits for it (seen with 1.18.33).
      const home = join(root, `maison-readme-${position}`);
      await mkdir(home, { recursive: true });
      const env = { ...quietEnv(home), npm_config_cache: join(root, 'cache-npm-readme') };
      const shell = (command: string) => run('bash', ['-c', command], { cwd: clone, env, timeout: 120_000 });
      const listedFrom = async (folder: string) => (await opencodeSkills(folder, home)).map((entry) => entry.location).sort();
      if (/^\.\/install\.sh (\S+)$/.test(text)) {
        await shell(`./install.sh ${project}`);
        expect(await listedFrom(project), text).toEqual(expected(join(project, '.opencode', 'skills')));
      } else if (text === 'bash .ci/run') {
        // The README's test command is what runs this very test; here it is only checked to be there.
        expect(existsSync(join(clone, '.ci', 'run')), text).toBe(true);
        continue;
      } else if (text === 'npx --package ./contexte-skills-<version>.tgz contexte-skills [répertoire-du-projet]') {
        expect(row, text).toContain('npm pack');
        if (!packed) await run('npm', ['pack', '--silent'], { cwd: clone, env, timeout: 60_000 });
        packed = true;
        await shell(`npx --yes --package ./contexte-skills-${version}.tgz contexte-skills ${project}`);
        expect(await listedFrom(project), text).toEqual(expected(join(project, '.opencode', 'skills')));
      } else if (row.includes('une fois le paquet publié') && /^(npx contexte-skills |"plugin": \["contexte-skills"\])/.test(text)) {
        // The registry forms: the package is not published, so the row says they work « une fois le paquet publié ».
        continue;
      } else if (text === '"plugin": ["<clone>/dist/opencode-plugin.mjs"]') {
        await writeFile(join(project, 'opencode.json'), `{ ${text.replace('<clone>', clone)} }\n`);
        expect(await listedFrom(project), text).toEqual(expected(join(clone, 'skills')));
      } else if (text.startsWith('npx skills add <dépôt ou chemin> ')) {
        // The skills CLI pinned for Node 20 (the row says so), run from its cached copy.
        const options = text.slice('npx skills add <dépôt ou chemin> '.length).split(' ');
        await run(process.execPath, [inject('skillsCli'), 'add', clone, ...options], { cwd: project, env, timeout: 120_000 });
        expect(await listedFrom(project), text).toEqual(expected(join(project, '.agents', 'skills')));
      } else if (text === 'opencode.json') {
        // The file the plugin row's line goes into, not a command.
        continue;
      } else if (/^-a claude-code$|^npx skills@1\.3\.9 add …$/.test(text)) {
        // Variants of the row's command: the same installer, another agent or the version pinned for Node 20.
        continue;
      } else {
        expect.fail(`commande du README qu’aucun test ne lance : ${text}`);
      }
      ran.add(text);
    }
    // install.sh (quick start and table), the packed tarball, the plugin's path, the skills CLI.
    expect(ran.size).toBe(5);
  }, 600_000);
});
