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
 *
 * Each view is a list of steps (a pattern and its replacement), run by one of
 * two executors: plain strings (the reading guard), or `mappedRevealedView`,
 * which also keeps, for every character of the view, the offset of the
 * character it came from (the secret guard reports and masks the original).
 * Every step is one linear pass; newlines are kept, so line numbers hold.
 */
import { HIDDEN_ANYWHERE, hiddenClass } from './hidden-characters.js';

/** Cyrillic and Greek letters drawn like Latin ones (Unicode's confusables, the common part). */
const CONFUSABLES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ν: 'v',
  ι: 'i',
  κ: 'k',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ε: 'e',
  ϲ: 'c',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};
/** Code unit → its Latin look-alike's code unit (0: none); every confusable above is one UTF-16 unit. */
const FOLD = new Uint16Array(0x10000);
for (const [from, to] of Object.entries(CONFUSABLES)) FOLD[from.charCodeAt(0)] = to.charCodeAt(0);
const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  shy: '',
  zwj: '',
  zwnj: '',
  lrm: '',
  rlm: '',
  colon: ':',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  vert: '|',
  period: '.',
  comma: ',',
  excl: '!',
  num: '#',
  dollar: '$',
  tilde: '~',
  lowbar: '_',
  hyphen: '-',
  dash: '-',
  equals: '=',
  plus: '+',
  semi: ';',
  ast: '*',
  grave: '`',
  Tab: '\t',
  NewLine: '\n',
};

/** A rewrite of every match of `pattern` (global): one pass of a view. */
interface Step {
  pattern: RegExp;
  /** Called as String.prototype.replace calls it: the match, its groups, then arguments no step reads. */
  replace: (whole: string, ...groups: Array<string | undefined>) => string;
  /** True when the step would leave `text` as it is, known faster than by matching. */
  leaves?: (text: string) => boolean;
  /**
   * A character class every match holds: a text without one is left as it is. For patterns that begin with a
   * lookbehind or a class almost every character passes, which cost a step at every position, where this scan costs little.
   */
  needs?: RegExp;
  /** The same rewrite unit for unit (each UTF-16 unit becomes one): a loop instead of a call per match, the offsets unchanged. */
  perUnit?: (text: string) => string;
  /** The rewrite deletes every match: the engine's own replacement, without a call per match. */
  removes?: true;
  /**
   * Every match starts at a character of `needs`: whether the step acts is asked there only, of this sticky copy of
   * `pattern` (a pattern that begins with a lookbehind costs a step at every position of a text it leaves as it is).
   */
  startsAtNeeded?: { marks: RegExp; sticky: RegExp };
}
const remove = (pattern: RegExp, needs?: RegExp): Step => ({ pattern, replace: () => '', removes: true, ...(needs ? { needs } : {}) });
/** What every emphasis marker is made of. */
const EMPHASIS_MARK = /[*_~]/;
/** A step that deletes the matches of `pattern`, each of which starts at a character of the class `needs`. */
const removeStartingAt = (pattern: RegExp, needs: RegExp): Step => ({
  ...remove(pattern, needs),
  startsAtNeeded: { marks: new RegExp(needs.source, 'g'), sticky: new RegExp(pattern.source, pattern.flags.replace('g', 'y')) },
});

const decodeEntity: Step = {
  pattern: /&(?:#[xX]([0-9a-fA-F]{1,6})|#(\d{1,7})|([A-Za-z]{2,8}));/g,
  replace: (whole, hex, decimal, name) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
    const codePoint = hex !== undefined ? Number.parseInt(hex, 16) : Number(decimal);
    return codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff) ? String.fromCodePoint(codePoint) : whole;
  },
};
/** `%69gnore` → `ignore`; a run that is not valid UTF-8 stays as written. */
const decodePercent: Step = {
  pattern: /(?:%[0-9A-Fa-f]{2})+/g,
  replace: (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  },
};
/**
 * NFKC, one character (with its combining marks) at a time, so that each result keeps its origin. A text already in
 * NFKC is left whole: each of its characters is (composition and compatibility forms act within a character and its marks).
 */
