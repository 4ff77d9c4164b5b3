/**
 * The vocabulary tables (vocabulary.ts) made into phrase sets: verbs get
 * their forms by rule, nouns their plural. Built once, at the first sentence
 * a program judges.
 */
import { BUILT_IMPERATIVES, BUILT_PHRASE_SETS, BUILT_WORDS } from './phrase-tables.js';
import { PhraseSet } from './token-patterns.js';
import { NOUN_CONCEPTS, PHRASES, VERBS } from './vocabulary.js';

export type Language = 'fr' | 'en';

export interface Verb {
  lemma: string;
  language: Language;
  concepts: string[];
  /** Imperatives (French tu/vous forms, the English base form). */
  imperative: string[];
  /** French infinitive, English base form. */
  infinitive: string[];
  /** French futures said to « tu » and « vous » (« enverras », « joindrez »): a request as surely as an imperative. */
  future: string[];
  /** Every other form: present, past, participles, gerund, future. */
  other: string[];
}

const rows = (table: string) =>
  table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split('|').map((cell) => cell.trim()));

/** French forms of a regular verb of its group, and the stem of its future; irregular ones are listed in the table. */
function frenchForms(verb: string): Pick<Verb, 'imperative' | 'other'> & { futureStem?: string } {
  if (verb.endsWith('er')) {
    const stem = verb.slice(0, -2);
    const spelled = /[oua]y$/.test(stem) ? `${stem.slice(0, -1)}i` : stem;
    const soft = stem.endsWith('g') ? `${stem}e` : stem.endsWith('c') ? `${stem.slice(0, -1)}ç` : stem;
    return {
      imperative: [`${spelled}e`, `${stem}ez`],
      other: [`${spelled}es`, `${spelled}ent`, `${stem}é`, `${stem}ée`, `${stem}és`, `${stem}ées`, `${soft}ant`, `${soft}ons`, ...future(`${spelled}er`)],
      futureStem: `${spelled}er`,
    };
  }
  if (verb.endsWith('ir')) {
    const stem = verb.slice(0, -2);
    return {
      imperative: [`${stem}is`, `${stem}issez`],
      other: [`${stem}it`, `${stem}i`, `${stem}ie`, `${stem}issent`, `${stem}issant`, ...future(verb)],
      futureStem: verb,
    };
  }
  if (verb.endsWith('re')) {
    const stem = verb.slice(0, -2);
    return { imperative: [`${stem}s`], other: [`${stem}t`, ...future(verb.slice(0, -1))], futureStem: verb.slice(0, -1) };
  }
  return { imperative: [], other: [] };
}

/** A French future from its stem (the infinitive, « joindr » for joindre, or an irregular one listed as « enverr- »). */
const future = (stem: string) => ['ai', 'as', 'a', 'ons', 'ez', 'ont'].map((ending) => stem + ending);
/** Its forms said to « tu » and « vous ». */
const futureToReader = (stem: string) => [`${stem}as`, `${stem}ez`];

/** English forms by the usual spelling rules; the table lists what they miss (ran, sent, committing). */
function englishForms(verb: string): string[] {
  const sibilant = /(?:s|sh|ch|x|z|o)$/.test(verb);
  const consonantY = /[^aeiou]y$/.test(verb);
  const silentE = /[^e]e$/.test(verb);
  // Short words ending consonant-vowel-consonant double it: stop → stopping.
  const doubled = /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb) ? verb + verb.at(-1) : verb;
  return [
    sibilant ? `${verb}es` : consonantY ? `${verb.slice(0, -1)}ies` : `${verb}s`,
    silentE ? `${verb.slice(0, -1)}ing` : `${doubled}ing`,
    silentE ? `${verb}d` : consonantY ? `${verb.slice(0, -1)}ied` : `${doubled}ed`,
  ];
}

/** A listed French form that can be an imperative (dis, dites, envoie), not a participle or a third person (dit, envoyé, répond). */
const FRENCH_IMPERATIVE_ENDING = /(?<!é|ée)(?:s|ez|e)$/;

