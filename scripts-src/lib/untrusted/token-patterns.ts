/**
 * Matching as code: a sentence is cut into tokens once, and the reading
 * guard's patterns are sequences of steps over those tokens (a phrase from a
 * vocabulary table, up to n words, a punctuation mark…). Words are looked up
 * in maps, never tried one by one as regex alternatives; every repetition is
 * bounded, so a pattern costs at most a few steps per token.
 *
 * Tokens are lower-case. A word is letters, digits and `_`; a French elision
 * stays with its article (« l'agent » → `l'` `agent`, « qu'il » → `qu'` `il`),
 * an English contraction is one word (`don't`); the part of a word after a
 * hyphen starts with it (« donne-moi » → `donne` `-moi`); every other
 * character but spaces is a token by itself (`:`, `«`, `\n`…). Vocabulary
 * phrases are cut the same way, so they match what they spell.
 */

import { parseOnce } from '../text/parse-once.js';

/** French words that elide before a vowel: « l'agent » is two words. */
const ELIDED = new Set(['l', 'd', 'qu', 'n', 'm', 't', 's', 'c', 'j', 'jusqu', 'lorsqu', 'puisqu', 'quoiqu', 'presqu']);

export interface Sentence {
  /** The sentence, lower-case. */
  text: string;
  /** The tokens, lower-case; apostrophes are `'`. */
  tokens: string[];
  /** Where each token starts in the sentence. */
  starts: number[];
  /** Every distinct token, for the patterns' quick test (built at its first use). */
  readonly present: Set<string>;
  /** Where each distinct token stands, in order (built at its first use: a long sentence's patterns start only there). */
  readonly positions: Map<string, number[]>;
  /** What steps worked out about this sentence, by step (a plain map on the sentence: no WeakMap for the collector to trace). */
  readonly memo: Map<object, unknown>;
  /** The patterns that can start in this sentence, once looked up. */
  candidates?: Uint8Array;
}

/** What `owner` worked out about the sentence, built at its first use. */
export function remembered<T>(sentence: Sentence, owner: object, build: () => T): T {
  let value = sentence.memo.get(owner) as T | undefined;
  if (value === undefined) {
    value = build();
    sentence.memo.set(owner, value);
  }
  return value;
}

/**
 * The sentence cut into tokens. It remembers the last sentence asked: its features, whether it is discussed and
 * what hidden text asks each want the same sentence's tokens (and what `remembered` keeps on them).
 */
export const tokenize = parseOnce(cutIntoTokens);

function cutIntoTokens(text: string): Sentence {
  const tokens: string[] = [];
  const starts: number[] = [];
  const lower = text.toLowerCase();
  for (let start = 0; start < lower.length; ) {
    const end = tokenEnd(lower, start);
    if (end === start) {
      start++; // a blank
      continue;
    }
    const found = lower.slice(start, end);
    const index = start;
    start = end;
    // Most tokens are a plain word or one mark.
    if (!joined) {
      tokens.push(found);
      starts.push(index);
      continue;
    }
    const raw = found.replace(/’/g, "'");
    for (const piece of raw.matchAll(/-?[^-]+/g)) {
      let rest = piece[0];
      let at = index + piece.index;
      // « l'agent », « qu'il » → the elided word, then the rest.
      for (let apostrophe = rest.indexOf("'"); apostrophe > 0 && apostrophe < rest.length - 1; apostrophe = rest.indexOf("'")) {
        const head = rest.slice(0, apostrophe);
        if (!ELIDED.has(head.replace(/^-/, ''))) break;
        tokens.push(`${head}'`);
        starts.push(at);
        at += apostrophe + 1;
        rest = rest.slice(apostrophe + 1);
      }
      tokens.push(rest);
      starts.push(at);
    }
  }
  return sentenceOf(lower, tokens, starts);
}

/** A word's character: a lower-case letter of Latin-1 or œ, a digit, `_`. */
function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95 || (code >= 0xe0 && code <= 0xff) || code === 0x153;
}

/**
 * What `\s` matches, but a line break (a token of its own): JavaScript's white space and line terminators, the space
 * separators of Unicode (Zs) among them. A comparison per character instead of a match.
 */
