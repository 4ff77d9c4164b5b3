/**
 * Commands that must never run on a teammate's word alone: destructive ones
 * on broad targets, force pushes, downloads piped into an interpreter,
 * uploads to the network, reads of credential files. A line is cut into
 * simple commands at `|`, `;`, `&&`, `||`, `&` first, then each command's
 * words are examined: no pattern spans the line, so a hostile line of
 * repeated fragments costs its length, not its square.
 */

import { CREDENTIAL_FILE } from '../secrets/credential-files.js';

export type RiskyRule = 'commande-destructive' | 'push-force' | 'commande-reseau' | 'envoi-reseau' | 'chemin-secret';

interface SimpleCommand {
  words: string[];
  /** The operator after this command: '|' feeds the next one. */
  then: string;
}

const SHELLS = /^(?:sudo|env|exec|command|nohup|time|doas)$/;
const INTERPRETERS = /^(?:(?:ba|z|k|da|fi|c|tc|a)?sh|python[23]?(?:\.\d+)?|node|deno|bun|perl|ruby|php|iex|invoke-expression|pwsh|powershell|source|\.)$/i;
const DOWNLOADERS = /^(?:curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod|aria2c|http|https|xh)$/i;
const NETWORK_SINKS =
  /^(?:curl|wget|nc|ncat|netcat|socat|ssh|telnet|openssl|mail|sendmail|mutt|scp|sftp|ftp|http|https|xh|invoke-webrequest|invoke-restmethod|iwr|irm)$/i;
/** Credential files and folders (secrets/credential-files.ts): reading one aloud or copying it elsewhere is worth a confirmation. */
const SECRET_PATH = new RegExp(String.raw`(?<=^|[\s"'=:/\\])(?:~|\$\{?HOME\}?|%USERPROFILE%|\$env:USERPROFILE)?[/\\]?(?:${CREDENTIAL_FILE})`, 'i');

/** A line that names a credential file: worth pointing out even when no command reads it. */
export const mentionsSecretPath = (line: string) => SECRET_PATH.test(line);
/** What "everything" looks like as an argument of rm or find. */
const BROAD =
  /^(?:\/|\/\*|~|~\/|~\/\*|\$\{?HOME\}?\/?\*?|%USERPROFILE%(?:\\\*?)?|\$env:USERPROFILE|\*|\.\*|\.|\.\/|\.\/\*|\.\.|\.\.\/|\.\.\/\*|\/(?:etc|usr|var|home|root|boot|opt|srv|bin|lib|lib64|sbin|mnt|media|Users)\/?\*?|~\/\.[\w-]+\/?|\$\{?[A-Z_]+\}?\/?\*?|[A-Za-z]:\\?\*?)$/;
const READERS =
  /^(?:cat|less|more|head|tail|tac|nl|strings|base64|xxd|od|hexdump|cp|mv|scp|rsync|tar|zip|7z|gzip|type|get-content|gc|copy|copy-item|cpio|dd|print|echo|printf)$/i;

/** The first word of a command the three rules on interpreters below may match: every line's other commands skip them. */
const INTERPRETER_FIRST = /^(?:sudo|(?:ba|z)?sh|eval|source|iex|invoke-expression|python[23]?|node|perl)\b|^\./i;
/** Programs worth examining when a prose line holds a command after a few words (« lance rm -rf ~ »). */
const PROGRAMS =
  /^(?:sudo|rm|find|git|dd|mkfs|chmod|chown|curl|wget|nc|ncat|netcat|socat|scp|rsync|cat|cp|tar|base64|terraform|kubectl|aws|redis-cli|remove-item|shred|printenv|env|iwr|irm|invoke-webrequest|invoke-restmethod)$/i;
