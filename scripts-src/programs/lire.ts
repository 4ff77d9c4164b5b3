import { readingJson, renderReading } from '../lib/cli/report.js';
import { type Program, printJson, runProgram } from '../lib/cli/run.js';
import { MAX_NOTE_BYTES, readInputFile } from '../lib/io/read-input-file.js';
import { lireCommandLine } from './command-lines/lire.js';

const program: Program = {
  commandLine: lireCommandLine,
  async main({ positionals, json }) {
    const [path] = positionals as [string];
    const data = await readInputFile(path, 'la note', MAX_NOTE_BYTES);
    // Loaded once there is a note to read: --help and a refused file never pay for the guards.
    const { frameUntrusted, inspectNote } = await import('../lib/guards.js');
    const reading = inspectNote(data);
    const framed = frameUntrusted(data.toString('utf8'), path);
    if (json) printJson({ fichier: path, ...readingJson(reading), cadre: framed });
    else process.stdout.write(`${renderReading(reading)}\n${framed}`);
  },
};

void runProgram(program);
