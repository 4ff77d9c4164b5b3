/**
 * The work in progress that travels with a note (`publier --modifs`): the
 * uncommitted changes of tracked files as `git diff --binary HEAD`, and the
 * names (never the content) of untracked files, after a short header giving
 * the commit the patch applies to (the handoff's own files, a `CONTEXTE-*.md`
 * note or `partage/`, are left out, and so is the pack's own install: its four
 * skill folders, an opencode.json holding only what the installer writes). `git apply` skips the header, so the file a
 * colleague receives applies as it is — but only when they choose to: this
 * module only checks (`git apply --check`), it never applies.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { MAX_CHANGES_BYTES } from '../io/read-input-file.js';
import { HANDOFF_EXCLUDES, isInstallerOpenCodeConfig, PACK_INSTALL_EXCLUDES } from '../project-safety.js';
import { runGit } from './git.js';

export type CollectedChanges =
  /** `packInstall`: untracked files of the pack's own install, left out (their names, for the user to know). */
  | { status: 'ok'; bytes: Buffer; base: string; files: string[]; untracked: string[]; packInstall: string[] }
  | { status: 'empty'; base: string; packInstall: string[] }
  | { status: 'not-a-repository' | 'no-commit' | 'too-big' | 'git-failed' };

const HEADER = '# contexte-skills : modifications en cours (git diff --binary HEAD)';
const BASE = /^# base : ([0-9a-f]{40,64})$/m;
const UNTRACKED_TITLE = '# fichiers non suivis (noms seulement, contenu non transmis) :';

/** The changes of the repository holding `directory`, ready to publish; the reason when there are none to take. */
export function collectChanges(directory: string): CollectedChanges {
  const top = runGit(['rev-parse', '--show-toplevel'], directory);
  if (!top.ok) return { status: top.reason === 'failed' ? 'not-a-repository' : 'git-failed' };
  const root = top.stdout.replace(/\n$/, '');
  const head = runGit(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], root);
  if (!head.ok) return { status: 'no-commit' };
  const base = head.stdout.trim();
  const diff = runGit(
    ['diff', '--binary', '--no-color', '--no-ext-diff', '--no-textconv', '--src-prefix=a/', '--dst-prefix=b/', 'HEAD', '--'],
    root,
    MAX_CHANGES_BYTES + 1,
  );
  const names = runGit(['diff', '--name-only', '-z', '--no-ext-diff', 'HEAD', '--'], root);
  // The handoff's own files (this note, what was fetched into partage/) are not work in progress.
  const others = runGit(['ls-files', '--others', '--exclude-standard', ...HANDOFF_EXCLUDES.map((pattern) => `--exclude=${pattern}`), '-z'], root);
  if (!diff.ok || !names.ok || !others.ok)
    return { status: [diff, names, others].some((result) => !result.ok && result.reason === 'too-big') ? 'too-big' : 'git-failed' };
  const files = names.stdout.split('\0').filter(Boolean);
  const packInstall: string[] = [];
  const untracked = others.stdout.split('\0').filter((name) => {
    if (!name) return false;
    if (!isPackInstall(root, name)) return true;
    packInstall.push(name);
    return false;
  });
  if (diff.bytes.length === 0 && untracked.length === 0) return { status: 'empty', base, packInstall };
  const header = [
    HEADER,
    `# base : ${base}`,
    ...(untracked.length > 0 ? [UNTRACKED_TITLE, ...untracked.map((name) => `#   ${JSON.stringify(name)}`)] : []),
    '',
  ];
  const bytes = Buffer.concat([Buffer.from(header.join('\n'), 'utf8'), diff.bytes]);
  if (bytes.length > MAX_CHANGES_BYTES) return { status: 'too-big' };
  return { status: 'ok', bytes, base, files, untracked, packInstall };
}

/** An untracked file the pack's installers put in the project: a file of one of its skill folders, or the opencode.json the installer made. */
function isPackInstall(root: string, name: string): boolean {
  if (PACK_INSTALL_EXCLUDES.some((folder) => `/${name}`.startsWith(folder))) return true;
  if (name !== 'opencode.json') return false;
  try {
    return isInstallerOpenCodeConfig(readFileSync(join(root, name), 'utf8'));
  } catch {
    return false;
  }
}

