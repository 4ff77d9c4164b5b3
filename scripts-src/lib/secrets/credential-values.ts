/**
 * Is a value bound to a credential role the credential itself? Most values
 * next to the word "password" are not: a reference (`$DB_PASSWORD`,
 * `var.db_password`, `secretKeyRef`), a template (`${…}`, `{{ … }}`), a call
 * (`getpass()`), a sentence (`'Password used to generate key'`), a
 * placeholder (`xxxx`, `YOUR_KEY`, `MYTOKEN1`, `<…>`, `****`, `[redacted:…]`)
 * or an identifier with its own shape (commit, UUID, ticket, build id,
 * version, host:port, class or function name). What is left is judged by its
 * role: a password name holds a password even when plain (`soleil2024bleu`,
 * a diceware passphrase); a token name holds anything random enough; a weak
 * name ("key") only what is plainly random. Character classes and entropy are
 * one signal among several.
 */
import type { Role } from './credential-names.js';
import { isDocumentedExample, isPublicValue } from './public-values.js';

/** Values that name or stand for a secret instead of being one. */
const PLACEHOLDER_WORDS = new Set([
  'changeme',
  'change-me',
  'change_me',
  'changeit',
  'example',
  'exemple',
  'dummy',
  'fake',
  'sample',
  'placeholder',
  'redacted',
  'masked',
  'hidden',
  'secret',
  'secrets',
  'password',
  'passwd',
  'motdepasse',
  'token',
  'apikey',
  'api_key',
  'api-key',
  'null',
  'none',
  'nil',
  'undefined',
  'true',
  'false',
  'todo',
  'tbd',
  'foo',
  'bar',
  'baz',
  'foobar',
  'test',
  'testing',
  'required',
  'optional',
  'string',
  'value',
  'valeur',
  'inconnu',
  'unknown',
  'empty',
  'vide',
  'default',
  'prompt',
  'stdin',
  'env',
  'hunter2',
  'letmein',
  'qwerty',
  'azerty',
  'p@ssw0rd',
  'passw0rd',
  'pa55word',
  'p4ssw0rd',
  'secret123',
  'password123',
  'password1',
  'admin123',
  'motdepasse123',
  'correcthorsebatterystaple',
  'correct-horse-battery-staple',
  'opensesame',
  'abc123',
  'xyz',
  'n/a',
  'na',
  'aucun',
  'voir',
]);

/** Local development defaults: not worth refusing a note for. */
const DEFAULT_PASSWORDS = new Set([
  'postgres',
  'password',
  'pass',
  'root',
  'admin',
  'guest',
  'redis',
  'mysql',
  'user',
  'test',
  'secret',
  'changeme',
  'sa',
  'oracle',
  'mongo',
  'rabbitmq',
  'minio',
  'minioadmin',
  'elastic',
  'kibana',
  'grafana',
  'airflow',
  'keycloak',
  'postgrespw',
  'redispw',
  'example',
  'dev',
  'local',
]);

/** Function words: a value made of several words that contains them is a sentence, not a passphrase. */
const FUNCTION_WORDS = new Set([
  'the',
  'a',
  'an',
  'is',
  'are',
  'was',
  'in',
  'on',
  'of',
  'to',
  'for',
  'from',
  'with',
  'by',
  'and',
  'or',
  'not',
  'see',
  'use',
  'used',
  'your',
  'my',
  'this',
  'that',
  'it',
  'be',
  'will',
  'should',
  'must',
  'can',
  'here',
  'there',
  'as',
  'at',
  'if',
  'le',
  'la',
  'les',
  'un',
  'une',
  'des',
  'de',
  'du',
  'est',
  'sont',
  'dans',
  'pour',
  'par',
  'avec',
  'et',
  'ou',
  'pas',
  'voir',
  'votre',
  'vos',
  'mon',
  'ma',
  'ce',
  'cette',
  'ici',
  'sur',
  'au',
  'aux',
  'en',
  'à',
  'il',
  'elle',
  'on',
  'nous',
  'vous',
  'qui',
  'que',
  'dont',
]);

