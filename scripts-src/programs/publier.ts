import { readNoteHeader } from '../lib/checks/note-header.js';
import { accepted, refusing } from '../lib/checks/problem.js';
import { type CheckedFile, checkPublication } from '../lib/checks/run-checks.js';
import { UsageError } from '../lib/cli/errors.js';
import { ExitCode } from '../lib/cli/exit-code.js';
import { formatMoment, readingJson, renderReport, renderSenderAlerts, reportJson } from '../lib/cli/report.js';
import { exitCodesSection, explainDenied, type Program, parseCommandLine, printJson, runProgram } from '../lib/cli/run.js';
import { MAX_NOTE_BYTES, MAX_SESSION_BYTES, readInputFile } from '../lib/io/read-input-file.js';
import type { Publication } from '../lib/mailbox/contract.js';
import { validateName } from '../lib/mailbox/keys.js';
import { openMailbox } from '../lib/mailbox/open.js';
import { formatDuration, parseTtl, parseTtlMax } from '../lib/mailbox/ttl.js';
import { SHARE_DISABLED, sharingDisabled } from '../lib/project-safety.js';
import { quoteForMessage } from '../lib/text/quote.js';
import { readNote } from '../lib/untrusted/read-untrusted.js';

const HELP = `Usage : publier <fichier> <equipe> <auteur> [session.json] [options]
        publier <fichier> <equipe>    (auteur = REDIS_USERNAME)

Publie une note de passation (et, en option, l’export de session
\`opencode export --sanitize\`) dans la boîte partagée, avec une durée de vie.
Avant toute connexion, la note passe les vérifications de \`verifier\` (en-tête
YAML, neuf rubriques dans l’ordre, aucun secret, aucun chemin personnel, aucun
bloc de plus de 10 lignes) et l’export doit être un export OpenCode expurgé
sans secret : au moindre problème, rien n’est publié. Une publication
n’écrase jamais une autre : une deuxième publication dans la même minute reçoit
sa propre clé (…-2, …-3).

Arguments :
  <fichier>        la note, par exemple CONTEXTE-2026-12-02-alice.md (1 Mio au plus)
  <equipe>         identifiant court : lettres ASCII, chiffres, . _ - (ex. catalogue)
  <auteur>         identifiant court, mêmes règles (ex. alice) ; par défaut
                   l’utilisateur Redis REDIS_USERNAME s’il est défini
  [session.json]   export de session expurgé (32 Mio au plus)

Options :
  --ttl <durée>    durée de vie : 3600 (secondes), 8h, 90min, 2j (défaut 8 h ;
                   maximum CONTEXTE_TTL_MAX, défaut 7 j)
  --non-expurge    accepte un export produit sans --sanitize (les secrets restent vérifiés)
  --version        affiche la version
  --json           affiche un objet JSON : cle, cle_session, ttl, ttl_max, expire_le,
                   commande_collegue (ce que le collègue lance pour récupérer la note),
                   octets, octets_session, boite, constats_acceptes, alertes,
                   vigilance (ce que la lecture signalera au lecteur) ; en cas de refus :
                   { refus: [{ fichier, ok, problemes, acceptes }] }
  -h, --help       affiche cette aide

Clés : contexte:<equipe>:<auteur>:<horodatage> et session:<equipe>:<auteur>:<horodatage>,
horodatage AAAAMMJJ-HHMM en UTC.

Boîte : Redis si REDIS_URL, REDIS_HOST ou REDIS_CLUSTER_NODES est défini (aussi
REDIS_PORT, REDISCLI_AUTH, REDIS_USERNAME, REDIS_TLS_CA) ; sinon le dossier
CONTEXTE_DIR (défaut ~/.local/state/contexte-skills/boite). CONTEXTE_TTL_MAX
borne la durée de vie ; la publication (ou le refus) est inscrite au journal.

${exitCodesSection([ExitCode.Success, ExitCode.Refused, ExitCode.Usage, ExitCode.NotFound, ExitCode.Unavailable, ExitCode.Denied, ExitCode.Conflict], {
  [ExitCode.Success]: 'publié',
  [ExitCode.Refused]: 'la note ou l’export a été refusé par une vérification : rien n’est publié',
  [ExitCode.NotFound]: 'note ou export introuvable',
  [ExitCode.Conflict]: 'aucune clé libre pour cette minute',
})}
`;

