import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { exitCodesSection, parseCommandLine, printJson, runProgram, type Program } from '../lib/cli.js';
import { CliError, UsageError } from '../lib/errors.js';
import { ExitCode } from '../lib/exit-code.js';
import { validateName } from '../lib/mailbox/keys.js';
import { quoteForMessage } from '../lib/text/quote.js';
import { connectRedis, isCluster, toMailboxError } from '../lib/mailbox/redis/connection.js';
import { readRedisSettings } from '../lib/mailbox/redis/settings.js';
import { asRedisCli, authorAcl } from '../lib/mailbox/redis/team-acl.js';

const HELP = `Usage : admin utilisateur <equipe> <auteur> [--appliquer] [--fichier-mot-de-passe <f>] [--json]
        admin revoquer <auteur> [--appliquer] [--json]

Pour l’équipe plateforme qui administre le Redis partagé (pas installé dans les
projets). Affiche, ou exécute avec --appliquer, les commandes ACL d’un auteur :

  utilisateur  crée ou remet à zéro l’utilisateur Redis <auteur> de l’équipe
               <equipe> : il lit toutes les notes et l’index de son équipe,
               n’écrit et ne supprime que ses propres clés
               (contexte:<equipe>:<auteur>:*, session:<equipe>:<auteur>:*),
               ajoute au journal de l’équipe sans le lire ; ni SCAN, ni KEYS,
               ni FLUSH*, ni CONFIG, ni ACL.
  revoquer     supprime l’utilisateur Redis <auteur> (ACL DELUSER) ; ses notes
               restent jusqu’à leur expiration (recuperer supprimer / purger).

Le mot de passe de l’auteur vient de la variable CONTEXTE_MOT_DE_PASSE ; sinon il
est tiré au hasard et écrit dans --fichier-mot-de-passe (créé en 0600, jamais
écrasé), à transmettre à l’auteur par un canal sûr. Il n’est jamais affiché : les
commandes ne portent que son empreinte SHA-256 (#…).

Connexion (un utilisateur Redis qui a le droit ACL) : REDIS_HOST, REDIS_PORT,
REDISCLI_AUTH, REDIS_USERNAME, REDIS_URL, REDIS_TLS_CA, REDIS_CLUSTER_NODES. En
Cluster, les ACL ne sont pas répliquées : --appliquer les pose sur chaque nœud.

Options :
  --appliquer                 exécute les commandes au lieu de seulement les afficher
  --fichier-mot-de-passe <f>  où écrire le mot de passe tiré au hasard
  --json                      affiche { commandes: [...], appliquees: <nombre de nœuds> }
  -h, --help                  affiche cette aide

${exitCodesSection()}
`;

const program: Program = {
  name: 'admin',
  help: HELP,
  async main(argv, env) {
    const { values, positionals } = parseCommandLine(argv, {
      appliquer: { type: 'boolean' },
      'fichier-mot-de-passe': { type: 'string' },
      json: { type: 'boolean' },
    });
    const [command, ...rest] = positionals;
    let commands: string[][];
    if (command === 'utilisateur') {
      if (rest.length !== 2) throw new UsageError('arguments attendus : <equipe> <auteur>', 'Usage : admin utilisateur <equipe> <auteur>');
      const [team, author] = rest as [string, string];
      validateName(team, 'equipe');
      validateName(author, 'auteur');
      if (author === 'default') throw new UsageError('« default » est l’utilisateur d’administration de Redis : choisissez un autre nom');
      const password = await authorPassword(env.CONTEXTE_MOT_DE_PASSE, values['fichier-mot-de-passe']);
      commands = [['ACL', 'SETUSER', ...authorAcl(team, author, password)]];
    } else if (command === 'revoquer') {
      if (values['fichier-mot-de-passe'] !== undefined) throw new UsageError('--fichier-mot-de-passe ne s’applique qu’à utilisateur');
      if (rest.length !== 1) throw new UsageError('argument attendu : <auteur>', 'Usage : admin revoquer <auteur>');
      const author = validateName(rest[0]!, 'auteur');
      commands = [['ACL', 'DELUSER', author]];
    } else {
      throw new UsageError(command === undefined ? 'commande manquante' : `commande inconnue : ${quoteForMessage(command)}`, 'Usage : admin utilisateur <equipe> <auteur> | admin revoquer <auteur>');
    }
    const applied = values.appliquer ? await apply(commands, env) : 0;
    if (values.json) printJson({ commandes: commands.map(asRedisCli), appliquees: applied });
    else {
      process.stdout.write(`${commands.map(asRedisCli).join('\n')}\n`);
      if (values.appliquer) process.stdout.write(`Appliqué sur ${applied} nœud(s).\n`);
    }
  },
};

async function authorPassword(fromEnv: string | undefined, file: string | undefined): Promise<string> {
  if (fromEnv) {
    if (fromEnv.length < 16) throw new UsageError('CONTEXTE_MOT_DE_PASSE est trop court : 16 caractères au moins');
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

/** Runs the commands on the server, or on every node of a Cluster (ACLs are per node). */
async function apply(commands: string[][], env: NodeJS.ProcessEnv): Promise<number> {
  const settings = readRedisSettings(env);
  const client = await connectRedis(settings);
  try {
    const nodes = isCluster(client) ? client.nodes('all') : [client];
    for (const node of nodes) {
      for (const [name, ...args] of commands) await node.call(name!, ...args);
    }
    return nodes.length;
  } catch (error) {
    throw toMailboxError(error, settings.label);
  } finally {
    client.disconnect();
  }
}

void runProgram(program);
