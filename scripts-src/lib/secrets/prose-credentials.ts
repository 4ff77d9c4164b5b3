/**
 * A password given in a sentence, read on the reading guard's word cut
 * (untrusted/token-patterns.ts) with the words of credential-vocabulary.ts:
 *
 * - a credential, its owner, a binder, the value: « le mot de passe du compte
 *   `app_recette` est … », « le mdp du keystore c'est … », "the admin password
 *   on the Jenkins box is still …";
 * - a change verb, the credential, its preposition, the value: « j'ai remis
 *   son mot de passe à … », "I reset the root password to …";
 * - a use verb, the value, what it is for: « tu peux utiliser … pour le compte
 *   sonar-admin », "use … for the root account";
 * - a login, its user, the value: "log in to Kibana with elastic and …",
 *   « on entre avec minioadmin et le code habituel, … »;
 * - a connection API's argument: `DriverManager.getConnection(url, "app", "…")`.
 *
 * Words are set lookups on tokens; regexes only read the value's shape at the
 * place the words point to. Every scan is bounded per token: linear in the line.
 */
import { tableForms, wordSet } from '../untrusted/lexicon.js';
import { PhraseSet, tokenize } from '../untrusted/token-patterns.js';
import {
  ACCOUNT_NOUNS,
  BINDERS,
  BINDING_ADVERBS,
  CHANGE_PREPOSITIONS,
  CHANGE_VERBS,
  CONNECTION_CALLS,
  CREDENTIAL_NOUNS,
  KEPT_ELSEWHERE,
  LOGIN_VERBS,
  LOGIN_WITH,
  NOT_A_VALUE,
  PAIR_JOINERS,
  PAIR_NOUNS,
  USE_FOR,
  USE_VERBS,
} from './credential-vocabulary.js';

/** A value bound to a password in a sentence, at `at` in the line; `setting` as credential-values.ts judges it. */
export interface ProseBinding {
  value: string;
  at: number;
  setting: 'bound' | 'code';
}

const firstCells = (table: string) =>
  table
    .split('\n')
    .map((line) => line.split('|')[0]!.trim())
    .filter((word) => word !== '' && !word.startsWith('#'));

interface Vocabulary {
  nouns: PhraseSet;
  pairNouns: PhraseSet;
  binders: PhraseSet;
  adverbs: PhraseSet;
  change: PhraseSet;
  changeTo: PhraseSet;
  use: PhraseSet;
  useFor: PhraseSet;
  accounts: PhraseSet;
  login: PhraseSet;
  loginWith: PhraseSet;
  joiners: PhraseSet;
  notAValue: ReadonlySet<string>;
  keptElsewhere: ReadonlySet<string>;
  /** Every word a phrase of the credentials, the change, use and login verbs starts with. */
  firstWords: ReadonlySet<string>;
  /**
   * A word every pattern needs, as one search: a credential, an account (what a used value is for) or a login. A line
   * holding none is not even cut into words (a change or a use verb alone, "set", "use", is in most lines of prose).
   */
  starts: RegExp;
}

let vocabulary: Vocabulary | undefined;

/**
 * The tables as phrase sets, built at the first line that could hold a word of them; in a built program, the sets of
 * words made by rule are restored (build.mjs builds them once, with the lexicon's).
 */
