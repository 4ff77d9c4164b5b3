/**
 * What a rule reads: text folded to the form a human (or a model) perceives,
 * so that disguises do not change what matches. Two views:
 * - `plainView`: compatibility forms folded (ｉｇｎｏｒｅ → ignore), Markdown
 *   escapes and word-level emphasis undone — what the text honestly says;
 * - `revealedView`: the plain view plus everything that only serves to hide:
 *   invisible characters removed, look-alike letters folded to Latin,
 *   emphasis inside a word undone, HTML entities, %-escapes and inline
 *   formatting tags decoded.
 * A finding that only the revealed view shows was disguised on purpose.
 * Every function is one linear pass; newlines are kept, so line numbers hold.
 */
import { removeHiddenCharacters } from './hidden-characters.js';

/** Cyrillic and Greek letters drawn like Latin ones (Unicode's confusables, the common part). */
const CONFUSABLES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', і: 'i', ї: 'i', ј: 'j', һ: 'h', ԁ: 'd', ԛ: 'q', ԝ: 'w', ɡ: 'g',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', Ѕ: 'S', І: 'I', Ј: 'J',
  α: 'a', ο: 'o', ρ: 'p', ν: 'v', ι: 'i', κ: 'k', τ: 't', υ: 'u', χ: 'x', ε: 'e', ϲ: 'c',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
};
/** Code unit → its Latin look-alike's code unit (0: none); every confusable above is one UTF-16 unit. */
const FOLD = new Uint16Array(0x10000);
for (const [from, to] of Object.entries(CONFUSABLES)) FOLD[from.charCodeAt(0)] = to.charCodeAt(0);
const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', shy: '', zwj: '', zwnj: '', lrm: '', rlm: '', colon: ':', sol: '/', bsol: '\\', lpar: '(', rpar: ')', vert: '|', period: '.', comma: ',', excl: '!', num: '#', dollar: '$', tilde: '~', lowbar: '_', hyphen: '-', dash: '-', equals: '=', plus: '+', semi: ';', ast: '*', grave: '`', Tab: '\t', NewLine: '\n',
};
const ENTITY = /&(?:#[xX]([0-9a-fA-F]{1,6})|#(\d{1,7})|([A-Za-z]{2,8}));/g;

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
    const codePoint = hex !== undefined ? Number.parseInt(hex, 16) : Number(decimal);
    return codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff) ? String.fromCodePoint(codePoint) : whole;
  });
}

/** `%69gnore` → `ignore`; a run that is not valid UTF-8 stays as written. */
export function decodePercentEscapes(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** One pass over the code units, with a lookup table: a note made only of look-alikes costs its length. */
export function foldConfusables(text: string): string {
  if (!CONFUSABLE.test(text)) return text;
  const units = new Uint16Array(text.length);
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    units[index] = FOLD[unit] || unit;
  }
  let folded = '';
  for (let start = 0; start < units.length; start += 8192) folded += String.fromCharCode(...units.subarray(start, start + 8192));
  return folded;
}

/** `\_` → `_`: a Markdown backslash escape before ASCII punctuation. */
const MARKDOWN_ESCAPE = /\\([!-/:-@[-`{-~])/g;
/** Emphasis around words: `**Système**`, `_note_`, `~~old~~` (markers touching a word on one side only). */
const WORD_EMPHASIS = /(?<![\p{L}\p{N}*_~\\])(?:\*{1,3}|_{1,3}|~~)(?=[\p{L}\p{N}«"'(`])|(?<=[\p{L}\p{N}.!?:»"')`])(?:\*{1,3}|_{1,3}|~~)(?![\p{L}\p{N}*_~])/gu;
/** Emphasis inside a word, which only serves to split it: `ig**nore**`, `i*g*n*o*r*e`. */
const SPLITTING_EMPHASIS = /(?<=\p{L})(?:\*+|_{2,}|~~)(?=\p{L})/gu;
/** Inline formatting tags and empty comments, which render as nothing: `ig<b></b>nore`. */
const INLINE_TAG = /<\/?(?:b|i|em|strong|u|s|del|ins|mark|sup|sub|span|font|small|big|code|kbd|tt|wbr)\b[^<>\n]*>|<!--[^<>\n]*-->/gi;

/** Characters that any view may change; text without them is its own view (the common case, kept cheap). */
const MAY_CHANGE_PLAIN = /[^\x00-\x7F]|[\\*_~]/;
const MAY_CHANGE_REVEALED = /[^\x00-\x7F]|[\\*_~&%<]|[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/;

export function plainView(text: string): string {
  if (!MAY_CHANGE_PLAIN.test(text)) return text;
  const folded = /[^\x00-\x7F]/.test(text) ? text.normalize('NFKC') : text;
  return folded.replace(MARKDOWN_ESCAPE, '$1').replace(WORD_EMPHASIS, '');
}

export function revealedView(text: string): string {
  if (!MAY_CHANGE_REVEALED.test(text)) return text;
  const decoded = decodePercentEscapes(decodeEntities(removeHiddenCharacters(text).replace(INLINE_TAG, '')));
  return plainView(foldConfusables(decoded.normalize('NFKC')).replace(SPLITTING_EMPHASIS, ''));
}