/** Every rule below needs one of these words: most lines have none, and cost one pass. */
const ANY_PROGRAM =
  /(?<![\w-])(?:docker|podman|sudo|rm|rmdir|del|rd|find|git|dd|mkfs[.\w]*|shred|wipefs|chmod|chown|terraform|tofu|kubectl|aws|redis-cli|valkey-cli|remove-item|curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod|aria2c|https?|xh|nc|ncat|netcat|socat|scp|sftp|rsync|cat|less|more|head|tail|tac|nl|strings|base64|xxd|od|hexdump|cp|mv|tar|zip|7z|gzip|type|get-content|gc|copy|copy-item|cpio|print|echo|printf|printenv|env|set|export|history|source|eval|iex|invoke-expression|drop|dropdb|truncate|flushall|flushdb|sh|bash|zsh)(?![\w-])|:\(\)/i;

/**
 * The lines of a text where a program or a credential path stands (0-based line starts found in one
 * pass, `gm`): the only lines worth `riskyCommands` and `mentionsSecretPath`. Built from the two
 * patterns themselves, so a program added to one list is never skipped by the other.
 */
export const COMMAND_OR_SECRET_PATH = new RegExp(`${ANY_PROGRAM.source}|${SECRET_PATH.source}`, 'gim');

/** A command is judged on its first words: what follows a hundred words in is prose, not arguments. */
const MAX_WORDS = 100;

/** Simple commands of a line, quotes respected; a word's quotes are removed (`"$HOME"` → `$HOME`). */
export function splitCommands(line: string): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: string | undefined;
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = (then: string) => {
    endWord();
    if (words.length > 0) commands.push({ words, then });
    words = [];
  };
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
      continue;
    }
    if (char === '\\' && index + 1 < line.length) {
      word += line[++index];
      inWord = true;
      continue;
    }
    // A backtick opens or closes a command (shell substitution, or a Markdown code span in prose).
    if (char === '|' || char === ';' || char === '&' || char === '\n' || char === '(' || char === ')' || char === '`') {
      const double = line[index + 1] === char && (char === '|' || char === '&');
      endCommand(double ? `${char}${char}` : char);
      if (double) index++;
      continue;
    }
    if (char === ' ' || char === '\t') {
      endWord();
      continue;
    }
    word += char;
    inWord = true;
  }
  endCommand('');
  return commands;
}

/** The program of a simple command, past `sudo`, `env X=1` and the like; lower-case. */
function programIndex(words: string[]): number {
  let index = 0;
  while (
    index < words.length &&
    (SHELLS.test(words[index]!) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[index]!) || (index > 0 && /^-/.test(words[index]!) && SHELLS.test(words[index - 1]!)))
  )
    index++;
  return index;
}

const flagsOf = (words: string[]) => words.filter((word) => /^-/.test(word));
/**
 * The user's own data outside any repository: a path in a home folder (`~/projets`, `$HOME/work`, `/home/alice/src`,
 * `%USERPROFILE%\\docs`), but not a cache (`~/.cache/…`, `~/.npm/_cacache`), which any tool's docs say to clear.
 */
const HOME_PATH =
  /^(?:~|\$\{?HOME\}?|%USERPROFILE%|\$env:USERPROFILE|\/home\/[^/\s]+|\/Users\/[^/\s]+)[/\\](?!\.?(?:cache|npm|yarn|pnpm-store|gradle\/caches|m2\/repository|cargo\/registry)(?:[/\\]|$))\S+$/;

/** An argument as written in prose loses its trailing punctuation: « rm -rf ~. » targets `~`. */
function unpunctuated(arg: string): string {
  let end = arg.length;
  while (end > 1 && ',:!?»)”’'.includes(arg[end - 1]!)) end--;
  if (end > 1 && arg[end - 1] === '.' && arg[end - 2] !== '.' && end > 2) end--;
  return arg.slice(0, end);
}

const isBroad = (arg: string) => BROAD.test(unpunctuated(arg));
const isHomePath = (arg: string) => HOME_PATH.test(unpunctuated(arg));
/** A database whose name says it is for tests: dropping it is what a test suite does. */
const TEST_DATABASE = /(?:^|[_-])(?:test|tests|testing|ci|tmp|temp|scratch|dev)(?:$|[_-])|^test/i;

