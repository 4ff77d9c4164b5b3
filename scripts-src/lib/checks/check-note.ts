/**
 * What the workshop's partager-contexte skill only asked the model to respect,
 * checked before a note is shared: its YAML header, the nine rubriques in their
 * order (a raw transcript is not a note), no secret, no absolute personal path,
 * no raw command output longer than ten lines.
 */

import { isValidName } from '../mailbox/keys.js';
import type { LocalSecretMatcher } from '../secrets/find-local-secrets.js';
import { findSecrets } from '../secrets/find-secrets.js';
import { type Heading, lineLocator, type NoteModel, parseNote } from '../text/markdown-model.js';
import { readFrontMatter } from './front-matter.js';
import { type CheckReport, type Problem, secretProblems } from './problem.js';
import { normalizeHeading, RUBRIQUES } from './rubriques.js';

export const REQUIRED_FIELDS = ['titre', 'auteur', 'equipe', 'date', 'resume'] as const;
/** Longest fenced block accepted: the workshop's « aucune sortie brute de plus de dix lignes ». */
export const MAX_BLOCK_LINES = 10;

const ACCEPTED = /<!--[^>]*contexte:autorise[^>]*-->/;

/** A note is UTF-8 text: NUL bytes or invalid UTF-8 mean a binary file, not a note. */
export function checkEncoding(bytes: Buffer): Problem[] {
  const nul = bytes.indexOf(0);
  if (nul >= 0) return [{ rule: 'binaire', accepted: false, line: lineAt(bytes, nul), message: 'octet nul : ce fichier n’est pas du texte' }];
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return [];
  } catch {
    const bad = firstInvalidUtf8(bytes);
    return [{ rule: 'encodage', accepted: false, line: lineAt(bytes, bad), message: `UTF-8 invalide (octet ${bad + 1}) : enregistrez la note en UTF-8` }];
  }
}

const lineAt = (bytes: Buffer, offset: number) => bytes.subarray(0, offset).filter((byte) => byte === 0x0a).length + 1;

/** Offset of the first byte that makes the text invalid UTF-8 (the longest valid prefix, by bisection). */
function firstInvalidUtf8(bytes: Buffer): number {
  let low = 0;
  let high = bytes.length;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    try {
      // `stream`: a multi-byte character cut by the prefix is not an error.
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, middle), { stream: true });
      low = middle;
    } catch {
      high = middle - 1;
    }
  }
  return Math.min(low, bytes.length - 1);
}

/** Every check of a note; `known`: the sender's own secrets (refused in any form). */
export async function checkNote(text: string, known?: LocalSecretMatcher): Promise<CheckReport> {
  const model = parseNote(text);
  const problems: Problem[] = [
    ...checkFrontMatter(text),
    ...checkRubriques(model),
    ...checkPersonalPaths(text, model.lines),
    ...checkLongBlocks(model),
    ...secretProblems(await findSecrets(text, known)),
  ];
  return { problems: problems.sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER)) };
}

function checkFrontMatter(text: string): Problem[] {
  const header = readFrontMatter(text);
  const problem = (message: string, line = 1): Problem => ({ rule: 'en-tete', message, line, accepted: false });
  if (header.status === 'absent') return [problem('la note ne commence pas par un en-tête YAML (« --- » … « --- »)')];
  if (header.status === 'invalid') return [problem(header.reason, header.line)];
  const problems: Problem[] = [];
  for (const field of REQUIRED_FIELDS) {
    const value = header.data[field];
    const line = header.fieldLines[field];
    if (typeof value !== 'string' && !(value instanceof Date)) problems.push(problem(`champ « ${field} » manquant ou vide dans l’en-tête`, line));
    else if (typeof value === 'string' && value.trim() === '') problems.push(problem(`champ « ${field} » vide dans l’en-tête`, line));
  }
  for (const field of ['auteur', 'equipe'] as const) {
    const value = header.data[field];
    if (typeof value === 'string' && value.trim() !== '' && !isValidName(value)) {
      problems.push(problem(`champ « ${field} » : identifiant court attendu (lettres ASCII, chiffres, . _ -)`, header.fieldLines[field]));
    }
  }
  return problems;
}

