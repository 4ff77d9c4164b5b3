/**
 * The programs as they were when the round of performance work began (BEFORE_COMMIT), run by the bench beside
 * today's, in the same rounds: a before/after per row that the machine's speed of the day does not blur (this VM's
 * floor varied from 26 to 71 ms between runs). The programs are committed, so they are taken from git as they were
 * shipped; the guards measured in process are bundled from that commit's sources, as bench/run.ts bundles today's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { programPaths, repoRoot } from '../test/helpers/run-program.js';
import { writeGuardsProgram } from './guards-program.js';

/** Where issue 40 (the secret guard on the shared word cut) started: the bench results it quotes. */
export const BEFORE_COMMIT = 'bd4af96';

export interface BeforePrograms {
  commit: string;
  /** The four programs of the skills, at BEFORE_COMMIT. */
  paths: typeof programPaths;
  /** bench/guards-in-process.ts of BEFORE_COMMIT, bundled and wrapped as a program. */
  guards: string;
}

/** BEFORE_COMMIT's programs, written under `work`; undefined (and why, on the console) when git cannot give them. */
export async function beforePrograms(work: string): Promise<BeforePrograms | undefined> {
  const dir = join(work, 'avant');
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync('git', ['-C', repoRoot, 'archive', BEFORE_COMMIT, 'skills', 'scripts-src', 'bench/guards-in-process.ts'], {
    maxBuffer: 256 * 1024 * 1024,
  });
  if (archive.status !== 0) {
    console.log(`Avant : le commit ${BEFORE_COMMIT} est absent de ce clone (clone superficiel ?) : pas de colonne « avant ».`);
    return undefined;
  }
  const unpacked = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (unpacked.status !== 0) throw new Error(`tar : ${unpacked.stderr.toString()}`);
  const paths = Object.fromEntries(Object.entries(programPaths).map(([name, path]) => [name, join(dir, path.slice(repoRoot.length))])) as typeof programPaths;
  for (const path of Object.values(paths)) if (!existsSync(path)) throw new Error(`programme absent de ${BEFORE_COMMIT} : ${path}`);
  const guards = await writeGuardsProgram(join(dir, 'bench', 'guards-in-process.ts'), join(dir, 'gardes.js'), 'gardes-avant', {
    nodePaths: [join(repoRoot, 'node_modules')],
    define: { CONTEXTE_VERSION: JSON.stringify(BEFORE_COMMIT) },
  });
  return { commit: BEFORE_COMMIT, paths, guards };
}
