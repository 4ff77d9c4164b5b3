/**
 * Tests on a candidate value: is it a placeholder or a reference, or does it
 * look like a real credential? Shared by every rule that finds a value next to
 * a word (an assignment, a CLI flag, a sentence) rather than by its own format.
 */

/** Values that name or stand for a secret instead of being one. */
const PLACEHOLDER_WORDS = new Set(
  [
    'changeme', 'change-me', 'change_me', 'changeit', 'example', 'exemple', 'dummy', 'fake', 'sample', 'placeholder',
    'redacted', 'masked', 'hidden', 'secret', 'secrets', 'password', 'passwd', 'motdepasse', 'token', 'apikey', 'api_key',
    'api-key', 'null', 'none', 'nil', 'undefined', 'true', 'false', 'todo', 'tbd', 'foo', 'bar', 'baz', 'foobar',
    'test', 'testing', 'required', 'optional', 'string', 'value', 'valeur', 'inconnu', 'unknown', 'empty', 'vide',
  ].map((word) => word.toLowerCase()),
);

/** Passwords of local development defaults: not worth refusing a note for. */
const DEFAULT_PASSWORDS = new Set(['postgres', 'password', 'pass', 'root', 'admin', 'guest', 'redis', 'mysql', 'user', 'test', 'secret', 'changeme']);

export function stripQuotes(value: string): string {
  const trimmed = value.trim();
  const pairs: Array<[string, string]> = [['"', '"'], ["'", "'"], ['`', '`'], ['«', '»']];
  for (const [open, close] of pairs) {
    if (trimmed.length >= 2 && trimmed.startsWith(open) && trimmed.endsWith(close)) return trimmed.slice(open.length, -close.length).trim();
  }
  return trimmed;
}