export function vocabularyOf(): Vocabulary {
  if (vocabulary) return vocabulary;
  const nouns = wordSet('credential nouns', () => tableForms('', CREDENTIAL_NOUNS).nouns);
  const change = wordSet('change verbs', () => tableForms(CHANGE_VERBS, '').verbs);
  const use = wordSet('use verbs', () => tableForms(USE_VERBS, '').verbs);
  const login = wordSet('login verbs', () => tableForms(LOGIN_VERBS, '').verbs);
  const accounts = wordSet('account nouns', () => tableForms('', ACCOUNT_NOUNS).nouns);
  const built: Vocabulary = {
    nouns,
    pairNouns: wordSet('pair nouns', () => [...tableForms('', CREDENTIAL_NOUNS).nouns, ...tableForms('', PAIR_NOUNS).nouns]),
    binders: new PhraseSet(firstCells(BINDERS)),
    adverbs: new PhraseSet(firstCells(BINDING_ADVERBS)),
    change,
    changeTo: new PhraseSet(firstCells(CHANGE_PREPOSITIONS)),
    use,
    useFor: new PhraseSet(firstCells(USE_FOR)),
    accounts,
    login,
    loginWith: new PhraseSet(firstCells(LOGIN_WITH)),
    joiners: new PhraseSet(firstCells(PAIR_JOINERS)),
    notAValue: new Set([...firstCells(NOT_A_VALUE), ...firstCells(KEPT_ELSEWHERE)]),
    keptElsewhere: new Set(firstCells(KEPT_ELSEWHERE)),
    firstWords: new Set([...nouns.byFirst.keys(), ...change.byFirst.keys(), ...use.byFirst.keys(), ...login.byFirst.keys()]),
    starts: new RegExp(
      `(?<![\\p{L}\\d_])(?:${[...new Set([...nouns.byFirst.keys(), ...accounts.byFirst.keys(), ...login.byFirst.keys()])]
        .sort((a, b) => b.length - a.length)
        .map((word) => word.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
        .join('|')})(?![\\p{L}\\d_])`,
      'u',
    ),
  };
  vocabulary = built;
  return built;
}

/** How many tokens a phrase of `set` takes at `at` (the longest), 0 when none starts there. */
function lengthAt(set: PhraseSet, tokens: string[], at: number): number {
  const candidates = set.byFirst.get(tokens[at]!);
  if (!candidates) return 0;
  for (const phrase of candidates) {
    let length = 1;
    while (length < phrase.length && tokens[at + length] === phrase[length]) length++;
    if (length === phrase.length) return length;
  }
  return 0;
}

/** How far (in tokens) a credential's owner, a login's place or a verb's object may run: « du compte `app_recette` sur la recette ». */
const OWNER_SPAN = 10;
/** A value as people write one: quoted, in backticks, guillemets or parentheses, or up to the next blank or delimiter. */
const VALUE_AT =
  /^[ \t]*(?<v>`[^`\n]{1,200}`|"[^"\n]{1,200}"|'[^'\n]{1,200}'|«[^»\n]{1,200}»|“[^”\n]{1,200}”|‘[^’\n]{1,200}’|\((?<p>[^\s()]{1,200})\)|[^\s`"'«»“”‘’,;()[\]<>]{1,401})/u;

