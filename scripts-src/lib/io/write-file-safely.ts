import { randomBytes } from 'node:crypto';
import { constants, existsSync, type Stats } from 'node:fs';
import { type FileHandle, link, lstat, mkdir, open, realpath, rename, unlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { Failure, fail } from '../messages/failure.js';

const { O_CREAT, O_DIRECTORY, O_EXCL, O_NOFOLLOW, O_RDONLY, O_WRONLY } = constants;
const MY_UID = process.getuid?.();
/**
 * On Linux, `/proc/self/fd/<n>/<name>` names <name> inside the folder open as
 * descriptor n, whatever has since taken the folder's path: Node's openat. Elsewhere
 * the folder's path is used, and the re-check after writing catches a swap.
 */
let throughDescriptor: boolean | undefined;

/**
 * Writes data so that the file is never seen half-written and nothing is
 * overwritten by accident: a private temporary file is created (O_EXCL,
 * O_NOFOLLOW), written and synced, then hard-linked to the target (which fails
 * if the target exists, symlink included) or, with `force`, renamed over it
 * (which replaces a symlink rather than writing through it). Everything goes
 * through a handle on the folder, opened and checked once; after writing, the
 * folder's path must still lead to that same folder, or what was written is
 * removed and the write refused.
 *
 * With `within` (the default destination under partage/), every folder between
 * `within` and the file must be a real folder (no symlink), made owner-only when
 * absent, and the folder written into must belong to the user and be writable by
 * nobody else: a `partage/` someone else prepared could swap the note under `lire`.
 */
export async function writeFileSafely(path: string, data: Buffer, options: { force: boolean; within?: string }): Promise<void> {
  const directory = dirname(path);
  if (options.within !== undefined) await prepareWithin(directory, options.within, path);
  // Created owner-only: what is fetched is someone else's work in progress.
  else
    await mkdir(directory, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      throw fail('ecriture-impossible', { path: directory, code: (error as { code?: string }).code ?? 'erreur inconnue' });
    });
  let folder: FileHandle;
  try {
    folder = await open(directory, O_RDONLY | O_DIRECTORY | (options.within !== undefined ? O_NOFOLLOW : 0));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ELOOP') throw fail('sortie-hors-dossier-courant', { path });
    throw fail('ecriture-impossible', { path, code: code ?? 'erreur inconnue' });
  }
  try {
    const before = await folder.stat();
    if (options.within !== undefined) requirePrivate(before, path);
    throughDescriptor ??= existsSync(`/proc/self/fd/${folder.fd}`);
    const base = throughDescriptor ? `/proc/self/fd/${folder.fd}` : directory;
    const target = join(base, basename(path));
    const temporary = join(base, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
    await writeThrough(temporary, target, data, options.force, path);
    // The folder's path must still lead to the folder written through; otherwise the note is not where the user will look.
    const after = await lstat(directory).catch(() => undefined);
    const moved = !after || after.ino !== before.ino || after.dev !== before.dev || (options.within !== undefined && !after.isDirectory());
    if (moved || (options.within !== undefined && !(await isWithin(directory, options.within)))) {
      await unlink(target).catch(() => undefined);
      throw fail('sortie-hors-dossier-courant', { path });
    }
  } finally {
    await folder.close();
  }
}

async function writeThrough(temporary: string, target: string, data: Buffer, force: boolean, shown: string): Promise<void> {
  try {
    const handle = await open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (force) {
      await rename(temporary, target);
    } else {
      await link(temporary, target);
      await unlink(temporary);
    }
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    if (error instanceof Failure) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'EEXIST') throw fail('fichier-existe', { path: shown, option: '--force' });
    throw fail('ecriture-impossible', { path: shown, code: code ?? 'erreur inconnue' });
  }
}

/**
 * Every folder from `root` down to `directory`: a real folder (a link is
 * refused, never followed), made 0700 when absent.
 */
async function prepareWithin(directory: string, root: string, target: string): Promise<void> {
  const path = relative(root, directory);
  if (path.startsWith('..') || isAbsolute(path)) throw fail('sortie-hors-dossier-courant', { path: target });
  let current = root;
  for (const name of path === '' ? [] : path.split(sep)) {
    current = join(current, name);
    let info = await lstat(current).catch(() => undefined);
    if (!info) {
      await mkdir(current, { mode: 0o700 }).catch((error: { code?: string }) => {
        if (error.code !== 'EEXIST') throw fail('ecriture-impossible', { path: current, code: error.code ?? 'erreur inconnue' });
      });
      info = await lstat(current);
    }
    if (info.isSymbolicLink()) throw fail('sortie-hors-dossier-courant', { path: target });
    if (!info.isDirectory()) throw fail('ecriture-impossible', { path: target, code: 'ENOTDIR' });
  }
}

/** The folder written into by default is the user's own and nobody else writes in it. */
function requirePrivate(info: Stats, target: string): void {
  if (MY_UID !== undefined && info.uid !== MY_UID) throw fail('partage-non-sur', { path: target, why: 'proprietaire' });
  if ((info.mode & 0o022) !== 0) throw fail('partage-non-sur', { path: target, why: 'modifiable' });
}

async function isWithin(directory: string, root: string): Promise<boolean> {
  const [real, realRoot] = await Promise.all([realpath(directory), realpath(root)]);
  const path = relative(realRoot, real);
  return !(path.startsWith('..') || isAbsolute(path));
}
