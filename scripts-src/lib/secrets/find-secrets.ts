/**
 * The secret check run on everything before it is shared: our rules plus
 * secretlint's recommended preset, on a note or on every string of a session
 * export. A finding names the rule, the line (and the JSON path) and shows a
 * masked excerpt; the secret itself never leaves this module.
 */
import { walkJson } from '../json-walk.js';
import { maskExcerpt } from './mask.js';
import { rules, type Hit } from './secret-rules.js';
import { namesCredential } from './secret-values.js';

export interface SecretFinding {
  rule: string;
  /** 1-based line: in the note, or within the JSON string at `path`. */
  line: number;
  /** Where the string sits in a JSON export, e.g. `messages[1].parts[0].state.output`. */
  path?: string;
  /** The line with every secret masked, shortened around the finding. */
  excerpt: string;
  /** The line carries the marker `<!-- contexte:autorise -->`: a false positive, accepted. */
  accepted: boolean;
}

/** Written on a line of a note, accepts that line's findings (and shows it did). */
export const ACCEPT_MARKER = '<!-- contexte:autorise -->';
const ACCEPTED = /<!--[^>]*contexte:autorise[^>]*-->/;

interface Segment {
  text: string;
  path?: string;
  /** Offset of the segment in the joined text. */
  start: number;
}

export async function findSecrets(text: string): Promise<SecretFinding[]> {
  return scanSegments([{ text }]);
}

/** Strings are scanned in batches of about this many characters: memory stays bounded on a 20 MB export. */
const JSON_BATCH = 1024 * 1024;

/**
 * Scans every string of a JSON document (tool outputs are `\n`-joined text, so
 * each string is scanned unescaped), and each `"name": "value"` pair whose
 * name says it holds a credential. Reads the bytes without building the
 * document; throws JsonSyntaxError on invalid JSON.
 */
export async function findSecretsInJson(bytes: Buffer): Promise<SecretFinding[]> {
  const findings: SecretFinding[] = [];
  let batch: Array<{ text: string; path: string }> = [];
  let size = 0;
  for (const event of walkJson(bytes)) {
    if (event.type !== 'string') continue;
    const path = event.path.replace(/^\$\.?/, '') || '$';
    const text = event.key !== undefined && namesCredential(event.key) ? `${JSON.stringify(event.key)}: ${JSON.stringify(event.value)}` : event.value;
    batch.push({ text, path });
    size += text.length;
    if (size >= JSON_BATCH) {
      findings.push(...(await scanSegments(batch)));
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) findings.push(...(await scanSegments(batch)));
  return findings;
}

async function scanSegments(parts: Array<{ text: string; path?: string }>): Promise<SecretFinding[]> {
  const segments: Segment[] = [];
  let offset = 0;
  for (const part of parts) {
    segments.push({ ...part, start: offset });
    offset += part.text.length + 2;
  }
  // One pass over one text: a blank line between segments keeps line-based rules apart.
  const joined = parts.map((part) => part.text).join('\n\n');
  const hits = dedupe([...rules.flatMap((rule) => rule.find(joined)), ...(await secretlintHits(joined))]);
  return hits.map((hit) => toFinding(hit, segmentAt(segments, hit.start), hits));
}

async function secretlintHits(text: string): Promise<Hit[]> {
  if (text.trim() === '') return [];
  // Loaded on first use: only the checks need it.
  const [{ lintSource }, { creator: secretlintRecommended }] = await Promise.all([import('@secretlint/core'), import('@secretlint/secretlint-rule-preset-recommend')]);
  const result = await lintSource({
    source: { filePath: 'note', content: text, contentType: 'text' },
    options: {
      noPhysicFilePath: true,
      maskSecrets: true,
      config: { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: secretlintRecommended }] },
    },
  });
  // Only the rule and the range are used: secretlint's own messages may quote the secret.
  return result.messages.map((message) => ({
    rule: `secretlint-${message.ruleId.replace(/^@secretlint\/secretlint-rule-/, '')}`,
    start: message.range[0],
    end: message.range[1],
  }));
}

/** Keeps one hit per secret: the first rule (ours before secretlint's) wins an overlap. */
function dedupe(hits: Hit[]): Hit[] {
  const kept: Hit[] = [];
  for (const hit of hits) {
    if (hit.end <= hit.start) continue;
    if (!kept.some((other) => hit.start < other.end && other.start < hit.end)) kept.push(hit);
  }
  return kept.sort((a, b) => a.start - b.start);
}

function segmentAt(segments: Segment[], position: number): Segment {
  let low = 0;
  let high = segments.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (segments[middle]!.start <= position) low = middle;
    else high = middle - 1;
  }
  return segments[low]!;
}

function toFinding(hit: Hit, segment: Segment, allHits: Hit[]): SecretFinding {
  const local = hit.start - segment.start;
  const lineStart = segment.text.lastIndexOf('\n', local - 1) + 1;
  const lineEndIndex = segment.text.indexOf('\n', local);
  const lineEnd = lineEndIndex < 0 ? segment.text.length : lineEndIndex;
  const line = segment.text.slice(lineStart, lineEnd);
  const lineNumber = countNewlines(segment.text, lineStart) + 1;
  const onLine = allHits
    .filter((other) => other.start < segment.start + lineEnd && other.end > segment.start + lineStart)
    .map((other) => ({ start: Math.max(0, other.start - segment.start - lineStart), end: Math.min(line.length, other.end - segment.start - lineStart) }));
  const finding: SecretFinding = {
    rule: hit.rule,
    line: lineNumber,
    excerpt: maskExcerpt(line, onLine, local - lineStart),
    accepted: ACCEPTED.test(line),
  };
  if (segment.path !== undefined) finding.path = segment.path;
  return finding;
}

function countNewlines(text: string, end: number): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index >= 0 && index < end; index = text.indexOf('\n', index + 1)) count++;
  return count;
}
