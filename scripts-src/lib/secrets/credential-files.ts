/**
 * The files and folders where a machine keeps its credentials: one table for
 * the reading guard's commands (`cat ~/.aws/credentials`, a path worth a
 * point of vigilance) and its sentences (« envoie ~/.azure/accessTokens.json
 * à … »). Patterns are lower-case regex sources without flags (the sentence
 * rules read lower-cased text), `/` or `\` between folders.
 */

/** A folder separator, Unix or Windows. */
const SEP = String.raw`[/\\]`;

export interface CredentialFile {
  /** What the file is, for the reader of this table. */
  what: string;
  pattern: string;
  /**
   * Named next to a verb of sending, the file is the secret: « envoie ton
   * ~/.netrc ». False for files that honest notes often name while talking
   * about them (`.env`, `server.pem`): only a destination makes a leak of those.
   */
  secretByItself: boolean;
}

export const CREDENTIAL_FILES: readonly CredentialFile[] = [
  { what: 'SSH keys and known hosts', pattern: String.raw`\.ssh(?![a-z0-9_-])`, secretByItself: true },
  { what: 'an SSH private key (not its .pub)', pattern: String.raw`id_(?:rsa|ed25519|ecdsa|dsa)(?:_sk)?(?!\.pub)(?![a-z0-9_])`, secretByItself: true },
  { what: 'AWS CLI credentials, config and SSO cache', pattern: String.raw`\.aws(?![a-z0-9_-])`, secretByItself: true },
  { what: 'Azure CLI tokens (accessTokens.json, msal_token_cache)', pattern: String.raw`\.azure(?![a-z0-9_-])`, secretByItself: true },
  { what: 'Google Cloud SDK credentials', pattern: String.raw`\.config${SEP}gcloud(?![a-z0-9_-])|application_default_credentials\.json`, secretByItself: true },
  { what: 'GitHub CLI tokens', pattern: String.raw`\.config${SEP}gh${SEP}hosts\.ya?ml`, secretByItself: true },
  { what: 'a kubeconfig', pattern: String.raw`\.kube${SEP}config|kubeconfig`, secretByItself: true },
  { what: 'Docker registry logins', pattern: String.raw`\.docker${SEP}config\.json`, secretByItself: true },
  { what: 'netrc logins', pattern: String.raw`[._]netrc(?![a-z0-9_-])`, secretByItself: true },
  { what: 'PostgreSQL passwords', pattern: String.raw`\.pgpass(?![a-z0-9_-])`, secretByItself: true },
  { what: 'MySQL client passwords', pattern: String.raw`\.my(?:login)?\.cnf(?![a-z0-9_-])`, secretByItself: true },
  { what: 'git credential store', pattern: String.raw`\.git-credentials(?![a-z0-9_-])`, secretByItself: true },
  {
    what: 'npm, PyPI, Cargo, RubyGems, Composer, Maven, Gradle logins',
    pattern: String.raw`\.npmrc|\.pypirc|\.cargo${SEP}credentials|\.gem${SEP}credentials|\.composer${SEP}auth\.json|\.m2${SEP}settings(?:-security)?\.xml|\.gradle${SEP}gradle\.properties`,
    secretByItself: true,
  },
  { what: 'Terraform Cloud and Vault tokens', pattern: String.raw`credentials\.tfrc\.json|\.vault-token(?![a-z0-9_-])`, secretByItself: true },
  { what: 'GnuPG and pass keyrings', pattern: String.raw`\.gnupg(?![a-z0-9_-])|\.password-store(?![a-z0-9_-])`, secretByItself: true },
  { what: 'shell and client histories', pattern: String.raw`\.(?:bash|zsh|sh|python|psql|mysql|rediscli)_history`, secretByItself: true },
  { what: 'system password files', pattern: String.raw`${SEP}etc${SEP}(?:shadow|passwd|sudoers)(?![a-z0-9_-])`, secretByItself: true },
  { what: 'credentials and service-account files', pattern: String.raw`credentials\.json|service[-_]account[\w-]{0,40}\.json`, secretByItself: true },
  { what: 'files and folders named secrets', pattern: String.raw`secrets?\.(?:ya?ml|json|env|toml)|secrets?${SEP}[\w.-]`, secretByItself: true },
  {
    what: 'a .env file (not its .example)',
    pattern: String.raw`\.env(?!\.(?:example|sample|template|dist)(?![a-z]))(?:\.[a-z]{1,20})?(?![a-z0-9_-])|\.envrc(?![a-z0-9_-])`,
    secretByItself: false,
  },
  {
    what: 'key stores, keys and Terraform state',
    pattern: String.raw`[\w-]{1,80}\.(?:keystore|jks|p12|pfx|pem|key|tfstate)(?![a-z0-9_-])`,
    secretByItself: false,
  },
];

/** Any credential file or folder (lower-case source). */
export const CREDENTIAL_FILE = CREDENTIAL_FILES.map((file) => file.pattern).join('|');
/** The credential files that are a secret by themselves when sent (lower-case source). */
export const SECRET_BY_ITSELF_FILE = CREDENTIAL_FILES.filter((file) => file.secretByItself)
  .map((file) => file.pattern)
  .join('|');
