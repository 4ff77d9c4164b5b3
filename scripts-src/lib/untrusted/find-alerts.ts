/**
 * Reads a fetched note as untrusted data and reports what could steer the
 * reading agent: instruction-like lines, hidden characters, and instructions
 * hidden in HTML comments, link titles, tag characters, base64 or hex. It only
 * reports; the note's bytes are never changed.
 */
import { normalizeHeading } from '../checks/rubriques.js';
import { codePointName, decodeTagCharacters, findHiddenCharacters, removeHiddenCharacters, showHiddenCharacters } from './hidden-characters.js';
import { INJECTION_RULES } from './injection-rules.js';

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

export function excerptOf(text: string): string {
  const shown = showHiddenCharacters(text).trim();
  return shown.length > EXCERPT_MAX ? `${shown.slice(0, EXCERPT_MAX)}…` : shown;
}

/** The instruction rules that a piece of text triggers. */
function matchingRules(text: string, inCommands: boolean): string[] {
  const clean = removeHiddenCharacters(text).normalize('NFKC');
  const ids = INJECTION_RULES.filter((rule) => !(inCommands && rule.family === 'commande') && rule.pattern.test(clean)).map((rule) => rule.id);
  return [...new Set(ids)];
}

export function findAlerts(text: string): Alert[] {
  const alerts: Alert[] = [];
  const add = (line: number, rule: string, excerpt: string) => {
    if (!alerts.some((alert) => alert.line === line && alert.rule === rule)) alerts.push({ line, rule, excerpt });
  };
  const lines = text.split(/\r?\n/);
  // The « Commandes utiles » rubrique runs until a heading of its level or higher; `#` lines in code blocks are not headings.
  let commandsLevel: number | undefined;
  let fence: string | undefined;
  lines.forEach((line, index) => {
    const number = index + 1;
    const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark && (fence === undefined || (fenceMark[0] === fence[0] && fenceMark.length >= fence.length))) fence = fence === undefined ? fenceMark : undefined;
    const heading = fence === undefined && !fenceMark ? /^(#{1,6})\s/.exec(line)?.[1] : undefined;
    if (heading) {
      if (normalizeHeading(line).startsWith('commandes utiles')) commandsLevel = heading.length;
      else if (commandsLevel !== undefined && heading.length <= commandsLevel) commandsLevel = undefined;
    }
    const inCommands = commandsLevel !== undefined;

    const hidden = findHiddenCharacters(line, index === 0);
    if (hidden.length > 0) {
      const where = hidden.slice(0, 5).map(({ index: at, codePoint }) => `${codePointName(codePoint)} colonne ${at + 1}`);
      add(number, 'caractere-invisible', `${where.join(', ')}${hidden.length > 5 ? `, … (${hidden.length} en tout)` : ''} : ${excerptOf(line)}`);
      const tagged = decodeTagCharacters(line);
      if (tagged.trim()) add(number, 'texte-cache', `caractères « tag » : ${excerptOf(tagged)}`);
    }
    for (const rule of matchingRules(line, inCommands)) add(number, rule, excerptOf(line));
    for (const title of linkTitles(line)) {
      if (AGENT_WORDS.test(title) || matchingRules(title, false).length > 0) add(number, 'titre-de-lien', excerptOf(title));
    }
    for (const decoded of decodedRuns(line)) {
      if (matchingRules(decoded, false).length > 0) add(number, 'encodage-cache', `décodé : ${excerptOf(decoded)}`);
    }
  });
  for (const { line, content } of htmlComments(text)) {
    if (OUR_MARKER.test(content)) continue;
    if (AGENT_WORDS.test(content) || matchingRules(content, false).length > 0) add(line, 'commentaire-cache', excerptOf(content));
  }
  return alerts.sort((a, b) => a.line - b.line);
}

function htmlComments(text: string): Array<{ line: number; content: string }> {
  return [...text.matchAll(/<!--([\s\S]*?)-->/g)].map((match) => ({
    line: text.slice(0, match.index).split('\n').length,
    content: match[1]!.replace(/\s+/g, ' '),
  }));
}

/** `[texte](url "titre")`, `[texte](url 'titre')`, `[texte](url (titre))`: a title the rendered page hides. */
function linkTitles(line: string): string[] {
  return [...line.matchAll(/\]\(\s*<?[^\s)>]*>?\s+(?:"([^"]*)"|'([^']*)'|\(([^)]*)\))\s*\)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

/** Base64 and hex runs that decode to readable text. */
function decodedRuns(line: string): string[] {
  const decoded: string[] = [];
  for (const match of line.matchAll(/[A-Za-z0-9+/]{20,}={0,2}|[A-Za-z0-9_-]{20,}/g)) {
    const text = readable(Buffer.from(match[0].replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
    if (text) decoded.push(text);
  }
  for (const match of line.matchAll(/\b(?:[0-9a-fA-F]{2}){10,}\b/g)) {
    const text = readable(Buffer.from(match[0], 'hex'));
    if (text) decoded.push(text);
  }
  return decoded;
}

function readable(bytes: Buffer): string | undefined {
  if (bytes.length < 8) return undefined;
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) return undefined;
  const printable = [...text].filter((char) => /[\p{L}\p{N}\p{P}\p{Zs}]/u.test(char)).length;
  return printable / [...text].length >= 0.9 ? text : undefined;
}
