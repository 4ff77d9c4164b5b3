/**
 * The secrets the sender really holds, collected in memory so that a note
 * containing one can be refused (find-local-secrets.ts finds them): the
 * environment variables whose name gives a credential role and the password
 * of URL-valued ones, the project's `.env`, `.env.*`, `.envrc` and `.npmrc`
 * (from the current directory up to the git root), and the user's credential
 * files (`~/.netrc`, `~/.pgpass`, `~/.git-credentials`, `~/.docker/config.json`,
 * `~/.npmrc`, `~/.pypirc`, `~/.aws/credentials`, `~/.config/gh/hosts.yml`,
 * `~/.kube/config`).
 *
 * Each value comes with its source, said in French: where it comes from
 * (« .env : DB_PASSWORD », « ~/.netrc, ligne 3 »), never any part of it.
 * Only values that an honest note cannot hold by coincidence are kept: the
 * guard refuses any note holding a collected value, so a path, a hostname, a
 * word (`production`) or a reference (`$VAR`) must never be one.
 *
 * Files are read bounded and without blocking (a FIFO or a directory is
 * skipped); any error skips the file silently. Nothing is printed, logged,
 * written or thrown.
 */
import { closeSync, constants, existsSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { identifierWords, type Role, roleOfName } from './credential-names.js';
import { isDefaultPassword, isPlaceholder, isWordLike, looksRandom, stripQuotes } from './credential-values.js';

/** A value the sender holds, and where it comes from (never any part of the value). */
export interface LocalSecret {
  value: string;
  source: string;
}

/** Where to look: by default this process's environment, its current directory and the user's home. */
export interface LocalSecretPlaces {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  home?: string;
}

/** More values than any machine holds: a hostile environment cannot make the matcher huge. */
const MAX_VALUES = 2000;
/** Of each file, at most this much is read. */
const MAX_FILE_BYTES = 1024 * 1024;
/** Shorter values would be found by chance in honest notes. */
const MIN_VALUE = 8;
/** Longer than any credential (a kube client key in base64 is about 4 KiB): not a value worth looking for. */
const MAX_VALUE = 16 * 1024;
/** A source is a short label: a hostile name is cut. */
const MAX_SOURCE = 200;
/** Parent directories climbed at most while looking for the git root. */
const MAX_DEPTH = 64;

export function collectLocalSecrets(places: LocalSecretPlaces = {}): LocalSecret[] {
  const env = places.env ?? process.env;
  const cwd = resolve(places.cwd ?? process.cwd());
  const home = places.home ?? homedir();
  const found = new Collection();
  const sources: Array<() => void> = [
    () => fromEnvironment(env, found),
    ...projectDirectories(cwd).map((dir) => () => fromProjectDirectory(dir, cwd, found)),
    ...HOME_FILES.map(([path, read]) => () => {
      const text = readBounded(join(home, path));
      if (text !== undefined) read(text, `~/${path}`, found);
    }),
  ];
  for (const source of sources) {
    if (found.full) break;
    try {
      source();
    } catch {
      // An unexpected shape in a file: that source is skipped, silently (its error could quote a value).
    }
  }
  return found.list();
}

/** The values found so far, each with its first source. */
class Collection {
  private readonly values = new Map<string, string>();

  get full(): boolean {
    return this.values.size >= MAX_VALUES;
  }

  /**
   * Keeps `raw` (trimmed) if it is a value worth looking for, under `label`; under
   * `place` (the file or « une variable d’environnement », without the name)
   * when the label shares 6 characters with the value.
   */
  add(raw: string, label: string, place: string): void {
    const value = raw.trim();
    if (this.full || this.values.has(value) || !isWorthLookingFor(value)) return;
    const source = [cleanLabel(label), cleanLabel(place)].find((candidate) => !sharesWindow(candidate, value)) ?? 'source masquée';
    this.values.set(value, source);
  }

  list(): LocalSecret[] {
    return [...this.values].map(([value, source]) => ({ value, source }));
  }
}

/** A label as printed: no control or format characters (a name could hold an escape sequence), bounded. */
function cleanLabel(label: string): string {
  const clean = label.replace(/[\p{Cc}\p{Cf}]/gu, '');
  return clean.length > MAX_SOURCE ? `${clean.slice(0, MAX_SOURCE - 1)}…` : clean;
}

function sharesWindow(label: string, value: string, size = 6): boolean {
  for (let at = 0; at + size <= value.length; at++) if (label.includes(value.slice(at, at + size))) return true;
  return false;
}

/**
 * Values an honest note may hold by coincidence: never collected, or the
 * guard would refuse the note for them.
 */
const COMMON_VALUES: Array<(value: string) => boolean> = [
  (value) => isDefaultPassword(value) || isPlaceholder(value), // postgres, changeme, <votre-jeton>, xxxx, true
  (value) => /^\$|\$\{|\$\(|\{\{|\{%|^%\w+%$|^`/.test(value), // a reference: $VAR, ${VAR}, $(pass show x), {{ .Token }}, %VAR%
  // A path: /run/secrets/db, ~/.ssh/id_ed25519, ./key.pem — on one line, and not base64 that starts with « / » (1 draw in 64).
  (value) => /^(?:\/|~(?:\/|$)|\.{1,2}[/\\]|[A-Za-z]:[\\/])[^\n\r]*$/.test(value) && !isBase64Draw(value),
  (value) => /^[a-z][a-z\d+.-]*:\/\//i.test(value), // a URL (its password, if any, is taken apart)
  (value) => /^[\d\s.,:;/+-]+$/.test(value), // numbers, dates, IP addresses
  readsAsWords, // production, disabled, localhost:6379, redis.prod.internal, mot de passe
];

/** Base64 drawn at random, which may start with « / »: no dot (a path's file names have one), drawn-looking. */
const isBase64Draw = (value: string) => /^[A-Za-z0-9+/]+=*$/.test(value) && looksRandom(value);

function isWorthLookingFor(value: string): boolean {
  return value.length >= MIN_VALUE && value.length <= MAX_VALUE && !COMMON_VALUES.some((common) => common(value));
}

/**
 * A word, a sentence or a dotted name: `production`, `Marmotte`,
 * `mot de passe`, `redis.prod.internal`, `alice@example.org`, `v1.2.3`.
 * A value without a blank, dot, `@` or `:` counts only when made of letters:
 * `soleil2024bleu` and `poire-jasmin-2023` are passwords. A part mixing
 * lower case, capitals and digits is a draw's piece, not a word
 * (`ssht6YeJRA:zg9P`, a `.pgpass` password, is not `localhost:6379`).
 */
function readsAsWords(value: string): boolean {
  const plain = value.normalize('NFD').replace(/\p{M}/gu, '');
  // A symbol makes a password (`Soleil42!x`), and so does an `@` not followed by a domain (`Glacier8819@TMUn7`).
  if (/[^\p{L}\d\s.@:,;'’_-]/u.test(plain) || /@(?![\w-]+\.[\w.-]+$)/.test(plain)) return false;
  if (!/[\s.@:]/.test(plain)) return /^[A-Za-z]+$/.test(plain) && isWordLike(plain);
  return plain
    .split(/[\s.@:,;!?'’_-]+/)
    .filter(Boolean)
    .every((part) => isWordLike(part) && !mixesCaseAndDigits(part));
}

function mixesCaseAndDigits(part: string): boolean {
  return /[a-z]/.test(part) && /[A-Z]/.test(part) && /\d/.test(part);
}

/**
 * Names that `roleOfName` reads as a credential but that hold something
 * else: where to connect, who connects, or a helper program (`SSH_AUTH_SOCK`,
 * `REDIS_AUTH_HOST`, `DB_AUTH_USER`, `GIT_ASKPASS`). Metadata names
 * (`*_ID`, `*_FILE`, `*_PATH`, `*_DIR`, `*_URL`) are already none for it.
 */
const NOT_SECRET_LAST_WORDS = new Set(['sock', 'socket', 'host', 'hostname', 'port', 'user', 'username', 'login', 'email']);
const NOT_SECRET_WORDS = new Set(['askpass']);

/** The credential role of a variable or field name, if it has one. */
function credentialRole(name: string): Role | undefined {
  const role = roleOfName(name);
  if (role === undefined) return undefined;
  const words = identifierWords(name);
  if (NOT_SECRET_LAST_WORDS.has(words[words.length - 1]!) || words.some((word) => NOT_SECRET_WORDS.has(word))) return undefined;
  return role;
}

/** The value of a field whose name gives it a credential role, if it is held as a credential (a bare "key" only when drawn at random). */
function credentialOf(name: string, value: string): string | undefined {
  const role = credentialRole(name);
  if (role === undefined || (role === 'weak' && !looksRandom(value))) return undefined;
  return value;
}

/** Where a name-value pair was found, said three ways. */
interface Labels {
  /** The value of the name: « la valeur de X », « .env : X ». */
  named: string;
  /** The password of the URL the name holds: « le mot de passe de X ». */
  password: string;
  /** The place alone: « une variable d’environnement », « .env ». */
  place: string;
}

/** A variable: the password of its URL value, or its value when its name gives it a credential role. */
function addVariable(found: Collection, name: string, value: string, labels: Labels): void {
  const password = urlPassword(value);
  if (password !== undefined) {
    found.add(password, labels.password, labels.place);
    return;
  }
  const credential = credentialOf(name, value);
  if (credential !== undefined) found.add(credential, labels.named, labels.place);
}

/**
 * The password of a URL's user info, percent-decoded (`scheme://user:password@host`).
 * An `@` or `#` left unencoded in the password is allowed: the user info ends
 * at the last `@` before the first `/` or `?`; a `/` too, when no `@` comes
 * before the first one: it ends at the last `@` of the URL then.
 */
function urlPassword(value: string): string | undefined {
  const url = value.trim();
  const scheme = /^[a-z][a-z\d+.-]*:\/\//i.exec(url);
  if (!scheme) return undefined;
  const rest = url.slice(scheme[0].length);
  const authorityEnd = rest.search(/[/?]/);
  const authority = authorityEnd < 0 ? rest : rest.slice(0, authorityEnd);
  let at = authority.lastIndexOf('@');
  if (at < 0) {
    if (/^[^:@]*:\d{1,5}(?:#|$)/.test(authority)) return undefined; // host:port, then a path holding an `@`
    at = rest.lastIndexOf('@');
  }
  const userInfo = rest.slice(0, Math.max(at, 0));
  const colon = userInfo.indexOf(':');
  if (at < 0 || colon < 0 || /[\s/]/.test(userInfo.slice(0, colon)) || /\s/.test(userInfo)) return undefined;
  const password = userInfo.slice(colon + 1);
  try {
    return decodeURIComponent(password);
  } catch {
    return password; // a lone `%`: kept as written
  }
}

/** The text of base64 `value`, when it is base64 of printable text. */
function decodedBase64(value: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 === 1) return undefined;
  const text = Buffer.from(value, 'base64').toString('utf8');
  return text.includes('\uFFFD') || /\p{Cc}/u.test(text) ? undefined : text;
}

/** The password of base64 `user:password` (Docker's `auth`, npm's `_auth`). */
function basicPassword(value: string): string | undefined {
  const text = decodedBase64(value);
  const colon = text?.indexOf(':') ?? -1;
  return text !== undefined && colon >= 0 ? text.slice(colon + 1) : undefined;
}

function fromEnvironment(env: NodeJS.ProcessEnv, found: Collection): void {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    addVariable(found, name, value, {
      named: `la valeur de ${name}`,
      password: `le mot de passe de ${name}`,
      place: 'une variable d’environnement',
    });
  }
}

/** The current directory and its parents up to the git root (the first holding `.git`); the current directory alone outside a repository. */
function projectDirectories(cwd: string): string[] {
  const dirs: string[] = [];
  let dir = cwd;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    dirs.push(dir);
    if (existsSync(join(dir, '.git'))) return dirs;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return [cwd];
}

/** `.env` files that hold examples to copy, not the project's values: `.env.example`, `.env.local.sample`… */
const TEMPLATE_PARTS = new Set(['example', 'exemple', 'sample', 'template', 'tmpl', 'tpl', 'dist']);

function isDotenvFile(name: string): boolean {
  if (name === '.env' || name === '.envrc') return true;
  return (
    name.startsWith('.env.') &&
    !name
      .slice(1)
      .split('.')
      .some((part) => TEMPLATE_PARTS.has(part.toLowerCase()))
  );
}

function fromProjectDirectory(dir: string, cwd: string, found: Collection): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  // `.env` first, then the others in a fixed order: the first source of a value is the one reported.
  const dotenvFiles = names.filter(isDotenvFile).sort((a, b) => Number(b === '.env') - Number(a === '.env') || (a < b ? -1 : a > b ? 1 : 0));
  for (const name of [...dotenvFiles, ...(names.includes('.npmrc') ? ['.npmrc'] : [])]) {
    const path = join(dir, name);
    const text = readBounded(path);
    if (text === undefined) continue;
    const label = relative(cwd, path);
    if (name === '.npmrc') fromNpmrc(text, label, found);
    else fromDotenv(text, label, found);
  }
}

function fromDotenv(text: string, label: string, found: Collection): void {
  for (const { name, value } of dotenvEntries(text)) {
    addVariable(found, name, value, { named: `${label} : ${name}`, password: `${label} : le mot de passe de ${name}`, place: label });
  }
}

/**
 * The `KEY=value` lines of a `.env` or `.envrc`: `export` allowed, values
 * bare (up to a ` #` comment), in single quotes (as written), in double
 * quotes (`\n`, `\"`, `\\` unescaped) or in backquotes, quoted values
 * possibly over several lines (a PEM key).
 */
function* dotenvEntries(text: string): Generator<{ name: string; value: string }> {
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*=\s*(.*)$/.exec(lines[index]!);
    if (!match) continue;
    const name = match[1]!;
    let rest = match[2]!;
    const quote = rest[0];
    if (quote !== '"' && quote !== "'" && quote !== '`') {
      yield { name, value: rest.replace(/(?:^|\s+)#.*$/, '').trim() };
      continue;
    }
    // A quoted value ends at the next unescaped quote, maybe lines further (a PEM key); never closed, it is no value.
    const start = index;
    let close = closingQuote(rest, quote, 1);
    while (close < 0 && index + 1 < lines.length && index - start < MAX_QUOTED_LINES) {
      const from = rest.length;
      rest += `\n${lines[++index]!}`;
      close = closingQuote(rest, quote, from);
    }
    if (close < 0) {
      index = start;
      continue;
    }
    const inside = rest.slice(1, close);
    yield { name, value: quote === '"' ? inside.replace(/\\([\\"nrt$])/g, (_all, char: string) => DOUBLE_QUOTE_ESCAPES[char] ?? char) : inside };
  }
}

/** A quoted value spans a few lines at most (a PEM key, 4096 bits: about 50). */
const MAX_QUOTED_LINES = 200;
const DOUBLE_QUOTE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t' };

/** Where the quote closing a value is, searching from `from` (only the text not yet searched), or -1. */
function closingQuote(text: string, quote: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] === '\\' && quote === '"') index++;
    else if (text[index] === quote) return index;
  }
  return -1;
}

/** Each file under the home directory, and how to read it. */
const HOME_FILES: Array<[string, (text: string, label: string, found: Collection) => void]> = [
  ['.netrc', fromNetrc],
  ['.pgpass', fromPgpass],
  ['.git-credentials', fromGitCredentials],
  ['.docker/config.json', fromDockerConfig],
  ['.npmrc', fromNpmrc],
  ['.pypirc', fromIni],
  ['.aws/credentials', fromIni],
  ['.config/gh/hosts.yml', fromYamlTree],
  ['.kube/config', fromYamlTree],
];

/** `machine … login … password …`, tokens on one line or several; `macdef` bodies (up to a blank line) skipped. */
function fromNetrc(text: string, label: string, found: Collection): void {
  const tokens: Array<{ text: string; line: number }> = [];
  let inMacro = false;
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (inMacro) {
      inMacro = line.trim() !== '';
      continue;
    }
    if (/^\s*#/.test(line)) continue;
    const words = [...line.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((match) => match[1]?.replace(/\\(.)/g, '$1') ?? match[2]!);
    const macro = words.indexOf('macdef');
    for (const word of macro >= 0 ? words.slice(0, macro) : words) tokens.push({ text: word, line: index + 1 });
    inMacro = macro >= 0;
  }
  for (const [index, token] of tokens.entries()) {
    const value = tokens[index + 1];
    if (token.text === 'password' && value) found.add(value.text, `${label}, ligne ${value.line}`, label);
  }
}

/** `host:port:database:user:password` lines, `\:` and `\\` escaped. */
function fromPgpass(text: string, label: string, found: Collection): void {
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (/^\s*(?:#|$)/.test(line)) continue;
    // The password is the fifth field: the rest of the line, unescaped.
    let fields = 1;
    let field = '';
    for (let at = 0; at < line.length; at++) {
      const char = line[at]!;
      if (char === '\\' && at + 1 < line.length) field += line[++at];
      else if (char === ':' && fields < 5) {
        fields++;
        field = '';
      } else field += char;
    }
    if (fields === 5) found.add(field, `${label}, ligne ${index + 1}`, label);
  }
}

/** One URL a line: `https://user:password@host`. */
function fromGitCredentials(text: string, label: string, found: Collection): void {
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    const password = urlPassword(line);
    if (password !== undefined) found.add(password, `${label}, ligne ${index + 1}`, label);
  }
}

/** `auths.<registry>.auth` (base64 of `user:password`: the password), and any credential field of an entry (`identitytoken`, `registrytoken`). */
function fromDockerConfig(text: string, label: string, found: Collection): void {
  for (const { path, value } of stringLeaves(JSON.parse(text))) {
    const key = path[path.length - 1]!;
    if (path[0] === 'auths' && key === 'auth' && path.length === 3) {
      const password = basicPassword(value);
      if (password !== undefined) found.add(password, `${label} : ${path.slice(0, -1).join('.')}`, label);
    } else {
      const credential = credentialOf(key, value);
      if (credential !== undefined) found.add(credential, `${label} : ${path.join('.')}`, label);
    }
  }
}

/**
 * `key=value` lines, the key maybe scoped to a registry (`//registry/:_authToken`,
 * named by its field alone): `_authToken` as is, `_password` (base64) decoded and as written, `_auth`
 * (base64 of `user:password`) the password.
 */
function fromNpmrc(text: string, label: string, found: Collection): void {
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([^#;=\s][^=]*?)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    const key = match[1]!;
    const value = stripQuotes(match[2]!);
    const field = key.slice(key.lastIndexOf(':') + 1);
    const source = `${label} : ${field}`;
    if (field === '_auth') {
      const password = basicPassword(value);
      if (password !== undefined) found.add(password, source, label);
      continue;
    }
    const credential = credentialOf(field, value);
    if (credential === undefined) continue;
    found.add(credential, source, label);
    const decoded = field === '_password' ? decodedBase64(value) : undefined;
    if (decoded !== undefined) found.add(decoded, source, label);
  }
}

/** An INI file (`~/.pypirc`, `~/.aws/credentials`): the fields whose name gives a credential role, by section. */
function fromIni(text: string, label: string, found: Collection): void {
  let section = '';
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[([^\]]*)\]/.exec(line);
    if (header) {
      section = header[1]!.trim();
      continue;
    }
    const match = /^\s*([^#;=:\s][^=:]*?)\s*[=:]\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    const credential = credentialOf(match[1]!, stripQuotes(match[2]!));
    if (credential !== undefined) found.add(credential, `${label} : [${section}] ${match[1]!}`, label);
  }
}

/**
 * A YAML file (`~/.config/gh/hosts.yml`, `~/.kube/config`): every field whose
 * name gives a credential role (`oauth_token`, `token`, `password`,
 * `client-secret`), and kube's `client-key-data`; the source names the field.
 */
function fromYamlTree(text: string, label: string, found: Collection): void {
  const tree: unknown = parseYaml(text, { uniqueKeys: false, prettyErrors: false, logLevel: 'silent', maxAliasCount: 50 });
  for (const { path, value } of stringLeaves(tree)) {
    const key = path[path.length - 1]!;
    const credential = key === 'client-key-data' ? value : credentialOf(key, value);
    if (credential !== undefined) found.add(credential, `${label} : ${key}`, label);
  }
}

/** The string leaves of a parsed JSON or YAML tree, with their path (a list item by its index). */
function* stringLeaves(tree: unknown, path: string[] = []): Generator<{ path: string[]; value: string }> {
  if (path.length > 16) return;
  if (typeof tree === 'string') {
    if (path.length > 0) yield { path, value: tree };
    return;
  }
  if (tree === null || typeof tree !== 'object') return;
  for (const [key, child] of Object.entries(tree)) yield* stringLeaves(child, [...path, key]);
}

/**
 * The text of a regular file, at most MAX_FILE_BYTES of it (then without its
 * last, cut line), or undefined. O_NONBLOCK: opening a FIFO must not wait
 * for a writer; it is then skipped, like a directory or a device.
 */
function readBounded(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    const buffer = Buffer.alloc(Math.min(stats.size, MAX_FILE_BYTES));
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, length);
      if (read === 0) break;
      length += read;
    }
    const text = buffer.subarray(0, length).toString('utf8');
    return stats.size > MAX_FILE_BYTES ? text.slice(0, Math.max(text.lastIndexOf('\n'), 0)) : text;
  } catch {
    return undefined;
  } finally {
    try {
      closeSync(fd);
    } catch {
      // Already closed: nothing to do.
    }
  }
}