function parseVerb([lemma = '', language = '', concepts = '', extra = '']: string[]): Verb {
  const [head = '', ...tail] = lemma.split(' ');
  const rest = tail.length > 0 ? ` ${tail.join(' ')}` : '';
  const cells = extra === '' ? [] : extra.split(',').map((form) => form.trim());
  const stemCell = cells.find((cell) => cell.split(' ')[0]!.endsWith('-'));
  const listed = cells.filter((cell) => cell !== stemCell);
  if (language === 'fr') {
    const { imperative, other, futureStem } = frenchForms(head);
    // An irregular future's stem, listed (« enverr- »), replaces the rule's.
    const stem = stemCell === undefined ? futureStem : stemCell.split(' ')[0]!.slice(0, -1);
    const irregularFutures = stemCell === undefined || stem === undefined ? [] : future(stem).map((form) => form + rest);
    return {
      lemma,
      language,
      concepts: concepts.split(/\s+/),
      imperative: [...imperative.map((form) => form + rest), ...listed.filter((form) => FRENCH_IMPERATIVE_ENDING.test(form.split(' ')[0]!))],
      infinitive: [lemma],
      future: stem === undefined ? [] : futureToReader(stem).map((form) => form + rest),
      other: [...other.map((form) => form + rest), ...listed, ...irregularFutures],
    };
  }
  return {
    lemma,
    language: 'en',
    concepts: concepts.split(/\s+/),
    imperative: [lemma],
    infinitive: [lemma],
    future: [],
    other: [...englishForms(head).map((form) => form + rest), ...listed],
  };
}

