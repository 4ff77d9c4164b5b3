/**
 * Runs a bundled program the way the agent's bash tool does: `node <pack>/scripts/x.js`,
 * a separate process, with only the environment we give it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const packDir = `${repoRoot}skills`;

export const adminPath = `${repoRoot}dist/admin.js`;

export const programPaths = {
  verifier: `${packDir}/partager-contexte/scripts/verifier.js`,
  lire: `${packDir}/reprendre-contexte/scripts/lire.js`,
  publier: `${packDir}/publier-contexte/scripts/publier.js`,
  recuperer: `${packDir}/recuperer-contexte/scripts/recuperer.js`,
} as const;

/** Every built program by name: the four of the skills, the platform team's admin, and the installer. */
export const allProgramPaths = { ...programPaths, admin: adminPath, 'contexte-skills': `${repoRoot}dist/contexte-skills.js` } as const;

let state: string | undefined;
const stateHome = () => (state ??= mkdtempSync(join(tmpdir(), 'contexte-etat-')));

/**
 * A Unix account as people have it: its own primary group, its supplementary
 * groups (a box's group among them) and a umask. Node's `uid`/`gid` options drop
 * supplementary groups; `setpriv --init-groups` keeps them, as a login does.
 */
export interface Login {
  user: string;
  umask?: number;
}

/** The command and arguments that run `script` with Node, as `login` when given. */
function commandFor(script: string, args: string[], login?: Login): [string, string[]] {
  if (!login) return [process.execPath, [script, ...args]];
  const gid = execFileSync('id', ['-g', login.user], { encoding: 'utf8' }).trim();
  const umask = (login.umask ?? 0o022).toString(8).padStart(3, '0');
  return ['setpriv', ['--reuid', login.user, '--regid', gid, '--init-groups', 'sh', '-c', `umask ${umask}; exec "$0" "$@"`, process.execPath, script, ...args]];
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall time in milliseconds. */
  elapsed: number;
}

export function runScript(
  script: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number; as?: { uid: number; gid: number }; login?: Login } = {},
): Promise<RunResult> {
  const started = performance.now();
  const [command, argv] = commandFor(script, args, options.login);
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, {
      cwd: options.cwd,
      // A minimal environment: no Redis variable leaks in from the developer's shell, and the
      // default folder mailbox lives in a temporary state folder, never in the developer's.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', XDG_STATE_HOME: stateHome(), ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Another Unix user (the folder tests' teammate): its primary group is the only group it keeps.
      ...(options.as ?? {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, elapsed: performance.now() - started });
    });
  });
}

export const admin = (args: string[], options?: Parameters<typeof runScript>[2]) => runScript(adminPath, args, options);
export const lire = (args: string[], options?: Parameters<typeof runScript>[2]) => runScript(programPaths.lire, args, options);
export const verifier = (args: string[], options?: Parameters<typeof runScript>[2]) => runScript(programPaths.verifier, args, options);
export const publier = (args: string[], options?: Parameters<typeof runScript>[2]) => runScript(programPaths.publier, args, options);
export const recuperer = (args: string[], options?: Parameters<typeof runScript>[2]) => runScript(programPaths.recuperer, args, options);

export interface Waiting {
  /** Resolves once `attendre` says it listens: from then on, a publication must end the wait. */
  listening: Promise<void>;
  done: Promise<RunResult>;
  /** Ctrl-C: SIGINT, as a terminal sends it. */
  interrupt(): void;
  /** Ctrl-Z and `fg` (SIGSTOP, SIGCONT): what happens meanwhile is seen at once when it runs again, in one listing. */
  pause(): void;
  resume(): void;
}

/** `recuperer attendre …`, started in the background: the test publishes once it listens. */
export function attendre(args: string[], env: Record<string, string>, cwd?: string, login?: Login): Waiting {
  const started = performance.now();
  const [command, argv] = commandFor(programPaths.recuperer, ['attendre', ...args], login);
  const child = spawn(command, argv, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', XDG_STATE_HOME: stateHome(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let heard!: () => void;
  const listening = new Promise<void>((resolve) => (heard = resolve));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.includes('En attente d’une nouvelle note')) heard();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const done = new Promise<RunResult>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      heard();
      resolve({ code, stdout, stderr, elapsed: performance.now() - started });
    }),
  );
  return { listening, done, interrupt: () => child.kill('SIGINT'), pause: () => child.kill('SIGSTOP'), resume: () => child.kill('SIGCONT') };
}
