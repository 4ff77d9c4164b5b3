/**
 * The real OpenCode, pinned. It is not a devDependency (its lockfile entry would
 * lack other platforms' optional packages and break `npm ci` elsewhere): the
 * test harness uses an `opencode` of this version on PATH, or installs it once
 * into a cache folder outside the repository.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const OPENCODE_VERSION = '1.18.33';
const run = promisify(execFile);

async function versionOf(command: string): Promise<string | undefined> {
  try {
    const { stdout } = await run(command, ['--version'], { timeout: 30_000, env: { ...process.env, HOME: homedir() } });
    return stdout.trim();
  } catch {
    return undefined;
  }
}

/** Returns the path of an `opencode` binary of the pinned version, installing it if needed. */
export async function ensureOpencode(log: (line: string) => void): Promise<string> {
  if ((await versionOf('opencode')) === OPENCODE_VERSION) {
    log(`OpenCode ${OPENCODE_VERSION} : celui du PATH`);
    return 'opencode';
  }
  const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'contexte-skills', `opencode-${OPENCODE_VERSION}`);
  const binary = join(cache, 'node_modules', '.bin', 'opencode');
  if (!existsSync(binary) || (await versionOf(binary)) !== OPENCODE_VERSION) {
    log(`OpenCode ${OPENCODE_VERSION} : installation dans ${cache} (une fois)`);
    await run('npm', ['install', '--prefix', cache, '--no-save', '--no-audit', '--no-fund', `opencode-ai@${OPENCODE_VERSION}`], { timeout: 200_000 });
  } else {
    log(`OpenCode ${OPENCODE_VERSION} : ${binary}`);
  }
  return binary;
}
