import { checkEncoding, checkNote } from '../lib/checks/check-note.js';
import { type CheckReport, refusing, secretProblems } from '../lib/checks/problem.js';
import { UsageError } from '../lib/cli/errors.js';
import { ExitCode } from '../lib/cli/exit-code.js';
import { readingJson, renderReport, renderSenderAlerts, reportJson } from '../lib/cli/report.js';
import { exitCodesSection, type Program, parseCommandLine, printJson, runProgram } from '../lib/cli/run.js';
import { JsonSyntaxError } from '../lib/io/json-walk.js';
import { MAX_NOTE_BYTES, MAX_SESSION_BYTES, readInputFile } from '../lib/io/read-input-file.js';
import { findSecrets, findSecretsInJson } from '../lib/secrets/find-secrets.js';
import { readNote } from '../lib/untrusted/read-untrusted.js';

const HELP = `Usage : verifier <note>… [--json]
        verifier --secrets <fichier>… [--json]

Vérifie une note de passation avant de la partager, comme publier le fera :
  - l’en-tête YAML se lit et contient titre, auteur, equipe, date, resume ;
  - les neuf rubriques sont présentes et dans l’ordre (Objectif, État, Décisions
    et raisons, Écarts et corrections, Impasses, Fichiers clés, Commandes utiles,
    Reste à faire, Conditions) ;
  - aucun secret (clé, jeton, mot de passe, URL authentifiée, clé privée…) ;
  - aucun chemin personnel absolu (/home/<nom>/, /Users/<nom>/, C:\\Users\\<nom>\\) ;
  - aucun bloc de code de plus de 10 lignes (sortie brute de commande).
Chaque problème donne la règle, la ligne et un extrait masqué, jamais le secret.
La note est aussi lue comme son lecteur la lira : ses alertes (texte qui
semble diriger l’agent du lecteur, contenu caché) sont affichées, sans refus.
Un faux positif s’accepte en ajoutant <!-- contexte:autorise --> sur sa ligne ;
le rapport compte les constats acceptés.

Options :
  --secrets   seulement la recherche de secrets, sur une note ou un export JSON
              (chaque chaîne est examinée ; le chemin JSON est indiqué)
  --json      affiche { fichier, ok, problemes: [{ regle, message, ligne, chemin,
              extrait, accepte }], acceptes, alertes, vigilance } (alertes et
              vigilance : ce que la lecture signalera, voir lire --help ; absents
              avec --secrets) ; pour plusieurs fichiers, un tableau de ces objets
  --version   affiche la version
  -h, --help  affiche cette aide

Limites : note 1 Mio, fichier examiné par --secrets 32 Mio.

${exitCodesSection([ExitCode.Success, ExitCode.Refused, ExitCode.Usage, ExitCode.NotFound], {
  [ExitCode.Success]: 'aucun problème (les alertes pour le lecteur ne changent pas le code)',
  [ExitCode.Refused]: 'au moins un problème non accepté (secret, en-tête, rubriques, chemin personnel, bloc trop long)',
  [ExitCode.Usage]: 'erreur d’utilisation : argument ou fichier invalide (dossier, vide, trop gros)',
  [ExitCode.NotFound]: 'fichier introuvable',
})}
`;

const program: Program = {
  name: 'verifier',
  help: HELP,
  async main(argv) {
    const { values, positionals } = parseCommandLine(argv, {
      secrets: { type: 'boolean' },
      json: { type: 'boolean' },
    });
    if (positionals.length === 0) throw new UsageError('fichier manquant', 'Usage : verifier <note>… | verifier --secrets <fichier>…');
    const secretsOnly = values.secrets === true;
    const results = [];
    for (const path of positionals) results.push({ path, ...(await verify(path, secretsOnly)) });
    if (values.json) {
      const shown = results.map(({ path, report, reading }) => ({ ...reportJson(path, report), ...(reading ? readingJson(reading) : {}) }));
      // One file: the object, as always; several: one object each.
      printJson(shown.length === 1 ? shown[0] : shown);
    } else process.stdout.write(results.map(({ path, report, reading }) => renderReport(path, report) + (reading ? renderSenderAlerts(reading) : '')).join(''));
    return results.some(({ report }) => refusing(report).length > 0) ? ExitCode.Refused : ExitCode.Success;
  },
};

async function verify(path: string, secretsOnly: boolean) {
  const data = await readInputFile(path, secretsOnly ? 'le fichier' : 'la note', secretsOnly ? MAX_SESSION_BYTES : MAX_NOTE_BYTES);
  const encoding = secretsOnly ? [] : checkEncoding(data);
  const report: CheckReport = secretsOnly ? await secretsReport(data) : encoding.length > 0 ? { problems: encoding } : await checkNote(data.toString('utf8'));
  // What the reader's guard will say about this note: reported to the author, never a reason to refuse.
  const reading = secretsOnly || encoding.length > 0 ? undefined : readNote(data.toString('utf8'));
  return { report, reading };
}

/** A JSON document is scanned string by string; anything else (or invalid JSON) as text. */
async function secretsReport(data: Buffer): Promise<CheckReport> {
  const text = data.toString('utf8');
  if (/^\s*[[{]/.test(text)) {
    try {
      return { problems: secretProblems(await findSecretsInJson(data)) };
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
    }
  }
  return { problems: secretProblems(await findSecrets(text)) };
}

void runProgram(program);