function isBlankCode(code: number): boolean {
  if (code === 32 || code === 9 || (code >= 11 && code <= 13)) return true;
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Whether the token the last call of tokenEnd read holds an apostrophe or a hyphen (then cut into its words), which most tokens do not. */
let joined = false;

/**
 * Where the token starting at `start` of the lower-case `text` ends (`start` itself on a blank): a word, its
 * apostrophes and hyphens between letters and one apostrophe after it; a line break; any other character alone.
 * Read character by character (a 1 MiB line of words costs no match object per token).
 */
function tokenEnd(text: string, start: number): number {
  joined = false;
  const code = text.charCodeAt(start);
  if (!isWordCode(code)) return isBlankCode(code) ? start : start + 1;
  let end = start + 1;
  for (;;) {
    while (end < text.length && isWordCode(text.charCodeAt(end))) end++;
    const joiner = text.charCodeAt(end);
    const isJoiner = joiner === 39 || joiner === 0x2019 || joiner === 45;
    if (isJoiner && end + 1 < text.length && isWordCode(text.charCodeAt(end + 1))) {
      end += 1;
      joined = true;
    } else if (joiner === 39 || joiner === 0x2019) {
      joined = true;
      return end + 1;
    } else return end;
  }
}

/**
 * A sentence's tokens, and what is worked out about it built at its first use: the secret guard's prose reading cuts
 * every line holding a credential's word and asks for neither (a 1 MiB note of them: a quarter of the time was these).
 */
class CutSentence implements Sentence {
  #present: Set<string> | undefined;
  #positions: Map<string, number[]> | undefined;
  #memo: Map<object, unknown> | undefined;
  candidates?: Uint8Array;

  constructor(
    readonly text: string,
    readonly tokens: string[],
    readonly starts: number[],
  ) {}

  get present(): Set<string> {
    this.#present ??= new Set(this.tokens);
    return this.#present;
  }

  get positions(): Map<string, number[]> {
    if (this.#positions) return this.#positions;
    const positions = new Map<string, number[]>();
    this.tokens.forEach((token, at) => {
      const list = positions.get(token);
      if (list) list.push(at);
      else positions.set(token, [at]);
    });
    this.#positions = positions;
    return positions;
  }

  get memo(): Map<object, unknown> {
    this.#memo ??= new Map();
    return this.#memo;
  }
}

/** A sentence read as these tokens (lower-case, at these offsets), nothing yet worked out about it. */
export function sentenceOf(text: string, tokens: string[], starts: number[]): Sentence {
  return new CutSentence(text, tokens, starts);
}

/** A word token (not punctuation, not a newline). */
export const isWord = (token: string | undefined): token is string => token !== undefined && isWordCode(token.charCodeAt(token.charCodeAt(0) === 45 ? 1 : 0)); // a code, not a regex: asked of every token of a long sentence
/** The part of a hyphenated word after its first part (`-moi`). */
const isJoined = (token: string | undefined) => token !== undefined && token.length > 1 && token.startsWith('-');

/**
 * A step reads tokens from `at` and calls `next` with each position where it
 * could end, most likely first; it answers whether some `next` succeeded.
 * It also says which tokens it can start with (`first`: a set, or `any`) and
 * whether it can match nothing (`empty`), so that a pattern is only tried
 * where its first token stands.
 */
export type Step = ((sentence: Sentence, at: number, next: (at: number) => boolean) => boolean) & { first: ReadonlySet<string> | 'any'; empty: boolean };

const NOTHING: ReadonlySet<string> = new Set();

export function step(
  run: (sentence: Sentence, at: number, next: (at: number) => boolean) => boolean,
  first: ReadonlySet<string> | 'any',
  empty: boolean,
): Step {
  return Object.assign(run, { first, empty });
}

function union(...sets: Array<ReadonlySet<string> | 'any'>): ReadonlySet<string> | 'any' {
  if (sets.includes('any')) return 'any';
  return new Set(sets.flatMap((set) => [...(set as ReadonlySet<string>)]));
}

/** A step that reads no token: a condition on the position. */
const condition = (test: (sentence: Sentence, at: number) => boolean): Step => step((sentence, at, next) => test(sentence, at) && next(at), NOTHING, true);

/** Phrases (token sequences) indexed by their first token, longest first: a pattern prefers the phrase that says most. */
export class PhraseSet {
  readonly byFirst = new Map<string, string[][]>();
  constructor(phrases: Iterable<string>) {
    const seen = new Set<string>();
    for (const phrase of phrases) {
      if (seen.has(phrase)) continue;
      seen.add(phrase);
      // Most phrases are one plain word: no need to cut them.
      const tokens = PLAIN_WORD.test(phrase) ? [phrase] : tokenize(phrase).tokens;
      // A phrase written « -moi » is the part of a hyphenated word.
      if (tokens[0] === '-' && tokens.length > 1) tokens.splice(0, 2, `-${tokens[1]}`);
      if (tokens.length === 0) continue;
      const list = this.byFirst.get(tokens[0]!);
      if (list) list.push(tokens);
      else this.byFirst.set(tokens[0]!, [tokens]);
    }
    for (const list of this.byFirst.values()) list.sort((a, b) => b.length - a.length);
  }
  has(word: string): boolean {
    return this.byFirst.get(word)?.some((phrase) => phrase.length === 1) ?? false;
  }
  /** A set as `byFirst` held it, cut and sorted already (lexicon.ts's tables, built when the program was). */
  static restored(byFirst: Iterable<[string, string[][]]>): PhraseSet {
    const set = new PhraseSet([]);
    for (const [first, phrases] of byFirst) set.byFirst.set(first, phrases);
    return set;
  }
}

const PLAIN_WORD = /^[a-zà-ÿœæ0-9_]+$/;

/** One phrase of the set, as whole words: not the part of a hyphenated word after its hyphen. */
export function phrase(set: PhraseSet): Step {
  return step(
    (sentence, at, next) => {
      const { tokens } = sentence;
      const candidates = set.byFirst.get(tokens[at]!);
      if (!candidates) return false;
      if (isJoined(tokens[at]) && !candidates.some((words) => isJoined(words[0]))) return false;
      for (const words of candidates) {
        let length = 1;
        while (length < words.length && tokens[at + length] === words[length]) length++;
        if (length === words.length && next(at + length)) return true;
      }
      return false;
    },
    new Set(set.byFirst.keys()),
    false,
  );
}

/** Literal phrases, `|`-separated: `lit('note to|message for')`. */
export const lit = (phrases: string): Step => phrase(new PhraseSet(phrases.split('|')));

/**
 * Below this many tokens, trying again costs less than remembering, and a pattern is tried at every token rather than
 * from the places of its first tokens.
 */
const LONG_SENTENCE = 64;

/** The continuation of a whole pattern: reaching it is a match. */
const MATCHED = () => true;

export function seq(...steps: Step[]): Step {
  const run = (index: number, sentence: Sentence, at: number, next: (at: number) => boolean): boolean =>
    index === steps.length ? next(at) : steps[index]!(sentence, at, (end) => tail(index + 1, sentence, end, next));
  // Whether the steps from `index` on match from `at` to the end of a pattern: the same answer every time it is asked,
  // so it is remembered per sentence (windows after windows cost their width once, not the product of the widths).
  // One byte per position for each step reached (0: not asked yet, 1: no, 2: yes): a long sentence asks at most
  // positions, and a map of them cost more than the steps they saved.
  const owner = {};
  const tail = (index: number, sentence: Sentence, at: number, next: (at: number) => boolean): boolean => {
    if (next !== MATCHED || index === steps.length || sentence.tokens.length < LONG_SENTENCE) return run(index, sentence, at, next);
    const byStep = remembered(sentence, owner, () => new Array<Uint8Array | undefined>(steps.length));
    let answers = byStep[index];
    if (answers === undefined) {
      answers = new Uint8Array(sentence.tokens.length + 1);
      byStep[index] = answers;
    }
    if (answers[at] === 0) answers[at] = run(index, sentence, at, next) ? 2 : 1;
    return answers[at] === 2;
  };
  const leading = steps.findIndex((one) => !one.empty);
  const firsts = (leading === -1 ? steps : steps.slice(0, leading + 1)).map((one) => one.first);
  return step((sentence, at, next) => run(0, sentence, at, next), union(...firsts), leading === -1);
}

export function alt(...steps: Step[]): Step {
  return step(
    (sentence, at, next) => steps.some((one) => one(sentence, at, next)),
    union(...steps.map((one) => one.first)),
    steps.some((one) => one.empty),
  );
}

export function opt(...steps: Step[]): Step {
  const inner = seq(...steps);
  return step((sentence, at, next) => inner(sentence, at, next) || next(at), inner.first, true);
}

/** Up to `count` words, fewest first. */
export function words(count: number): Step {
  return step(
    (sentence, at, next) => {
      for (let skipped = 0; skipped <= count; skipped++) {
        if (skipped > 0 && !isWord(sentence.tokens[at + skipped - 1])) return false;
        if (next(at + skipped)) return true;
      }
      return false;
    },
    'any',
    true,
  );
}

/** Up to `count` words with the punctuation between them, on one line, fewest first. */
export function span(count: number): Step {
  return step(
    (sentence, at, next) => {
      let seen = 0;
      for (let end = at; end <= sentence.tokens.length; end++) {
        if (next(end)) return true;
        const current = sentence.tokens[end];
        if (current === undefined || current === '\n') return false;
        if (isWord(current) && ++seen > count) return false;
      }
      return false;
    },
    'any',
    true,
  );
}

/** One token among these characters (or words), given as a string of single characters or a list. */
export function mark(tokens: string | string[]): Step {
  const set = new Set(typeof tokens === 'string' ? [...tokens] : tokens);
  return step((sentence, at, next) => set.has(sentence.tokens[at]!) && next(at + 1), set, false);
}

/** One token that passes the test. */
export function token(test: (token: string) => boolean): Step {
  return step((sentence, at, next) => at < sentence.tokens.length && test(sentence.tokens[at]!) && next(at + 1), 'any', false);
}

/** Nothing, where `inner` cannot start. */
export function not(inner: Step): Step {
  return condition((sentence, at) => !inner(sentence, at, () => true));
}

/** Nothing, where the token before is not one of these. */
export function notAfter(tokens: string | string[]): Step {
  const set = new Set(typeof tokens === 'string' ? [...tokens] : tokens);
  return condition((sentence, at) => !set.has(sentence.tokens[at - 1]!));
}

/** Nothing, where the next token is not the part of a hyphenated word (`agent` in `agent-based`). */
export const wholeWord: Step = condition((sentence, at) => !isJoined(sentence.tokens[at]));

/** Nothing, where only non-words stand before `at` on its line, or since one of `marks`. */
export function lineStart(marks = ''): Step {
  const after = new Set([...marks, '\n']);
  // For each token, whether only non-words stand between it and its line's start (or a mark): one pass per sentence.
  const owner = {};
  const startsOf = (sentence: Sentence) =>
    remembered(sentence, owner, () => {
      const flags = new Uint8Array(sentence.tokens.length + 1);
      let open = true;
      for (let index = 0; index < sentence.tokens.length; index++) {
        const token = sentence.tokens[index]!;
        flags[index] = open ? 1 : 0;
        if (after.has(token)) open = true;
        else if (isWord(token)) open = false;
      }
      flags[sentence.tokens.length] = open ? 1 : 0;
      return flags;
    });
  return condition((sentence, at) => startsOf(sentence)[at] === 1);
}

/** A step found anywhere in the sentence, tried only where one of its first tokens stands. */
export interface Pattern {
  test(sentence: Sentence): boolean;
}

/**
 * Which patterns can start with each token: a sentence looks its tokens up
 * once, and a pattern none of whose first tokens it holds costs nothing.
 */
const patternsByFirst = new Map<string, number[]>();
const patternsAnywhere: number[] = [];
let patternCount = 0;
function candidatesOf(sentence: Sentence): Uint8Array {
  if (sentence.candidates) return sentence.candidates;
  const found = new Uint8Array(patternCount);
  for (const id of patternsAnywhere) found[id] = 1;
  for (const token of sentence.present) {
    const ids = patternsByFirst.get(token);
    if (ids) for (const id of ids) found[id] = 1;
  }
  sentence.candidates = found;
  return found;
}

/**
 * `inner` found anywhere in the sentence. `required`: steps that must each be able to start somewhere in the
 * sentence (a later part of the pattern), checked first: a pattern that starts with a shape any token may
 * begin (a credential path) then only runs in sentences that hold the rest of its words.
 */
export function pattern(inner: Step, ...required: Step[]): Pattern {
  const succeed = MATCHED;
  const holds = required.map(({ first }) => (sentence: Sentence) => {
    if (first === 'any') return true;
    for (const token of sentence.present) if (first.has(token)) return true;
    return false;
  });
  const id = patternCount++;
  const first = inner.empty ? 'any' : inner.first;
  if (first === 'any') patternsAnywhere.push(id);
  else
    for (const token of first) {
      const ids = patternsByFirst.get(token);
      if (ids) ids.push(id);
      else patternsByFirst.set(token, [id]);
    }
  return {
    test(sentence) {
      if (candidatesOf(sentence)[id] !== 1 || !holds.every((holdsIn) => holdsIn(sentence))) return false;
      const { tokens } = sentence;
      if (first === 'any' || tokens.length <= LONG_SENTENCE) {
        for (let at = 0; at < tokens.length; at++) if ((first === 'any' || first.has(tokens[at]!)) && inner(sentence, at, succeed)) return true;
        return false;
      }
      // A long sentence (a tool's output of forty lines, one sentence for want of a full stop): tried only where one of
      // its first tokens stands, not at each of its hundreds of tokens. Whether it matches does not depend on the order.
      for (const [token, places] of sentence.positions) if (first.has(token)) for (const at of places) if (inner(sentence, at, succeed)) return true;
      return false;
    },
  };
}

export function anyPattern(...patterns: Pattern[]): Pattern {
  return { test: (sentence) => patterns.some((one) => one.test(sentence)) };
}
