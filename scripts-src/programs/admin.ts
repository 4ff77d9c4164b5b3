import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { readNoteHeader } from '../lib/checks/note-header.js';
import { CliError, UsageError } from '../lib/cli/errors.js';
import { ExitCode } from '../lib/cli/exit-code.js';
import { exitCodesSection, explainDenied, type Program, parseCommandLine, printJson, runProgram } from '../lib/cli/run.js';
import { validateName } from '../lib/mailbox/keys.js';
import { readJournalDays } from '../lib/mailbox/open.js';
import { auditTeam } from '../lib/mailbox/redis/audit.js';
import { connectRedis, isCluster, toMailboxError } from '../lib/mailbox/redis/connection.js';
import { openRedisMailbox } from '../lib/mailbox/redis/redis-mailbox.js';
import { readRedisSettings } from '../lib/mailbox/redis/settings.js';
import { asRedisCli, authorAcl, membershipCommands } from '../lib/mailbox/redis/team-acl.js';
import { parseTtlMax } from '../lib/mailbox/ttl.js';
import { escapeControls, quoteForMessage } from '../lib/text/quote.js';

const HELP = `Usage : admin utilisateur <equipe> <auteur> [--appliquer] [--fichier-mot-de-passe <f>] [--json]
        admin revoquer <auteur> [--appliquer] [--json]
        admin audit --equipe <e> [--corriger] [--json]

Pour l’équipe plateforme qui administre le Redis partagé (pas installé dans les
projets). Affiche, ou exécute avec --appliquer, les commandes ACL d’un auteur :

  utilisateur  crée ou remet à zéro l’utilisateur Redis <auteur> de l’équipe
               <equipe> et l’ajoute aux membres de l’équipe : il lit toutes les
               notes de son équipe, ses membres et leurs index, n’écrit et ne
               supprime que ses propres clés (contexte:<equipe>:<auteur>:*,
               session:<equipe>:<auteur>:*), n’écrit que son propre index et
               n’ajoute qu’à son propre journal, sans le lire ; ni script (EVAL),
               ni SCAN, ni KEYS, ni FLUSH*, ni CONFIG, ni ACL.
  revoquer     supprime l’utilisateur Redis <auteur> (ACL DELUSER) ; ses notes
               restent jusqu’à leur expiration (recuperer supprimer / purger).
  audit        avec le droit SCAN : clés de l’équipe sans expiration ou au-delà
               de CONTEXTE_TTL_MAX, entrées d’index sans clé ou dans l’index d’un
               autre, notes non indexées (publiées par publier.sh), auteurs
               absents des membres, journaux tronqués ou datés dans le futur.
               Avec --corriger : borne les durées de vie, retire les entrées
               fausses, indexe les notes, ajoute les membres, et inscrit l’audit
               au journal. Code 1 s’il reste des constats non corrigés.

Le mot de passe de l’auteur (16 caractères au moins) est requis, même pour
seulement afficher les commandes : il vient de la variable CONTEXTE_MOT_DE_PASSE,
ou il est tiré au hasard et écrit dans --fichier-mot-de-passe (créé en 0600,
jamais écrasé), à transmettre à l’auteur par un canal sûr. Il n’est jamais
affiché : les commandes ne portent que son empreinte SHA-256 (#…).

Connexion (un utilisateur Redis qui a le droit ACL) : REDIS_HOST, REDIS_PORT,
REDISCLI_AUTH, REDIS_USERNAME, REDIS_URL, REDIS_TLS_CA, REDIS_CLUSTER_NODES. En
Cluster, les ACL ne sont pas répliquées : --appliquer les pose sur chaque nœud.

Options :
  --appliquer                 exécute les commandes au lieu de seulement les afficher
  --fichier-mot-de-passe <f>  où écrire le mot de passe tiré au hasard
  --equipe <e>                l’équipe auditée
  --corriger                  audit : corrige ce qui peut l’être
  --json                      affiche { commandes: [...], appliquees: <nombre de nœuds> } ;
                              audit : { equipe, constats: [{ regle, sujet, message,
                              corrige }], boite }
  -h, --help                  affiche cette aide

${exitCodesSection([ExitCode.Success, ExitCode.Refused, ExitCode.Usage, ExitCode.NotFound, ExitCode.Unavailable, ExitCode.Denied, ExitCode.Conflict], {
  [ExitCode.Refused]: 'audit : des constats restent non corrigés',
  [ExitCode.NotFound]: 'revoquer : utilisateur Redis inconnu',
  [ExitCode.Conflict]: 'le fichier de mot de passe existe déjà : rien n’a été écrasé',
})}
`;