/** Each rule reads a command as `words`, its program at `at` (past `sudo`, `env X=1`: programIndex). */
function isDestructive(words: string[], at: number): boolean {
  const program = (words[at] ?? '').toLowerCase().replace(/^.*\//, '');
  const args = words.slice(at + 1);
  if (program === 'rm' || program === 'remove-item' || program === 'rmdir' || program === 'del' || program === 'rd') {
    const flags = flagsOf(args).join(' ');
    const recursive = /(?:^|\s)-[a-z]*r|--recursive|-recurse/i.test(flags) || program !== 'rm';
    return recursive && args.some((arg) => !arg.startsWith('-') && (isBroad(arg) || isHomePath(arg)));
  }
  // `dropdb app` (PostgreSQL's client): a database that is not a test one (SQL's `DROP DATABASE` is read below, on the line).
  if (program === 'dropdb') {
    const name = args.find((arg) => !arg.startsWith('-'));
    return name !== undefined && !TEST_DATABASE.test(name);
  }
  if (program === 'find') {
    const root = args.find((arg) => !arg.startsWith('-'));
    return (
      root !== undefined &&
      isBroad(root) &&
      (args.includes('-delete') || args.some((arg, index) => arg === '-exec' && /^(?:rm|shred)$/.test(args[index + 1] ?? '')))
    );
  }
  if (program === 'git') {
    const sub = args.find((arg) => !arg.startsWith('-'));
    if (sub === 'reset') return args.includes('--hard');
    if (sub === 'clean') return flagsOf(args).some((flag) => /^-[a-z]*f/.test(flag) || flag === '--force');
    return false;
  }
  if (/^mkfs(?:\.\w+)?$/.test(program) || program === 'shred' || program === 'wipefs') return true;
  if (program === 'dd') return args.some((arg) => /^of=\/dev\//.test(arg));
  if (program === 'chmod' || program === 'chown')
    return flagsOf(args).some((flag) => /^-[a-z]*R/.test(flag)) && args.some((arg) => arg === '/' || arg === '~' || /^\$\{?HOME\}?$/.test(arg));
  if (program === 'terraform' || program === 'tofu') return args.includes('destroy');
  if (program === 'kubectl')
    return args[0] === 'delete' && args.some((arg) => /^(?:ns|namespaces?|--all|-A|--all-namespaces|pv|persistentvolumes?)$/.test(arg));
  if (program === 'aws') return (args.includes('rm') || args.includes('rb')) && args.some((arg) => arg === '--recursive' || arg === '--force');
  if (program === 'redis-cli' || program === 'valkey-cli') return args.some((arg) => /^flush(?:all|db)$/i.test(arg));
  if (program === 'docker' || program === 'podman')
    return (
      (args.includes('prune') && args.some((arg) => arg === '--volumes' || arg === '-a' || arg === '--all')) ||
      (args[0] === 'volume' && (args[1] === 'rm' || args[1] === 'prune'))
    );
  return false;
}

function isForcePush(words: string[], at: number): boolean {
  if ((words[at] ?? '').toLowerCase() !== 'git') return false;
  const args = words.slice(at + 1);
  const push = args.indexOf('push');
  if (push < 0) return false;
  const rest = args.slice(push + 1);
  return rest.some(
    (arg) =>
      arg === '--force' ||
      arg === '--force-with-lease' ||
      /^--force-with-lease=/.test(arg) ||
      /^-[a-z]*f[a-z]*$/.test(arg) ||
      arg === '--mirror' ||
      arg === '--delete' ||
      /^\+[^\s]/.test(arg) ||
      /^:[^\s]/.test(arg),
  );
}

function isUpload(words: string[], at: number): boolean {
  const program = (words[at] ?? '').toLowerCase().replace(/^.*\//, '');
  const args = words.slice(at + 1);
  if (program === 'curl' || program === 'http' || program === 'xh') {
    return args.some(
      (arg, index) =>
        /^(?:-T|--upload-file|-F|--form)$/.test(arg) ||
        (/^(?:-d|--data(?:-binary|-raw|-urlencode)?)$/.test(arg) && /^@/.test(args[index + 1] ?? '')) ||
        /^-d@|^--data(?:-binary)?=@/.test(arg) ||
        /^-F.*=@/.test(arg),
    );
  }
  if (program === 'wget') return args.some((arg) => /^--post-file/.test(arg));
  if (program === 'nc' || program === 'ncat' || program === 'netcat' || program === 'socat') return true;
  if (program === 'scp' || program === 'rsync' || program === 'sftp') return args.some((arg) => SECRET_PATH.test(arg));
  if (program === 'invoke-webrequest' || program === 'invoke-restmethod' || program === 'iwr' || program === 'irm')
    return args.some((arg) => /^-(?:InFile|Body)$/i.test(arg));
  return false;
}

function readsSecret(words: string[], at: number): boolean {
  return READERS.test(words[at] ?? '') && words.slice(at + 1).some((arg) => SECRET_PATH.test(arg));
}

/** The risky commands of one line (code, or prose that holds a command). */
export function riskyCommands(line: string): RiskyRule[] {
  if (!ANY_PROGRAM.test(line)) return [];
  const found = new Set<RiskyRule>();
  const commands = splitCommands(line);
  commands.forEach((command, index) => {
    // A prose line ("run rm -rf ~ now") holds its command after a few words: examine from each known program.
    for (let start = 0; start < command.words.length; start++) {
      if (start > 0 && !PROGRAMS.test(command.words[start]!)) continue;
      const words = command.words.slice(start, start + MAX_WORDS);
      const at = programIndex(words);
      const reads = readsSecret(words, at);
      if (isDestructive(words, at)) found.add('commande-destructive');
      if (isForcePush(words, at)) found.add('push-force');
      if (isUpload(words, at)) found.add('envoi-reseau');
      if (reads) found.add('chemin-secret');
      const program = (words[at] ?? '').toLowerCase();
      const next = commands[index + 1];
      if (command.then === '|' && next) {
        const nextProgram = next.words[programIndex(next.words)] ?? '';
        if (DOWNLOADERS.test(program) && INTERPRETERS.test(nextProgram)) found.add('commande-reseau');
        if (NETWORK_SINKS.test(nextProgram) && (reads || /^(?:printenv|env|set|tar|zip|base64|cat|history|export)$/i.test(program))) found.add('envoi-reseau');
      }
      if (start > 0) break;
    }
    // `sh <(curl …)`, `bash -c "$(curl …)"`, `eval "$(wget …)"`, `iex (iwr …)`: commands that start with an interpreter.
    if (!INTERPRETER_FIRST.test(command.words[0]!)) return;
    const text = command.words.join(' ');
    if (/^(?:sudo\s+)?(?:(?:ba|z)?sh|eval|source|python[23]?|node|perl)\b/i.test(text) && command.words.some((word) => /\$\(\s*(?:curl|wget)\b/i.test(word)))
      found.add('commande-reseau');
    if (
      /^(?:sudo\s+)?(?:(?:ba|z)?sh|source|\.|eval|iex|invoke-expression|python[23]?|node)\b/i.test(text) &&
      commands[index + 1] &&
      /^(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|new-object)\b/i.test(commands[index + 1]!.words.join(' '))
    )
      found.add('commande-reseau');
    if (/^(?:(?:ba|z)?sh|python[23]?|node|perl|eval)\s+(?:-c|-e)?\s*\$?$/.test(text) && /^(?:curl|wget)\b/.test(commands[index + 1]?.words.join(' ') ?? ''))
      found.add('commande-reseau');
  });
  if (/(?:^|[^\w])(?:DROP\s+(?:DATABASE|SCHEMA|TABLE)|TRUNCATE\s+TABLE|FLUSHALL|FLUSHDB)\b/i.test(line) && /\b(?:DROP|TRUNCATE|FLUSHALL|FLUSHDB)\b/.test(line))
    found.add('commande-destructive');
  if (/:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/.test(line)) found.add('commande-destructive');
  return [...found];
}