/** The closing quote of each opening one a value may be written between. */
const CLOSING_QUOTES = new Map([
  ['"', '"'],
  ["'", "'"],
  ['`', '`'],
  ['«', '»'],
  ['“', '”'],
  ['‘', '’'],
]);

export function stripQuotes(value: string): string {
  const trimmed = value.trim();
  const close = CLOSING_QUOTES.get(trimmed[0] ?? '');
  return close !== undefined && trimmed.length >= 2 && trimmed.endsWith(close) ? trimmed.slice(1, -1).trim() : trimmed;
}

export function isDefaultPassword(value: string): boolean {
  return DEFAULT_PASSWORDS.has(value.toLowerCase());
}

/** A word as people write one: in one case, or capitalised (`token`, `TOKEN`, `Token`; not a drawn `mDp`). */
const isWrittenAsWord = (part: string) => /^[A-Z]?(?:[a-z]+|[A-Z]+)$/.test(part);

/** A mask, a template to fill in, or a well-known stand-in. */
export function isPlaceholder(raw: string): boolean {
  const value = stripQuotes(raw);
  if (value === '') return true;
  if (isDocumentedExample(value)) return true; // the documentation's own tokens (jwt.io's sample)
  const lower = value.toLowerCase();
  if (PLACEHOLDER_WORDS.has(lower) || PLACEHOLDER_WORDS.has(lower.replace(/^[a-z]{2,4}[-_]/, ''))) return true; // sk-abc123
  if (/^[<[({]/.test(value) && /[>\])}]$/.test(value)) return true; // <votre-jeton>, [redacted:github], {token}
  if (/\[(?:redacted|masqu|expurg)|\((?:redacted|masqu)/i.test(value)) return true;
  // Masks and ellipses: ****, xxxx, •••, ..., …, a run of one character.
  if (/\*{3,}|x{4,}|X{4,}|•{3,}|\.{3,}|…|#{4,}|_{4,}|-{4,}|(.)\1{5,}/.test(value)) return true;
  if (/^[*•x.#_-]+$/i.test(value)) return true;
  // « votre-jeton », "your_api_key", "the-token": words only, each in one case (a drawn `MA_NmBv1…` or `a-mzapSi_b…` starts like « ma_ » or « a- » by chance).
  if (
    /^(?:(?:your|votre|vos|my|mon|ma|insert|replace|enter|some|remplacer|mettre|put|add|paste|coller|a|an|the|le|la|un|une)[-_])(?:[a-z]+[-_]?)+$/i.test(
      value,
    ) &&
    value.split(/[-_]/).every((part) => part === '' || isWrittenAsWord(part))
  )
    return true;
  if (
    /^(?:your|votre|vos|my|mon|ma|insert|replace|enter|some|remplacer|mettre|put|add|paste|coller) /i.test(value) &&
    /pass|mot|token|jeton|cl[ée]|key|secret|here|ici/i.test(value)
  )
    return true;
  // `xoxb-your-bot-token`, `api-key-here`: lower-case words (a drawn `…-MA_BA8…` holds the letters by chance).
  if (/[-_](?:here|ici|HERE|ICI)$/.test(value) || /[-_.](?:your|votre|vos|my|mon|ma)[-_][a-z]+(?:[-_][a-z]+)*$/.test(value)) return true;
  // The documentation's own examples (AKIAIOSFODNN7EXAMPLE…) and upper-case stand-ins (MYTOKEN1, API_KEY_HERE).
  // Written whole, in one case (a drawn `…GfAKEa5…` holds the letters by chance).
  // Upper-case only when long: a drawn `AKIA…FAKE…` of capitals and digits spells four letters by chance.
  if (/example|exemple|dummy|placeholder|redacted|sample|fake|EXAMPLE|EXEMPLE|PLACEHOLDER|REDACTED|Example|Exemple|Dummy|Sample|Fake/.test(value)) return true;
  // A value that names itself: `password-for-30001`, `test-secret-not-for-production`, `base32secret`, `myToken`.
  const parts = value.split(/[-_.]/);
  if (
    parts.length >= 2 &&
    // Written as a word is (a drawn `…_mDp_…` spells one by chance).
    parts.some((part) => /^(?:password|passwd|pwd|secret|token|mdp|motdepasse|apikey|credentials|creds)$/i.test(part) && isWrittenAsWord(part))
  )
    return true;
  // (A name is made of words: not a drawn mix of cases, nor a year inside like a person's password, `djulja1995zrkey`.)
  if (
    /^[A-Za-z][A-Za-z0-9_]*$/.test(value) &&
    /secret|token|passw|apikey|[a-z_]key$/i.test(value) &&
    !/\d[A-Za-z]\d|[A-Z]\d[A-Z]|\d{4}[A-Za-z]/.test(value) &&
    !looksRandom(value)
  )
    return true;
  // Upper-case stand-ins: MYTOKEN1, API_KEY_HERE, YOUR_SECRET (a drawn AKIA…KEY… only contains the word by chance).
  if (
    /^[A-Z]+(?:_[A-Z]+)*\d{0,3}$/.test(value) &&
    /^(?:MY|YOUR|SOME|THE|ENTER|INSERT)[A-Z]*(?:TOKEN|KEY|SECRET|PASS|PWD|AUTH|CRED)|(?:^|_)(?:TOKEN|KEY|SECRET|PASS|PASSWORD|PWD|MDP|AUTH|CREDS?|JETON|CLE|APIKEY|HERE)(?:_|\d*$)/.test(
      value,
    )
  )
    return true;
  return false;
}

/** A pointer to a secret kept elsewhere: a variable, an expression, a call, a resource address. */
function isReference(raw: string): boolean {
  const value = stripQuotes(raw).replace(/^[[(]+/, '');
  // $VAR, %VAR% (a drawn `%Zr!MK…` only starts like one), %(name)s, CloudFormation tags
  if (/^(?:\$|%[A-Za-z_]\w*%|%\(|!(?:Ref|Sub|GetAtt|ImportValue|vault|secret)\b)/.test(value)) return true;
  if (/^[@&*][A-Za-z_][A-Za-z_.-]*(?:\([^)]*\))?$/.test(value)) return true; // @Value("…"), YAML anchors and aliases: a name, not a draw
  if (/\$\{|\{\{|\{%|#\{|<%|\{env:|\{file:|\$\(/.test(value)) return true; // a template or an interpolation anywhere
  if (
    /process\.env|import\.meta\.env|os\.environ|getenv|\bENV\[|System\.getenv|secrets\.|vault:|ssm:|op:\/\/|secretKeyRef|valueFrom|keyvault|sm:\/\/|gcp:\/\/|awssm|arn:aws/i.test(
      value,
    )
  )
    return true;
  // A dotted path of identifiers (var.db_password, random_password.db.result, settings.SECRET_KEY, config["x"]).
  // A dotted path (var.db_password, settings.SECRET_KEY, config["x"]): a name in code, or a known root. Lower-case words
  // joined by dots without either (`kettle.orchid.comete.figue`) are a passphrase.
  if (
    /^[A-Za-z_$][\w$-]*(?:\??\.[A-Za-z_$][\w$-]*|\[["']?[\w.-]+["']?\])+(?:\(\))?[;,]?$/.test(value) &&
    value
      .replace(/\(\)[;,]?$/, '')
      .split(/\??[.[\]"'_-]/)
      .every((part) => !/\d/.test(part) || isWordLike(part)) &&
    (/[A-Z_$[]/.test(value) ||
      /^(?:var|local|data|module|config|conf|settings|env|process|secrets?|self|this|ctx|context|values|props|options|opts|params|req|request|res|app|cfg|vault|aws|google|azure)\??\./.test(
        value,
      ))
  )
    return true;
  // A call: getpass(), ServiceAccountCredentials.from_p12_keyfile(, await getToken()
  const call = /^(?:await\s+|new\s+)?(?<name>[A-Za-z_$][\w$]+(?:\??\.[A-Za-z_$][\w$]*)*)\s*\(/.exec(value);
  if (call && !(/\d/.test(call.groups!.name!) && looksRandom(call.groups!.name!, 12))) return true;
  if (/^\{[\w$.[\]'"]+\}?$/.test(value)) return true; // {token}, {process.env.X}: an expression in a template
  // A regular expression: /Bearer\s+\S+/ (a slash-delimited base64 string, an AWS secret key, is not one: no metacharacter).
  if ((/^\/.+\/[dgimsuyv]*;?$/.test(value) && /[\\^$.*?()[\]{}|]/.test(value)) || /\\[sSdDwWbB]/.test(value)) return true;
  return false;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Drawn hex (letters and digits mixed, or 16 digits or more) or a UUID: random material whatever its alphabet. */
function isHexOrUuidCredential(value: string): boolean {
  if (UUID.test(value)) return true;
  if (!/^[0-9a-f]{8,}$/i.test(value)) return false;
  return value.length >= 16 || (/\d/.test(value) && /[a-f]/i.test(value));
}

/** Identifiers with a shape of their own. */
function hasIdentifierShape(value: string): boolean {
  return (
    /^[0-9a-f]{7,40}$/.test(value) || // a commit (a hex key is judged by its role first)
    UUID.test(value) || // a UUID
    /^[A-Z][A-Z0-9]{1,15}-\d{1,7}$/.test(value) || // a ticket: JIRA-4821
    /^#\d+$/.test(value) ||
    /^(?:sha\d{1,3}|md5|blake2b?|sha\d?)[:~-]/i.test(value) || // a digest or an integrity hash
    /^(?:ses|msg|prt|toolu|call|req|evt|run|job|usr|org|proj|cus|sub|inv|pi|ch|txn|acct|build|bld|tr|trace)_[A-Za-z0-9]+$/.test(value) || // a typed identifier
    /^v?\d+(?:\.\d+)+(?:[-+][\w.]+)?$/.test(value) || // a version
    /^[\w.-]+:\d{2,5}$/.test(value) || // host:port
    /^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?(?:\/\d+)?$/.test(value) || // an IP address
    /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?$/.test(value) || // a date
    /^\d+(?:[.,:/]\d+)*[a-zA-Z%]{0,3}$/.test(value) || // numbers, durations, sizes
    /^[A-Z][a-z]+(?:[A-Z][a-z]+)+$/.test(value) || // a class name: PasswordResetController
    /^[a-z]+(?:[A-Z][a-z]+)+$/.test(value) || // a camelCase name: getPassword
    /^[a-z]+(?:_[a-z]+)+$/.test(value) || // a snake_case name
    /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value) || // an environment variable's name
    /^[\w-]+@[\w-]+\.iam\.gserviceaccount\.com$/.test(value) ||
    /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(value) || // an e-mail address
    (/^(?:\.{0,2}\/|~\/|[A-Za-z]:\\)/.test(value) && value.split(/[/\\]/).every(isPathSegment)) || // a path
    (/^[\w.-]+\/[\w./-]+$/.test(value) && value.split('/').every(isPathSegment)) || // a relative path or an image name
    /^[\w.-]+\.(?:md|ts|js|mjs|cjs|json|ya?ml|toml|txt|sh|py|rb|go|rs|java|env|conf|cfg|ini|pem|key|crt|log|lock|html|css|p12|pfx|jks|der|gpg|asc)$/i.test(
      value,
    ) ||
    /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || // a URL (credentials in URLs have their own rule)
    /^#[0-9a-f]{3,8}$/i.test(value) || // a colour
    /^[A-Za-z][\w.]*[-_:.][\w.-]+[-_:.][0-9a-f]{7,}$/.test(value) || // a name with a hash: Linux-node-20-0c3c…
    isWordSeries(value) || // from_p12_keyfile, catalogue-db-credentials
    /^-{1,2}[a-z]/.test(value) || // a command-line option
    /^[A-Za-z_$][\w$.]*(?:<[\w$.,\s<>|[\]]*>)?(?:\[\])+[;,]?$|^[A-Za-z_$][\w$.]*<[\w$.,\s<>|[\]]*>[;,]?$/.test(value) // a type: Secret[], Promise<void>
  );
}

function characterClasses(value: string): number {
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

/** Several words: a sentence when it has function words, a passphrase when it is a run of content words. */
function words(value: string): string[] {
  return value.split(/[\s\-_.]+/).filter(Boolean);
}
const isSentence = (value: string) => /\s/.test(value) && words(value).some((word) => FUNCTION_WORDS.has(word.toLowerCase()));
/**
 * Words joined by `-`, `_` or `.` (`correct-horse-battery-staple`,
 * `poire-jasmin-2023`, `dune.orage.14`): three words or more, or words and a
 * number. Quoted sentences with blanks count only where the word is
 * "passphrase" (`spaced`).
 */
const isPassphrase = (value: string, spaced = false) => {
  const parts = words(value);
  if (/\s/.test(value) && !spaced) return false;
  // Lower-case or capitalised words and numbers: `GIT_EXEC_PATH` is a name.
  if (!parts.every((part) => /^\p{Lu}?\p{Ll}+\d{0,4}$|^\d{1,4}$/u.test(part) || (spaced && /^\p{L}+(?:['’]\p{L}+)?[,;]?$/u.test(part)))) return false;
  if (spaced) return parts.length >= 4 && value.length >= 15;
  // Joined words are content words, one of them three letters or more: `end-to-end`, `1.0.0-rc4` are not passphrases.
  if (parts.some((part) => FUNCTION_WORDS.has(part.toLowerCase())) || !parts.some((part) => /\p{L}{3,}/u.test(part))) return false;
  const wordsOnly = parts.filter((part) => /^\p{L}+$/u.test(part)).length;
  return value.length >= 8 && (wordsOnly >= 3 || (parts.length >= 2 && wordsOnly < parts.length && !isSentence(value)));
};

/**
 * The letter pairs that make 95 % of the pairs in words and identifiers of
 * real technical documentation (measured on bench/corpus/npm-docs.ts): a
 * chunk made of them reads as a word; a drawn string has few of them.
 */
const COMMON_PAIRS = new Set(
  (
    're on th in er es en or co st at te he ti de nt an it se io le ro to om ng ed al ns me ar ge nd is ta li pe ri ' +
    'tr et ou ra ec ch ea ne as ct ve ma pa ce ac ll pr ur ut tt ag fi ex us ca lo am il ht na ic od ai po ha tp ss ' +
    'ts el fo nc ps op no rt id si ad gi un ol la ul mp pt so di im da mi su ub rs em ap be ty wi mo oc pl cr ef ue ' +
    'hi ck ie ep hu cl sc do vi ow oo ab ig ho ru ot if of va lt js ke au bl sp up pp fa ov ls yo ry fe ip pi sa ev ' +
    'yp tu ba bu xt ly sh ni rr lu fr pu qu wa ir mm rc cu ew os ci wh ee ui dd rn rm nf ay um iv wo bo tc np og ia ' +
    'cs eq uc rk ld aw av ob rv fu ws gu ib we xp dk hr gr ds pm je rg ud ks du sd eg rd nn ok by nv ms ff ka bi nu ' +
    'ug cc eb pd sy ix ki br ey tl fl nl '
  )
    .trim()
    .split(' '),
);

/** Most adjacent letter pairs of `letters` (a `share` of them) are common in real words. */
function readsAsWord(letters: string, share = 0.5): boolean {
  const lower = letters.toLowerCase();
  let common = 0;
  for (let index = 0; index + 1 < lower.length; index++) if (COMMON_PAIRS.has(lower.slice(index, index + 2))) common++;
  return common >= share * (lower.length - 1);
}

/**
 * A folder or file name: short, or made of words. Lower and upper case mixed with digits in one short segment
 * (`QRa6jeL3`) is a random string's piece: AWS secret keys hold slashes and would read as paths.
 */
function isPathSegment(segment: string): boolean {
  const random = /[a-z]/.test(segment) && /[A-Z]/.test(segment) && /\d/.test(segment);
  return (segment.length < 12 && !random) || isWordLike(segment) || isWordSeries(segment);
}

/**
 * A plain word in a case convention, digits after a word allowed: `get`,
 * `formData`, `urlBase64ToUint8Array`, `HTTP2`, `p12`. Drawn strings rarely
 * pass: every chunk after the first must start with a capital or a digit,
 * a chunk of three letters or more reads as a word (its letter pairs are
 * common ones), and such chunks hold most of the letters.
 */
export function isWordLike(part: string): boolean {
  if (part === '' || /^\d{1,5}$/.test(part) || /^[A-Za-z]$/.test(part)) return true;
  const chunks = part.match(/[A-Z]?[a-z]+\d*|[A-Z]+(?![a-z])\d*|\d+/g) ?? [];
  if (chunks.join('') !== part) return false;
  let letterCount = 0;
  let wordLetters = 0;
  for (const [index, chunk] of chunks.entries()) {
    if (index > 0 && /^[a-z]/.test(chunk)) return false;
    const letters = chunk.replace(/\d+$/, '');
    if (letters === '' && chunk.length > 5) return false;
    // A lone capital is a word only first, last or before digits: `ISecret`, `getX`, `X509`, `fromBucketV2`.
    if (/^[A-Z]$/.test(letters) && index > 0 && index < chunks.length - 1 && letters === chunk) return false;
    if (letters.length >= 3 && !readsAsWord(letters)) return false;
    letterCount += letters.length;
    if (letters.length >= 3) wordLetters += letters.length;
  }
  // Mostly made of words, not of two-letter scraps: `yJ4MBPRaXR` is not an identifier.
  return part.length < 6 || wordLetters >= letterCount / 2;
}

/** What separates the words of a name: `from_p12_keyfile`, `Linux-node-20`, `fs.readFileSync`, `team:db/app`. */
const WORD_SEPARATORS = /[-_.:/]/;

/** Separated words, each plain (`from_p12_keyfile`, `Linux-node-20`, `fs.readFileSync`): a name, not a draw. */
function isWordSeries(value: string): boolean {
  const parts = value.split(WORD_SEPARATORS).filter(Boolean);
  return parts.length >= 2 && parts.every(isWordLike) && parts.some((part) => /[A-Za-z]{3,}/.test(part));
}

/** Letters only (a trailing `\` of a shell escape aside), short or reading as a word: `foobared`, `motdepassefort`. */
function isPlainWord(value: string): boolean {
  const letters = value.replace(/\\$/, '');
  // Long: three pairs in four common, as in `motdepassefort` (drawn letters reach half by chance, rarely three quarters).
  return /^\p{L}+$/u.test(letters) && (letters.length < 12 || !/^[A-Za-z]+$/.test(letters) || readsAsWord(letters, 0.75));
}

/**
 * A series of words one of which has digits fused to it (`Soleil2024-Q`, once a sentence's `!` is cut off): the shape of
 * a password people make (a word, a year, a suffix), not of a name (`catalogue-db-credentials`), when a sentence binds it
 * to a password.
 */
function isSeriesWithAFusedWord(value: string): boolean {
  return isWordSeries(value) && value.split(WORD_SEPARATORS).some((part) => /^\p{L}{3,}\d+$/u.test(part));
}

/** Looks drawn at random: long enough, mixed, not a word. */
export function looksRandom(value: string, minimum = 16): boolean {
  if (value.length < minimum || /\s/.test(value) || isWordSeries(value) || isWordLike(value)) return false;
  const classes = characterClasses(value);
  const bits = entropy(value);
  if (/^[0-9a-f]+$/i.test(value)) return value.length >= 32 && bits >= 3;
  return (classes >= 3 && bits >= 3) || (classes >= 2 && /\d/.test(value) && bits >= 3.5 && value.length >= 20);
}

/**
 * Whether `raw`, bound to a credential of this role, is a credential.
 * `setting` says where the binding was written: code (an assignment, an
 * option, a column), prose, where only values that cannot be read as words
 * count, or a URL's user info.
 */
/** Values repeat in long outputs: each (value, role, setting) is judged once. */
const VERDICTS = new Map<string, boolean>();

export function isCredentialValue(raw: string, role: Role, setting: 'code' | 'prose' | 'userinfo' | 'passphrase' | 'bound'): boolean {
  const key = `${role}\u0000${setting}\u0000${raw}`;
  const known = VERDICTS.get(key);
  if (known !== undefined) return known;
  const verdict = judgeValue(raw, role, setting);
  if (VERDICTS.size > 4096) VERDICTS.clear();
  VERDICTS.set(key, verdict);
  return verdict;
}

function judgeValue(raw: string, role: Role, setting: 'code' | 'prose' | 'userinfo' | 'passphrase' | 'bound'): boolean {
  const quoted = raw.trim() !== stripQuotes(raw);
  const value = stripQuotes(raw);
  if (value.length < 4 || value.length > 400) return false;
  if (isPlaceholder(value)) return false;
  // A ciphertext, a public or publishable key: harmless under any name (`password: ENC[…]`, `secret: vault:v1:…`).
  if (isPublicValue(value)) return false;
  // A URL's user info is never a reference or an identifier, only a template may stand in for it.
  // A plain word there (`alice:foobared@…`) is a documentation example; a long run of letters that reads as no word is drawn.
  if (setting === 'userinfo') return !/^[$%{<]/.test(value) && !isDefaultPassword(value) && !isPlainWord(value);
  if (isReference(value)) return false;
  // Bound to a password by a sentence (prose-credentials.ts): any value but a word read as one (« est soleil » may be a
  // password, « est expiré » is not, and only a drawn run of letters can be told apart) is the password, whatever its shape.
  if (setting === 'bound' && role === 'password' && !/\s/.test(value) && !isDefaultPassword(value))
    return quoted
      ? // Quoted, only what names something else is no password: a variable, a URL, a path, an address.
        value.length >= 4 &&
          !/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value) &&
          !/^[a-z][a-z0-9+.-]*:\/\/|^(?:\.{0,2}\/|~\/)|^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(value)
      : isPassphrase(value) ||
          ((!hasIdentifierShape(value) || isSeriesWithAFusedWord(value)) &&
            (value.length >= 6 || (value.length === 5 && characterClasses(value) >= 3)) &&
            (!/^\p{L}+$/u.test(value) || !isPlainWord(value)) &&
            (/\p{L}/u.test(value) || value.length >= 8));
  // Words separated by blanks are a passphrase only in quotes, after the word "passphrase" (backticks mark code).
  if (/\s/.test(value)) return setting === 'passphrase' && /^\s*[«"“'‘]/.test(raw) && isPassphrase(value, true);
  // Role beats alphabet: bound to a password or a token, a hex string or a UUID is the credential (`openssl rand -hex 12`,
  // Datadog and Algolia keys, Heroku's UUIDs); the commit and UUID exemptions below are for values in no credential role.
  if (role !== 'weak' && isHexOrUuidCredential(value)) return true;
  if (role === 'password' && isPassphrase(value)) return true;
  if (hasIdentifierShape(value)) return false;
  // A bare "key" holds a credential only when it is plainly drawn: no hex digest, no structured key (`COMMANDE#2026-05-02#a247d8`).
  if (role === 'weak') return looksRandom(value, 20) && !/^[0-9a-f]+$/i.test(value) && (value.match(/[.:#@|]/g)?.length ?? 0) <= 1;
  if (looksRandom(value)) return true;
  if (isDefaultPassword(value)) return false;
  const classes = characterClasses(value);
  const hasLetter = /\p{L}/u.test(value);
  const hasDigit = /\d/.test(value);
  if (role === 'password') {
    if (value.length < 6 || !hasLetter) return false;
    // soleil2024bleu, Printemps2024!, S0l3il!, and in code any non-word (hunter22).
    if (hasDigit && (classes >= 2 || value.length >= 8)) return !/^[a-z]+\d{1,2}$/i.test(value) || setting === 'code' || quoted;
    return classes >= 3;
  }
  // A token name: letters and digits (or symbols, in code), 8 characters or more.
  return value.length >= 8 && hasLetter && (setting === 'code' ? hasDigit || classes >= 3 : hasDigit && (classes >= 3 || value.length >= 12));
}
