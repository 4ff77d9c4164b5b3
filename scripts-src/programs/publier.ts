import { exitCodesSection, parseCommandLine, printJson, runProgram, type Program } from '../lib/cli.js';
import { UsageError } from '../lib/errors.js';
import { ExitCode } from '../lib/exit-code.js';
import { validateName } from '../lib/keys.js';
import type { Publication } from '../lib/mailbox.js';
import { openMailbox } from '../lib/open-mailbox.js';
import { MAX_NOTE_BYTES, MAX_SESSION_BYTES, readInputFile } from '../lib/read-input-file.js';
import { findSecrets, type SecretFinding } from '../lib/secret-check.js';
import { formatDuration, parseTtl, parseTtlMax } from '../lib/ttl.js';

const HELP = `Usage : publier <fichier> <equipe> <auteur> [session.json] [options]

Publie une note de passation (et, en option, l’export de session
\`opencode export --sanitize\`) dans la boîte partagée, avec une durée de vie.
Rien n’est publié si un fichier contient un motif de secret. Une publication
n’écrase jamais une autre : une deuxième publication dans la même minute reçoit
sa propre clé (…-2, …-3).

Arguments :
  <fichier>        la note, par exemple CONTEXTE-2026-12-02-alice.md (1 Mio au plus)
  <equipe>         identifiant court : lettres ASCII, chiffres, . _ - (ex. catalogue)
  <auteur>         identifiant court, mêmes règles (ex. alice)
  [session.json]   export de session expurgé (32 Mio au plus)

Options :
  --ttl <secondes> durée de vie (défaut 28800 = 8 h ; maximum CONTEXTE_TTL_MAX, défaut 7 j)
  --json           affiche un objet JSON : cle, cle_session, ttl, expire_le, octets,
                   octets_session, boite
  -h, --help       affiche cette aide

Clés : contexte:<equipe>:<auteur>:<horodatage> et session:<equipe>:<auteur>:<horodatage>,
horodatage AAAAMMJJ-HHMM en UTC.

Environnement : REDIS_HOST, REDIS_PORT (6379), REDISCLI_AUTH, REDIS_USERNAME,
REDIS_URL (redis:// ou rediss://), CONTEXTE_TTL_MAX.

${exitCodesSection()}
`;

const program: Program = {
  name: 'publier',
  help: HELP,
  async main(argv, env) {
    const { values, positionals } = parseCommandLine(argv, {
      ttl: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (positionals.length < 3 || positionals.length > 4) {
      throw new UsageError(
        positionals.length < 3 ? 'arguments manquants' : 'trop d’arguments',
        'Usage : publier <fichier> <equipe> <auteur> [session.json] (voir --help).',
      );
    }
    const [notePath, team, author, sessionPath] = positionals as [string, string, string, string | undefined];
    validateName(team, 'equipe');
    validateName(author, 'auteur');
    const ttlSeconds = parseTtl(values.ttl, parseTtlMax(env.CONTEXTE_TTL_MAX));

    const note = await readInputFile(notePath, 'la note', MAX_NOTE_BYTES);
    const session = sessionPath ? await readInputFile(sessionPath, 'l’export de session', MAX_SESSION_BYTES) : undefined;
    const refusals = [
      { path: notePath, findings: findSecrets(note.toString('utf8')) },
      ...(session && sessionPath ? [{ path: sessionPath, findings: findSecrets(session.toString('utf8')) }] : []),
    ].filter((file) => file.findings.length > 0);
    if (refusals.length > 0) {
      reportRefusal(refusals, values.json === true);
      return ExitCode.Refused;
    }

    const mailbox = await openMailbox(env);
    try {
      const publication = await mailbox.publish({ team, author, note, session, ttlSeconds, now: new Date() });
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      if (values.json) {
        printJson({
          cle: publication.noteKey,
          cle_session: publication.sessionKey ?? null,
          ttl: publication.ttlSeconds,
          expire_le: expiresAt.toISOString(),
          octets: note.length,
          octets_session: session?.length ?? null,
          boite: mailbox.label,
        });
      } else {
        process.stdout.write(renderPublication(publication, mailbox.label, expiresAt));
      }
    } finally {
      await mailbox.close();
    }
  },
};

function renderPublication(publication: Publication, mailbox: string, expiresAt: Date): string {
  const keys = [publication.noteKey, publication.sessionKey].filter((key): key is string => key !== undefined);
  return (
    keys.map((key) => `Publié : ${key} (TTL ${publication.ttlSeconds}s)\n`).join('') +
    `Boîte : ${mailbox} ; expire dans ${formatDuration(publication.ttlSeconds)} (${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC)\n`
  );
}

function reportRefusal(refusals: Array<{ path: string; findings: SecretFinding[] }>, json: boolean): void {
  if (json) {
    printJson({
      refus: refusals.map(({ path, findings }) => ({
        fichier: path,
        constats: findings.map(({ rule, line, excerpt }) => ({ regle: rule, ligne: line, extrait: excerpt })),
      })),
    });
  }
  const lines = refusals.flatMap(({ path, findings }) => [
    `Refus : ${path} contient ${findings.length} motif(s) de secret.`,
    ...findings.map(({ rule, line, excerpt }) => `  ligne ${line} [${rule}] : ${excerpt}`),
  ]);
  process.stderr.write(`${lines.join('\n')}\nRien n’a été publié. Retirez ou reformulez ces lignes, puis relancez.\n`);
}

void runProgram(program);
