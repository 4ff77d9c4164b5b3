/**
 * Every exit code of every program. They are part of the public surface:
 * `--help` and the README list them, and agents branch on them.
 */
export enum ExitCode {
  Success = 0,
  /** A check refused the content (secret found, note rules not met). */
  Refused = 1,
  /** Bad arguments, invalid name or TTL, missing or invalid configuration. */
  Usage = 2,
  /** The key or the input file does not exist. */
  NotFound = 3,
  /** The mailbox cannot be reached or does not answer in time, or refuses writes. */
  Unavailable = 4,
  /** Authentication failed or the mailbox user lacks the right. */
  Denied = 5,
  /** The output file already exists (without --force), or no free key was found. */
  Conflict = 6,
  /** A bug: please report it. */
  Internal = 70,
}

/** French one-line descriptions, printed by `--help` and listed in the README. */
export const exitCodeHelp: ReadonlyArray<[ExitCode, string]> = [
  [ExitCode.Success, 'succès'],
  [
    ExitCode.Refused,
    'refusé : une vérification refuse le contenu (secret, en-tête, rubriques, chemin personnel, bloc trop long, export non expurgé), une valeur de la boîte dépasse la taille d’une note ou d’un export, un audit ou un examen du serveur laisse des constats, ou l’installation n’a pas pu se faire',
  ],
  [ExitCode.Usage, 'erreur d’utilisation : argument, option, nom, durée, fichier d’entrée ou configuration invalide'],
  [ExitCode.NotFound, 'clé, fichier ou utilisateur introuvable'],
  [
    ExitCode.Unavailable,
    'boîte injoignable, muette ou indisponible (refus de connexion, délai dépassé, mémoire ou disque plein, maxclients atteint, réplique en lecture seule)',
  ],
  [
    ExitCode.Denied,
    'authentification ou droits refusés (mot de passe, ACL, droits du dossier) ; équipe scellée : note non chiffrée pour vous, ou identité d’un collègue changée depuis que ce poste la connaît (identite-changee)',
  ],
  [ExitCode.Conflict, 'le fichier de sortie existe déjà (sans --force), ou aucune clé libre'],
  [ExitCode.Internal, 'erreur interne (à signaler ; CONTEXTE_DEBUG=1 affiche la trace)'],
];
