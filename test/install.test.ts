import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from './helpers/run-program.js';

const run = promisify(execFile);
const SKILLS = ['partager-contexte', 'reprendre-contexte', 'publier-contexte', 'recuperer-contexte'];
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'contexte-install-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function install(args: string[], options: { cwd?: string; home?: string } = {}) {
  try {
    const { stdout, stderr } = await run(join(repoRoot, 'install.sh'), args, {
      cwd: options.cwd ?? root,
      env: { PATH: process.env.PATH ?? '', HOME: options.home ?? join(root, 'home') },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

async function gitProject(name: string): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  await run('git', ['init', '-q', dir]);
  return dir;
}

/** What the real OpenCode sees in a project, as JSON, with its own HOME. */
async function opencodeSkills(cwd: string, home: string) {
  await mkdir(home, { recursive: true });
  const { stdout } = await run(inject('opencodeBinary'), ['debug', 'skill'], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: home, OPENCODE_DISABLE_AUTOUPDATE: '1' },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as Array<{ name: string; description: string; location: string }>;
}

describe('install.sh', () => {
  it('installs the four skills that the real OpenCode then lists, with their descriptions', async () => {
    const project = await gitProject('projet-opencode');
    const result = await install([project]);
    expect(result.code, result.stderr).toBe(0);
    const skills = await opencodeSkills(project, join(root, 'home-opencode'));
    for (const name of SKILLS) {
      const skill = skills.find((entry) => entry.name === name);
      expect(skill, `${name} listed by opencode debug skill`).toBeDefined();
      expect(skill!.description.length).toBeGreaterThan(20);
      expect(skill!.location).toBe(join(project, '.opencode', 'skills', name, 'SKILL.md'));
    }
  });

  it('merges "share": "disabled" into an existing opencode.json without losing a key', async () => {
    const project = await gitProject('projet-config');
    const config = { $schema: 'https://opencode.ai/config.json', model: 'anthropic/claude-sonnet-4-6', permission: { bash: 'ask' }, share: 'manual' };
    await writeFile(join(project, 'opencode.json'), JSON.stringify(config));
    const result = await install([project]);
    expect(result.stdout).toContain('opencode.json : "share" "manual" remplacé par "disabled".');
    expect(JSON.parse(await readFile(join(project, 'opencode.json'), 'utf8'))).toEqual({ ...config, share: 'disabled' });
  });

  it('creates opencode.json with its schema when there is none', async () => {
    const project = await gitProject('projet-vide');
    await install([project]);
    expect(JSON.parse(await readFile(join(project, 'opencode.json'), 'utf8'))).toEqual({
      $schema: 'https://opencode.ai/config.json',
      share: 'disabled',
    });
  });

  it('does not rewrite an opencode.jsonc, and says what to add', async () => {
    const project = await gitProject('projet-jsonc');
    const jsonc = '{\n  // commentaire\n  "model": "x/y",\n}\n';
    await writeFile(join(project, 'opencode.jsonc'), jsonc);
    const result = await install([project]);
    // The skills are installed, but sharing is not disabled: the installer says so and fails.
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('ajoutez-y "share": "disabled"');
    expect(result.stderr).toContain('le partage de session n’a pas pu être désactivé');
    expect(await readFile(join(project, 'opencode.jsonc'), 'utf8')).toBe(jsonc);
    expect(existsSync(join(project, 'opencode.json'))).toBe(false);
  });

  it('leaves an invalid opencode.json untouched', async () => {
    const project = await gitProject('projet-invalide');
    await writeFile(join(project, 'opencode.json'), '{ pas du json');
    const result = await install([project]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('pas du JSON valide');
    expect(await readFile(join(project, 'opencode.json'), 'utf8')).toBe('{ pas du json');
  });

  it('keeps handoff files out of commits through .git/info/exclude, and is idempotent', async () => {
    const project = await gitProject('projet-git');
    const first = await install([project]);
    const second = await install([project]);
    expect(second.code).toBe(0);
    expect(first.stdout).toContain('ajouté /CONTEXTE-*.md /partage/ /session-*.json');
    expect(second.stdout).toContain('déjà à jour');
    const exclude = (await readFile(join(project, '.git', 'info', 'exclude'), 'utf8')).split('\n');
    for (const pattern of ['/CONTEXTE-*.md', '/partage/', '/session-*.json']) {
      expect(exclude.filter((line) => line === pattern)).toHaveLength(1);
    }
    await writeFile(join(project, 'CONTEXTE-2026-12-02-alice.md'), '# note\n');
    await mkdir(join(project, 'partage'));
    await writeFile(join(project, 'partage', 'x.md'), 'x');
    const { stdout } = await run('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: project });
    expect(stdout).not.toMatch(/CONTEXTE-|partage\//);
  });

  it('installs into the current folder by default, outside git too', async () => {
    const project = join(root, 'sans-git');
    await mkdir(project);
    const result = await install([], { cwd: project });
    expect(result.code, result.stderr).toBe(0);
    expect((await readdir(join(project, '.opencode', 'skills'))).sort()).toEqual([...SKILLS].sort());
    expect(existsSync(join(project, '.opencode', 'skills', 'publier-contexte', 'scripts', 'publier.js'))).toBe(true);
  });

  it('anchors the excludes at the project root, replacing the unanchored ones of earlier versions: a src/partage/ package stays tracked', async () => {
    const project = await gitProject('projet-ancre');
    const exclude = join(project, '.git', 'info', 'exclude');
    await writeFile(exclude, '# mes exclusions\n*.log\nCONTEXTE-*.md\npartage/\nsession-*.json\n');
    const result = await install([project]);
    expect(result.stdout).toContain('remplacé(s) par /CONTEXTE-*.md /partage/ /session-*.json');
    expect(await readFile(exclude, 'utf8')).toBe('# mes exclusions\n*.log\n/CONTEXTE-*.md\n/partage/\n/session-*.json\n');
    await mkdir(join(project, 'src', 'partage'), { recursive: true });
    await writeFile(join(project, 'src', 'partage', 'index.ts'), 'export {};\n');
    await mkdir(join(project, 'partage'));
    await writeFile(join(project, 'partage', 'note.md'), '# note\n');
    const { stdout } = await run('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: project });
    expect(stdout).toContain('src/partage/index.ts');
    expect(stdout).not.toMatch(/^\?\? partage\//m);
  });

  it('removes the folders it created when uninstalling leaves them empty', async () => {
    const project = await gitProject('projet-vide-apres');
    await install([project]);
    const result = await install(['--uninstall', project]);
    expect(result.code).toBe(0);
    expect(existsSync(join(project, '.opencode'))).toBe(false);
    expect(result.stdout).toContain('Retiré (vide) :');
  });

  it('uninstalls exactly our four skills', async () => {
    const project = await gitProject('projet-desinstall');
    await install([project]);
    await mkdir(join(project, '.opencode', 'skills', 'autre-skill'), { recursive: true });
    const result = await install(['--uninstall', project]);
    expect(result.code).toBe(0);
    expect(await readdir(join(project, '.opencode', 'skills'))).toEqual(['autre-skill']);
  });

  it('installs globally into ~/.config/opencode/skills, seen by OpenCode from any project', async () => {
    const home = join(root, 'home-global');
    const result = await install(['--global'], { home });
    expect(result.code, result.stderr).toBe(0);
    const elsewhere = await gitProject('autre-projet');
    const skills = await opencodeSkills(elsewhere, home);
    for (const name of SKILLS) {
      expect(skills.find((entry) => entry.name === name)?.location).toBe(join(home, '.config', 'opencode', 'skills', name, 'SKILL.md'));
    }
  });

  it.each([
    [['--nope'], 'option inconnue'],
    [['a', 'b'], 'trop d’arguments : 1 au plus, 2 donnés'],
    [['--global', 'x'], '--global ne prend pas'],
    [[join('/nonexistent', 'projet')], 'introuvable'],
  ])('refuses %j with exit 2', async (args, message) => {
    const result = await install(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it.each([
    ['without node in the PATH', undefined, /^install\.sh : node est introuvable dans le PATH\n {2}→ Installez Node\.js 18/],
    [
      'with Node 16',
      'v16.20.2',
      /^install\.sh : Node\.js v16\.20\.2 est trop ancien : la version 18 ou plus récente est requise\n {2}→ Mettez Node\.js à jour/,
    ],
  ])('stops %s: exit 1, what is wrong and what to do', async (_, version, message) => {
    // A PATH holding only a stand-in node (or nothing): install.sh must stop before running anything.
    const bin = await mkdtemp(join(root, 'bin-'));
    if (version)
      await writeFile(join(bin, 'node'), `#!/bin/sh\ncase "$1" in --version) echo ${version};; *) echo ${version.slice(1).split('.')[0]};; esac\n`, {
        mode: 0o755,
      });
    const result = await run('/bin/bash', [join(repoRoot, 'install.sh'), join(root, 'jamais')], { env: { PATH: bin, HOME: root } }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(existsSync(join(root, 'jamais'))).toBe(false);
  });
});
