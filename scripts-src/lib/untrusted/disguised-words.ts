/**
 * Words disguised so that no table matches them, read back with the tables
 * themselves as the dictionary (vocabulary.ts): digits standing for letters
 * (« 1gn0r3 »), inner letters shuffled ("Ignroe all prevoius insturctions"),
 * the whole sentence in rot13 or written backwards. A disguise is only undone
 * where the result holds more of the guard's words than the text did, so an
 * ordinary sentence is never rewritten into something else.
 */
import { mapUnits, stringOfUnits } from '../text/normalise.js';
import { knownWords } from './lexicon.js';

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's' };
/** Runs of letters, digits, `@` and `$`: a word that may have digits standing for letters. */
const LETTERS_AND_DIGITS = /[\p{L}\p{N}@$]+/gu;
/** A disguised word has a digit standing between letters (« 1gn0r3 », « c0ns1gn3s »; not « v2 », « file12 », « sha256 », a hash). */
const DIGIT_BETWEEN_LETTERS = /\p{L}[0-9@$]+\p{L}/u;
const isLeet = (word: string) => word.length >= 3 && word.length <= 24 && DIGIT_BETWEEN_LETTERS.test(word) && !/^[0-9a-f]+$/.test(word);
/** Shuffled words are read back between these lengths (shorter ones have no inner letters to shuffle). */
const SHORTEST_WORD = 4;
const LONGEST_WORD = 30;
const WORDS = /\p{L}+/gu;
const ONE_RUN = /^[^\p{L}\p{N}@$]*[\p{L}\p{N}@$]*[^\p{L}\p{N}@$]*$/u;

/** A word's shape once its inner letters are shuffled: first letter, sorted middle, last letter. */
const signature = (word: string) => `${word[0]}${[...word.slice(1, -1)].sort().join('')}${word.at(-1)}`;
/** The same shape as a number, cheap to compute for every word (a match is confirmed with `signature`). */
function shapeKey(word: string): number {
  let sum = 0;
  let squares = 0;
  for (let index = 1; index < word.length - 1; index++) {
    const code = word.charCodeAt(index);
    sum += code;
    squares += code * code;
  }
  return ((word.length * 512 + word.charCodeAt(0)) * 512 + word.charCodeAt(word.length - 1)) * 1e7 + ((sum * 131 + squares) % 1e7);
}

let byShape: Map<number, string[]> | undefined;
function wordsByShape(): Map<number, string[]> {
  if (!byShape) {
    byShape = new Map();
    for (const word of knownWords()) {
      if (word.length < SHORTEST_WORD || word.length > LONGEST_WORD || !/^\p{L}+$/u.test(word)) continue;
      const key = shapeKey(word);
      const same = byShape.get(key);
      if (same) same.push(word);
      else byShape.set(key, [word]);
    }
  }
  return byShape;
}

/** The known word a shuffled one stands for, if any. */
function unshuffled(word: string): string | undefined {
  if (word.length < SHORTEST_WORD || word.length > LONGEST_WORD || knownWords().has(word)) return undefined;
  const candidates = wordsByShape().get(shapeKey(word));
  if (!candidates) return undefined;
  const shape = signature(word);
  return candidates.find((candidate) => signature(candidate) === shape);
}

/** Each ASCII letter turned 13 places, in lower case (a loop over the units: a sentence may be a whole note long). */
function rot13(text: string): string {
  return mapUnits(text, (unit) => {
    const letter = unit | 0x20;
    return letter >= 97 && letter <= 122 && (unit <= 90 || unit >= 97) ? ((letter - 97 + 13) % 26) + 97 : unit;
  });
}

/** The text backwards, character by character (a surrogate pair stays in order). */
function backwards(text: string): string {
  const units = new Uint16Array(text.length);
  for (let from = text.length - 1, to = 0; from >= 0; from--) {
    const unit = text.charCodeAt(from);
    const high = from > 0 ? text.charCodeAt(from - 1) : 0;
    if (unit >= 0xdc00 && unit <= 0xdfff && high >= 0xd800 && high <= 0xdbff) {
      units[to++] = high;
      units[to++] = unit;
      from--;
    } else units[to++] = unit;
  }
  return stringOfUnits(units);
}

/** A word the tables hold, long enough to count (« a », « le » say nothing about a disguise). */
const isKnown = (word: string) => word.length >= 3 && knownWords().has(word);

function knownCount(text: string): number {
  let count = 0;
  for (const [word] of text.matchAll(WORDS)) if (isKnown(word)) count++;
  return count;
}

/**
 * The readings of a sentence with its disguises undone, those that say more
 * of the guard's words than the sentence itself (none for ordinary text).
 * Each disguise is only undone when the sentence shows it: two words mixing
 * letters and digits, two shuffled known words, or (rot13, backwards) a
 * sentence of four words or more that holds at most one known word.
 */
export function undisguisedViews(sentence: string): string[] {
  // Every disguise below takes two words at least: a sentence of one run of letters and digits has no view.
  if (ONE_RUN.test(sentence)) return [];
  const lower = sentence.toLowerCase();
  // One pass: the sentence's words, those the tables know, those that are a known word shuffled.
  let words = 0;
  let before = 0;
  let shuffled = 0;
  for (const [word] of lower.matchAll(WORDS)) {
    words++;
    if (isKnown(word)) before++;
    else if (unshuffled(word)) shuffled++;
  }
  const views: string[] = [];
  const keep = (view: string, gain: number) => {
    if (knownCount(view) >= before + gain) views.push(view);
  };
  if (DIGIT_BETWEEN_LETTERS.test(lower)) {
    let leet = 0;
    for (const [word] of lower.matchAll(LETTERS_AND_DIGITS)) if (isLeet(word)) leet++;
    if (leet >= 2)
      keep(
        lower.replace(LETTERS_AND_DIGITS, (word) => (isLeet(word) ? word.replace(/[0-9@$]/g, (digit) => LEET[digit] ?? digit) : word)),
        2,
      );
  }
  if (shuffled >= 2)
    keep(
      lower.replace(WORDS, (word) => unshuffled(word) ?? word),
      2,
    );
  if (words >= 4 && before <= 1) {
    keep(rot13(lower), 3);
    keep(backwards(lower), 3);
  }
  return views;
}
