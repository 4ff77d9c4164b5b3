/**
 * The repository as git sees it, against what a note says: is the note's
 * commit this HEAD, behind it, ahead of it, on another line, or unknown here;
 * is the branch the same; has each key file changed since the note, or
 * locally, or gone. Computed by the program, never left to the reader's
 * model. Read-only: no file's content is read, nothing is written, fetched
 * or applied.
 */
import { realpathSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { lstatOrUndefined } from '../io/lstat-or-undefined.js';
import { runGit } from './git.js';
import { type NoteClaims, type RefusedClaim, readNoteClaims } from './note-claims.js';
import { type ChangesCheck, checkChanges } from './work-in-progress.js';

export type Relation = 'identique' | 'en-avance' | 'en-retard' | 'diverge' | 'inconnu' | 'absent' | 'refuse' | 'pas-un-depot';
/** `plus-recent-dans-la-note`: changed by a commit of the note's that this repository does not have yet (the note is ahead). */
export type FileState = 'inchange' | 'modifie-depuis-la-note' | 'plus-recent-dans-la-note' | 'modifie-localement' | 'absent' | 'refuse' | 'inconnu';

export interface FileReport {
  path: string;
  state: FileState;
  /** For `refuse`: why (a symbolic link leaving the repository, a path refused by its shape). */
  reason?: string;
}

export interface RepositoryState {
  /** The repository's top level (absent when the folder is not in one). */
  root?: string;
  noteCommit?: string;
  /** Full hash of HEAD; absent on a repository without a commit. */
  localCommit?: string;
  relation: Relation;
  /** Commits HEAD has that the note's commit has not (ahead), and the reverse (behind). */
  gap?: { ahead: number; behind: number };
  noteBranch?: string;
  /** The current branch; absent when HEAD is detached. */
  localBranch?: string;
  files: FileReport[];
  /** What the note says that was not given to git, and why. */
  refused: RefusedClaim[];
  /** Paths beyond the limit, not checked. */
  leftOut: number;
  /** git itself could not be run (not installed, or too slow). */
  gitUnavailable?: boolean;
  /** The work in progress received with the note, checked (never applied) against this repository. */
  changes?: ChangesCheck & { file: string };
}

/** A work in progress to check with the note: the file as named by the user, and its bytes. */
export interface ReceivedChanges {
  file: string;
  bytes: Buffer;
}

export function repositoryState(noteText: string, directory: string, changes?: ReceivedChanges): RepositoryState {
  return compareWithRepository(readNoteClaims(noteText), directory, changes);
}

export function compareWithRepository(claims: NoteClaims, directory: string, changes?: ReceivedChanges): RepositoryState {
  const base = {
    noteCommit: claims.commit,
    noteBranch: claims.branch,
    refused: claims.refused,
    leftOut: claims.leftOut,
  };
  const top = runGit(['rev-parse', '--show-toplevel'], directory);
  if (!top.ok) return { ...base, relation: 'pas-un-depot', files: [], ...(top.reason !== 'failed' ? { gitUnavailable: true } : {}) };
  const root = top.stdout.replace(/\n$/, '');
  const git = (...args: string[]) => runGit(args, root);
  const head = git('rev-parse', '--verify', '--quiet', 'HEAD^{commit}');
  const localCommit = head.ok ? head.stdout.trim() : undefined;
  const branch = git('symbolic-ref', '--quiet', '--short', 'HEAD');
  const localBranch = branch.ok ? branch.stdout.trim() : undefined;

  let noteFull: string | undefined;
  if (claims.commit !== undefined) {
    const resolved = git('rev-parse', '--verify', '--quiet', '--end-of-options', `${claims.commit}^{commit}`);
    noteFull = resolved.ok ? resolved.stdout.trim() : undefined;
  }
  const { relation, gap } = relate(claims, noteFull, localCommit, root);

  const pathspecs = claims.paths.map((claim) => claim.path);
  const changedLocally =
    pathspecs.length === 0 ? [] : names(git('status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', ...pathspecs), true);
  // Each side against their common ancestor: what HEAD changed since the note, and what the note's commit has that HEAD has not.
  const diffNames = (from: string, to: string) =>
    names(git('diff', '--name-only', '-z', '--no-renames', '--no-ext-diff', '--no-textconv', from, to, '--', ...pathspecs), false);
  const ancestor =
    pathspecs.length === 0 || noteFull === undefined || localCommit === undefined ? undefined : commonAncestor(relation, noteFull, localCommit, root);
  const changedSince = ancestor === undefined || localCommit === undefined ? undefined : ancestor === localCommit ? [] : diffNames(ancestor, localCommit);
  const aheadInNote = ancestor === undefined || noteFull === undefined || ancestor === noteFull ? [] : (diffNames(ancestor, noteFull) ?? []);
  const rootReal = realpathSync(root);
  const files: FileReport[] = [];
  for (const claim of claims.paths) {
    const covers = (name: string) => name === claim.path || name.startsWith(`${claim.path}/`);
    if (leavesRepository(rootReal, claim.path)) {
      files.push({ path: claim.path, state: 'refuse', reason: 'lien symbolique qui sort du dépôt (ou dont la cible manque)' });
      continue;
    }
    const onDisk = lstatOrUndefined(join(rootReal, claim.path)) !== undefined;
    const since = changedSince?.some(covers) ?? false;
    const ahead = aheadInNote.some(covers);
    const local = changedLocally?.some(covers) ?? false;
    // A word that may not be a path (`console.log` in « État ») counts only if this repository knows it.
    if (!claim.certain && !onDisk && !since && !ahead && !local) continue;
    const state: FileState = since
      ? 'modifie-depuis-la-note'
      : ahead
        ? 'plus-recent-dans-la-note'
        : local
          ? 'modifie-localement'
          : !onDisk
            ? 'absent'
            : changedSince === undefined
              ? 'inconnu'
              : 'inchange';
    files.push({ path: claim.path, state });
  }
  return {
    ...base,
    root,
    ...(localCommit !== undefined ? { localCommit } : {}),
    ...(localBranch ? { localBranch } : {}),
    relation,
    ...(gap ? { gap } : {}),
    files,
    ...(changes ? { changes: { file: changes.file, ...checkChanges(root, resolve(changes.file), changes.bytes) } } : {}),
  };
}

function relate(claims: NoteClaims, noteFull: string | undefined, localCommit: string | undefined, root: string): Pick<RepositoryState, 'relation' | 'gap'> {
  if (claims.commit === undefined) return { relation: claims.refused.some((claim) => claim.field === 'commit') ? 'refuse' : 'absent' };
  if (noteFull === undefined || localCommit === undefined) return { relation: 'inconnu' };
  const counted = runGit(['rev-list', '--left-right', '--count', `${noteFull}...${localCommit}`], root);
  const match = counted.ok ? /^(\d+)\s+(\d+)\s*$/.exec(counted.stdout) : null;
  if (!match) return { relation: 'inconnu' };
  const behind = Number(match[1]);
  const ahead = Number(match[2]);
  const relation = ahead === 0 && behind === 0 ? 'identique' : behind === 0 ? 'en-avance' : ahead === 0 ? 'en-retard' : 'diverge';
  return { relation, gap: { ahead, behind } };
}

/** Where the note's commit and HEAD meet: one of them when one descends from the other, else their merge base. */
function commonAncestor(relation: Relation, noteFull: string, localCommit: string, root: string): string | undefined {
  if (relation === 'identique' || relation === 'en-avance') return noteFull;
  if (relation === 'en-retard') return localCommit;
  const base = runGit(['merge-base', noteFull, localCommit], root);
  return base.ok ? base.stdout.trim() : undefined;
}

/** Names printed by `git status --porcelain -z` (after the two status letters) or `git diff --name-only -z`; undefined when git failed. */
function names(result: ReturnType<typeof runGit>, status: boolean): string[] | undefined {
  if (!result.ok) return undefined;
  return result.stdout
    .split('\0')
    .filter(Boolean)
    .map((entry) => (status ? entry.slice(3) : entry));
}

/** Whether `path`, or the deepest part of it that exists, resolves (through symbolic links) outside the repository. */
function leavesRepository(rootReal: string, path: string): boolean {
  for (let candidate = join(rootReal, path); ; candidate = dirname(candidate)) {
    let real: string;
    try {
      real = realpathSync(candidate);
    } catch {
      // A link whose target is missing: where it points is not known to stay inside.
      if (lstatOrUndefined(candidate)?.isSymbolicLink()) return true;
      if (candidate === rootReal || dirname(candidate) === candidate) return false;
      continue;
    }
    const inside = relative(rootReal, real);
    return inside === '..' || inside.startsWith(`..${sep}`) || inside.startsWith(sep);
  }
}
