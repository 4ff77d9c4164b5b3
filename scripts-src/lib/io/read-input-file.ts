import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { Failure, fail } from '../messages/failure.js';

/** Largest note accepted: a handoff note is a few kilobytes. */
export const MAX_NOTE_BYTES = 1024 * 1024;
/** Largest session export accepted (`opencode export` of a long session). */
export const MAX_SESSION_BYTES = 32 * 1024 * 1024;
/** Largest work in progress carried with a note (`publier --modifs`): a patch of uncommitted changes, not a repository. */
export const MAX_CHANGES_BYTES = 5 * 1024 * 1024;

/**
 * Reads a whole regular file. Refuses directories, FIFOs and devices before
 * reading (a FIFO would block the agent), empty files and files over the limit.
 */
export async function readInputFile(path: string, what: string, maxBytes: number): Promise<Buffer> {
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw fileError(error, what, path);
  }
  try {
    const stats = await handle.stat();
    const file = { what, path };
    if (stats.isDirectory()) throw fail('fichier-dossier', file);
    if (!stats.isFile()) throw fail('fichier-special', file);
    if (stats.size === 0) throw fail('fichier-vide', file);
    if (stats.size > maxBytes) throw fail('fichier-trop-gros', { ...file, size: stats.size, max: maxBytes });
    const data = await handle.readFile();
    if (data.length > maxBytes) throw fail('fichier-trop-gros', { ...file, size: data.length, max: maxBytes });
    return data;
  } catch (error) {
    throw error instanceof Failure ? error : fileError(error, what, path);
  } finally {
    await handle.close();
  }
}

function fileError(error: unknown, what: string, path: string): Failure {
  const code = (error as { code?: string }).code ?? 'erreur inconnue';
  if (code === 'ENOENT') return fail('fichier-introuvable', { what, path });
  if (code === 'EISDIR') return fail('fichier-dossier', { what, path });
  return fail('fichier-illisible', { what, path, code });
}
