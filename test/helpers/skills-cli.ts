/**
 * The `skills` CLI (`npx skills add …`), pinned to the last line that runs on
 * Node 20. Like OpenCode, it is not a devDependency: it is installed once into a
 * cache folder outside the repository.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const SKILLS_CLI_VERSION = '1.3.9';
const run = promisify(execFile);

/** The path of the CLI's entry point, installing it if needed. */
export async function ensureSkillsCli(log: (line: string) => void): Promise<string> {
  const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'contexte-skills', `skills-${SKILLS_CLI_VERSION}`);
  const entry = join(cache, 'node_modules', 'skills', 'bin', 'cli.mjs');
  if (!existsSync(entry)) {
    log(`skills ${SKILLS_CLI_VERSION} : installation dans ${cache} (une fois)`);
    await run('npm', ['install', '--prefix', cache, '--no-save', '--no-audit', '--no-fund', `skills@${SKILLS_CLI_VERSION}`], { timeout: 200_000 });
  } else {
    log(`skills ${SKILLS_CLI_VERSION} : ${entry}`);
  }
  return entry;
}
