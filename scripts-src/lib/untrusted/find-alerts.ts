/**
 * Reads a fetched note as untrusted data and reports what could steer the
 * reading agent: instruction-like lines, hidden characters, and instructions
 * hidden in HTML comments, link titles, tag characters, base64 or hex. It only
 * reports; the note's bytes are never changed.
 */
import { normalizeHeading } from '../checks/rubriques.js';
import { codePointName, decodeTagCharacters, findHiddenCharacters, HIDDEN_ANYWHERE, removeHiddenCharacters, showHiddenCharacters } from './hidden-characters.js';
import { CLAUSE_BEFORE, INJECTION_RULES, type InjectionRule } from './injection-rules.js';

export interface Alert {
  /** 1-based line in the note. */
  line: number;
  rule: string;
  /** The line (or the decoded hidden text), hidden characters escaped, shortened. */
  excerpt: string;
}

const EXCERPT_MAX = 100;
/** What an HTML comment or a link title has no business saying to a reader. */
const AGENT_WORDS =
  /\b(?:agent|assistant|ia|ai|llm|model|modèle|claude|gpt|opencode|instructions?|consignes?|exécute|exécutez|execute|run|supprime|delete|ignore|ignorez|oublie|forget|prompt|curl|wget|rm)\b/i;
const OUR_MARKER = /^\s*contexte:autorise\s*$/;

/** One line, hidden characters and line breaks shown as escapes, shortened. */
export function excerptOf(text: string): string {
  const shown = showHiddenCharacters(text.replace(/\r/g, '\\r').replace(/\n/g, '\\n')).trim();
  return shown.length > EXCERPT_MAX ? `${shown.slice(0, EXCERPT_MAX)}…` : shown;
}

/** The instruction rules that a piece of text triggers. */
function matchingRules(text: string, inCommands: boolean): string[] {
  const clean = normalize(text);
  const ids = INJECTION_RULES.filter((rule) => !(inCommands && rule.family === 'commande') && ruleMatches(rule, clean).next().done === false).map((rule) => rule.id);
  return [...new Set(ids)];
}

/** Where a rule matches: every match, or, for an imperative rule, those at the start of a clause. */
function* ruleMatches(rule: InjectionRule, text: string): Generator<RegExpMatchArray> {
  const global = new RegExp(rule.pattern.source, `${rule.pattern.flags.replace(/[gm]/g, '')}gm`);
  for (const match of text.matchAll(global)) {
    if (rule.clauseOnly) {
      const lineStart = text.lastIndexOf('\n', match.index! - 1) + 1;
      if (!CLAUSE_BEFORE.test(text.slice(Math.max(lineStart, match.index! - 40), match.index!))) continue;
    }
    yield match;
  }
}

/** What the rules read: hidden characters out, compatibility forms folded (ｉｇｎｏｒｅ → ignore). Keeps every newline. */
function normalize(text: string): string {
  const visible = removeHiddenCharacters(text);
  return /[^\x00-\x7F]/.test(visible) ? visible.normalize('NFKC') : visible;
}

/**
 * Every rule runs once over the whole text (a session export is megabytes of
 * lines), and each match is mapped back to its line.
 */
