/**
 * The oldest Node.js the package claims (`engines`), to run the bundles on:
 * the `node` package of the npm registry pins a real Node binary. Installed
 * once into a cache folder outside the repository, like OpenCode.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const OLDEST_NODE_MAJOR = 18;
const run = promisify(execFile);

export async function ensureOldestNode(log: (line: string) => void): Promise<string> {
  const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'contexte-skills', `node-${OLDEST_NODE_MAJOR}`);
  const binary = join(cache, 'node_modules', '.bin', 'node');
  if (!existsSync(binary)) {
    log(`Node.js ${OLDEST_NODE_MAJOR} : installation dans ${cache} (une fois)`);
    await run('npm', ['install', '--prefix', cache, '--no-save', '--no-audit', '--no-fund', `node@${OLDEST_NODE_MAJOR}`], { timeout: 200_000 });
  } else {
    log(`Node.js ${OLDEST_NODE_MAJOR} : ${binary}`);
  }
  return binary;
}
