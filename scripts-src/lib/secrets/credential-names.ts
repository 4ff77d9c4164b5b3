/**
 * Which names and words give a value the role of a credential, in code
 * (`DB_PW`, `"pw"`, `aws_secret`, `X-Api-Key`) and in French or English prose
 * (« mot de passe », « mdp », « sésame », « code d'accès », "the pass",
 * "passphrase", « clé Datadog »). A role has a strength: what a password name
 * holds is a password even when short and plain; what a token name holds is a
 * credential when it is not an identifier of another kind; a bare "key" or
 * « clé » only counts for values that are plainly random.
 */
export type Role = 'password' | 'token' | 'weak';

/** Splits an identifier into lower-case words: `SLACK_BOT_TOKEN`, `_authToken`, `api-key`, `DB_PW`. */
export function identifierWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const PASSWORD_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'pw',
  'pass',
  'passphrase',
  'passcode',
  'passwort',
  'mdp',
  'motdepasse',
  'passe',
  'sesame',
  'contrasena',
  'senha',
]);
/** Glued names: PGPASSWORD, MYSQL_ROOT_PWD, adminPass, redispass. */
const PASSWORD_ENDING = /(?:password|passwd|passphrase|pwd|mdp)$|^[a-z]{2,8}pass$/;
const NOT_PASSWORDS = new Set(['bypass', 'compass', 'overpass', 'underpass', 'surpass', 'trespass', 'encompass', 'firstpass', 'multipass']);
const TOKEN_WORDS = new Set([
  'secret',
  'token',
  'apikey',
  'apitoken',
  'authtoken',
  'accesstoken',
  'refreshtoken',
  'credential',
  'credentials',
  'creds',
  'privatekey',
  'secretkey',
  'accountkey',
  'accesskey',
  'clientsecret',
  'jeton',
  'connectionstring',
  'connstr',
  'sas',
  'auth',
  'bearer',
  'authorization',
  'webhook',
  'dsn',
  'cookie',
]);
const TOKEN_ENDING = /(?:secret|token|apikey)$/;
const TOKEN_PAIRS = new Set([
  'api key',
  'access key',
  'private key',
  'secret key',
  'account key',
  'signing key',
  'encryption key',
  'master key',
  'session key',
  'auth key',
  'app key',
  'admin key',
  'write key',
  'license key',
  'licence key',
  'client secret',
  'shared key',
  'connection string',
  'conn str',
  'deploy key',
  'service key',
  'api secret',
  'app secret',
  'aws secret',
  'secret access',
  'cle api',
  'cle secrete',
  'cle privee',
  'cle acces',
  'code acces',
  'cle d',
]);
/** A credential's metadata or a pointer to it, not the credential: token_type, password_file, existingSecret, secretKeyRef… */
const METADATA_WORDS = new Set([
  'id',
  'ids',
  'name',
  'names',
  'type',
  'types',
  'file',
  'files',
  'path',
  'dir',
  'url',
  'uri',
  'endpoint',
  'length',
  'len',
  'size',
  'count',
  'expires',
  'expiry',
  'expiration',
  'ttl',
  'env',
  'var',
  'header',
  'prefix',
  'policy',
  'hint',
  'field',
  'label',
  'ref',
  'refs',
  'version',
  'hash',
  'hashed',
  'digest',
  'algorithm',
  'algo',
  'salt',
  'rounds',
  'min',
  'max',
  'required',
  'reset',
  'mode',
  'format',
  'scope',
  'scopes',
  'method',
  'provider',
  'manager',
  'store',
  'source',
  'enabled',
  'usage',
  'limit',
  'budget',
  'arn',
  'key',
  'keys',
  'mount',
  'location',
  'template',
  'regex',
  'pattern',
  'policy',
  'rotation',
  'strength',
  'placeholder',
  'prompt',
  'validation',
  'validator',
  'confirm',
  'confirmation',
  'changed',
  'updated',
  'created',
  'at',
  'stdin',
  'from',
  'selector',
  'kind',
  'class',
  'count',
  'index',
  'cache',
  'usage',
  'tokens',
  'output',
  'input',
  'fingerprint',
  'public',
  'pub',
  'cert',
  'certificate',
  'identifiant',
  'identifier',
  'nom',
  'numero',
  'words',
  'list',
  'validity',
  'handler',
  'helper',
  'helpers',
  'spec',
  'specs',
  'patterns',
  'regexp',
  'delta',
  'attribute',
  'attr',
  'column',
  'param',
  'parameter',
  'option',
  'options',
  'flag',
  'config',
]);
const REFERENCE_WORDS = new Set([
  'existing',
  'ref',
  'use',
  'from',
  'arn',
  'max',
  'min',
  'num',
  'public',
  'pub',
  'has',
  'is',
  'show',
  'no',
  'skip',
  'forgot',
  'generate',
  'validate',
  'check',
  'hide',
  'mask',
  'sealed',
  'external',
]);
/** Names that are only a weak hint: a key, a code. */
const WEAK_WORDS = new Set(['key', 'cle', 'code', 'sk']);

/** Names repeat (a thousand `Authorization:` lines): each is judged once. */
const ROLES = new Map<string, Role | undefined>();