export function findAlerts(text: string, options: { decodeRuns?: boolean } = {}): Alert[] {
  const alerts: Alert[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  const add = (line: number, rule: string, excerpt: string) => {
    if (seen.has(`${line} ${rule}`)) return;
    seen.add(`${line} ${rule}`);
    alerts.push({ line, rule, excerpt });
  };
  const lineOf = lineLocator(text);
  const inCommands = commandsRubrique(lines);

  for (const match of text.matchAll(HIDDEN_ANYWHERE)) {
    const line = lineOf(match.index!);
    const content = lines[line - 1]!;
    const hidden = findHiddenCharacters(content, line === 1);
    if (hidden.length === 0) continue;
    const where = hidden.slice(0, 5).map(({ index: at, codePoint }) => `${codePointName(codePoint)} colonne ${at + 1}`);
    add(line, 'caractere-invisible', `${where.join(', ')}${hidden.length > 5 ? `, … (${hidden.length} en tout)` : ''} : ${excerptOf(content)}`);
    const tagged = decodeTagCharacters(content);
    if (tagged.trim()) add(line, 'texte-cache', `caractères « tag » : ${excerptOf(tagged)}`);
  }

  const clean = normalize(text);
  const cleanLineOf = lineLocator(clean);
  for (const rule of INJECTION_RULES) {
    for (const match of ruleMatches(rule, clean)) {
      // The match may start on the line before (after its final punctuation): its end is on the instruction's line.
      const line = cleanLineOf(match.index! + Math.max(0, match[0].length - 1));
      if (rule.family === 'commande' && inCommands[line - 1]) continue;
      add(line, rule.id, excerptOf(lines[line - 1] ?? ''));
    }
  }

  for (const match of text.matchAll(LINK_TITLE)) {
    const title = match[1] ?? match[2] ?? match[3] ?? '';
    if (AGENT_WORDS.test(title) || matchingRules(title, false).length > 0) add(lineOf(match.index!), 'titre-de-lien', excerptOf(title));
  }
  for (const { index, decoded } of options.decodeRuns === false ? [] : decodedRuns(text)) {
    if (matchingRules(decoded, false).length > 0) add(lineOf(index), 'encodage-cache', `décodé : ${excerptOf(decoded)}`);
  }
  for (const { line, content } of htmlComments(text)) {
    if (OUR_MARKER.test(content)) continue;
    if (AGENT_WORDS.test(content) || matchingRules(content, false).length > 0) add(line, 'commentaire-cache', excerptOf(content));
  }
  return alerts.sort((a, b) => a.line - b.line);
}

/** Offset → 1-based line, by binary search over the newline offsets. */
function lineLocator(text: string): (offset: number) => number {
  const starts = [0];
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/**
 * Which lines belong to the « Commandes utiles » rubrique: from its heading to
 * the next heading of its level or higher; `#` lines inside code blocks are not headings.
 */
function commandsRubrique(lines: string[]): boolean[] {
  const inside: boolean[] = new Array(lines.length).fill(false);
  let commandsLevel: number | undefined;
  let fence: string | undefined;
  lines.forEach((line, index) => {
    const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark && (fence === undefined || (fenceMark[0] === fence[0] && fenceMark.length >= fence.length))) fence = fence === undefined ? fenceMark : undefined;
    const heading = fence === undefined && !fenceMark ? /^(#{1,6})\s/.exec(line)?.[1] : undefined;
    if (heading) {
      if (normalizeHeading(line).startsWith('commandes utiles')) commandsLevel = heading.length;
      else if (commandsLevel !== undefined && heading.length <= commandsLevel) commandsLevel = undefined;
    }
    inside[index] = commandsLevel !== undefined;
  });
  return inside;
}

function htmlComments(text: string): Array<{ line: number; content: string }> {
  return [...text.matchAll(/<!--([\s\S]*?)-->/g)].map((match) => ({
    line: text.slice(0, match.index).split('\n').length,
    content: match[1]!.replace(/\s+/g, ' '),
  }));
}

/** `[texte](url "titre")`, `[texte](url 'titre')`, `[texte](url (titre))`: a title the rendered page hides. */
const LINK_TITLE = /\]\(\s*<?[^\s)>]*>?\s+(?:"([^"\n]*)"|'([^'\n]*)'|\(([^)\n]*)\))\s*\)/g;

/** Base64 and hex runs that decode to readable text. */
function decodedRuns(text: string): Array<{ index: number; decoded: string }> {
  const found: Array<{ index: number; decoded: string }> = [];
  for (const match of text.matchAll(/[A-Za-z0-9+/=_-]{24,}/g)) {
    // Encoded text mixes cases and digits; paths and identifiers seldom do all three.
    if (!/[A-Z]/.test(match[0]) || !/[a-z]/.test(match[0]) || !/\d/.test(match[0])) continue;
    const decoded = readable(Buffer.from(match[0].replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
    if (decoded) found.push({ index: match.index!, decoded });
  }
  for (const match of text.matchAll(/\b(?:[0-9a-fA-F]{2}){10,}\b/g)) {
    const decoded = readable(Buffer.from(match[0], 'hex'));
    if (decoded) found.push({ index: match.index!, decoded });
  }
  return found;
}

function readable(bytes: Buffer): string | undefined {
  if (bytes.length < 8) return undefined;
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) return undefined;
  const printable = [...text].filter((char) => /[\p{L}\p{N}\p{P}\p{Zs}]/u.test(char)).length;
  return printable / [...text].length >= 0.9 ? text : undefined;
}
