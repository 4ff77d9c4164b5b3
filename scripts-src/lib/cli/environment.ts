/**
 * Every environment variable a program reads, with its role in French: the
 * `Environnement` section of each program's help and the README's table come
 * from here.
 */
export const ENVIRONMENT = {
  CONTEXTE_DIR: 'le dossier de la boîte quand aucun Redis n’est réglé (défaut ${XDG_STATE_HOME:-~/.local/state}/contexte-skills/boite)',
  REDIS_HOST: 'hôte Redis (comme dans l’atelier) : la boîte devient Redis',
  REDIS_PORT: 'port, défaut 6379',
  REDISCLI_AUTH: 'mot de passe, comme pour redis-cli ; jamais affiché',
  REDIS_USERNAME: 'utilisateur ACL Redis ; c’est aussi l’auteur par défaut de publier',
  REDIS_URL: 'redis://[utilisateur[:mot de passe]@]hôte[:port][/base], ou rediss:// pour TLS ; jamais affichée',
  REDIS_TLS_CA: 'fichier PEM des autorités à reconnaître pour TLS (sinon celles du système)',
  REDIS_CLUSTER_NODES: 'hôte:port,hôte:port,… : mode Redis Cluster (REDIS_TLS_CA ou REDIS_TLS=1 y active TLS)',
  REDIS_TLS: 'à 1, active TLS pour REDIS_CLUSTER_NODES (sans REDIS_TLS_CA : autorités du système)',
  CONTEXTE_TTL_MAX: 'durée de vie maximale acceptée, en secondes (défaut 604800 = 7 jours)',
  CONTEXTE_JOURNAL_JOURS: 'durée de conservation du journal, en jours (défaut 30)',
  OPENCODE_CONFIG: 'publier : un fichier de configuration d’OpenCode de plus, lu pour savoir si le partage de session est désactivé',
  OPENCODE_CONFIG_CONTENT: 'publier : la configuration d’OpenCode donnée en ligne, lue pour la même raison',
  CONTEXTE_MOT_DE_PASSE: 'admin utilisateur : le mot de passe de l’auteur (16 caractères au moins) ; jamais affiché',
  CONTEXTE_DEBUG: 'à 1, une erreur interne affiche sa trace',
} as const;

export type EnvironmentVariable = keyof typeof ENVIRONMENT;

/** The variables that choose and reach the mailbox, read by every program that opens it. */
export const MAILBOX_ENVIRONMENT: EnvironmentVariable[] = [
  'CONTEXTE_DIR',
  'REDIS_HOST',
  'REDIS_PORT',
  'REDISCLI_AUTH',
  'REDIS_USERNAME',
  'REDIS_URL',
  'REDIS_TLS_CA',
  'REDIS_CLUSTER_NODES',
  'REDIS_TLS',
  'CONTEXTE_TTL_MAX',
  'CONTEXTE_JOURNAL_JOURS',
];