export function isPlaceholder(raw: string): boolean {
  const value = stripQuotes(raw);
  if (value === '') return true;
  const lower = value.toLowerCase();
  if (PLACEHOLDER_WORDS.has(lower)) return true;
  // References: $VAR, ${VAR}, $(cmd), %VAR%, {{ x }}, ${{ secrets.X }}, {env:X}, <votre-token>, [redacted:…]
  if (/^(?:\$|%[A-Za-z_]|\{\{|\{env:|\{file:|<|\[redacted|\(redacted|\[masqu)/i.test(value)) return true;
  if (/process\.env|os\.environ|getenv\(|\bENV\[|secrets\.|\$\{\{|\{env:|vault:|ssm:|op:\/\//i.test(value)) return true;
  // Masks and ellipses: ****, xxxx, •••, ..., …
  if (/\*{3,}|x{4,}|X{4,}|•{3,}|\.{3,}|…|#{4,}/.test(value)) return true;
  if (/^[*•x.#_-]+$/i.test(value)) return true;
  if (/^(?:your|votre|my|mon|ma|insert|replace|enter|some|remplacer|mettre)[-_ ]/i.test(value)) return true;
  // AWS's documented examples (AKIAIOSFODNN7EXAMPLE…) and similar.
  if (/example|exemple|dummy|placeholder|redacted/i.test(value)) return true;
  return false;
}

export function characterClasses(value: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
}

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Things that are not secrets whatever word stands next to them. */
function isOrdinaryValue(value: string): boolean {
  return (
    /^[A-Za-zÀ-ÿ]+$/.test(value) || // a word
    /^[A-Za-zÀ-ÿ]+(?:[-'’][A-Za-zÀ-ÿ]+)+$/.test(value) || // hyphenated words
    /^\d+(?:[.,:]\d+)*[a-zA-Z%]{0,3}$/.test(value) || // numbers, versions, durations, sizes
    /^v?\d+(?:\.\d+)+(?:[-+][\w.]+)?$/.test(value) || // a version: v2.3.1-rc4
    /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:=.*)?$/.test(value) || // an environment variable's name (or its own assignment)
    /^(?:\.{0,2}\/|~\/|[A-Za-z]:\\)/.test(value) || // a path
    /^[\w.-]+\.(?:md|ts|js|mjs|cjs|json|ya?ml|toml|txt|sh|py|rb|go|rs|java|env|conf|cfg|ini|pem|key|crt|log|lock|html|css)$/i.test(value) ||
    /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || // a URL (credentials in URLs have their own rule)
    /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(value) || // an e-mail address
    /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\([\w$.,\s"'-]*\)?;?$/.test(value) || // a call: getToken(), os.getenv(
    /^[A-Za-z_$][\w$.]*<[\w$.,\s<>|[\]]*>[;,]?$/.test(value) || // a generic type: Promise<void>
    /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?$/.test(value) || // a date
    /^(?:sha\d{1,3}|md5|blake2b?)[:-]/i.test(value) || // a digest or an integrity hash
    /^(?:ses|msg|prt|toolu|call|req|evt|run|job|usr|org|proj)_[A-Za-z0-9]+$/.test(value) || // an identifier with a type prefix
    /^#[0-9a-f]{3,8}$/i.test(value) || // a colour
    /^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?$/.test(value) // an IP address
  );
}

/**
 * Where the value sits decides how sure we must be: next to a name that says
 * "token" or "secret" (`key`) any non-trivial value counts, and next to one that
 * says "password" (`password-key`) a short word with digits too; in a sentence
 * (`prose`) the value must look random (letters and digits or symbols, 8
 * characters or more).
 */
export function looksLikeSecret(raw: string, context: 'key' | 'password-key' | 'prose'): boolean {
  const value = stripQuotes(raw);
  if (isPlaceholder(value) || isOrdinaryValue(value)) return false;
  if (/\s/.test(value) && context === 'prose') return false;
  const classes = characterClasses(value);
  if (context !== 'prose') {
    if (value.length < 6) return false;
    if (DEFAULT_PASSWORDS.has(value.toLowerCase())) return false;
    return (
      classes >= 3 ||
      (classes >= 2 && value.length >= 8) ||
      (context === 'password-key' && classes >= 2 && /\d/.test(value)) || // password=hunter2
      (value.length >= 16 && entropy(value) >= 3)
    );
  }
  if (value.length < 8) return false;
  // In a sentence: another assignment (top-k=20, scanned on its own), a rate (100req/s).
  if (/^[a-z][a-z_-]*=[^=]/.test(value) || /^[\w.-]*\/[a-z]{1,4}$/.test(value)) return false;
  // Next to a credential word, a long hex string or a UUID is a key (Datadog, Heroku…);
  // a short one is a commit id.
  if (/^[0-9a-f]{32,}$/i.test(value) || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return true;
  if (/^[0-9a-f]{7,31}$/i.test(value)) return false;
  const hasLetter = /[A-Za-z]/.test(value);
  const hasDigitOrSymbol = /[0-9]/.test(value) || /[^A-Za-z0-9]/.test(value.replace(/[-_.]/g, ''));
  return hasLetter && hasDigitOrSymbol && classes >= 3;
}

export function isDefaultPassword(value: string): boolean {
  return DEFAULT_PASSWORDS.has(value.toLowerCase());
}

/** Splits an identifier into lower-case words: `SLACK_BOT_TOKEN`, `_authToken`, `api-key`. */
export function identifierWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const CREDENTIAL_WORDS = new Set([
  'password', 'passwd', 'pwd', 'passphrase', 'pass', 'secret', 'token', 'apikey', 'apitoken', 'authtoken', 'accesstoken',
  'refreshtoken', 'credential', 'credentials', 'creds', 'privatekey', 'secretkey', 'accountkey', 'accesskey', 'clientsecret',
  'mdp', 'motdepasse', 'jeton', 'connectionstring', 'connstr', 'sas', 'auth',
]);
const CREDENTIAL_PAIRS = new Set([
  'api key', 'access key', 'private key', 'secret key', 'account key', 'signing key', 'encryption key', 'master key',
  'session key', 'auth key', 'app key', 'client secret', 'shared key', 'connection string', 'conn str', 'mot de', 'de passe',
]);
/** A credential's metadata, not the credential: token_type, password_file, secret_name… */
const METADATA_WORDS = new Set([
  'id', 'ids', 'name', 'names', 'type', 'types', 'file', 'path', 'dir', 'url', 'uri', 'endpoint', 'length', 'len', 'size',
  'count', 'expires', 'expiry', 'expiration', 'ttl', 'env', 'var', 'header', 'prefix', 'policy', 'hint', 'field', 'label',
  'ref', 'version', 'hash', 'hashed', 'algorithm', 'salt', 'rounds', 'min', 'max', 'required', 'reset', 'mode', 'format',
  'scope', 'scopes', 'method', 'provider', 'manager', 'store', 'source', 'enabled', 'usage', 'limit', 'budget',
]);

/** Names of a password proper, where even `hunter2` is one. */
export function namesPassword(name: string): boolean {
  return identifierWords(name).some((word) => /(?:password|passwd|pwd|passphrase|pass|mdp|motdepasse)$/.test(word));
}

/** Glued names: PGPASSWORD, MYSQL_PWD, authtoken, clientsecret. */
const CREDENTIAL_ENDINGS = /(?:password|passwd|pwd|passphrase|secret|token|apikey)$/;

export function namesCredential(name: string): boolean {
  const words = identifierWords(name);
  if (words.length === 0) return false;
  if (METADATA_WORDS.has(words[words.length - 1]!)) return false;
  if (words.some((word) => CREDENTIAL_WORDS.has(word) || CREDENTIAL_ENDINGS.test(word))) return true;
  return words.some((word, index) => index > 0 && CREDENTIAL_PAIRS.has(`${words[index - 1]} ${word}`));
}
