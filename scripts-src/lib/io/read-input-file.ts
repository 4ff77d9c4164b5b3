import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { CliError, UsageError } from '../cli/errors.js';
import { ExitCode } from '../cli/exit-code.js';
import { quoteForMessage } from '../text/quote.js';

/** Largest note accepted: a handoff note is a few kilobytes. */
export const MAX_NOTE_BYTES = 1024 * 1024;
/** Largest session export accepted (`opencode export` of a long session). */
export const MAX_SESSION_BYTES = 32 * 1024 * 1024;

/**
 * Reads a whole regular file. Refuses directories, FIFOs and devices before
 * reading (a FIFO would block the agent), empty files and files over the limit.
 */
export async function readInputFile(path: string, what: string, maxBytes: number): Promise<Buffer> {
  const shown = quoteForMessage(path);
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw fileError(error, what, shown);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw new UsageError(`${what} ${shown} est un dossier, pas un fichier`, FILE_HINT);
    if (!stats.isFile()) throw new UsageError(`${what} ${shown} n’est pas un fichier ordinaire`, FILE_HINT);
    if (stats.size === 0) throw new UsageError(`${what} ${shown} est vide`, 'Vérifiez que c’est le bon fichier, et qu’il a bien été enregistré.');
    if (stats.size > maxBytes) {
      throw new UsageError(`${what} ${shown} est trop gros : ${stats.size} octets, maximum ${maxBytes}`, TOO_BIG_HINT);
    }
    const data = await handle.readFile();
    if (data.length > maxBytes) throw new UsageError(`${what} ${shown} est trop gros (maximum ${maxBytes} octets)`, TOO_BIG_HINT);
    return data;
  } catch (error) {
    throw error instanceof CliError ? error : fileError(error, what, shown);
  } finally {
    await handle.close();
  }
}

const FILE_HINT = 'Donnez le chemin d’un fichier ordinaire (relatif au dossier courant, ou absolu).';
const TOO_BIG_HINT = 'Une note tient en quelques kilo-octets : résumez les sorties longues ; un export de session se fait avec opencode export --sanitize.';

function fileError(error: unknown, what: string, shown: string): CliError {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return new CliError(`${what} ${shown} est introuvable`, ExitCode.NotFound, 'Vérifiez le chemin : il est relatif au dossier courant.');
  if (code === 'EISDIR') return new UsageError(`${what} ${shown} est un dossier, pas un fichier`, FILE_HINT);
  if (code === 'EACCES' || code === 'EPERM')
    return new UsageError(
      `${what} ${shown} est illisible (droits insuffisants)`,
      'Vérifiez ses droits (ls -l) : il doit être lisible par l’utilisateur qui lance le programme.',
    );
  return new UsageError(`${what} ${shown} ne peut pas être lu (${code ?? 'erreur inconnue'})`, FILE_HINT);
}