/** The role a name gives the value bound to it, or undefined when it names no credential. */
export function roleOfName(name: string): Role | undefined {
  if (ROLES.has(name)) return ROLES.get(name);
  const role = judgeName(name);
  if (ROLES.size > 4096) ROLES.clear();
  ROLES.set(name, role);
  return role;
}

function judgeName(name: string): Role | undefined {
  const words = identifierWords(name);
  if (words.length === 0 || words.length > 6) return undefined;
  const last = words[words.length - 1]!;
  if (words.some((word) => REFERENCE_WORDS.has(word))) return undefined;
  // French and English put the head first in « id de session », "name of the token": the head decides.
  if (words.length >= 3 && METADATA_WORDS.has(words[0]!) && /^(?:de|du|des|d|of|for)$/.test(words[1]!)) return undefined;
  if (METADATA_WORDS.has(last) && !(last === 'key' && hasTokenPair(words))) return weakOrNone(words);
  if (words.some((word) => PASSWORD_WORDS.has(word) || (PASSWORD_ENDING.test(word) && !NOT_PASSWORDS.has(word)))) return 'password';
  if (words.some((word) => TOKEN_WORDS.has(word) || TOKEN_ENDING.test(word)) || hasTokenPair(words)) return 'token';
  return weakOrNone(words);
}

function hasTokenPair(words: string[]): boolean {
  return words.some((word, index) => TOKEN_PAIRS.has(word) || (index > 0 && TOKEN_PAIRS.has(`${words[index - 1]} ${word}`)));
}

function weakOrNone(words: string[]): Role | undefined {
  return words.length <= 3 && WEAK_WORDS.has(words[words.length - 1]!) ? 'weak' : undefined;
}

/**
 * The words of prose that introduce a credential, lower-case, with their role.
 * « clé » / "key" next to a capitalised name (« Clé Datadog », "Mailgun key")
 * is found separately, on the text as written.
 */
export const PROSE_PASSWORD =
  "mots? de passe|mot-de-passe|mdp|passwords?|passwd|pwd|pw|pass|passphrase|pass ?phrase|phrase secr[èe]te|phrase de passe|s[ée]same|code d['’ ]?acc[èe]s|code secret|passcode";
export const PROSE_TOKEN =
  "tokens?|jetons?|api[ _-]?keys?|cl[ée]s? (?:d['’ ]?)?api|cl[ée]s? secr[èe]tes?|cl[ée]s? d['’ ]?acc[èe]s|cl[ée]s? priv[ée]es?|secret keys?|access keys?|private keys?|client secrets?|secrets?|credentials?|creds|bearer";

/**
 * A few letters that every word of PROSE_PASSWORD and PROSE_TOKEN holds as written (test/unit/credential-names.test.ts):
 * a line without any holds none of them, and the patterns built on them are not run on it. ASCII, so without the `u`
 * flag: a plain search, where the full patterns look around each position for letters of any script.
 */
export const PROSE_WORD_STEMS = /mot|mdp|pass|pw|phrase|same|code|token|jeton|api|secr|acc|priv|key|cred|bearer/i;

/** The role of a prose keyword as matched (lower-case). */
const PROSE_PASSWORD_WORD = new RegExp(`^(?:${PROSE_PASSWORD})$`);

export function roleOfProseWord(word: string): Role {
  if (/^(?:key|cl[ée])$/.test(word)) return 'weak';
  return PROSE_PASSWORD_WORD.test(word) ? 'password' : 'token';
}

/**
 * What a session cookie's name says, word by word (`sessionid`, `JSESSIONID`,
 * `PHPSESSID`, `connect.sid`, `_gh_sess`, `laravel_session`, `__Secure-1PSID`,
 * `.ASPXAUTH`, `remember_user_token`, `next-auth.session-token`,
 * `KEYCLOAK_IDENTITY`): a stem one of its words begins or ends with.
 */
const SESSION_COOKIE_WORDS: ReadonlyArray<[stem: string, where: 'begins' | 'ends' | 'contains']> = [
  ['sess', 'contains'],
  ['sid', 'ends'],
  ['auth', 'contains'],
  ['token', 'contains'],
  ['jwt', 'contains'],
  ['remember', 'begins'],
  ['identity', 'ends'],
  ['login', 'begins'],
];

/** Names repeat (a cookie header a thousand times): each is judged once. */
const SESSION_COOKIES = new Map<string, boolean>();

/** A cookie whose value opens a session: what a browser or a HAR file must not hand over. */
export function isSessionCookieName(name: string): boolean {
  const known = SESSION_COOKIES.get(name);
  if (known !== undefined) return known;
  const words = identifierWords(name.replace(/^__(?:Secure|Host)-/, ''));
  const verdict =
    words.length > 0 &&
    words.length <= 8 &&
    words.some((word) =>
      SESSION_COOKIE_WORDS.some(([stem, where]) => (where === 'begins' ? word.startsWith(stem) : where === 'ends' ? word.endsWith(stem) : word.includes(stem))),
    );
  if (SESSION_COOKIES.size > 4096) SESSION_COOKIES.clear();
  SESSION_COOKIES.set(name, verdict);
  return verdict;
}
