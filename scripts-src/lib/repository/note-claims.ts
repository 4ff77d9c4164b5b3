/**
 * What a note says about the repository it was written in: the commit and
 * branch of its header, the paths of « Fichiers clés » and the paths quoted
 * in « État ». Someone else wrote them: each is validated here, and only a
 * valid commit or path ever reaches git (a branch never does: it is only
 * compared). What does not pass is kept with the reason, to be reported.
 */
import { readFrontMatter } from '../checks/front-matter.js';
import { parseNote } from '../text/markdown-model.js';

export interface RefusedClaim {
  /** `commit`, `branche` or `chemin`. */
  field: 'commit' | 'branche' | 'chemin';
  /** As written (someone else's text: shown escaped and masked). */
  value: string;
  /** Why it was not passed to git, in French. */
  reason: string;
}

export interface PathClaim {
  /** Repository-relative, without `./`, a trailing `/` or doubled `/`. */
  path: string;
  /**
   * Shaped like a path (`src/a.ts`, `README.md`) in « Fichiers clés »: reported even when absent.
   * Otherwise (a bare `Makefile` there, or a path quoted in « État »), reported only when git or the disk knows it:
   * `console.log` or `HttpTransport` are not files.
   */
  certain: boolean;
}

export interface NoteClaims {
  /** Lower-case hex, 4 to 64 characters. */
  commit?: string;
  branch?: string;
  paths: PathClaim[];
  refused: RefusedClaim[];
  /** Paths beyond `MAX_PATHS`, not checked. */
  leftOut: number;
}

/** More key files than a note lists; a hostile note cannot make git read thousands of paths. */
export const MAX_PATHS = 100;
const MAX_PATH_LENGTH = 1024;
const COMMIT = /^[0-9a-f]{4,64}$/i;

export function readNoteClaims(text: string): NoteClaims {
  const claims: NoteClaims = { paths: [], refused: [], leftOut: 0 };
  const header = readFrontMatter(text);
  const written = header.status === 'ok' ? header.written : {};
  const commit = written.commit?.trim();
  if (commit) {
    if (COMMIT.test(commit)) claims.commit = commit.toLowerCase();
    else claims.refused.push({ field: 'commit', value: commit, reason: 'un commit s’écrit avec 4 à 64 caractères hexadécimaux' });
  }
  const branch = written.branche?.trim();
  if (branch) {
    const problem = branchProblem(branch);
    if (problem === undefined) claims.branch = branch;
    else claims.refused.push({ field: 'branche', value: branch, reason: problem });
  }
  const seen = new Set<string>();
  for (const { value, keyFile } of pathMentions(text)) {
    const problem = pathProblem(value);
    if (problem !== undefined) {
      if (keyFile && !seen.has(value)) claims.refused.push({ field: 'chemin', value, reason: problem });
      seen.add(value);
      continue;
    }
    const path = normalizePath(value);
    const certain = keyFile && looksLikePath(value);
    const known = claims.paths.find((claim) => claim.path === path);
    if (known !== undefined) known.certain ||= certain;
    if (known !== undefined || seen.has(path)) continue;
    seen.add(path);
    if (claims.paths.length >= MAX_PATHS) claims.leftOut++;
    else claims.paths.push({ path, certain });
  }
  return claims;
}

/**
 * Candidate paths, in the note's order: in « Fichiers clés » (`keyFile`), code
 * spans and link targets without a blank, and the first word of each line (a
 * list item, a table's first cell) shaped like a path; in « État », code spans
 * shaped like a path (a `/` or a file extension).
 */
function* pathMentions(text: string): Generator<{ value: string; keyFile: boolean }> {
  for (const segment of parseNote(text).segments) {
    if (segment.rubrique === undefined || (segment.kind === 'hidden' && segment.place !== 'link-target')) continue;
    const keyFile = segment.rubrique.startsWith('fichiers cles');
    if (!keyFile && segment.rubrique !== 'etat') continue;
    if (segment.place === 'code-span' || (segment.place === 'link-target' && keyFile)) {
      const value = segment.text.trim();
      if (keyFile ? value !== '' && !/\s/.test(value) : looksLikePath(value)) yield { value, keyFile };
    } else if (keyFile && segment.place === 'paragraph') {
      for (const line of segment.text.split('\n')) {
        const first = /^[\s|*_]*([^\s|*_`⟨][^\s|`⟨]*?)[*_:,;]*(?:\s|\||$)/u.exec(line)?.[1];
        if (first !== undefined && looksLikePath(first)) yield { value: first, keyFile };
      }
    }
  }
}

/** A `/` inside or a file extension, no blank, not a URL: `src/a.ts`, `README.md`, `docs/`. */
function looksLikePath(value: string): boolean {
  return !/\s/.test(value) && !/^[a-z][a-z\d+.-]*:\/\//i.test(value) && (/.\/|\/./.test(value) || /\.[A-Za-z][\w-]{0,15}$/.test(value));
}

/** Why `value` is not a repository-relative path we pass to git; undefined when it is one. */
export function pathProblem(value: string): string | undefined {
  if (value.length > MAX_PATH_LENGTH) return 'chemin trop long';
  if (/[\p{Cc}\p{Cf}]/u.test(value)) return 'caractères de contrôle ou invisibles';
  if (value.startsWith('-')) return 'commence par « - » : ressemble à une option';
  if (/^(?:\/|~|[A-Za-z]:[\\/]|\\\\)/.test(value)) return 'chemin absolu, hors du dépôt';
  if (value.includes('\\')) return 'contient « \\ » (un chemin du dépôt s’écrit avec « / »)';
  if (value.split('/').includes('..')) return 'contient « .. » : sort du dépôt';
  if (value.startsWith(':')) return 'commence par « : » (syntaxe spéciale de git)';
  if (normalizePath(value) === '' || normalizePath(value) === '.git' || normalizePath(value).startsWith('.git/')) return 'pas un fichier du projet';
  return undefined;
}

function normalizePath(value: string): string {
  return value
    .replace(/\/{2,}/g, '/')
    .replace(/^(?:\.\/)+/, '')
    .replace(/(?:\/\.)+$/, '')
    .replace(/\/$/, '');
}

/** git's rules for a branch name (git check-ref-format --branch), checked here: the name is never given to git. */
export function branchProblem(value: string): string | undefined {
  if (value.length > 255) return 'nom de branche trop long';
  if (value.startsWith('-')) return 'commence par « - » : ressemble à une option';
  if (
    /[\p{Cc}\p{Cf}\s~^:?*[\\]|\.\.|@\{|\/\/|^\/|\/$|\.$|\.lock$|\.lock\//u.test(value) ||
    value.split('/').some((part) => part.startsWith('.')) ||
    value === '@'
  )
    return 'pas un nom de branche valide pour git';
  return undefined;
}
