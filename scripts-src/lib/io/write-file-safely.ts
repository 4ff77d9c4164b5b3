import { randomBytes } from 'node:crypto';
import { link, mkdir, open, realpath, rename, unlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { fail } from '../messages/failure.js';

/**
 * Writes data so that the file is never seen half-written and nothing is
 * overwritten by accident: a private temporary file is written and synced, then
 * hard-linked to the target (which fails if the target exists, symlink
 * included) or, with `force`, renamed over it (which replaces a symlink rather
 * than writing through it). With `within`, the file's folder must resolve inside
 * that folder: a default destination never leads elsewhere through a symlink.
 */
export async function writeFileSafely(path: string, data: Buffer, options: { force: boolean; within?: string }): Promise<void> {
  const directory = dirname(path);
  // Created owner-only: what is fetched is someone else's work in progress.
  await mkdir(directory, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
    throw fail('ecriture-impossible', { path: directory, code: (error as { code?: string }).code ?? 'erreur inconnue' });
  });
  if (options.within !== undefined) await requireWithin(directory, options.within, path);
  const temporary = join(directory, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.force) {
      await rename(temporary, path);
    } else {
      await link(temporary, path);
      await unlink(temporary);
    }
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    const code = (error as { code?: string }).code;
    if (code === 'EEXIST') throw fail('fichier-existe', { path, option: '--force' });
    throw fail('ecriture-impossible', { path, code: code ?? 'erreur inconnue' });
  }
}

async function requireWithin(directory: string, root: string, target: string): Promise<void> {
  const [real, realRoot] = await Promise.all([realpath(directory), realpath(root)]);
  const path = relative(realRoot, real);
  if (path.startsWith('..') || isAbsolute(path)) {
    throw fail('sortie-hors-dossier-courant', { path: target });
  }
}
