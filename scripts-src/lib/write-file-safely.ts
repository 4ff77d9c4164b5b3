import { randomBytes } from 'node:crypto';
import { link, mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CliError, UsageError } from './errors.js';
import { ExitCode } from './exit-code.js';
import { quoteForMessage } from './keys.js';

/**
 * Writes data so that the file is never seen half-written and nothing is
 * overwritten by accident: a private temporary file is written and synced, then
 * hard-linked to the target (which fails if the target exists, symlink
 * included) or, with `force`, renamed over it (which replaces a symlink rather
 * than writing through it).
 */
export async function writeFileSafely(path: string, data: Buffer, options: { force: boolean }): Promise<void> {
  const shown = quoteForMessage(path);
  const directory = dirname(path);
  await mkdir(directory, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
    throw new UsageError(`impossible de créer le dossier de ${shown} (${(error as { code?: string }).code ?? 'erreur'})`);
  });
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
    if (code === 'EEXIST') {
      throw new CliError(`le fichier ${shown} existe déjà : rien n’a été écrasé`, ExitCode.Conflict, 'Choisissez un autre fichier, ou ajoutez --force pour le remplacer.');
    }
    if (code === 'EISDIR') throw new UsageError(`${shown} est un dossier`);
    throw new UsageError(`impossible d’écrire ${shown} (${code ?? 'erreur inconnue'})`);
  }
}