const compatibilityForms: Step = {
  pattern: /[^\x00-\x7F]\p{M}*|[\x00-\x7F]\p{M}+/gu,
  needs: /[^\x00-\x7F]/,
  replace: (cluster) => cluster.normalize('NFKC'),
  leaves: (text) => text.normalize('NFKC') === text,
};
const confusables: Step = {
  pattern: new RegExp(CONFUSABLE.source, 'g'),
  replace: (letter) => String.fromCharCode(FOLD[letter.charCodeAt(0)]!),
  perUnit: (text) => mapUnits(text, (unit) => FOLD[unit] || unit),
};
/** `\_` → `_`: a Markdown backslash escape before ASCII punctuation. */
const markdownEscape: Step = { pattern: /\\([!-/:-@[-`{-~])/g, replace: (_escape, punctuation) => punctuation! };
/** Emphasis around words: `**Système**`, `_note_`, `~~old~~` (markers touching a word on one side only). */
const wordEmphasis = removeStartingAt(
  /(?<![\p{L}\p{N}*_~\\])(?:\*{1,3}|_{1,3}|~~)(?=[\p{L}\p{N}«"'(`])|(?<=[\p{L}\p{N}.!?:»"')`])(?:\*{1,3}|_{1,3}|~~)(?![\p{L}\p{N}*_~])/gu,
  EMPHASIS_MARK,
);
/** Emphasis inside a word, which only serves to split it: `ig**nore**`, `i*g*n*o*r*e`. */
const splittingEmphasis = removeStartingAt(/(?<=\p{L})(?:\*+|_{2,}|~~)(?=\p{L})/gu, EMPHASIS_MARK);
/** Inline formatting tags and empty comments, which render as nothing: `ig<b></b>nore`. */
const inlineTag = remove(/<\/?(?:b|i|em|strong|u|s|del|ins|mark|sup|sub|span|font|small|big|code|kbd|tt|wbr)\b[^<>\n]*>|<!--[^<>\n]*-->/gi);
const hiddenCharacters = remove(HIDDEN_ANYWHERE);

const PLAIN: Step[] = [compatibilityForms, markdownEscape, wordEmphasis];
const REVEALED: Step[] = [hiddenCharacters, inlineTag, decodeEntity, decodePercent, compatibilityForms, confusables, splittingEmphasis, ...PLAIN];

/** Characters that any view may change; text without them is its own view (the common case, kept cheap). */
const MAY_CHANGE_PLAIN = /[^\x00-\x7F]|[\\*_~]/;
const MAY_CHANGE_REVEALED = new RegExp(String.raw`[^\x00-\x7F]|[\\*_~&%<]|${hiddenClass('controls')}`);

/** `text` with each UTF-16 unit replaced by `map(unit)`: one loop, not a call per match. */
export function mapUnits(text: string, map: (unit: number) => number): string {
  const units = new Uint16Array(text.length);
  for (let index = 0; index < text.length; index++) units[index] = map(text.charCodeAt(index));
  return stringOfUnits(units);
}

/** Units of this many at a time: under any engine's limit on a call's arguments. */
const UNITS_PER_CALL = 8192;

/** The string of these UTF-16 units, each kept as it is (a lone surrogate too, which a UTF-16 decoder would replace). */
export function stringOfUnits(units: Uint16Array): string {
  let text = '';
  // `apply` hands the typed array over as it is; a spread walks it as an iterator (ten times slower, 64 bytes of garbage per unit).
  for (let start = 0; start < units.length; start += UNITS_PER_CALL)
    text += String.fromCharCode.apply(null, units.subarray(start, start + UNITS_PER_CALL) as unknown as number[]);
  return text;
}

/** Whether `step` changes `text`: some match of its pattern, unless the step knows faster that nothing changes. */
function acts(step: Step, text: string): boolean {
  if (step.startsAtNeeded) {
    const { marks, sticky } = step.startsAtNeeded;
    marks.lastIndex = 0;
    for (let mark = marks.exec(text); mark; mark = marks.exec(text)) {
      sticky.lastIndex = mark.index;
      if (sticky.test(text)) return !step.leaves?.(text);
    }
    return false;
  }
  if (step.needs && !step.needs.test(text)) return false;
  step.pattern.lastIndex = 0;
  const matches = step.pattern.test(text);
  step.pattern.lastIndex = 0;
  return matches && !step.leaves?.(text);
}

function run(text: string, steps: Step[]): string {
  let view = text;
  for (const step of steps) {
    if (!acts(step, view)) continue;
    if (step.perUnit) view = step.perUnit(view);
    else view = step.removes ? view.replace(step.pattern, '') : view.replace(step.pattern, step.replace);
  }
  return view;
}

export function plainView(text: string): string {
  return MAY_CHANGE_PLAIN.test(text) ? run(text, PLAIN) : text;
}

export function revealedView(text: string): string {
  return MAY_CHANGE_REVEALED.test(text) ? run(text, REVEALED) : text;
}

export function foldConfusables(text: string): string {
  return CONFUSABLE.test(text) ? run(text, [confusables]) : text;
}

/** A view and, for each of its UTF-16 units, the offset in the original text it comes from. */
export interface MappedText {
  text: string;
  /** `origin[i]` is where `text[i]` starts in the original; `origin[text.length]` is the original's length. */
  origin: Int32Array | undefined;
}

/** The revealed view with its map back to `text` (`origin` is undefined when the view is the text itself). */
export function mappedRevealedView(text: string): MappedText {
  if (!MAY_CHANGE_REVEALED.test(text)) return { text, origin: undefined };
  let view = text;
  let origin: Int32Array | undefined;
  for (const step of REVEALED) {
    if (!acts(step, view)) continue;
    if (step.perUnit) {
      // Unit for unit: each unit keeps its origin (itself, when no step ran before).
      if (!origin) {
        origin = new Int32Array(view.length + 1);
        for (let index = 0; index <= view.length; index++) origin[index] = index;
      }
      view = step.perUnit(view);
      continue;
    }
    const { pattern, replace } = step;
    const pieces: string[] = [];
    let next = new Int32Array(view.length + 64);
    let length = 0;
    const push = (from: number, to: number, at?: number) => {
      const count = to - from;
      if (length + count + 1 > next.length) {
        const grown = new Int32Array(Math.max(next.length * 2, length + count + 64));
        grown.set(next.subarray(0, length));
        next = grown;
      }
      if (at !== undefined) next.fill(origin ? origin[at]! : at, length, length + count);
      else if (origin) next.set(origin.subarray(from, to), length);
      else for (let index = from; index < to; index++) next[length + index - from] = index;
      length += count;
    };
    let cursor = 0;
    for (let match = pattern.exec(view); match; match = pattern.exec(view)) {
      if (match[0].length === 0) {
        pattern.lastIndex++;
        continue;
      }
      pieces.push(view.slice(cursor, match.index));
      push(cursor, match.index);
      const replacement = replace(...(match as unknown as [string, ...Array<string | undefined>]));
      pieces.push(replacement);
      push(0, replacement.length, match.index);
      cursor = match.index + match[0].length;
    }
    pieces.push(view.slice(cursor));
    push(cursor, view.length);
    next[length] = text.length;
    view = pieces.join('');
    origin = next.subarray(0, length + 1);
  }
  return { text: view, origin };
}

/** Where offset `index` of a mapped view starts in the original text. */
export function originalOffset(mapped: MappedText, index: number): number {
  return mapped.origin ? mapped.origin[Math.min(index, mapped.origin.length - 1)]! : index;
}