/** The plural of a noun phrase: English inflects its last word, French its words before any « de ». */
function plurals(noun: string, language: Language): string[] {
  const plural = (word: string) => (/[sxz]$/.test(word) ? word : word.endsWith('al') && language === 'fr' ? `${word.slice(0, -2)}aux` : `${word}s`);
  const wordsOf = noun.split(' ');
  if (language === 'en') return [[...wordsOf.slice(0, -1), plural(wordsOf.at(-1)!)].join(' ')];
  const linker = wordsOf.findIndex((word, index) => index > 0 && /^(?:de|d'|du|des|à|au|aux)$/.test(word));
  const inflected = linker === -1 ? wordsOf.length : linker;
  return [wordsOf.map((word, index) => (index < inflected && !/^(?:l'|le|la|les|un|une)$/.test(word) ? plural(word) : word)).join(' ')];
}

let verbList: readonly Verb[] | undefined;
/**
 * The verbs of VERBS in all their forms: read on first need, which a built program, restoring the sets made from them
 * (phrase-tables.ts), seldom has (parsing the table cost some 15 ms of each start).
 */
export function verbsTable(): readonly Verb[] {
  verbList ??= rows(VERBS).map(parseVerb);
  return verbList;
}

/**
 * Every form of the verbs of another guard's table (same format as VERBS, concepts aside) and the nouns of a
 * `noun | language` table with their plurals: the secret guard's vocabulary read by the same rules.
 */
export function tableForms(verbTable: string, nounTable: string): { verbs: string[]; nouns: string[] } {
  return {
    verbs: rows(verbTable)
      .map(parseVerb)
      .flatMap((verb) => [...verb.imperative, ...verb.infinitive, ...verb.other]),
    nouns: rows(nounTable).flatMap(([noun = '', language = '']) => [noun, ...plurals(noun, language as Language)]),
  };
}

let phraseRows: Map<string, Array<{ language: Language; phrase: string }>> | undefined;
/** The phrases of PHRASES by concept: read on first need, as the verbs are. */
function phrasesTable(): ReadonlyMap<string, ReadonlyArray<{ language: Language; phrase: string }>> {
  if (phraseRows) return phraseRows;
  phraseRows = new Map();
  for (const [concept = '', language = '', list = ''] of rows(PHRASES)) {
    const entries = phraseRows.get(concept) ?? [];
    for (const phrase of list.split(',').map((item) => item.trim())) if (phrase !== '') entries.push({ language: language as Language, phrase });
    phraseRows.set(concept, entries);
  }
  return phraseRows;
}

/** The phrases of one concept of PHRASES (with plurals for noun concepts). */
export function phrases(concept: string): PhraseSet {
  return remembered(`phrases ${concept}`, () => phraseSet(concept));
}

/**
 * Every word of the sets built so far (every table the features read, in every form): see `knownWords`. In a built
 * program, it starts with the words of the sets it restores (phrase-tables.ts), which are then not read again.
 */
const dictionary = new Set<string>(BUILT_WORDS);

/**
 * Sets asked for again (the same table in several patterns) are built once; in a built program, the sets made while
 * its modules load come cut and sorted already (phrase-tables.ts), the same as building them.
 */
const built = new Map<string, PhraseSet>();
function remembered(key: string, build: () => PhraseSet, inDictionary = true): PhraseSet {
  let set = built.get(key);
  if (!set) {
    const table = BUILT_PHRASE_SETS?.get(key);
    set = table ? PhraseSet.restored(table) : build();
    built.set(key, set);
    if (!table && inDictionary)
      for (const phrases of set.byFirst.values())
        for (const words of phrases) for (const word of words) if (/^[a-zà-ÿœæ]{2,}$/.test(word)) dictionary.add(word);
  }
  return set;
}

/**
 * A set of another guard's words (its tables read by `tableForms`, say), remembered and, in a built program, restored
 * as the lexicon's own sets are (reading the tables' verbs by rule cost a program's first check some 7 ms); its words
 * stay out of the dictionary of disguises, which holds the reading guard's.
 */
export function wordSet(name: string, words: () => Iterable<string>): PhraseSet {
  return remembered(`words ${name}`, () => new PhraseSet(words()), false);
}

function phraseSet(concept: string): PhraseSet {
  const entries = phrasesTable().get(concept);
  if (!entries) throw new Error(`unknown vocabulary concept: ${concept}`);
  const nouns = NOUN_CONCEPTS.includes(concept);
  return new PhraseSet(entries.flatMap(({ language, phrase }) => (nouns ? [phrase, ...plurals(phrase, language)] : [phrase])));
}

/** `base`: imperatives and infinitives, what a request is made of. */
export type VerbForms = 'imperative' | 'infinitive' | 'base' | 'any';

/** The forms of every verb with one of these concepts (all concepts when none is given), or of these lemmas. */
export function verbs(forms: VerbForms, concepts: string[] = [], language?: Language, lemmas?: string[]): PhraseSet {
  return remembered(`verbs ${forms} ${concepts.join(',')} ${language ?? ''} ${lemmas?.join(',') ?? ''}`, () => verbSet(forms, concepts, language, lemmas));
}

function verbSet(forms: VerbForms, concepts: string[], language?: Language, lemmas?: string[]): PhraseSet {
  const chosen = verbsTable().filter(
    (verb) =>
      (concepts.length === 0 || verb.concepts.some((concept) => concepts.includes(concept))) &&
      (!language || verb.language === language) &&
      (!lemmas || lemmas.includes(verb.lemma)),
  );
  return new PhraseSet(
    chosen.flatMap((verb) =>
      forms === 'imperative'
        ? verb.imperative
        : forms === 'infinitive'
          ? verb.infinitive
          : forms === 'base'
            ? [...verb.imperative, ...verb.infinitive]
            : [...verb.imperative, ...verb.infinitive, ...verb.other],
    ),
  );
}

/**
 * A French future said to « tu » or « vous » → the imperative of the same person (« enverras » → « envoie »,
 * « joindrez » → « joignez »): the request it says, for the patterns written for imperatives.
 */
export const IMPERATIVE_OF_FUTURE: ReadonlyMap<string, string> = new Map(BUILT_IMPERATIVES ?? imperativesOfFutures());

/** The pairs of IMPERATIVE_OF_FUTURE, from the verbs table: what build.mjs writes into phrase-tables.ts. */
export function imperativesOfFutures(): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const verb of verbsTable()) {
    const [singular, plural] = verb.future;
    const [tu, vous] = verb.imperative;
    if (singular && tu) pairs.push([singular, tu]);
    if (plural && vous) pairs.push([plural, vous]);
  }
  return pairs;
}

/** The French verbs whose infinitive opens a to-do item worth steering: every concept but `act` and `read`. */
export function todoInfinitives(): PhraseSet {
  return remembered(
    'todo infinitives',
    () =>
      new PhraseSet(
        verbsTable()
          .filter((verb) => verb.language === 'fr' && verb.concepts.some((concept) => concept !== 'act' && concept !== 'read'))
          .map((verb) => verb.lemma),
      ),
  );
}

/** Every set built so far, as `byFirst` holds it: what build.mjs writes into phrase-tables.ts once the guards are loaded. */
export function builtPhraseSets(): Array<[string, Array<[string, string[][]]>]> {
  return [...built].map(([key, set]) => [key, [...set.byFirst]]);
}

/** Every word of the tables, in every form made by rule: the dictionary that disguised-words.ts reads disguises with. */
export function knownWords(): ReadonlySet<string> {
  return dictionary;
}
