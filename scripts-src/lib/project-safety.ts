/**
 * What the project around a program says about where handoff material may
 * leak, for users who did not install through our installer: whether
 * OpenCode's session sharing is disabled, and whether git ignores a file.
 * Read-only, best effort: when the answer is unknown, nothing is claimed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** The one line a project adds to opencode.json. */
export const SHARE_DISABLED = '"share": "disabled"';
/** What keeps handoff files out of a project's commits, anchored at its root (a src/partage/ package stays tracked). */
export const HANDOFF_EXCLUDES = ['/CONTEXTE-*.md', '/partage/', '/session-*.json'];
const PACKAGE = 'contexte-skills';
/** The four skills of the pack, each a folder of its own wherever an installer puts them. */
export const PACK_SKILLS = ['partager-contexte', 'reprendre-contexte', 'publier-contexte', 'recuperer-contexte'] as const;
/** Where the installers put them in a project: ours (`.opencode/`, `.claude/`) and the `skills` CLI's (`.agents/`). */
const PROJECT_SKILL_FOLDERS = ['.opencode/skills', '.claude/skills', '.agents/skills'];
/** The pack's own install in a project, anchored at its root: never the user's work in progress. */
export const PACK_INSTALL_EXCLUDES = PROJECT_SKILL_FOLDERS.flatMap((folder) => PACK_SKILLS.map((skill) => `/${folder}/${skill}/`));

/** An opencode.json that holds nothing but what the installer writes (its `$schema` and "share": "disabled"). */
export function isInstallerOpenCodeConfig(text: string): boolean {
  const config = parseOpenCodeConfig(text) as Record<string, unknown> | undefined;
  return config !== undefined && config.share === 'disabled' && Object.keys(config).every((key) => key === 'share' || key === '$schema');
}

interface OpenCodeConfig {
  share?: unknown;
  plugin?: unknown;
}

/**
 * True when OpenCode's configuration (OPENCODE_CONFIG_CONTENT, the project's
 * opencode.json(c) up to the git root, .opencode/opencode.json, the global
 * one, or our plugin) disables sharing; false when none does; undefined when a
 * configuration cannot be read.
 */
export function sharingDisabled(cwd: string, env: NodeJS.ProcessEnv): boolean | undefined {
  const configs: Array<OpenCodeConfig | undefined> = [];
  if (env.OPENCODE_CONFIG_CONTENT) configs.push(parseOpenCodeConfig(env.OPENCODE_CONFIG_CONTENT));
  const files = [...projectConfigFiles(cwd), ...(env.OPENCODE_CONFIG ? [env.OPENCODE_CONFIG] : []), ...globalConfigFiles(env)];
  for (const file of files) if (existsSync(file)) configs.push(parseOpenCodeConfig(readFileSync(file, 'utf8')));
  // The most specific configuration that sets `share` decides; our plugin forces it off.
  if (
    configs.some((config) => Array.isArray(config?.plugin) && config.plugin.some((entry) => String(Array.isArray(entry) ? entry[0] : entry).includes(PACKAGE)))
  )
    return true;
  for (const config of configs) {
    if (config === undefined) return undefined;
    if (config.share !== undefined) return config.share === 'disabled';
  }
  return false;
}

function projectConfigFiles(cwd: string): string[] {
  const files: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    files.push(join(dir, '.opencode', 'opencode.json'), join(dir, '.opencode', 'opencode.jsonc'), join(dir, 'opencode.json'), join(dir, 'opencode.jsonc'));
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return files;
  }
}

function globalConfigFiles(env: NodeJS.ProcessEnv): string[] {
  const config = join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'opencode');
  return [join(config, 'opencode.json'), join(config, 'opencode.jsonc')];
}

/** An OpenCode configuration: JSON, or JSONC without its comments and trailing commas; undefined when it is neither, or not an object. */
export function parseOpenCodeConfig(text: string): OpenCodeConfig | undefined {
  const withoutComments = text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_match, string: string | undefined) => string ?? '');
  try {
    const value = JSON.parse(withoutComments.replace(/,(\s*[}\]])/g, '$1')) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as OpenCodeConfig) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when git ignores the path, false when it would be committed, undefined outside a repository (or without git).
 * Asynchronous: git runs on another core while the program reads the note.
 */
export async function ignoredByGit(path: string, cwd: string): Promise<boolean | undefined> {
  // Loaded here: most runs of the programs that import this file never start git (`recuperer --help`, `list`: ~2 ms).
  const { spawn } = await import('node:child_process');
  return new Promise((resolve) => {
    const git = spawn('git', ['check-ignore', '-q', '--', path], { cwd, stdio: 'ignore' });
    // 0: ignored; 1: not ignored; 128: not a repository; an error: no git.
    git.on('error', () => resolve(undefined));
    git.on('close', (status) => resolve(status === 0 ? true : status === 1 ? false : undefined));
  });
}
