/**
 * The one way our programs run git: fixed arguments, a fixed environment and
 * a time limit. What a note says (a commit, paths) reaches git only as data:
 * after `--end-of-options` or `--`, with pathspec magic off. Git's own
 * configuration cannot start a pager, a hook, an fsmonitor, an external diff
 * or a text conversion from here (diff commands add `--no-ext-diff --no-textconv`), and no `GIT_DIR`, `GIT_WORK_TREE`,
 * `GIT_INDEX_FILE` or `GIT_CONFIG*` of the caller's environment is passed on.
 */
import { spawnSync } from 'node:child_process';

/** Longer than any of our read-only questions takes on a large repository. */
const TIMEOUT_MS = 10_000;
/** More than the names our questions print (paths of at most a few hundred files). */
const MAX_OUTPUT = 4 * 1024 * 1024;

/** Options that switch off whatever git could run or show on its own. */
const SAFE_OPTIONS = [
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.pager=cat',
  '-c',
  'core.quotePath=false',
  '--no-pager',
  '--literal-pathspecs',
];

/** Variables that would point git elsewhere or change how it reads what we give it. */
const DROPPED =
  /^GIT_(?:DIR|WORK_TREE|INDEX_FILE|OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES|COMMON_DIR|NAMESPACE|CEILING_DIRECTORIES|CONFIG\w*|EXTERNAL_DIFF|PAGER|EDITOR|SSH\w*|ASKPASS|EXEC_PATH|TRACE\w*|\w*PATHSPECS)$/;

export function gitEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const kept = Object.fromEntries(Object.entries(env).filter(([name]) => !DROPPED.test(name)));
  return {
    ...kept,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    LC_ALL: 'C',
  };
}

export type GitResult = { ok: true; stdout: string; bytes: Buffer } | { ok: false; reason: 'no-git' | 'failed' | 'timeout' | 'too-big'; bytes?: undefined };

/**
 * Runs `git <args>` in `cwd`; never throws, never shows git's own messages (they
 * may quote what it was given). Output beyond `maxBytes` is `too-big`.
 */
export function runGit(args: string[], cwd: string, maxBytes = MAX_OUTPUT): GitResult {
  const result = spawnSync('git', [...SAFE_OPTIONS, ...args], {
    cwd,
    env: gitEnvironment(),
    timeout: TIMEOUT_MS,
    killSignal: 'SIGKILL',
    maxBuffer: maxBytes,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  if (result.error !== undefined) {
    const code = (result.error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ENOENT' ? 'no-git' : code === 'ETIMEDOUT' ? 'timeout' : code === 'ENOBUFS' ? 'too-big' : 'failed' };
  }
  if (result.signal !== null) return { ok: false, reason: 'timeout' };
  return result.status === 0 ? { ok: true, stdout: result.stdout.toString('utf8'), bytes: result.stdout } : { ok: false, reason: 'failed' };
}
