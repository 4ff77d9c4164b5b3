/**
 * The ways the ecosystem installs skills, each with the real tool: the `skills`
 * CLI (`npx skills add <dépôt>`) on a clone of this repository. Every installed
 * skill must arrive whole: its programs answer `--help`, and the real OpenCode
 * lists the four skills.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { packDir, programPaths, repoRoot, runScript } from './helpers/run-program.js';

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
  ])('installs the four skills whole for -a %s (into %s)', async (agent, folder) => {
    const project = await gitProject(`projet-${agent}`);
    const home = join(root, `maison-${agent}`);
    await mkdir(home, { recursive: true });
    const result = await run(process.execPath, [inject('skillsCli'), 'add', clone, '-a', agent, '-s', '*', '-y'], { cwd: project, env: quietEnv(home), timeout: 120_000 });
    for (const skill of SKILLS) expect(result.stdout).toContain(skill);
    await expectWholeSkills(join(project, folder));
    if (agent !== 'opencode') return;
    const { stdout } = await run(inject('opencodeBinary'), ['debug', 'skill'], { cwd: project, env: quietEnv(home), timeout: 60_000 });
    const listed = (JSON.parse(stdout) as Array<{ name: string; location: string }>).filter((entry) => SKILLS.includes(entry.name));
    expect(listed.map((entry) => entry.name).sort()).toEqual([...SKILLS].sort());
    for (const entry of listed) expect(entry.location).toBe(join(project, folder, entry.name, 'SKILL.md'));
  }, 180_000);
});