/** Rubriques are level-2 headings, never a `#` line inside code (the model knows which is which). */
function checkRubriques(model: NoteModel): Problem[] {
  // Each heading and each rubrique normalised once: a note of many headings costs their number, not nine times it.
  // Fields written out, not `{ ...heading, text }`: V8's slow path (see steering.ts), on a note that may hold 262,144 headings.
  const all = model.headings.map((heading): Heading => ({ level: heading.level, line: heading.line, text: normalizeHeading(heading.text) }));
  const headings = all.filter((heading) => heading.level === 2);
  const wanted = RUBRIQUES.map(normalizeHeading);
  const found = wanted.map((rubrique) => headings.find((heading) => heading.text.startsWith(rubrique)));
  const missing = RUBRIQUES.filter((_, index) => !found[index]);
  if (missing.length > 0) {
    // Written, but as a heading of another level (`### 1. Objectif`): say so, with the line.
    const elsewhere = missing.flatMap((rubrique) => {
      const heading = all.find((candidate) => candidate.level !== 2 && candidate.text.startsWith(wanted[RUBRIQUES.indexOf(rubrique)]!));
      return heading ? [{ rubrique, heading }] : [];
    });
    const levels = elsewhere.length
      ? ` ; ${elsewhere.length === missing.length ? 'elles sont' : `${elsewhere.map(({ rubrique }) => rubrique).join(', ')} :`} écrites en titre de niveau ${[...new Set(elsewhere.map(({ heading }) => heading.level))].join(' ou ')} (ligne ${elsewhere[0]!.heading.line}…) : une rubrique s’écrit « ## 1. Objectif », deux croisillons`
      : '';
    return [
      {
        rule: 'rubriques',
        accepted: false,
        line: elsewhere[0]?.heading.line,
        message: `rubrique(s) manquante(s) : ${missing.join(', ')} (les neuf rubriques sont attendues, dans l’ordre)${levels}`,
      },
    ];
  }
  const positions = found.map((heading) => heading!.line);
  const misplaced = RUBRIQUES.find((_, index) => index > 0 && positions[index]! < positions[index - 1]!);
  if (misplaced) {
    return [
      {
        rule: 'rubriques',
        accepted: false,
        line: positions[RUBRIQUES.indexOf(misplaced)],
        message: `rubrique « ${misplaced} » hors de son ordre (attendu : ${RUBRIQUES.join(', ')})`,
      },
    ];
  }
  return [];
}

const PERSONAL_PATH = /(?:\/home\/|\/Users\/|[A-Za-z]:\\Users\\)(?!<|\$|\{|~|\*|\.\.\.|…)([^/\\\s`'"<>]+)[/\\]/g;

/** One pass over the text (a path never spans a line break), each finding at its line. */
function checkPersonalPaths(text: string, lines: string[]): Problem[] {
  const lineOf = lineLocator(text);
  return [...text.matchAll(PERSONAL_PATH)].map((match): Problem => {
    const line = lineOf(match.index!);
    return {
      rule: 'chemin-personnel',
      line,
      accepted: ACCEPTED.test(lines[line - 1] ?? ''),
      message: 'chemin personnel absolu : écrivez un chemin relatif au projet',
      excerpt: match[0].replace(match[1]!, '<nom>'),
    };
  });
}

function checkLongBlocks(model: NoteModel): Problem[] {
  return model.segments
    .filter((segment) => segment.place === 'fence' && segment.text.split('\n').length > MAX_BLOCK_LINES)
    .map((segment) => {
      const opening = segment.line - 1;
      return {
        rule: 'sortie-longue',
        line: opening,
        accepted: ACCEPTED.test(model.lines[opening - 1] ?? ''),
        message: `bloc de ${segment.text.split('\n').length} lignes (plus de ${MAX_BLOCK_LINES}) : résumez la sortie et citez la commande`,
      };
    });
}
