/**
 * Every error message of every program, in French, in one place. An error is
 * one line that names the thing and says what is wrong, then one line of
 * advice (`→`) that the user or the agent can act on, and an exit code. Code
 * anywhere raises `fail(reason, params)`; nothing else writes an error's text.
 * Values typed by the user are quoted short and escaped; passwords and URLs
 * are never parameters.
 */
import { isAbsolute } from 'node:path';
import { quoteForMessage } from '../text/quote.js';
import { ExitCode } from './exit-code.js';

const { Refused, Usage, NotFound, Unavailable, Denied, Conflict, Internal } = ExitCode;

interface Entry<P> {
  exit: ExitCode;
  message: (params: P) => string;
  advice: (params: P) => string;
}
const entry = <P = Record<string, never>>(exit: ExitCode, message: (params: P) => string, advice: (params: P) => string): Entry<P> => ({
  exit,
  message,
  advice,
});

const q = quoteForMessage;
type File = { what: string; path: string };
type Denial = { user: string; box: string };
const FILE_ADVICE = 'Donnez le chemin d’un fichier ordinaire (relatif au dossier courant, ou absolu).';
const NAME_ADVICE =
  'Utilisez 1 à 64 caractères parmi lettres ASCII, chiffres, « . », « _ » et « - », en commençant par une lettre ou un chiffre (exemple : catalogue, alice).';