const program: Program = {
  name: 'admin',
  help: HELP,
  async main(argv, env) {
    const { values, positionals } = parseCommandLine(argv, {
      appliquer: { type: 'boolean' },
      'fichier-mot-de-passe': { type: 'string' },
      equipe: { type: 'string' },
      corriger: { type: 'boolean' },
      json: { type: 'boolean' },
    });
    const [command, ...rest] = positionals;
    if (command === 'audit') {
      if (rest.length > 0) throw new UsageError('audit ne prend pas d’argument', 'Usage : admin audit --equipe <e> [--corriger]');
      if (values.equipe === undefined) throw new UsageError('--equipe manquant', 'Usage : admin audit --equipe <e> [--corriger]');
      return audit(validateName(values.equipe, 'equipe'), values.corriger === true, values.json === true, env);
    }
    if (values.equipe !== undefined || values.corriger !== undefined) throw new UsageError('--equipe et --corriger ne s’appliquent qu’à audit', 'Voir --help.');
    let commands: Command[];
    if (command === 'utilisateur') {
      if (rest.length !== 2) throw new UsageError('arguments attendus : <equipe> <auteur>', 'Usage : admin utilisateur <equipe> <auteur>');
      const [team, author] = rest as [string, string];
      validateName(team, 'equipe');
      validateName(author, 'auteur');
      if (author === 'default') throw new UsageError('« default » est l’utilisateur d’administration de Redis : choisissez un autre nom');
      const password = await authorPassword(env.CONTEXTE_MOT_DE_PASSE, values['fichier-mot-de-passe']);
      commands = [
        { perNode: true, args: ['ACL', 'SETUSER', ...authorAcl(team, author, password)] },
        ...membershipCommands(team, author).map((args) => ({ perNode: false, args })),
      ];
    } else if (command === 'revoquer') {
      if (values['fichier-mot-de-passe'] !== undefined) throw new UsageError('--fichier-mot-de-passe ne s’applique qu’à utilisateur');
      if (rest.length !== 1) throw new UsageError('argument attendu : <auteur>', 'Usage : admin revoquer <auteur>');
      const author = validateName(rest[0]!, 'auteur');
      commands = [{ perNode: true, args: ['ACL', 'DELUSER', author] }];
    } else {
      throw new UsageError(
        command === undefined ? 'commande manquante' : `commande inconnue : ${quoteForMessage(command)}`,
        'Usage : admin utilisateur <equipe> <auteur> | admin revoquer <auteur>',
      );
    }
    const applied = values.appliquer ? await apply(commands, env) : 0;
    const lines = commands.map(({ args }) => asRedisCli(args));
    if (values.json) printJson({ commandes: lines, appliquees: applied });
    else {
      process.stdout.write(`${lines.join('\n')}\n`);
      if (values.appliquer) process.stdout.write(`Appliqué sur ${applied} nœud(s).\n`);
    }
  },
};

