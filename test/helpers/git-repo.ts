/** Real git repositories for tests: made with the git CLI, in a temporary folder, with a fixed identity. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { handoffNote } from './notes.js';

const IDENTITY = {
  GIT_AUTHOR_NAME: 'test',
  GIT_AUTHOR_EMAIL: 'test@example.org',
  GIT_COMMITTER_NAME: 'test',
  GIT_COMMITTER_EMAIL: 'test@example.org',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

export interface Repo {
  dir: string;
  git(...args: string[]): string;
  /** Writes files (path → content), creating folders. */
  write(files: Record<string, string>): void;
  /** Writes the files and commits them; returns the new HEAD. */
  commit(files: Record<string, string>, message?: string): string;
  head(): string;
}

export function gitIn(dir: string, args: string[]): string {
  return execFileSync('git', args, { cwd: dir, env: { ...process.env, ...IDENTITY }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function repoAt(dir: string): Repo {
  const repo: Repo = {
    dir,
    git: (...args) => gitIn(dir, args),
    write(files) {
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), content);
      }
    },
    commit(files, message = 'commit') {
      repo.write(files);
      repo.git('add', '-A');
      repo.git('commit', '-q', '--allow-empty', '-m', message);
      return repo.head();
    },
    head: () => repo.git('rev-parse', 'HEAD'),
  };
  return repo;
}

/** A new repository on branch `main` (in `dir`, or a new temporary folder), with one commit holding `files` (no commit when null). */
export function newRepo(files: Record<string, string> | null = { 'README.md': 'projet\n' }, dir = mkdtempSync(join(tmpdir(), 'contexte-depot-'))): Repo {
  gitIn(dir, ['init', '-q', '-b', 'main']);
  const repo = repoAt(dir);
  if (files !== null) repo.commit(files, 'début');
  return repo;
}

/** A clone of `origin` (a colleague's copy). */
export function cloneOf(origin: Repo): Repo {
  const dir = mkdtempSync(join(tmpdir(), 'contexte-clone-'));
  gitIn(dir, ['clone', '-q', origin.dir, '.']);
  return repoAt(dir);
}

/** A handoff note whose header names `commit` and `branch` (omitted when undefined) and whose « Fichiers clés » lists `paths`. */
export function noteAbout(options: { commit?: string; branch?: string; paths?: string[]; etat?: string }): string {
  const { commit, branch, paths = [], etat } = options;
  const sections = {
    'Fichiers clés': paths.map((path) => `- \`${path}\` : rôle`).join('\n') || 'rien',
    ...(etat !== undefined ? { État: etat } : {}),
  };
  const header = (text: string) =>
    text
      .replace(/^commit: .*\n/m, commit === undefined ? '' : `commit: ${commit}\n`)
      .replace(/^branche: .*\n/m, branch === undefined ? '' : `branche: ${branch}\n`);
  return header(handoffNote({ sections }));
}
