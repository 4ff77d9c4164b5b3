/**
 * The YAML header of a note, between two `---` lines. Parsed with `yaml`,
 * bounded in size and in alias expansion, so a hostile header cannot stall a
 * program (a billion-laughs alias bomb, a megabyte of YAML).
 */
import { type Document, isMap, isScalar, parseDocument } from 'yaml';
import { withoutByteOrderMark } from '../text/hidden-characters.js';
import { parseOnce } from '../text/parse-once.js';

/** A header is a few lines; anything bigger is not a handoff note's header. */
export const MAX_FRONT_MATTER_BYTES = 16 * 1024;
const MAX_ALIASES = 50;

export type FrontMatter =
  | { status: 'absent' }
  | { status: 'invalid'; reason: string; line: number }
  | {
      status: 'ok';
      data: Record<string, unknown>;
      /**
       * Each top-level field whose value is one scalar, as written: `commit: 0123456`
       * is `'0123456'` here (YAML reads the number 123456), `commit: 3e45678` is not
       * Infinity. Where a field names something exactly (a commit, a branch), read it here.
       */
      written: Record<string, string>;
      /** The note's line of each top-level field (the `---` line is 1), for reports that name a field. */
      fieldLines: Record<string, number>;
      endLine: number;
    };

/** The note's YAML header, read once per note (see parse-once.ts): the checks and the header reader both ask. */
export const readFrontMatter = parseOnce(parseFrontMatter);

function parseFrontMatter(text: string): FrontMatter {
  const body = withoutByteOrderMark(text);
  const open = /^---\r?\n/.exec(body)?.[0];
  if (!open) return { status: 'absent' };
  // Search from the opening line's own newline, so an empty header (`---` twice) closes at once.
  const from = open.length - 1;
  const close = /\n---[ \t]*\r?(?:\n|$)/.exec(body.slice(from, from + MAX_FRONT_MATTER_BYTES + 8));
  if (!close) {
    return body.length > MAX_FRONT_MATTER_BYTES
      ? { status: 'invalid', reason: `en-tête absent ou trop long (plus de ${MAX_FRONT_MATTER_BYTES / 1024} Kio)`, line: 1 }
      : { status: 'invalid', reason: 'en-tête YAML non fermé : la ligne « --- » de fin manque', line: 1 };
  }
  const source = body.slice(open.length, Math.max(open.length, from + close.index));
  const endLine = source.split('\n').length + 2;
  // logLevel 'silent': yaml would print its warnings (in English) on stderr through process.emitWarning.
  const document = parseDocument(source, { uniqueKeys: true, prettyErrors: false, logLevel: 'silent' });
  const error = document.errors[0];
  if (error) return { status: 'invalid', reason: `en-tête YAML invalide : ${yamlProblem(error.code)}`, line: 2 + (error.linePos?.[0]?.line ?? 1) - 1 };
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch {
    return { status: 'invalid', reason: 'en-tête YAML refusé : trop d’alias (expansion excessive)', line: 2 };
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { status: 'invalid', reason: 'en-tête YAML invalide : une liste de champs « nom: valeur » est attendue', line: 2 };
  }
  return { status: 'ok', data: data as Record<string, unknown>, written: writtenScalars(document), fieldLines: fieldLines(document, source), endLine };
}

/** Where each top-level key starts, as a line of the note: the header's source begins on line 2. */
function fieldLines(document: Document, source: string): Record<string, number> {
  const lines: Record<string, number> = {};
  if (!isMap(document.contents)) return lines;
  for (const { key } of document.contents.items) {
    if (!isScalar(key) || typeof key.value !== 'string' || !key.range) continue;
    let line = 2;
    for (let at = source.indexOf('\n'); at !== -1 && at < key.range[0]; at = source.indexOf('\n', at + 1)) line++;
    lines[key.value] = line;
  }
  return lines;
}

function writtenScalars(document: Document): Record<string, string> {
  const written: Record<string, string> = {};
  if (!isMap(document.contents)) return written;
  for (const { key, value } of document.contents.items) {
    if (!isScalar(key) || typeof key.value !== 'string' || !isScalar(value)) continue;
    const text = value.type === 'PLAIN' ? value.source : value.value;
    if (typeof text === 'string') written[key.value] = text;
  }
  return written;
}

/** The YAML parser's error codes, said in French (a raw code such as MISSING_CHAR means nothing to the author). */
function yamlProblem(code: string): string {
  const known: Record<string, string> = {
    MISSING_CHAR: 'un caractère manque (guillemet ou crochet non fermé ?)',
    MULTILINE_IMPLICIT_KEY: 'un nom de champ s’étend sur plusieurs lignes (un « : » manque ?)',
    BAD_INDENT: 'indentation incohérente, ou crochet « [ » ou accolade « { » non fermés',
    DUPLICATE_KEY: 'un champ apparaît deux fois',
    BLOCK_AS_IMPLICIT_KEY: 'une valeur sur plusieurs lignes est mal placée',
    UNEXPECTED_TOKEN: 'un caractère inattendu (« : », « - » ou « # » mal placé ?)',
    TAB_AS_INDENT: 'une tabulation sert d’indentation (utilisez des espaces)',
    BAD_SCALAR_START: 'une valeur commence par un caractère réservé (mettez-la entre guillemets)',
  };
  return known[code] ?? 'la syntaxe n’est pas du YAML valide (mettez les valeurs entre guillemets)';
}
