/**
 * The real tools the tests drive but the project does not depend on (OpenCode,
 * the skills CLI, an old Node.js): each pinned, installed once with npm into
 * a cache folder outside the repository, never into package.json.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The path of `entry` inside the installed package `spec`, installing it into `~/.cache/contexte-skills/<folder>` the first time. */
export async function ensureCachedTool(spec: string, folder: string, entry: string, log: (line: string) => void): Promise<string> {
  const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'contexte-skills', folder);
  const path = join(cache, 'node_modules', entry);
  if (existsSync(path)) {
    log(`${spec} : ${path}`);
    return path;
  }
  log(`${spec} : installation dans ${cache} (une fois)`);
  await run('npm', ['install', '--prefix', cache, '--no-save', '--no-audit', '--no-fund', spec], { timeout: 200_000 });
  return path;
}