export const CATALOGUE = {
  // The command line (lib/cli/command-line.ts).
  'commande-manquante': entry<{ program: string; commands: string }>(
    Usage,
    () => 'aucune commande n’est donnée',
    (p) => `Commandes de ${p.program} : ${p.commands} (voir ${p.program} --help).`,
  ),
  'commande-inconnue': entry<{ program: string; name: string; commands: string }>(
    Usage,
    (p) => `commande inconnue : ${q(p.name, 40)}`,
    (p) => `Commandes de ${p.program} : ${p.commands} (voir ${p.program} --help).`,
  ),
  'option-inconnue': entry<{ program: string; option: string; suggestion?: string }>(
    Usage,
    (p) => `option inconnue : ${p.option}`,
    (p) => `${p.suggestion ? `Voulez-vous dire ${p.suggestion} ? ` : ''}Options de ${p.program} : voir ${p.program} --help.`,
  ),
  'valeur-manquante': entry<{ program: string; option: string }>(
    Usage,
    (p) => `${p.option} n’a pas de valeur (ou elle commence par un tiret)`,
    (p) => `Écrivez ${p.option}=<valeur> (voir ${p.program} --help).`,
  ),
  'option-sans-objet': entry<{ options: string; where: string; usage: string }>(
    Usage,
    (p) => `${p.options} ne s’applique pas à ${p.where}`,
    (p) => `Usage : ${p.usage}`,
  ),
  'argument-manquant': entry<{ missing: string; usage: string }>(
    Usage,
    (p) => `argument manquant : ${p.missing}`,
    (p) => `Usage : ${p.usage}`,
  ),
  'trop-d-arguments': entry<{ max: number; given: number; usage: string }>(
    Usage,
    (p) => `trop d’arguments : ${p.max} au plus, ${p.given} donnés`,
    (p) => `Usage : ${p.usage}`,
  ),
  'option-manquante': entry<{ options: string; usage: string }>(
    Usage,
    (p) => `option manquante : ${p.options}`,
    (p) => `Usage : ${p.usage}`,
  ),

  // Input files (lib/io).
  'fichier-introuvable': entry<File>(
    NotFound,
    (p) => `${p.what} ${q(p.path)} est introuvable`,
    (p) =>
      isAbsolute(p.path)
        ? 'Vérifiez le chemin : rien n’existe à cet endroit (ls -l sur son dossier).'
        : `Vérifiez le chemin : il est relatif au dossier courant (${q(process.cwd(), 200)}).`,
  ),
  'fichier-dossier': entry<File>(
    Usage,
    (p) => `${p.what} ${q(p.path)} est un dossier, pas un fichier`,
    () => FILE_ADVICE,
  ),
  'fichier-special': entry<File>(
    Usage,
    (p) => `${p.what} ${q(p.path)} n’est pas un fichier ordinaire`,
    () => FILE_ADVICE,
  ),
  'fichier-vide': entry<File>(
    Usage,
    (p) => `${p.what} ${q(p.path)} est vide`,
    () => 'Vérifiez que c’est le bon fichier, et qu’il a bien été enregistré.',
  ),
  'fichier-trop-gros': entry<File & { size: number; max: number }>(
    Usage,
    (p) => `${p.what} ${q(p.path)} dépasse la taille permise : ${p.size} octets, maximum ${p.max}`,
    () => 'Une note tient en quelques kilo-octets : résumez les sorties longues ; un export de session se fait avec opencode export --sanitize.',
  ),
  'fichier-illisible': entry<File & { code: string }>(
    Usage,
    (p) => `impossible de lire ${p.what} ${q(p.path)} : ${p.code}`,
    (p) =>
      p.code === 'EACCES' || p.code === 'EPERM' ? 'Vérifiez ses droits (ls -l) : l’utilisateur qui lance le programme doit pouvoir le lire.' : FILE_ADVICE,
  ),
  // Output files.
  /** `option`: the flag that replaces the file, when the command has one. */
  'fichier-existe': entry<{ path: string; option?: string }>(
    Conflict,
    (p) => `le fichier ${q(p.path)} existe déjà : rien n’a été écrasé`,
    (p) => (p.option ? `Choisissez un autre fichier, ou ajoutez ${p.option} pour le remplacer.` : 'Choisissez un autre fichier, ou retirez celui-ci.'),
  ),
  'ecriture-impossible': entry<{ path: string; code: string }>(
    Usage,
    (p) => `${q(p.path)} ne peut pas être écrit (${p.code})`,
    (p) =>
      p.code === 'EISDIR'
        ? 'C’est un dossier : donnez le chemin d’un fichier.'
        : 'Vérifiez que son dossier existe et que vous avez le droit d’y écrire (ls -ld).',
  ),
  'sortie-hors-dossier-courant': entry<{ path: string }>(
    Usage,
    (p) => `${q(p.path)} n’est pas écrit : son dossier mène hors du dossier courant (lien symbolique ?)`,
    () => 'Donnez explicitement le fichier de sortie si c’est voulu : recuperer get <cle> <fichier>.',
  ),
  /** `why`: whose the folder is, or who else may write in it. */
  'partage-non-sur': entry<{ path: string; why: 'proprietaire' | 'modifiable' }>(
    Denied,
    (p) =>
      `${q(p.path)} n’est pas écrit : son dossier ${p.why === 'proprietaire' ? 'appartient à un autre utilisateur' : 'est modifiable par d’autres utilisateurs'}, qui pourrait remplacer la note sous vos yeux`,
    (p) =>
      p.why === 'proprietaire'
        ? 'Retirez ce dossier (ou demandez à son propriétaire de le faire : rm -r partage), puis relancez recuperer get : il sera recréé en 0700.'
        : 'Rendez-le privé (chmod 700 partage) ou retirez-le (rm -r partage), puis relancez recuperer get.',
  ),

  // Names, keys, durations and settings (lib/mailbox).
  'nom-invalide': entry<{ what: 'equipe' | 'auteur'; value: string }>(
    Usage,
    (p) => `nom ${p.what === 'equipe' ? 'd’équipe' : 'd’auteur'} invalide : ${q(p.value)}`,
    () => NAME_ADVICE,
  ),
  'nom-reserve': entry<{ what: 'equipe' | 'auteur'; value: string }>(
    Usage,
    (p) => `nom ${p.what === 'equipe' ? 'd’équipe' : 'd’auteur'} réservé : ${q(p.value)} (la boîte dossier l’utilise pour ses propres fichiers)`,
    () => 'Choisissez un autre nom.',
  ),
  'cle-invalide': entry<{ key: string }>(
    Usage,
    (p) => `clé invalide : ${q(p.key)}`,
    () =>
      'Une clé a la forme contexte:<equipe>:<auteur>:<horodatage> (ou session:… pour un export, modifs:… pour le travail en cours), par exemple contexte:catalogue:alice:20261202-1412 ; « recuperer list --equipe <equipe> » les affiche.',
  ),
  horloge: entry<{ year: number }>(
    Usage,
    (p) => `l’horloge du poste indique l’an ${p.year} : aucune clé ne peut être datée`,
    () => 'Corrigez la date du poste, puis publiez de nouveau.',
  ),
  'ttl-invalide': entry<{ raw: string; max: string }>(
    Usage,
    (p) => `durée de vie invalide : ${q(p.raw, 20)}`,
    (p) => `Donnez --ttl en secondes ou en durée, entre 1 s et ${p.max} (exemples : --ttl 3600, --ttl 8h, --ttl 90min, --ttl 2j).`,
  ),
  'ttl-trop-long': entry<{ ttl: number; max: number; maxShown: string }>(
    Usage,
    (p) => `durée de vie trop longue : ${p.ttl} s dépasse le maximum de ${p.max} s (${p.maxShown})`,
    () => 'Choisissez un --ttl plus court ; le maximum se règle avec CONTEXTE_TTL_MAX.',
  ),
  'duree-invalide': entry<{ raw: string }>(
    Usage,
    (p) => `durée invalide : ${q(p.raw, 20)}`,
    () => 'Exemples : 30min, 2h, 7j.',
  ),
  'reglage-invalide': entry<{ variable: string; raw: string; expected: string }>(
    Usage,
    (p) => `${p.variable} invalide : ${q(p.raw, 20)}`,
    (p) => `Donnez ${p.expected}.`,
  ),
  'reglage-secret-invalide': entry<{ variable: string; expected: string }>(
    Usage,
    (p) => `${p.variable} invalide (sa valeur n’est pas affichée : elle peut contenir un mot de passe)`,
    (p) => `Forme attendue : ${p.expected}.`,
  ),
  'redis-non-configure': entry(
    Usage,
    () => 'aucune boîte Redis configurée : REDIS_HOST (ou REDIS_URL, REDIS_CLUSTER_NODES) n’est pas défini',
    () => 'Dans le terminal qui lance OpenCode : export REDIS_HOST=<hôte> et export REDISCLI_AUTH=<mot de passe>.',
  ),
  'ca-illisible': entry<{ path: string }>(
    Usage,
    (p) => `REDIS_TLS_CA illisible : ${q(p.path, 200)}`,
    () => 'Donnez le chemin d’un fichier PEM de certificats d’autorité.',
  ),

  'boite-dossier-absente': entry<{ path: string }>(
    Usage,
    (p) => `la boîte dossier ${q(p.path, 200)} (CONTEXTE_DIR) n’existe pas : rien n’a été lu`,
    () =>
      'Vérifiez l’orthographe de CONTEXTE_DIR (echo "$CONTEXTE_DIR") ; un dossier partagé se crée une fois (mkdir, chgrp, chmod 2770 : README, « La boîte dossier »), un dossier personnel à la première publication.',
  ),
  'redis-sans-hote': entry<{ variables: string; box: string }>(
    Usage,
    (p) =>
      `${p.variables} ${p.variables.includes(',') ? 'sont définies' : 'est définie'}, mais aucun hôte Redis (REDIS_HOST, REDIS_URL ou REDIS_CLUSTER_NODES) : rien n’a été fait, la note serait allée dans la boîte dossier ${q(p.box, 200)}, pas sur Redis`,
    (p) => `Définissez l’hôte (export REDIS_HOST=<hôte>), ou, pour la boîte dossier, retirez ${p.variables} (unset ${p.variables.replaceAll(',', '')}).`,
  ),

  // The mailbox (MailboxError, described by lib/cli/run.ts).
  'boite-connexion-refusee': entry<{ box: string }>(
    Unavailable,
    (p) => `connexion refusée par ${p.box} : aucun serveur n’écoute à cette adresse`,
    () => 'Le serveur Redis est-il démarré ? Vérifiez REDIS_HOST et REDIS_PORT.',
  ),
  'boite-injoignable': entry<{ box: string }>(
    Unavailable,
    (p) => `${p.box} est injoignable (aucune route réseau)`,
    () => 'Vérifiez REDIS_HOST et le réseau.',
  ),
  'boite-muette': entry<{ box: string }>(
    Unavailable,
    (p) => `${p.box} ne répond pas à temps`,
    () => 'Vérifiez l’adresse, le réseau et que le serveur n’est pas bloqué.',
  ),
  'boite-hote-inconnu': entry<{ box: string }>(
    Unavailable,
    (p) => `hôte inconnu : ${p.box}`,
    () => 'Vérifiez REDIS_HOST (ou REDIS_URL).',
  ),
  'boite-tls': entry<{ box: string }>(
    Unavailable,
    (p) => `échec de la connexion TLS à ${p.box} : le serveur ne parle pas TLS, ou son certificat n’est pas reconnu`,
    () => 'Vérifiez que le serveur parle TLS et que son certificat est reconnu (REDIS_TLS_CA).',
  ),
  'boite-mot-de-passe-requis': entry<{ box: string }>(
    Denied,
    (p) => `${p.box} demande un mot de passe`,
    () => 'Définissez REDISCLI_AUTH dans le terminal qui lance OpenCode.',
  ),
  'boite-authentification': entry<{ box: string }>(
    Denied,
    (p) => `authentification refusée par ${p.box} : utilisateur ou mot de passe incorrect`,
    () => 'Vérifiez REDISCLI_AUTH (et REDIS_USERNAME).',
  ),
  'boite-droits': entry<{ box: string }>(
    Denied,
    (p) => `${p.box} refuse cette opération à votre utilisateur (ACL)`,
    () => 'Votre utilisateur Redis n’a pas ce droit : voyez avec qui administre la boîte.',
  ),
  'boite-memoire-pleine': entry<{ box: string }>(
    Unavailable,
    (p) => `${p.box} est plein (maxmemory atteint) : rien n’a été écrit`,
    () => 'Voyez avec qui administre la boîte (maxmemory, ou des notes à retirer).',
  ),
  'boite-trop-de-clients': entry<{ box: string }>(
    Unavailable,
    (p) => `${p.box} refuse de nouvelles connexions : son nombre maximal de clients (maxclients) est atteint ; rien n’a été écrit`,
    () => 'Réessayez dans un moment ; si cela dure, voyez avec qui administre la boîte (admin serveur montre maxclients).',
  ),
  'boite-disque-plein': entry<{ box: string }>(
    Unavailable,
    (p) => `le disque de ${p.box} est plein : rien n’a été écrit`,
    () => 'Libérez de la place sur ce disque, ou retirez des notes (recuperer supprimer).',
  ),
  'boite-lecture-seule': entry<{ box: string }>(
    Unavailable,
    (p) => `${p.box} est en lecture seule : rien n’a été écrit`,
    (p) =>
      p.box.startsWith('dossier')
        ? 'Le système de fichiers est monté en lecture seule : choisissez un autre CONTEXTE_DIR.'
        : 'Pointez REDIS_HOST vers le serveur principal, pas vers une réplique.',
  ),
  'boite-indisponible': entry<{ box: string }>(
    Unavailable,
    (p) => `${p.box} est indisponible (cluster incomplet ?)`,
    () => 'Réessayez plus tard ou voyez avec qui administre la boîte.',
  ),
  'boite-pas-redis': entry<{ box: string; code: string }>(
    Unavailable,
    (p) => `${p.box} a répondu, mais pas comme un serveur Redis disponible${p.code ? ` (${p.code})` : ''}`,
    () => 'Vérifiez que REDIS_HOST et REDIS_PORT (ou REDIS_URL) désignent bien un serveur Redis, puis réessayez.',
  ),
  'boite-cle-libre': entry<{ box: string }>(
    Conflict,
    (p) => `${p.box} n’a plus de clé libre pour cette minute`,
    () => 'Réessayez dans une minute.',
  ),
  'boite-chemin-refuse': entry<{ box: string; path: string }>(
    Denied,
    (p) => `${p.box} refuse le chemin ${q(p.path, 200)} : un lien ou un fichier a pris la place d’un de ses dossiers`,
    (p) => `Examinez-le (ls -l ${q(p.path, 200)}) puis retirez-le ; la boîte ne suit jamais de lien.`,
  ),
  'boite-pas-un-dossier': entry<{ box: string; path: string }>(
    Usage,
    (p) => `CONTEXTE_DIR ne désigne pas un dossier : ${q(p.path, 200)}`,
    () => 'Donnez à CONTEXTE_DIR le chemin d’un dossier (il est créé s’il n’existe pas).',
  ),
  'boite-dossier-illisible': entry<{ box: string; code: string }>(
    Unavailable,
    (p) => `${p.box} ne peut pas être lu ou écrit${p.code ? ` (${p.code})` : ''}`,
    () => 'Vérifiez que le dossier de la boîte est accessible en lecture et en écriture ; CONTEXTE_DIR en choisit un autre.',
  ),
  'boite-dossier-droits': entry<{ box: string; path: string }>(
    Denied,
    (p) => `les droits de ${q(p.path, 200)} ne permettent pas cette opération (${p.box})`,
    (p) =>
      `Boîte privée (0700/0600) : ${q(p.path, 200)} doit appartenir à l’utilisateur qui lance le programme. Pour partager la boîte, voyez le README (chgrp <groupe> et chmod 2770 sur sa racine).`,
  ),
  // A shared folder box: each author writes only their own folder (lib/mailbox/folder).
  'boite-partagee-droits': entry<{ box: string; path: string }>(
    Denied,
    (p) => `les droits de ${q(p.path, 200)} ne permettent pas cette opération (${p.box})`,
    (p) =>
      `Boîte partagée : chacun n’écrit que dans son propre dossier d’auteur ; les dossiers d’auteur (2750) et les fichiers (0640) doivent être lisibles par le groupe. Le propriétaire de ${q(p.path, 200)} corrige avec chmod g+r (chmod 2750 pour un dossier d’auteur, 3770 pour un dossier d’équipe).`,
  ),
  /** A file or folder of a shared box whose group is not the box's: the group's members cannot read it, whatever its mode. */
  'boite-mauvais-groupe': entry<{ box: string; path: string; group: string; boxGroup: string; owner: string; mine: boolean }>(
    Denied,
    (p) =>
      `${q(p.path, 200)} appartient au groupe ${q(p.group, 40)}, pas au groupe de la boîte ${q(p.boxGroup, 40)} : les autres membres ne peuvent pas le lire (${p.box})`,
    (p) =>
      p.mine
        ? `Publiez de nouveau (publier remet le groupe de la boîte sur vos fichiers), ou corrigez à la main : chgrp ${p.boxGroup} ${p.path}`
        : `Son propriétaire, ${q(p.owner, 40)}, le corrige en publiant de nouveau (publier remet le groupe de la boîte sur ses fichiers), ou à la main : chgrp ${p.boxGroup} ${p.path}`,
  ),
  'boite-groupe-non-membre': entry<{ box: string; path: string; group: string; user: string }>(
    Denied,
    (p) => `${q(p.user, 40)} n’est pas membre du groupe ${q(p.group, 40)} de la boîte : pas d’accès à ${q(p.path, 200)} (${p.box})`,
    (p) =>
      `Ajoutez-vous au groupe (sudo usermod -aG ${p.group} ${p.user}) puis ouvrez une nouvelle session (id doit afficher ${p.group}) ; en attendant, sg ${p.group} -c '<commande>' la lance avec ce groupe.`,
  ),
  'boite-impossible-de-creer': entry<{ box: string; path: string; parent: string; owner: string; shared: boolean }>(
    Denied,
    (p) => `impossible de créer ${q(p.path, 200)} : le dossier ${q(p.parent, 200)}, à ${q(p.owner, 40)}, ne vous est pas ouvert en écriture (${p.box})`,
    (p) =>
      p.shared
        ? `Dans une boîte partagée, la racine (chmod 2770) et les dossiers d’équipe (3770) sont ouverts au groupe ; ${q(p.owner, 40)} corrige avec chmod g+rwx ${p.parent}.`
        : `Une boîte privée appartient à un seul utilisateur : prenez votre propre boîte (CONTEXTE_DIR non défini, ou un dossier à vous), ou voyez le README pour la partager.`,
  ),
  'dossier-auteur-d-un-autre': entry<{ box: string; path: string; author: string; owner: string }>(
    Denied,
    (p) =>
      `le dossier d’auteur ${q(p.path, 200)} appartient à ${q(p.owner, 40)} : vous ne pouvez ni y publier ni y supprimer sous le nom ${q(p.author, 64)} (${p.box})`,
    () =>
      'Publiez sous votre propre nom d’auteur : chacun n’écrit que dans son dossier. Si ce nom vous revient, demandez à son propriétaire de retirer le dossier (rm -r), puis republiez.',
  ),
  'boite-equipe-non-protegee': entry<{ box: string; path: string; owner: string }>(
    Denied,
    (p) => `le dossier d’équipe ${q(p.path, 200)} n’a pas le bit sticky ni les droits 3770 (${p.box}) : un membre pourrait y renommer le dossier d’un autre`,
    (p) =>
      `Son propriétaire (${q(p.owner, 40)}) lance : chmod 3770 ${q(p.path, 200)} ; à défaut, root le fait (sudo chmod 3770), ou lui en donne la propriété (sudo chown <vous> ${q(p.path, 200)}).`,
  ),

  // A right refused, in the command's own terms.
  'refus-serveur': entry<Denial>(
    Denied,
    (p) => `l’utilisateur ${p.user} n’a pas le droit de lire les réglages du serveur (${p.box})`,
    () => 'Lancez admin serveur avec l’utilisateur d’administration (REDIS_USERNAME, REDISCLI_AUTH) : il demande les droits CONFIG, INFO et SCAN.',
  ),
  'refus-lister-equipe': entry<Denial & { team: string }>(
    Denied,
    (p) => `l’utilisateur ${p.user} n’a pas le droit de lister l’équipe ${p.team} (${p.box})`,
    () => 'Chacun ne lit que les notes de son équipe.',
  ),
  'refus-parcourir': entry<Denial>(
    Denied,
    (p) => `l’utilisateur ${p.user} n’a pas le droit de parcourir toute la boîte (${p.box})`,
    () => 'Listez par équipe : recuperer list --equipe <equipe>.',
  ),
  'refus-lire': entry<Denial & { key: string }>(
    Denied,
    (p) => `l’utilisateur ${p.user} n’a pas le droit de lire ${p.key} (${p.box})`,
    () => 'Chacun ne lit que les notes de son équipe.',
  ),
  'refus-supprimer': entry<Denial & { key: string }>(
    Denied,
    (p) => `l’utilisateur ${p.user} n’a pas le droit de supprimer ${p.key} (${p.box})`,
    () => 'Un auteur ne supprime que ses propres notes ; la purge d’une équipe revient à qui administre la boîte.',
  ),
  'refus-prendre': entry<Denial & { key: string }>(
    Denied,
    (p) => `l’utilisateur ${p.user} n’a pas le droit d’écrire dans son journal pour prendre ${p.key} (${p.box}) : rien n’a été enregistré`,
    (p) =>
      p.box.startsWith('redis')
        ? 'Votre utilisateur Redis n’a pas le droit XADD sur son journal : « admin utilisateur <equipe> <auteur> --appliquer » le lui donne.'
        : 'Votre dossier d’auteur dans l’équipe doit vous appartenir et être modifiable par vous (ls -ld) ; publier une note le crée.',
  ),
  'refus-purger': entry<Denial & { team: string }>(
    Denied,
    (p) => `l’utilisateur ${p.user} n’a pas le droit de purger l’équipe ${p.team} (${p.box})`,
    () => 'La purge revient à qui administre la boîte.',
  ),
  'refus-journal': entry<Denial & { team: string }>(
    Denied,
    (p) => `l’utilisateur ${p.user} n’a pas le droit de lire le journal de l’équipe ${p.team} (${p.box})`,
    () => 'Le journal se lit avec un compte d’administration de la boîte.',
  ),
  'refus-publier': entry<Denial & { team: string; author: string }>(
    Denied,
    (p) => `publication refusée : l’utilisateur ${p.user} n’a pas le droit d’écrire contexte:${p.team}:${p.author}:* (${p.box})`,
    () => 'Un auteur ne publie que sous son propre nom et dans son équipe (droits ACL de la boîte).',
  ),
  'refus-audit': entry<Denial & { team: string }>(
    Denied,
    (p) => `l’utilisateur ${p.user} n’a pas les droits d’un audit (SCAN, lecture et écriture des clés de l’équipe ${p.team}) (${p.box})`,
    () => 'L’audit se lance avec un compte d’administration de la boîte (REDIS_USERNAME et REDISCLI_AUTH de l’équipe plateforme).',
  ),

  // recuperer.
  'limite-invalide': entry<{ value: string }>(
    Usage,
    (p) => `--limite ${q(p.value, 20)} n’est pas un nombre entier positif`,
    () => 'Exemple : --limite 50 ; --tout affiche tout.',
  ),
  'limite-et-tout': entry(
    Usage,
    () => '--limite et --tout s’excluent',
    () => 'Gardez --limite <n> pour borner, ou --tout pour tout afficher.',
  ),
  'valeur-trop-grosse': entry<{ box: string; key: string; size: number; max: number }>(
    Refused,
    (p) =>
      `la valeur de ${p.key} fait ${p.size} octets dans ${p.box}, au-delà des ${p.max} qu’accepte ${p.key.startsWith('session:') ? 'une exportation de session' : p.key.startsWith('modifs:') ? 'un travail en cours' : 'une note'} : rien n’a été lu ni écrit`,
    (p) =>
      `Une note publiée par nos programmes ne dépasse jamais cette taille : la valeur a été écrite autrement. Signalez-la à son auteur ou à qui administre la boîte (recuperer supprimer ${p.key} pour l’auteur).`,
  ),
  'cle-introuvable': entry<{ box: string; key: string; team: string }>(
    NotFound,
    (p) => `clé introuvable dans ${p.box} : ${p.key} (expirée, supprimée ou jamais publiée)`,
    (p) => `Listez les notes disponibles avec : recuperer list --equipe ${p.team}`,
  ),
  'prendre-une-note': entry<{ key: string; note: string }>(
    Usage,
    (p) => `${q(p.key)} n’est pas une note : on prend une note, l’export et le travail en cours la suivent`,
    (p) => `Prenez la note : recuperer prendre ${p.note}`,
  ),
  'cadre-et-json': entry(
    Usage,
    () => '--cadre et --json s’excluent',
    () => 'Utilisez --cadre pour lire la note, --json pour un traitement automatique.',
  ),
  'sortie-standard-seule': entry(
    Usage,
    () => '« - » (la note sur la sortie standard) s’utilise seul, sans --cadre, --json ni --force',
    () => 'Exemple : recuperer get <cle> - | less',
  ),
  'motif-et-equipe': entry(
    Usage,
    () => 'un motif et --equipe ne se combinent pas',
    () => "Donnez l’un ou l’autre : recuperer list --equipe <e>, ou recuperer list 'contexte:<e>:*'.",
  ),
  'auteur-sans-equipe': entry(
    Usage,
    () => '--auteur s’utilise avec --equipe',
    () => 'Exemple : recuperer list --equipe <e> --auteur <a>.',
  ),
  'purge-non-confirmee': entry<{ team: string }>(
    Usage,
    (p) => `la purge retire toutes les notes de l’équipe ${p.team} : rien n’a été supprimé sans confirmation`,
    (p) => `Ajoutez --oui pour confirmer : recuperer purger --equipe ${p.team} --oui`,
  ),
  /** `again`: the same wait, with the delay as it was given (the skill's, under the agent's bash limit, or the user's). */
  'attente-expiree': entry<{ box: string; team: string; author?: string; delay: string; again: string }>(
    NotFound,
    (p) => `aucune note n’a été publiée pour l’équipe ${p.team}${p.author ? ` par ${p.author}` : ''} en ${p.delay} (${p.box})`,
    (p) =>
      `Demandez au collègue s’il a publié (et dans quelle boîte : recuperer boite), puis attendez encore avec la même commande (${q(p.again, 160)}) ou listez (recuperer list --equipe ${p.team}).`,
  ),
  'delai-hors-bornes': entry<{ raw: string }>(
    Usage,
    (p) => `--delai ${q(p.raw, 20)} sort des bornes : de 1 s à 24 h`,
    () => 'Exemples : --delai 10min, --delai 2h.',
  ),

  // publier.
  'auteur-manquant': entry(
    Usage,
    () => 'auteur manquant : ni troisième argument, ni REDIS_USERNAME',
    () => 'Donnez l’auteur : publier <fichier> <equipe> <auteur> (ou définissez REDIS_USERNAME, l’utilisateur Redis).',
  ),
  'en-tete-different': entry<{ field: string; claimed: string; given: string }>(
    Usage,
    (p) => `l’en-tête de la note dit ${p.field} ${q(p.claimed, 64)}, la ligne de commande « ${p.given} » : rien n’a été publié`,
    (p) => `Corrigez le champ ${p.field} de l’en-tête, ou publiez sous le nom qu’il donne s’il est juste.`,
  ),

  'modifs-hors-depot': entry(
    Usage,
    () => '--modifs emporte les modifications d’un dépôt git, et le dossier courant n’est dans aucun : rien n’a été publié',
    () => 'Lancez publier depuis le dépôt du projet, ou publiez sans --modifs.',
  ),
  'modifs-sans-commit': entry(
    Usage,
    () => 'le dépôt n’a encore aucun commit : des modifications en cours ne s’appliquent à rien : rien n’a été publié',
    () => 'Faites un premier commit, ou publiez sans --modifs.',
  ),
  'modifs-trop-grosses': entry<{ max: number }>(
    Usage,
    (p) => `les modifications en cours dépassent ${p.max} octets : rien n’a été publié`,
    () => 'Committez (ou poussez) une partie du travail, puis relancez ; --modifs emporte un travail en cours, pas un dépôt.',
  ),
  'modifs-git': entry(
    Unavailable,
    () => 'git n’a pas pu donner les modifications en cours (introuvable, ou trop lent) : rien n’a été publié',
    () => 'Vérifiez que « git status » répond dans ce dossier, puis relancez.',
  ),
  'modifs-commit-different': entry<{ claimed: string; base: string }>(
    Usage,
    (p) =>
      p.claimed === ''
        ? `la note ne donne pas de commit, et les modifications en cours s’appliquent à ${p.base.slice(0, 12)} : rien n’a été publié`
        : `l’en-tête de la note dit commit ${q(p.claimed, 64)}, mais les modifications en cours s’appliquent à ${p.base.slice(0, 12)} : rien n’a été publié`,
    (p) => `Écrivez « commit: ${p.base.slice(0, 12)} » dans l’en-tête (git rev-parse --short HEAD), relisez la note, puis relancez.`,
  ),

  // A sealed team (lib/mailbox/sealed).
  'identite-absente': entry<{ team: string }>(
    Usage,
    (p) => `aucune identité sur ce poste${p.team ? ` : l’équipe ${p.team} est scellée` : ''} ; rien n’a été publié`,
    () =>
      'Créez-la avec « publier identite », puis faites enregistrer sa ligne par l’administration de l’équipe (admin membre <equipe> <auteur> --identite <ligne>).',
  ),
  'identite-dangereuse': entry<{ path: string; why: string }>(
    Usage,
    (p) => `la clé d’identité ${q(p.path, 200)} n’est pas utilisée : ${p.why}`,
    () => 'Seul vous devez pouvoir la lire : chmod 700 sur le dossier, chmod 600 sur les fichiers (ou recréez l’identité et faites-la réenregistrer).',
  ),
  'identite-non-enregistree': entry<{ team: string; author: string; fingerprint: string; other: boolean }>(
    Usage,
    (p) =>
      `l’équipe ${p.team} est scellée et ${p.other ? `l’identité enregistrée pour ${p.author} n’est pas celle de ce poste (empreinte ${p.fingerprint})` : `aucune identité n’y est enregistrée pour ${p.author}`} : rien n’a été publié`,
    () =>
      'Donnez la ligne de « publier identite » à l’administration de l’équipe, qui l’enregistre avec admin membre <equipe> <auteur> --identite <ligne> --appliquer.',
  ),
  'identite-redis': entry(
    Usage,
    () => 'sur Redis, les identités d’une équipe sont enregistrées par son administration, pas par ses membres : rien n’a été écrit',
    () => 'Lancez « publier identite » sans --equipe, et donnez la ligne affichée à l’administration (admin membre <equipe> <auteur> --identite <ligne>).',
  ),
  'sceller-redis': entry(
    Usage,
    () => 'sur Redis, une équipe est scellée par son administration : rien n’a été écrit',
    () => 'Demandez-le à l’administration : admin equipe <equipe> --scellee --appliquer.',
  ),
  'sceller-pas-proprietaire': entry<{ path: string; owner: string }>(
    Denied,
    (p) => `seul le propriétaire du dossier d’équipe ${q(p.path, 200)} (${p.owner}) peut la sceller : rien n’a été écrit`,
    (p) => `Demandez à ${p.owner} de lancer recuperer boite --sceller --equipe <equipe>.`,
  ),
  'sceller-sans-equipe': entry(
    Usage,
    () => '--sceller scelle une équipe : --equipe manque',
    () => 'Lancez recuperer boite --sceller --equipe <equipe>.',
  ),
  'identite-sans-auteur': entry(
    Usage,
    () => '--equipe demande aussi --auteur : l’identité s’écrit dans votre dossier d’auteur',
    () => 'Lancez publier identite --equipe <equipe> --auteur <auteur>.',
  ),
  'signature-invalide': entry<{ key: string; author: string }>(
    Refused,
    (p) =>
      `la signature de ${p.key} ne correspond pas à l’identité enregistrée de ${p.author} : la note a été modifiée après sa publication, ou elle n’a pas été écrite par ${p.author} ; rien n’a été écrit`,
    (p) => `Ne la reprenez pas : prévenez ${p.author} et l’administration de l’équipe (recuperer journal, admin audit).`,
  ),
  'signature-absente': entry<{ key: string; team: string }>(
    Refused,
    (p) => `l’équipe ${p.team} est scellée, mais ${p.key} n’est ni signée ni chiffrée : rien ne prouve qui l’a écrite ; rien n’a été écrit`,
    () => 'Ne la reprenez pas : demandez à son auteur de la republier (son utilisateur Redis doit avoir été recréé par admin utilisateur).',
  ),
  'non-destinataire': entry<{ key: string; team: string }>(
    Denied,
    (p) =>
      `${p.key} n’est pas chiffrée pour vous : vous n’étiez pas membre de l’équipe scellée ${p.team} quand elle a été publiée, ou ce poste n’a pas votre identité ; rien n’a été écrit`,
    () => 'Faites enregistrer votre identité (publier identite, puis admin membre … --identite <ligne>), puis demandez à l’auteur de republier.',
  ),

  // admin.
  'identite-changee': entry<{ team: string; author: string; pinned: string; registered: string }>(
    Denied,
    (p) =>
      `l’identité enregistrée pour ${p.author} dans l’équipe ${p.team} n’est plus celle que ce poste connaît : empreinte connue ${p.pinned}, enregistrée maintenant ${p.registered} ; rien n’a été écrit`,
    (p) =>
      `Lisez la nouvelle empreinte à voix haute avec ${p.author} (il la voit avec « publier identite ») ; si c’est bien la sienne : recuperer confiance ${p.team} ${p.author} --empreinte ${p.registered}. Sinon, prévenez l’administration de l’équipe : quelqu’un a changé sa clé.`,
  ),
  'empreintes-dangereuses': entry<{ path: string; why: string }>(
    Usage,
    (p) => `le fichier des empreintes connues ${q(p.path, 200)} n’est pas utilisé : ${p.why} ; rien n’a été écrit`,
    () => 'Seul vous devez pouvoir l’écrire : chmod 700 sur son dossier, chmod 600 sur le fichier, à votre nom (ls -l pour voir à qui il est).',
  ),
  'empreinte-invalide': entry(
    Usage,
    () => 'la valeur de --empreinte n’est pas une empreinte : 20 chiffres hexadécimaux, par groupes de quatre (3F9A-C21B-…)',
    () => 'Recopiez l’empreinte que le message « identite-changee » affiche, ou celle que votre collègue lit avec « publier identite ».',
  ),
  'empreinte-differente': entry<{ team: string; author: string; given: string; registered: string | undefined }>(
    Refused,
    (p) =>
      p.registered === undefined
        ? `l’équipe ${p.team} n’enregistre aucune identité pour ${p.author} : rien n’a été changé`
        : `l’empreinte donnée (${p.given}) n’est pas celle que l’équipe ${p.team} enregistre pour ${p.author} (${p.registered}) : rien n’a été changé`,
    (p) =>
      p.registered === undefined
        ? `Faites enregistrer son identité par l’administration de l’équipe (admin membre ${p.team} ${p.author} --identite <ligne>), puis recommencez.`
        : `Relisez l’empreinte avec ${p.author} : seule celle que l’équipe enregistre peut être acceptée, et seulement si c’est la sienne.`,
  ),
  'identite-invalide': entry(
    Usage,
    () => 'la valeur de --identite n’est pas une ligne d’identité contexte-id1:<clé>:<clé>',
    () => 'Demandez à l’auteur la ligne complète que « publier identite » affiche, et copiez-la telle quelle.',
  ),
  'auteur-default': entry(
    Usage,
    () => '« default » est l’utilisateur d’administration de Redis : il ne peut pas devenir un auteur',
    () => 'Choisissez un autre nom d’auteur.',
  ),
  'mot-de-passe-court': entry(
    Usage,
    () => 'CONTEXTE_MOT_DE_PASSE est trop court : 16 caractères au moins',
    () => 'Choisissez un mot de passe plus long, ou donnez --fichier-mot-de-passe <f> pour en tirer un au hasard.',
  ),
  'mot-de-passe-absent': entry(
    Usage,
    () => 'aucun mot de passe n’est donné pour l’auteur',
    () => 'Définissez CONTEXTE_MOT_DE_PASSE (16 caractères au moins), ou donnez --fichier-mot-de-passe <f> pour en tirer un au hasard.',
  ),
  'utilisateur-inconnu': entry<{ user: string; box: string }>(
    NotFound,
    (p) => `utilisateur Redis inconnu : ${q(p.user)} (rien n’a été révoqué sur ${p.box})`,
    () => 'Vérifiez le nom : ACL LIST, avec un compte d’administration, liste les utilisateurs.',
  ),

  // lire.
  'dossier-sans-depot': entry<{ path: string }>(
    Usage,
    (p) => `un dossier (${q(p.path)}) n’est lu qu’avec --depot`,
    () => 'Pour comparer la note à un dépôt : lire <note> --depot [dossier] ; sinon ne donnez que la note.',
  ),
  'modifs-sans-depot': entry(
    Usage,
    () => '--modifs se vérifie contre un dépôt : il va avec --depot',
    () => 'Lancez lire <note> --depot --modifs <fichier> depuis le dépôt du projet.',
  ),
  'depot-introuvable': entry<{ path: string }>(
    Usage,
    (p) => `le dossier ${q(p.path)} de --depot est introuvable, ou n’est pas un dossier`,
    () => 'Donnez un dossier du dépôt (relatif au dossier courant, ou absolu) ; sans dossier, --depot lit le dossier courant.',
  ),

  // The installer.
  'agent-inconnu': entry<{ agent: string }>(
    Usage,
    (p) => `l’agent ${q(p.agent)} est inconnu`,
    () => 'Choisissez --agent opencode ou --agent claude.',
  ),
  'global-et-repertoire': entry(
    Usage,
    () => '--global ne prend pas de répertoire de projet',
    () => 'Retirez le répertoire (installation pour tous les projets) ou --global (pour ce projet).',
  ),
  'projet-introuvable': entry<{ path: string }>(
    Usage,
    (p) => `le répertoire de projet ${q(p.path)} est introuvable`,
    () => 'Donnez le dossier du projet, ou lancez la commande depuis ce dossier.',
  ),
  'partage-non-desactive': entry<{ project: string; line: string }>(
    Refused,
    (p) => `le partage de session n’a pas pu être désactivé dans ${q(p.project, 200)}`,
    (p) => `Ajoutez ${p.line} à la configuration d’OpenCode du projet, puis relancez l’installation pour vérifier.`,
  ),
  'pack-incomplet': entry<{ path: string }>(
    Refused,
    (p) => `le pack est incomplet : ${q(p.path, 200)} manque`,
    () => 'Dans un clone du dépôt, lancez npm run build ; sinon réinstallez le paquet.',
  ),
  'installation-impossible': entry<{ path: string; code: string }>(
    Refused,
    (p) => `les skills ne peuvent pas être écrits dans ${q(p.path, 200)} (${p.code})`,
    () => 'Vérifiez les droits de ce dossier (ls -ld), ou choisissez un autre projet.',
  ),

  'erreur-interne': entry(
    Internal,
    () => 'une erreur interne inattendue a arrêté le programme',
    () => 'Relancez avec CONTEXTE_DEBUG=1 pour la trace, et signalez-la.',
  ),
} as const;

export type Reason = keyof typeof CATALOGUE;
export type ParamsOf<R extends Reason> = Parameters<(typeof CATALOGUE)[R]['message']>[0];
