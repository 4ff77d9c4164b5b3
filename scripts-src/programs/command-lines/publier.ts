import type { ProgramSpec } from '../../lib/cli/command-line.js';
import { MAILBOX_ENVIRONMENT } from '../../lib/cli/environment.js';
import { ExitCode } from '../../lib/messages/exit-code.js';

const { Success, Refused, Usage, NotFound, Unavailable, Denied, Conflict } = ExitCode;

export const publierCommandLine: ProgramSpec = {
  name: 'publier',
  usageNotes: ['publier <fichier> <equipe>    (auteur = REDIS_USERNAME)'],
  description: `Publie une note de passation (et, en option, l’export de session
\`opencode export --sanitize\`) dans la boîte partagée, avec une durée de vie.
Avant toute connexion, la note passe les vérifications de \`verifier\` (en-tête
YAML, neuf rubriques dans l’ordre, aucun secret, aucun chemin personnel, aucun
bloc de plus de 10 lignes) et l’export doit être un export OpenCode expurgé
sans secret : au moindre problème, rien n’est publié. Une publication
n’écrase jamais une autre : une deuxième publication dans la même minute reçoit
sa propre clé (…-2, …-3). Après la publication, une ligne donne la commande que
le collègue lance pour récupérer la note.
Avec --modifs, le travail en cours du dépôt (git diff --binary HEAD des
fichiers suivis, et les seuls noms des fichiers non suivis) part avec la note,
sous le même horodatage : vérifié comme la note (aucun secret), 5 Mio au plus,
et seulement si l’en-tête de la note donne le commit auquel il s’applique.`,
  commands: [
    {
      summary: 'publie la note',
      arguments: [
        { shown: '<fichier>', help: 'la note, par exemple CONTEXTE-2026-12-02-alice.md (1 Mio au plus)' },
        { shown: '<equipe>', help: 'identifiant court : lettres ASCII, chiffres, . _ - (ex. catalogue)' },
        {
          shown: '[auteur]',
          optional: true,
          help: 'identifiant court, mêmes règles (ex. alice) ; par défaut l’utilisateur Redis REDIS_USERNAME s’il est défini ; doit être celui de l’en-tête de la note',
        },
        { shown: '[session.json]', optional: true, help: 'export de session expurgé (32 Mio au plus)' },
      ],
      options: ['ttl', 'non-expurge', 'modifs'],
      json: '{ cle, cle_session, cle_modifs, modifs (avec --modifs : { base, fichiers, non_suivis, installation_du_pack (l’installation du pack, laissée de côté), octets }), scellee, empreinte, membres_nouveaux (équipe scellée : [{ auteur, empreinte }] des membres dont ce poste voit la clé pour la première fois, retenue), membres_changes ([{ auteur, empreinte, connue }] : clé changée depuis, la note n’est pas chiffrée pour elle), ttl, ttl_max, expire_le, commande_collegue (ce que le collègue lance, depuis la racine du projet, pour récupérer la note), commandes_collegue (la note, puis son export et son travail en cours), octets, octets_session, boite, constats_acceptes, alertes, vigilance (ce que la lecture signalera au lecteur) } ; en cas de refus : { refus: [{ fichier, ok, problemes, acceptes }] }',
      exitCodes: [Success, Refused, Usage, NotFound, Unavailable, Denied, Conflict],
    },
    {
      name: 'identite',
      summary:
        'crée, s’il n’existe pas, votre identité pour les équipes scellées (une clé de signature Ed25519 et une clé de chiffrement X25519, privées, dans ${XDG_CONFIG_HOME:-~/.config}/contexte-skills/identite/, dossier 0700, fichiers 0600) et affiche sa ligne publique contexte-id1:… et son empreinte, à faire enregistrer par l’administration de l’équipe (admin membre … --identite <ligne>) ; sur une boîte dossier, --equipe et --auteur l’écrivent dans votre dossier d’auteur (vous en êtes le propriétaire : c’est ce qui l’enregistre)',
      arguments: [],
      options: ['equipe', 'auteur'],
      json: '{ identite, empreinte, creee, fichier (avec --equipe : où elle a été enregistrée, sinon null) }',
      exitCodes: [Success, Usage],
    },
  ],
  options: [
    {
      name: 'ttl',
      value: '<durée>',
      help: 'durée de vie : 3600 (secondes), 8h, 1.5h, 90min, 2j, en majuscules aussi (défaut 8 h ; maximum CONTEXTE_TTL_MAX, défaut 7 j)',
    },
    { name: 'non-expurge', help: 'accepte un export produit sans --sanitize (les secrets restent vérifiés)' },
    { name: 'equipe', value: '<e>', help: 'identite, boîte dossier : l’équipe où enregistrer votre identité' },
    { name: 'auteur', value: '<a>', help: 'identite, boîte dossier : votre nom d’auteur dans cette équipe' },
    {
      name: 'modifs',
      help: 'emporte aussi le travail en cours du dépôt (modifications non commitées, noms des fichiers non suivis) sous la clé modifs:<equipe>:<auteur>:<horodatage>',
    },
  ],
  environment: [...MAILBOX_ENVIRONMENT, 'OPENCODE_CONFIG', 'OPENCODE_CONFIG_CONTENT'],
  notes: `Clés : contexte:<equipe>:<auteur>:<horodatage>,
session:<equipe>:<auteur>:<horodatage> et modifs:<equipe>:<auteur>:<horodatage>,
horodatage AAAAMMJJ-HHMM en UTC.
Boîte : Redis si REDIS_URL, REDIS_HOST ou REDIS_CLUSTER_NODES est défini ;
sinon le dossier CONTEXTE_DIR. La publication (ou le refus) est inscrite au
journal.`,
  meanings: {
    [Success]: 'publié',
    [Refused]: 'la note ou l’export a été refusé par une vérification : rien n’est publié',
    [NotFound]: 'note ou export introuvable',
    [Conflict]: 'aucune clé libre pour cette minute',
  },
};