/** The value written at `offset` of `text`, without the punctuation that ends its sentence. */
function valueAt(text: string, offset: number): { value: string; at: number; end: number } | undefined {
  const match = VALUE_AT.exec(text.slice(offset, offset + 410));
  if (!match) return undefined;
  const raw = match.groups!.v!;
  // Longer than any password (a ciphertext, a blob): read whole, never cut into pieces that look like a pair.
  if (raw.length > 400) return undefined;
  const at = offset + match[0].length - raw.length;
  // In parentheses, the value is what they hold: « (Jr5%q-2Tg) ».
  if (match.groups!.p !== undefined) return { value: match.groups!.p, at: at + 1, end: at + raw.length };
  const value = /^[`"'«“‘]/.test(raw) ? raw : raw.replace(/[.,;:!?*_~]+$/, '').replace(/^[*_~]+/, '');
  return value === '' ? undefined : { value, at, end: at + raw.length };
}

/** Where a clause ends: a sentence's mark (a dot before a blank, not inside `app.recette`), a line break, a link's brackets. */
function endsClause(text: string, tokens: string[], starts: number[], at: number): boolean {
  const token = tokens[at]!;
  if (token === '.' || token === '…') return starts[at]! + 1 >= text.length || /\s/.test(text[starts[at]! + 1]!);
  return token === ';' || token === '!' || token === '?' || token === '\n' || token === '[' || token === ']';
}

/** A sign binds only as punctuation, followed by a blank: `https:`, `dir = …` in code are no sentence's. */
function isSign(text: string, tokens: string[], starts: number[], at: number): boolean {
  const token = tokens[at]!;
  return (token === ':' || token === '=' || token === '→') && /^[ \t]/.test(text.slice(starts[at]! + 1, starts[at]! + 2));
}

/** A value opening with a backtick or a quote that closes an earlier one (« `password:` dans `values.yaml` ») is no value. */
function closesEarlierQuote(text: string, at: number): boolean {
  const quote = text[at];
  if (quote !== '`' && quote !== '"') return false;
  // Counted over the clause before it (bounded: a line of a million quotes costs as much per value as a short one).
  let count = 0;
  for (let index = at - 1; index >= Math.max(0, at - 400); index--) if (text[index] === quote) count++;
  return count % 2 === 1;
}

/** Not a value: a word that speaks of the password (« dans », "the", « obligatoire »), a link, HTML. */
function speaksOfIt(value: string, notAValue: ReadonlySet<string>): boolean {
  const inner = value.replace(/^[`"'«“‘][ \t]*|[ \t]*[`"'»”’]$/g, '');
  const first = inner.toLowerCase().split(/[\s']/)[0]!;
  // Quoted, a value is what it says unless it is a sentence that starts like one.
  if (/^[`"'«“‘]/.test(value)) return /\s/.test(inner) && notAValue.has(first);
  if (/^[[#]|^\p{L}+['’]$/u.test(inner)) return true; // a Markdown link, a heading, an elided article
  return notAValue.has(first) || notAValue.has(inner.toLowerCase().replace(/['’].*$/, "'"));
}

/** The first token starting at or after `offset`. */
function tokenAfter(starts: number[], offset: number, from: number): number {
  let index = from;
  while (index < starts.length && starts[index]! < offset) index++;
  return index;
}

/** Every password `line` gives in a sentence; `lower`: the line in lower case, when the caller has it. */
export function proseCredentials(line: string, lower = line.toLowerCase()): ProseBinding[] {
  const found: ProseBinding[] = connectionArguments(line);
  // Most lines hold no word of the tables: one search, before the line is cut into words.
  const known = vocabularyOf();
  if (!known.starts.test(lower)) return found;
  const sentence = tokenize(line);
  const { tokens } = sentence;
  const take = (offset: number) => {
    let value = valueAt(line, offset);
    if (!value || speaksOfIt(value.value, known.notAValue) || closesEarlierQuote(line, value.at)) return undefined;
    // « (login / mot de passe) : postgres / Banan3_ »: a pair, the user then the password; both are kept from excerpts.
    const pair = /^[ \t]*\/[ \t]*/.exec(line.slice(value.end, value.end + 8));
    if (pair) {
      found.push({ value: value.value, at: value.at, setting: 'bound' });
      value = valueAt(line, value.end + pair[0].length) ?? value;
    }
    found.push({ value: value.value, at: value.at, setting: 'bound' });
    return value;
  };
  /** Where the last change verb started: « j'ai remis son mot de passe à … » binds with the preposition. */
  let changedAt = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < tokens.length; index++) {
    if (!known.firstWords.has(tokens[index]!)) continue; // most words start no phrase of the tables: one look-up
    const noun = lengthAt(known.nouns, tokens, index);
    if (noun > 0) {
      credentialThenValue(line, sentence, index, noun, index - changedAt <= 6, known, take);
      continue;
    }
    if (lengthAt(known.change, tokens, index) > 0) changedAt = index;
    const use = lengthAt(known.use, tokens, index);
    if (use > 0) {
      valueThenAccount(line, sentence, index + use, known, found);
      continue;
    }
    const login = lengthAt(known.login, tokens, index);
    if (login > 0) loginPair(line, sentence, index + login, known, take);
  }
  return found;
}

type Take = (offset: number) => { value: string; at: number; end: number } | undefined;
type Tokens = { tokens: string[]; starts: number[] };

/**
 * « le mot de passe du compte X est … », « j'ai remis son mot de passe à … »: the credential at `index`, `length` tokens
 * long; `changedBefore`: a change verb came within the six tokens before it.
 */
function credentialThenValue(
  line: string,
  { tokens, starts }: Tokens,
  index: number,
  length: number,
  changedBefore: boolean,
  words: Vocabulary,
  take: Take,
): void {
  let changed = changedBefore;
  // « clé wifi Hx7… », "password `…`": a value right after its credential, when it cannot be a word (« oublié », "reset").
  const next = index + length;
  // (Only before a word that does not end at a blank, or an opening quote: `| mdp | mdp |…`, « mot de passe de la … » cost
  // no value read.)
  if (
    next < tokens.length &&
    /^(?:[\p{L}\d_]|[`"'«“‘(])/u.test(tokens[next]!) &&
    !(/^\p{L}+$/u.test(tokens[next]!) && /^\s|^$/.test(line.slice(starts[next]! + tokens[next]!.length, starts[next]! + tokens[next]!.length + 1))) &&
    lengthAt(words.binders, tokens, next) === 0 &&
    /^[ \t]/.test(line.slice(starts[next - 1]! + tokens[next - 1]!.length))
  ) {
    const direct = valueAt(line, starts[next]!);
    if (direct && !/^[\p{L}'’-]+$/u.test(direct.value)) take(starts[next]!);
  }
  for (let at = index + length; at < Math.min(tokens.length, index + length + OWNER_SPAN); at++) {
    // Another credential word starts its own reading: each token is read for one word at most (linear in the line).
    if (endsClause(line, tokens, starts, at) || lengthAt(words.nouns, tokens, at) > 0) return;
    if (!changed && lengthAt(words.change, tokens, at) > 0) changed = true; // « mot de passe remis à … »
    const sign = isSign(line, tokens, starts, at);
    const binder = sign ? 1 : tokens[at] === ':' || tokens[at] === '=' || tokens[at] === '→' ? 0 : lengthAt(words.binders, tokens, at);
    const to = binder === 0 && changed ? lengthAt(words.changeTo, tokens, at) : 0;
    if (binder === 0 && to === 0) continue;
    let value = at + binder + to;
    while (value < tokens.length && lengthAt(words.adverbs, tokens, value) > 0) value++;
    if (value >= tokens.length) return; // the value is on the next line (credential-bindings.ts's open role)
    // « password: password: … », « mdp : mot de passe du compte … »: another credential's label, which its own reading takes.
    if (lengthAt(words.nouns, tokens, value) > 0) return;
    // After a sign, what follows belongs to this word; « est dans Vault » says where it is kept, and no value follows.
    if (take(starts[value]!) || sign || words.keptElsewhere.has(tokens[value]!)) return;
  }
}

/** « tu peux utiliser … pour le compte sonar-admin », "use … for the root account": the value after the verb, then what it is for. */
function valueThenAccount(line: string, { tokens, starts }: Tokens, after: number, words: Vocabulary, found: ProseBinding[]): void {
  if (after >= tokens.length) return;
  const value = valueAt(line, starts[after]!);
  // A word (« utilise `npm` pour la connexion ») is a tool, not a password: a value given for an account holds a digit or a sign.
  if (!value || speaksOfIt(value.value, words.notAValue) || /^[`"'«“‘(]?[\p{L} ]+[`"'»”’)]?$/u.test(value.value)) return;
  const next = tokenAfter(starts, value.end, after);
  const purpose = lengthAt(words.useFor, tokens, next);
  if (purpose === 0) return;
  for (let at = next + purpose; at < Math.min(tokens.length, next + purpose + 4); at++) {
    if (lengthAt(words.accounts, tokens, at) > 0 || lengthAt(words.nouns, tokens, at) > 0 || lengthAt(words.login, tokens, at) > 0) {
      found.push({ value: value.value, at: value.at, setting: 'bound' });
      return;
    }
  }
}

/** "log in to Kibana with elastic and …", « on entre avec minioadmin et le code habituel, … »: the user, then the password. */
function loginPair(line: string, { tokens, starts }: Tokens, after: number, words: Vocabulary, take: Take): void {
  for (let at = after; at < Math.min(tokens.length, after + OWNER_SPAN); at++) {
    if (endsClause(line, tokens, starts, at)) return;
    const withLength = lengthAt(words.loginWith, tokens, at);
    if (withLength === 0) continue;
    if (at + withLength >= tokens.length) return;
    const user = valueAt(line, starts[at + withLength]!);
    if (!user || speaksOfIt(user.value, words.notAValue)) return;
    const joinerAt = tokenAfter(starts, user.end, at + withLength);
    const joiner = lengthAt(words.joiners, tokens, joinerAt);
    if (joiner === 0 || joinerAt + joiner >= tokens.length) return;
    const second = joinerAt + joiner;
    // « et le code habituel, … »: a credential named, then its value after a sign or a binder.
    for (let noun = second; noun < Math.min(tokens.length, second + 4); noun++) {
      const length = lengthAt(words.pairNouns, tokens, noun);
      if (length === 0) continue;
      for (let sign = noun + length; sign < Math.min(tokens.length - 1, noun + length + 3); sign++) {
        if (endsClause(line, tokens, starts, sign)) return;
        if (tokens[sign] === ',' || tokens[sign] === ':' || lengthAt(words.binders, tokens, sign) > 0) {
          take(starts[sign + Math.max(1, lengthAt(words.binders, tokens, sign))]!);
          return;
        }
      }
      return;
    }
    take(starts[second]!);
    return;
  }
}

/** The connection calls of the table: a name, its password's position (from 1). */
let calls: { pattern: RegExp; positions: Map<string, number> } | undefined;

function callsOf(): { pattern: RegExp; positions: Map<string, number> } {
  if (calls) return calls;
  const positions = new Map<string, number>();
  for (const line of CONNECTION_CALLS.split('\n')) {
    const [name = '', position = ''] = line.split('|').map((cell) => cell.trim());
    if (name !== '' && !name.startsWith('#')) positions.set(name, Number(position));
  }
  const names = [...positions.keys()].map((name) => name.replace(/[.$]/g, (sign) => `\\${sign}`)).join('|');
  calls = { pattern: new RegExp(String.raw`(?<![\w$])(?:new[ \t]+)?(?:[\w$]+\.)*(?<name>${names})[ \t]*(?:=[ \t]*)?\(`, 'g'), positions };
  return calls;
}

/** A string literal or another argument, up to the next comma or the call's end (no nesting: bounded, linear). */
const ARGUMENT = /^[ \t]*(?:"(?:[^"\\\n]|\\.){0,300}"|'(?:[^'\\\n]|\\.){0,300}'|[^,()"'\n]{0,300})[ \t]*/;

/** `getConnection(url, "app", "…")`, `HTTPBasicAuth("u", "…")`, `auth=("u", "…")`, `server.login(user, "…")`: the password argument when written as a string. */
function connectionArguments(line: string): ProseBinding[] {
  if (!line.includes('(')) return [];
  const { pattern, positions } = callsOf();
  const found: ProseBinding[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(line); match; match = pattern.exec(line)) {
    const name = match.groups!.name!;
    const equals = match[0].includes('=');
    // `login(` is a method (`server.login(…)`), `auth=(` a keyword argument: a bare `login(…)` or `auth(…)` is any function.
    if ((name === 'login' && line[match.index + match[0].indexOf(name) - 1] !== '.') || (name === 'auth') !== equals) continue;
    let offset = match.index + match[0].length;
    for (let argument = 1; argument <= positions.get(name)!; argument++) {
      const read = ARGUMENT.exec(line.slice(offset, offset + 320));
      if (!read) break;
      if (argument === positions.get(name)) {
        const text = read[0].trim();
        if (/^["']/.test(text)) found.push({ value: text, at: offset + read[0].indexOf(text), setting: 'code' });
        break;
      }
      offset += read[0].length;
      if (line[offset] !== ',') break;
      offset++;
    }
  }
  return found;
}