async function authorPassword(fromEnv: string | undefined, file: string | undefined): Promise<string> {
  if (fromEnv) {
    if (fromEnv.length < 16)
      throw new UsageError(
        'CONTEXTE_MOT_DE_PASSE est trop court : 16 caractères au moins',
        'Choisissez un mot de passe plus long, ou donnez --fichier-mot-de-passe <f> pour en tirer un au hasard.',
      );
    return fromEnv;
  }
  if (!file) throw new UsageError('aucun mot de passe : définissez CONTEXTE_MOT_DE_PASSE, ou donnez --fichier-mot-de-passe <f> pour en tirer un au hasard');
  const password = randomBytes(24).toString('base64url');
  try {
    const handle = await open(file, 'wx', 0o600);
    await handle.writeFile(`${password}\n`);
    await handle.close();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EEXIST') throw new CliError(`le fichier ${quoteForMessage(file)} existe déjà : rien n’a été écrasé`, ExitCode.Conflict);
    throw new UsageError(`impossible d’écrire ${quoteForMessage(file)} (${code ?? 'erreur'})`);
  }
  return password;
}

/** A command for the server: ACLs are per node (a Cluster does not replicate them); a key's command goes once, to its slot. */
interface Command {
  perNode: boolean;
  args: string[];
}

/** Runs the commands on the server, or on every node of a Cluster. */
async function apply(commands: Command[], env: NodeJS.ProcessEnv): Promise<number> {
  const settings = readRedisSettings(env);
  const client = await connectRedis(settings);
  try {
    const nodes = isCluster(client) ? client.nodes('all') : [client];
    for (const { perNode, args } of commands) {
      const [name, ...rest] = args as [string, ...string[]];
      const replies = perNode ? await Promise.all(nodes.map((node) => node.call(name, ...rest))) : [await client.call(name, ...rest)];
      // ACL DELUSER answers how many users it deleted: none anywhere means the name was wrong.
      if (name === 'ACL' && rest[0] === 'DELUSER' && replies.every((reply) => reply === 0)) {
        throw new CliError(
          `utilisateur Redis inconnu : ${rest[1]} (rien n’a été révoqué sur ${settings.label})`,
          ExitCode.NotFound,
          'Vérifiez le nom : ACL LIST, avec un compte d’administration, liste les utilisateurs.',
        );
      }
    }
    return nodes.length;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw toMailboxError(error, settings.label);
  } finally {
    client.disconnect();
  }
}

async function audit(team: string, correct: boolean, json: boolean, env: NodeJS.ProcessEnv): Promise<ExitCode> {
  const options = { journalDays: readJournalDays(env.CONTEXTE_JOURNAL_JOURS), ttlMaxSeconds: parseTtlMax(env.CONTEXTE_TTL_MAX) };
  const mailbox = await openRedisMailbox(readRedisSettings(env), options);
  try {
    const findings = await explainDenied(
      auditTeam(mailbox, team, { correct, ttlMaxSeconds: options.ttlMaxSeconds, summarize: (note) => readNoteHeader(note.toString('utf8')).summary }),
      `l’utilisateur ${mailbox.user} n’a pas les droits d’un audit (SCAN, lecture et écriture des clés de l’équipe ${team})`,
      'L’audit se lance avec un compte d’administration de la boîte (REDIS_USERNAME et REDISCLI_AUTH de l’équipe plateforme).',
    );
    if (json) {
      printJson({
        equipe: team,
        constats: findings.map((finding) => ({ regle: finding.code, sujet: finding.subject, message: finding.message, corrige: finding.corrected })),
        boite: mailbox.label,
      });
    } else {
      const lines = findings.map(
        (finding) => `  [${finding.code}] ${escapeControls(finding.subject)} : ${finding.message}${finding.corrected ? ' — corrigé' : ''}`,
      );
      process.stdout.write(
        `Boîte : ${mailbox.label} ; audit de l’équipe ${team} : ${findings.length === 0 ? 'aucun constat' : `${findings.length} constat(s)`}\n${lines.map((line) => `${line}\n`).join('')}`,
      );
      if (!correct && findings.length > 0) process.stdout.write(`Relancez avec --corriger pour corriger ce qui peut l’être.\n`);
    }
    return findings.some((finding) => !finding.corrected) ? ExitCode.Refused : ExitCode.Success;
  } finally {
    await mailbox.close();
  }
}

void runProgram(program);