const program: Program = {
  name: 'publier',
  help: HELP,
  async main(argv, env) {
    const { values, positionals } = parseCommandLine(argv, {
      ttl: { type: 'string' },
      'non-expurge': { type: 'boolean' },
      json: { type: 'boolean' },
    });
    const defaultAuthor = env.REDIS_USERNAME || undefined;
    if (positionals.length > 4) throw new UsageError('trop d’arguments', 'Usage : publier <fichier> <equipe> <auteur> [session.json] (voir --help).');
    if (positionals.length === 2 && !defaultAuthor) {
      throw new UsageError(
        'auteur manquant : ni troisième argument, ni REDIS_USERNAME',
        'Donnez l’auteur : publier <fichier> <equipe> <auteur> (ou définissez REDIS_USERNAME, l’utilisateur Redis).',
      );
    }
    if (positionals.length < 2) {
      throw new UsageError(
        positionals.length === 0 ? 'fichier et équipe manquants' : 'équipe manquante',
        'Usage : publier <fichier> <equipe> <auteur> [session.json] (voir --help).',
      );
    }
    const [notePath, team, author = defaultAuthor!, sessionPath] = positionals as [string, string, string | undefined, string | undefined];
    validateName(team, 'equipe');
    validateName(author, 'auteur');
    const ttlMax = parseTtlMax(env.CONTEXTE_TTL_MAX);
    const ttlSeconds = parseTtl(values.ttl, ttlMax);

    const note = await readInputFile(notePath, 'la note', MAX_NOTE_BYTES);
    const session = sessionPath ? await readInputFile(sessionPath, 'l’export de session', MAX_SESSION_BYTES) : undefined;
    const noteText = note.toString('utf8');
    const header = readNoteHeader(noteText);
    const checked = await checkPublication({ path: notePath, bytes: note }, session && sessionPath ? { path: sessionPath, bytes: session } : undefined, {
      allowUnsanitized: values['non-expurge'] === true,
    });
    if (checked.some(({ report }) => refusing(report).length > 0)) {
      reportRefusal(checked, values.json === true);
      await journalRefusal(env, team, author, checked);
      return ExitCode.Refused;
    }
    // The note passed its checks, header included: the names it claims are valid, and must be the ones it is published under.
    for (const [field, claimed, given] of [
      ['auteur', header.author, author],
      ['equipe', header.team, team],
    ] as const) {
      if (claimed !== undefined && claimed !== given) {
        throw new UsageError(
          `l’en-tête de la note dit ${field} ${quoteForMessage(claimed, 64)}, la ligne de commande « ${given} » : rien n’a été publié`,
          `Corrigez le champ ${field} de l’en-tête, ou publiez sous le nom qu’il donne s’il est juste.`,
        );
      }
    }
    const acceptedCount = checked.reduce((sum, { report }) => sum + accepted(report).length, 0);
    const reading = readNote(noteText);

    const mailbox = await openMailbox(env);
    try {
      const publication = await explainDenied(
        mailbox.publish({ team, author, note, session, ttlSeconds, now: new Date(), summary: header.summary }),
        `publication refusée : l’utilisateur ${mailbox.user} n’a pas le droit d’écrire contexte:${team}:${author}:*`,
        'Un auteur ne publie que sous son propre nom et dans son équipe (droits ACL de la boîte).',
      );
      const sharing = sharingDisabled(process.cwd(), env) === false ? [SHARING_ON] : [];
      if (values.json) {
        const shown = readingJson(reading);
        printJson({
          cle: publication.noteKey,
          cle_session: publication.sessionKey ?? null,
          ttl: publication.ttlSeconds,
          ttl_max: ttlMax,
          expire_le: publication.expiresAt.toISOString(),
          octets: note.length,
          octets_session: session?.length ?? null,
          boite: mailbox.label,
          constats_acceptes: acceptedCount,
          commande_collegue: colleagueCommand(publication.noteKey),
          ...shown,
          vigilance: [...sharing.map((message) => ({ ligne: null, regle: 'partage-opencode', extrait: message })), ...shown.vigilance],
        });
      } else {
        process.stdout.write(renderPublication(publication, mailbox.label, ttlMax));
        process.stdout.write(`Pour le collègue (même boîte) : ${colleagueCommand(publication.noteKey)}\n`);
        if (acceptedCount > 0) process.stdout.write(`${acceptedCount} constat(s) accepté(s) par le marqueur <!-- contexte:autorise -->.\n`);
        process.stdout.write(renderSenderAlerts(reading));
        for (const message of sharing) process.stdout.write(`Vigilance : ${message}\n`);
      }
    } finally {
      await mailbox.close();
    }
  },
};

/** What the colleague runs to fetch the note: the recuperer-contexte skill does it for them. */
const colleagueCommand = (key: string) => `recuperer get ${key} --cadre`;

/** Said after a publication when OpenCode may still share the session with its vendor's service. */
const SHARING_ON = `le partage de session d’OpenCode n’est pas désactivé pour ce projet : une session partagée sortirait de l’équipe ; ajoutez ${SHARE_DISABLED} à opencode.json`;

/**
 * A refused publication is journaled too (rules and lines, never the secret).
 * Best effort: the refusal stands even when the mailbox cannot be reached.
 */
async function journalRefusal(env: NodeJS.ProcessEnv, team: string, author: string, checked: CheckedFile[]): Promise<void> {
  const detail = checked
    .flatMap(({ report }) => refusing(report).map((problem) => `${problem.rule}${problem.line !== undefined ? ` ligne ${problem.line}` : ''}`))
    .slice(0, 20)
    .join(', ');
  try {
    const mailbox = await openMailbox(env);
    try {
      await mailbox.record({ kind: 'refus', team, author, detail });
    } finally {
      await mailbox.close();
    }
  } catch {
    process.stderr.write('(le refus n’a pas pu être inscrit au journal de la boîte)\n');
  }
}

function renderPublication(publication: Publication, mailbox: string, ttlMax: number): string {
  const keys = [publication.noteKey, publication.sessionKey].filter((key): key is string => key !== undefined);
  const expiry = formatMoment(publication.expiresAt);
  return (
    keys.map((key) => `Publié : ${key} (TTL ${publication.ttlSeconds}s)\n`).join('') +
    `Boîte : ${mailbox} ; expire dans ${formatDuration(publication.ttlSeconds)} (${expiry}) ; durée de vie maximale de la boîte : ${formatDuration(ttlMax)}\n`
  );
}

function reportRefusal(checked: CheckedFile[], json: boolean): void {
  if (json) printJson({ refus: checked.map(({ path, report }) => reportJson(path, report)) });
  const text = checked
    .filter(({ report }) => refusing(report).length > 0)
    .map(({ path, report }) => renderReport(path, report))
    .join('');
  process.stderr.write(
    `Refus : rien n’a été publié.\n${text}Corrigez ces points (verifier.js du skill partager-contexte refait les mêmes vérifications), puis relancez.\n`,
  );
}

void runProgram(program);
