import { statSync } from 'node:fs';
import { readingJson, renderReading } from '../lib/cli/report.js';
import { type Program, printJson, runProgram } from '../lib/cli/run.js';
import { MAX_CHANGES_BYTES, MAX_NOTE_BYTES, readInputFile } from '../lib/io/read-input-file.js';
import { fail } from '../lib/messages/failure.js';
import { lireCommandLine } from './command-lines/lire.js';

const program: Program = {
  commandLine: lireCommandLine,
  async main({ positionals, values, json }) {
    const [path, directory] = positionals as [string, string | undefined];
    if (directory !== undefined && values.depot !== true) throw fail('dossier-sans-depot', { path: directory });
    const changesPath = values.modifs as string | undefined;
    if (changesPath !== undefined && values.depot !== true) throw fail('modifs-sans-depot');
    const repository = values.depot === true ? repositoryFolder(directory ?? '.') : undefined;
    const data = await readInputFile(path, 'la note', MAX_NOTE_BYTES);
    const changes =
      changesPath === undefined ? undefined : { file: changesPath, bytes: await readInputFile(changesPath, 'le fichier des modifications', MAX_CHANGES_BYTES) };
    // Loaded once there is a note to read: --help and a refused file never pay for the guards.
    const { excerptOf, frameUntrusted, inspectNote } = await import('../lib/guards.js');
    const text = data.toString('utf8');
    const reading = inspectNote(data);
    // git runs only when asked (--depot).
    const state =
      repository === undefined ? undefined : (await import('../lib/cli/repository-report.js')).reportRepository(text, repository, excerptOf, changes);
    const framed = frameUntrusted(text, path);
    if (json) printJson({ fichier: path, ...readingJson(reading), ...(state ? { etat_depot: state.json } : {}), cadre: framed });
    else process.stdout.write(`${renderReading(reading)}${state ? `\n${state.text}` : ''}\n${framed}`);
  },
};

function repositoryFolder(path: string): string {
  try {
    if (statSync(path).isDirectory()) return path;
  } catch {
    // Reported below, like a folder that is a file.
  }
  throw fail('depot-introuvable', { path });
}

void runProgram(program);
