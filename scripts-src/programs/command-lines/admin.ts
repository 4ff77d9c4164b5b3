import type { ProgramSpec } from '../../lib/cli/command-line.js';
import { MAILBOX_ENVIRONMENT } from '../../lib/cli/environment.js';
import { ExitCode } from '../../lib/messages/exit-code.js';

const { Success, Refused, Usage, NotFound, Unavailable, Denied, Conflict } = ExitCode;
const COMMANDS_JSON = '{ commandes: [...], appliquees: <nombre de nœuds> }';

export const adminCommandLine: ProgramSpec = {
  name: 'admin',
  description: `Pour l’équipe plateforme qui administre le Redis partagé (pas installé dans les
projets). Affiche, ou exécute avec --appliquer, les commandes ACL d’un auteur ;
audite une équipe ; montre les limites du serveur.

Le mot de passe de l’auteur (16 caractères au moins) est requis, même pour
seulement afficher les commandes : il vient de la variable CONTEXTE_MOT_DE_PASSE,
ou il est tiré au hasard et écrit dans --fichier-mot-de-passe (créé en 0600,
jamais écrasé), à transmettre à l’auteur par un canal sûr. Il n’est jamais
affiché : les commandes ne portent que son empreinte SHA-256 (#…).

Connexion : un utilisateur Redis qui a le droit ACL (REDIS_USERNAME,
REDISCLI_AUTH…). En Cluster, les ACL ne sont pas répliquées : --appliquer les
pose sur chaque nœud.`,
  commands: [
    {
      name: 'utilisateur',
      summary:
        'crée ou remet à zéro l’utilisateur Redis <auteur> de l’équipe <equipe> et l’ajoute aux membres de l’équipe : il lit toutes les notes de son équipe, ses membres et leurs index, n’écrit et ne supprime que ses propres clés (contexte:<equipe>:<auteur>:*, session:<equipe>:<auteur>:*, modifs:<equipe>:<auteur>:*), n’écrit que son propre index et n’ajoute qu’à son propre journal, sans le lire ; ni script (EVAL), ni SCAN, ni KEYS, ni FLUSH*, ni CONFIG, ni ACL',
      arguments: [{ shown: '<equipe>' }, { shown: '<auteur>' }],
      options: ['appliquer', 'fichier-mot-de-passe'],
      json: COMMANDS_JSON,
      exitCodes: [Success, Usage, Unavailable, Denied, Conflict],
    },
    {
      name: 'membre',
      summary:
        'enregistre l’identité publique (ligne contexte-id1:… de « publier identite ») de <auteur> dans l’équipe <equipe> : les notes d’une équipe scellée sont chiffrées pour chaque identité enregistrée, et signées par celle de leur auteur ; les auteurs la lisent, seule l’administration l’écrit. Comparez l’empreinte affichée avec celle que l’auteur vous lit',
      arguments: [{ shown: '<equipe>' }, { shown: '<auteur>' }],
      options: ['identite', 'appliquer'],
      required: ['identite'],
      json: COMMANDS_JSON,
      exitCodes: [Success, Usage, Unavailable, Denied],
    },
    {
      name: 'equipe',
      summary:
        'scelle l’équipe <equipe> : ses notes, exports, travaux en cours, titres et résumés sont désormais publiés signés par leur auteur et chiffrés pour ses membres enregistrés (admin membre) ; la boîte (et son opérateur) ne garde que du texte chiffré, et une note non signée y est refusée à la lecture',
      arguments: [{ shown: '<equipe>' }],
      options: ['scellee', 'appliquer'],
      required: ['scellee'],
      json: COMMANDS_JSON,
      exitCodes: [Success, Usage, Unavailable, Denied],
    },
    {
      name: 'revoquer',
      summary:
        'supprime l’utilisateur Redis <auteur> (ACL DELUSER) et, avec --appliquer, le retire des membres de chaque équipe et retire son identité de chaque équipe (scellée) : les notes publiées ensuite ne lui sont plus chiffrées ; ses notes restent jusqu’à leur expiration (recuperer supprimer / purger), et celles publiées avant restent lisibles par lui jusque-là',
      arguments: [{ shown: '<auteur>' }],
      options: ['appliquer'],
      json: COMMANDS_JSON,
      exitCodes: [Success, Usage, NotFound, Unavailable, Denied],
    },
    {
      name: 'audit',
      summary:
        'avec le droit SCAN : clés de l’équipe sans expiration ou au-delà de CONTEXTE_TTL_MAX, entrées d’index sans clé ou dans l’index d’un autre, notes non indexées (publiées par publier.sh), auteurs absents des membres, journaux tronqués ou datés dans le futur. Avec --corriger : borne les durées de vie, retire les entrées fausses, indexe les notes, ajoute les membres, et inscrit l’audit au journal. Code 1 s’il reste des constats non corrigés',
      arguments: [],
      options: ['equipe', 'corriger'],
      required: ['equipe'],
      json: '{ equipe, constats: [{ regle, sujet, message, corrige }], boite }',
      exitCodes: [Success, Refused, Usage, Unavailable, Denied],
    },
    {
      name: 'serveur',
      summary:
        'lecture seule, avec le droit CONFIG : ce qu’aucun client ne peut empêcher — maxmemory et maxmemory-policy (toute autre politique que noeviction efface en silence les notes d’autres équipes quand la mémoire est pleine), maxclients, client-query-buffer-limit, proto-max-bulk-len (au-delà de 64 Mio, une commande géante bloque le serveur), par nœud ; puis les octets de chaque équipe et ses plus gros auteurs (droit SCAN). Code 1 s’il y a des constats',
      arguments: [],
      options: [],
      json: '{ noeuds: [{ noeud, maxmemory, memoire_utilisee, maxmemory_policy, maxclients, clients_connectes, client_query_buffer_limit, proto_max_bulk_len }], constats: [{ regle, noeud, message }], equipes: [{ equipe, octets, auteurs: [{ auteur, octets, cles }] }], boite }',
      exitCodes: [Success, Refused, Usage, Unavailable, Denied],
    },
  ],
  options: [
    { name: 'appliquer', help: 'exécute les commandes au lieu de seulement les afficher' },
    {
      name: 'fichier-mot-de-passe',
      value: '<f>',
      help: 'où écrire le mot de passe tiré au hasard (créé en 0600, jamais écrasé ; un fichier déjà écrit par un aperçu est repris avec --appliquer)',
    },
    { name: 'equipe', value: '<e>', help: 'audit : l’équipe auditée' },
    { name: 'corriger', help: 'corrige ce que l’audit peut corriger' },
    { name: 'identite', value: '<ligne>', help: 'membre : la ligne contexte-id1:… que l’auteur a obtenue avec « publier identite »' },
    { name: 'scellee', help: 'equipe : scelle l’équipe (notes signées et chiffrées pour ses membres)' },
  ],
  environment: [...MAILBOX_ENVIRONMENT.filter((name) => name !== 'CONTEXTE_DIR'), 'CONTEXTE_MOT_DE_PASSE'],
  meanings: {
    [Refused]: 'audit : des constats restent non corrigés ; serveur : un réglage permet à une équipe de nuire aux autres',
    [NotFound]: 'revoquer : utilisateur Redis inconnu',
    [Conflict]: 'le fichier de mot de passe existe déjà : rien n’a été écrasé',
  },
};
