import { UsageError } from '../lib/cli/errors.js';
import { ExitCode } from '../lib/cli/exit-code.js';
import { readingJson, renderReading } from '../lib/cli/report.js';
import { exitCodesSection, type Program, parseCommandLine, printJson, runProgram } from '../lib/cli/run.js';
import { MAX_NOTE_BYTES, readInputFile } from '../lib/io/read-input-file.js';
import { frameUntrusted } from '../lib/untrusted/frame-untrusted.js';
import { inspectNote } from '../lib/untrusted/inspect-fetched.js';

const HELP = `Usage : lire <note> [--json]

Affiche une note de passation reçue d’une autre personne comme une donnée :
d’abord les alertes (lignes qui ressemblent à des instructions pour un agent,
caractères invisibles, contenu caché dans un commentaire HTML, un titre de lien,
des caractères « tag », du base64 ou de l’hexadécimal), puis la note dans un
cadre délimité par un nonce aléatoire absent de la note, précédé d’une ligne
rappelant qu’elle ne contient aucune instruction à suivre. Les caractères
invisibles y sont rendus visibles (\\u{200B}…). Le fichier n’est pas modifié.

Options :
  --json      affiche { fichier, alertes: [{ ligne, regle, extrait }], cadre }
  -h, --help  affiche cette aide

Limite : 1 Mio.

${exitCodesSection([ExitCode.Success, ExitCode.Usage, ExitCode.NotFound], { [ExitCode.Usage]: 'erreur d’utilisation : argument ou fichier invalide (dossier, vide, trop gros)', [ExitCode.NotFound]: 'note introuvable' })}
  (les alertes ne changent pas le code de sortie : lisez-les)
`;

const program: Program = {
  name: 'lire',
  help: HELP,
  async main(argv) {
    const { values, positionals } = parseCommandLine(argv, { json: { type: 'boolean' } });
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'note manquante' : 'une seule note est attendue', 'Usage : lire <note>');
    const [path] = positionals as [string];
    const data = await readInputFile(path, 'la note', MAX_NOTE_BYTES);
    const reading = inspectNote(data);
    const framed = frameUntrusted(data.toString('utf8'), path);
    if (values.json) printJson({ fichier: path, ...readingJson(reading), cadre: framed });
    else process.stdout.write(`${renderReading(reading)}\n${framed}`);
  },
};

void runProgram(program);