/** What the receiver's repository says of a patch: does it apply here, on which files, against which commit. */
export interface ChangesCheck {
  /** The commit the sender's patch applies to, from its header (absent or not a full hash: undefined). */
  base?: string;
  applies: boolean;
  files: string[];
  /** Untracked files named by the sender (their content did not travel). */
  untracked: string[];
}

/** `git apply --check` and `--numstat` of the patch file `patchPath` in the repository `root`: nothing is written. */
export function checkChanges(root: string, patchPath: string, patch: Buffer): ChangesCheck {
  const text = patch.toString('utf8');
  const base = BASE.exec(text.slice(0, 4096))?.[1];
  const check = runGit(['apply', '--check', '--', patchPath], root);
  const numstat = runGit(['apply', '--numstat', '-z', '--', patchPath], root);
  return { ...(base ? { base } : {}), applies: check.ok, files: numstat.ok ? numstatFiles(numstat.stdout) : [], untracked: untrackedNames(text) };
}

/** `added\tdeleted\tpath\0`, or for a rename `added\tdeleted\t\0from\0to\0`: the paths the patch touches. */
function numstatFiles(output: string): string[] {
  const files: string[] = [];
  const fields = output.split('\0');
  for (let index = 0; index < fields.length; index++) {
    const match = /^[\d-]+\t[\d-]+\t(.*)$/s.exec(fields[index]!);
    if (!match) continue;
    if (match[1] !== '') files.push(match[1]!);
    else {
      files.push(fields[index + 2] ?? '');
      index += 2;
    }
  }
  return files.filter(Boolean);
}

function untrackedNames(text: string): string[] {
  const start = text.indexOf(`${UNTRACKED_TITLE}\n`);
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of text.slice(start + UNTRACKED_TITLE.length + 1).split('\n')) {
    const match = /^# {3}(".*")$/.exec(line);
    if (!match) break;
    try {
      names.push(String(JSON.parse(match[1]!)));
    } catch {
      break;
    }
  }
  return names;
}

/** Inflated contents are bounded: a small hunk must not become gigabytes in memory. */
const MAX_INFLATED = 4 * MAX_CHANGES_BYTES;

/**
 * The contents a patch carries as `GIT binary patch` hunks (base85 of deflated
 * bytes), decoded, for the secret guard: a key pair or a keystore changed in
 * the work in progress must be found as in a text file. Delta hunks hold their
 * inserted bytes as they are, so they are read too.
 */
export function binaryContents(patch: Buffer): Buffer[] {
  const contents: Buffer[] = [];
  const lines = patch.toString('latin1').split('\n');
  for (let index = 0; index < lines.length; index++) {
    if (!/^(?:literal|delta) \d+$/.test(lines[index]!)) continue;
    const chunks: Buffer[] = [];
    for (index++; index < lines.length && lines[index] !== ''; index++) {
      const decoded = base85Line(lines[index]!);
      if (decoded === undefined) break;
      chunks.push(decoded);
    }
    try {
      contents.push(inflateSync(Buffer.concat(chunks), { maxOutputLength: MAX_INFLATED }));
    } catch {
      // Not a valid hunk: git apply will refuse it too.
    }
  }
  return contents;
}

const BASE85 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';
const BASE85_VALUE = new Map([...BASE85].map((char, value) => [char, value]));

/** One line of git's base85: a length letter (A–Z: 1–26, a–z: 27–52), then groups of five characters for four bytes. */
function base85Line(line: string): Buffer | undefined {
  const first = line.charCodeAt(0);
  const length = first >= 65 && first <= 90 ? first - 64 : first >= 97 && first <= 122 ? first - 70 : 0;
  const body = line.slice(1);
  if (length === 0 || body.length % 5 !== 0 || body.length / 5 < Math.ceil(length / 4)) return undefined;
  const bytes = Buffer.alloc((body.length / 5) * 4);
  for (let group = 0; group < body.length / 5; group++) {
    let value = 0;
    for (let at = 0; at < 5; at++) {
      const digit = BASE85_VALUE.get(body[group * 5 + at]!);
      if (digit === undefined) return undefined;
      value = value * 85 + digit;
    }
    if (value > 0xffffffff) return undefined;
    bytes.writeUInt32BE(value, group * 4);
  }
  return bytes.subarray(0, length);
}
