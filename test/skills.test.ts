/**
 * Validates every SKILL.md ourselves (OpenCode barely does): front matter, name,
 * description, and every command line the skill tells the agent to run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { packDir, repoRoot, runScript } from './helpers/run-program.js';

const SKILLS = ['partager-contexte', 'reprendre-contexte', 'publier-contexte', 'recuperer-contexte'];
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function readSkill(dir: string) {
  const text = readFileSync(join(dir, 'SKILL.md'), 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${dir}/SKILL.md has no front matter`);
  return { frontMatter: parse(match[1]!) as Record<string, unknown>, body: match[2]! };
}

/** Front-matter fields of the Agent Skills format: other agents read the same files and ignore nothing else. */
const PORTABLE_FIELDS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'];

// One folder per skill, SKILL.md beside the programs it runs: what every installer copies.
describe.each([['skills/', packDir]])('SKILL.md (%s)', (_, root) => {
  it('has exactly the four skills', () => {
    expect(readdirSync(root).sort()).toEqual([...SKILLS].sort());
  });

  it.each(SKILLS)('%s has a valid name and description', (skill) => {
    const { frontMatter } = readSkill(join(root, skill));
    const name = frontMatter.name as string;
    expect(name).toMatch(NAME);
    expect(name).toBe(skill);
    expect(name.length).toBeLessThanOrEqual(64);
    const description = frontMatter.description as string;
    expect(typeof description).toBe('string');
    expect(description.length).toBeGreaterThanOrEqual(1);
    expect(description.length).toBeLessThanOrEqual(1024);
    expect(description).not.toMatch(/[<>]/);
    expect(description).not.toContain('\n');
    for (const field of Object.keys(frontMatter)) expect(PORTABLE_FIELDS).toContain(field);
  });

  it.each(SKILLS)('%s runs its scripts through the base directory, never from the project root', (skill) => {
    const { body } = readSkill(join(root, skill));
    expect(body).not.toMatch(/(?:node|bash|sh)\s+"?scripts\//);
    expect(body).not.toMatch(/\.sh\b/);
  });
});

describe('commands in the pack', () => {
  const mentioned = SKILLS.flatMap((skill) => {
    const { body } = readSkill(join(packDir, skill));
    return [...body.matchAll(/node "<répertoire de base>\/(scripts\/[\w.-]+\.js)"/g)].map((m) => [skill, m[1]!] as const);
  });

  it('mentions the programs', () => {
    expect(mentioned.map(([skill, script]) => `${skill}/${script}`)).toEqual(
      expect.arrayContaining([
        'partager-contexte/scripts/verifier.js',
        'reprendre-contexte/scripts/lire.js',
        'publier-contexte/scripts/publier.js',
        'recuperer-contexte/scripts/recuperer.js',
      ]),
    );
  });

  it.each(mentioned)('%s: %s exists and answers --help with exit 0', async (skill, script) => {
    const path = join(packDir, skill, script);
    expect(existsSync(path)).toBe(true);
    const result = await runScript(path, ['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage : /);
  });
});

describe('partager-contexte', () => {
  const { body } = readSkill(join(repoRoot, 'skills', 'partager-contexte'));

  it('keeps the workshop’s nine rubriques in their order', () => {
    const rubriques = [
      'Objectif',
      'État',
      'Décisions et raisons',
      'Écarts et corrections',
      'Impasses',
      'Fichiers clés',
      'Commandes utiles',
      'Reste à faire',
      'Conditions',
    ];
    const positions = rubriques.map((rubrique, index) => body.indexOf(`${index + 1}. **${rubrique}**`));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('asks for a YAML front matter with the fields the other tools read', () => {
    const example = /```yaml\n---\n([\s\S]*?)\n---\n```/.exec(body)?.[1];
    expect(Object.keys(parse(example!) as object)).toEqual(expect.arrayContaining(['titre', 'auteur', 'equipe', 'date', 'resume', 'branche', 'commit']));
  });
});
