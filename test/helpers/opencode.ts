/**
 * The real OpenCode, pinned. It is not a devDependency (its lockfile entry would
 * lack other platforms' optional packages and break `npm ci` elsewhere): the
 * test harness uses an `opencode` of this version on PATH, or installs it once
 * into a cache folder outside the repository (cached-tool.ts).
 */
import { execFile } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureCachedTool } from './cached-tool.js';

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
  return ensureCachedTool(`opencode-ai@${OPENCODE_VERSION}`, `opencode-${OPENCODE_VERSION}`, join('.bin', 'opencode'), log);
}
