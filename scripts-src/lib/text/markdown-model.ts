/**
 * One model of a note's structure, built in one linear pass and shared by
 * every reader of a note: which text a renderer shows as prose, which is code
 * (fenced, indented, code spans), and which it hides (HTML comments, link and
 * image titles, alt text, elements hidden by a style or the `hidden`
 * attribute); where the YAML header, the headings and the rubriques are.
 *
 * Why not a Markdown library: markdown-it (14.1) and micromark were measured
 * on 1 MiB adversarial notes (`![a` repeated: 5.7 s; setext headings, table
 * rows: 1 s of block parsing alone); a teammate's note must not freeze the
 * reader. This model follows CommonMark where the guards need it (fences and
 * their lengths, containers, code spans matched by run length, link titles)
 * and uses only patterns that cannot backtrack: every construct is scanned
 * up to a character that also starts the next attempt.
 */
import { withoutByteOrderMark } from './hidden-characters.js';
import { parseOnce } from './parse-once.js';

export type SegmentKind =
  /** Shown as text: paragraphs, headings, list items, table rows, YAML header values. */
  | 'prose'
  /** Shown as code: fenced or indented blocks, code spans. */
  | 'code'
  /** Not shown by a renderer. */
  | 'hidden';

export type SegmentPlace =
  | 'paragraph'
  | 'heading'
  | 'header'
  | 'fence'
  | 'indented'
  | 'code-span'
  | 'comment'
  | 'link-title'
  | 'link-target'
  | 'image-alt'
  | 'html-attribute'
  | 'hidden-element';

export interface Segment {
  kind: SegmentKind;
  place: SegmentPlace;
  /** The text as a reader gets it; lines joined by '\n'. Prose has its code spans replaced by `CODE_PLACEHOLDER`. */
  text: string;
  /** 1-based line of the segment's first character. */
  line: number;
  /** Inside a blockquote. */
  quoted: boolean;
  /** Normalised title of the level-2 rubrique the segment sits in (see `normalizeHeading`). */
  rubrique: string | undefined;
  /** Prose only: the code spans that `CODE_PLACEHOLDER` stands for, in order. */
  codeSpans?: string[];
}

export interface Heading {
  level: number;
  /** As written, without the `#` markers. */
  text: string;
  line: number;
}

export interface NoteModel {
  /** The note's lines, without their line ending. */
  lines: string[];
  segments: Segment[];
  headings: Heading[];
}

/** What stands in prose where a code span was: its content is a code segment of its own. */
export const CODE_PLACEHOLDER = '⟨code⟩';

/** Lower-case, without accents, numbering or emphasis: « ## 2. **État** » → « etat ». */
export function normalizeHeading(heading: string): string {
  return heading
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^#+\s*/, '')
    .replace(/^\d+\s*[.)-]?\s*/, '')
    .replace(/[*_`]/g, '')
    .trim()
    .toLowerCase();
}

/** The offset where each line of a text starts. */
export function lineStarts(text: string): Int32Array {
  // Counted, then filled: growing an array by half a million pushes (a note of short lines) costs three times more.
  let count = 1;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) count++;
  const starts = new Int32Array(count);
  count = 1;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) starts[count++] = index + 1;
  return starts;
}

/** The last index in sorted `values` whose value is ≤ `target` (0 when none is). */
export function lastAtMost(values: ArrayLike<number>, target: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (values[middle]! <= target) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Offset → line, for a text whose first line is `firstLine`: a binary search over its newlines, found at the first
 * offset asked (linear, once; most texts a guard reads have nothing to locate).
 */
export function lineLocator(text: string, firstLine = 1): (offset: number) => number {
  let starts: Int32Array | undefined;
  return (offset) => {
    starts ??= lineStarts(text);
    return lastAtMost(starts, offset) + firstLine;
  };
}

const BLOCKQUOTE = / {0,3}> ?/y;
const LIST_MARKER = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]+(?:\[[ xX]\][ \t]+)?|$)/;
const FENCE_OPEN = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/;
const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)/;
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
/** A link reference definition (`[id]: url "title"`); a footnote's (`[^1]: text`) is shown prose, not a link. */
const REFERENCE_DEFINITION = /^ {0,3}\[(?!\^)[^[\]\n]{1,999}\]:[ \t]*(<[^<>\n]*>|\S+)[ \t]*(.*)$/;
const TITLE_ONLY = /^[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|\(([^()\n]*)\))[ \t]*$/;
/** `[text](url "title")`, sticky at a `[`; every part stops at a character that would start another attempt; the url may hold balanced parentheses. */
const LINK = /\[([^[\]\n]*)\]\([ \t]*(<[^<>\n]*>|(?:[^\s()<>]|\([^\s()<>]*\))*)(?:[ \t]+(?:"([^"\n]*)"|'([^'\n]*)'|\(([^()\n]*)\)))?[ \t]*\)/y;
const IMAGE = /!\[([^[\]\n]*)\](?:\([ \t]*(?:<[^<>\n]*>|[^\s()<>]*)(?:[ \t]+(?:"([^"\n]*)"|'([^'\n]*)'|\(([^()\n]*)\)))?[ \t]*\)|\[[^[\]\n]*\])?/y;
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]{0,30})\b([^<>\n]*)>/y;
const ATTRIBUTE_TEXT = /\b(?:alt|title|aria-label|data-[a-z-]+)[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)')/gi;
const HIDING_ATTRIBUTE =
  /\bhidden\b(?![-\w])|\bstyle[ \t]*=[ \t]*["'][^"'\n]*(?:display[ \t]*:[ \t]*none|visibility[ \t]*:[ \t]*hidden|font-size[ \t]*:[ \t]*0(?![.\d]*[1-9])|opacity[ \t]*:[ \t]*0(?![.\d]*[1-9])|(?<!background-)color[ \t]*:[ \t]*(?:#fff(?:fff)?\b|white\b|transparent\b)|(?:height|width|max-height)[ \t]*:[ \t]*0(?![.\d]*[1-9])|clip[ \t]*:|left[ \t]*:[ \t]*-\d{3,})/i;
/** Tags that end a visual line: a word on each side stays apart. */
const SEPARATING_TAGS = new Set([
  'br',
  'p',
  'div',
  'li',
  'td',
  'th',
  'tr',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'summary',
  'details',
  'blockquote',
  'ul',
  'ol',
  'table',
]);
const ROLE_TAGS = /^(?:sys|system|user|assistant|human|model|developer|instructions?|(?:start|end)_of_turn|im_start|im_end)$/i;
const INTERESTING = /`+|<!--|!\[|\[|<\/?[A-Za-z]|\\[!-/:-@[-`{-~]/g;

/** A line that starts with a letter (no blank, digit or ASCII punctuation) opens no container and no block: most prose. */
const PLAIN_START = /^[^\s!-@[-`{-~]/;

interface Containers {
  body: string;
  quoted: boolean;
  listItem: boolean;
  indent: number;
}

/** Blockquote markers and one list marker stripped from a line (nested containers: all `>` first). */
function stripContainers(line: string): Containers {
  if (PLAIN_START.test(line)) return { body: line, quoted: false, listItem: false, indent: 0 };
  let start = 0;
  BLOCKQUOTE.lastIndex = 0;
  for (let match = BLOCKQUOTE.exec(line); match; match = BLOCKQUOTE.exec(line)) start = match.index + match[0].length;
  const quoted = start > 0;
  const body = line.slice(start);
  const indent = /^[ \t]*/.exec(body)![0].length;
  const list = LIST_MARKER.exec(body);
  return list ? { body: body.slice(list[0].length), quoted, listItem: true, indent } : { body, quoted, listItem: false, indent };
}

/**
 * Whether a line inside a fenced block opened by `marker` closes it: the same character, at least as many, nothing
 * after; read without its containers (`body`), or as written (`raw`).
 */
function closesFence(body: string, raw: string, marker: string): boolean {
  const close = FENCE_CLOSE.exec(body) ?? FENCE_CLOSE.exec(raw);
  return close !== null && close[1]![0] === marker[0] && close[1]!.length >= marker.length;
}
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** A line as the secret guard reads it: without its container markers and its indentation, and where it sits. */
export interface MarkdownLine {
  /** The line without blockquote markers, list item markers (a nested one too) and indentation (`\r` removed). */
  text: string;
  /** Offset of `text` in the whole text. */
  start: number;
  /** Inside a fenced code block (fences matched by character and length, as CommonMark does). */
  fenced: boolean;
  /** The line opens or closes a fenced block. */
  fence: boolean;
}

/** What a value's line is read without, past its containers: indentation, and the marker of a nested list item. */
const INDENT = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?/;

/** Every line of `text` with its containers stripped and its place in or out of a fenced block: one linear pass. */
export function markdownLines(text: string): MarkdownLine[] {
  const lines: MarkdownLine[] = [];
  let open: string | undefined;
  let start = 0;
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const { body } = stripContainers(line);
    const bodyStart = start + line.length - body.length;
    start += raw.length + 1;
    let fenced = false;
    let fence: boolean;
    if (open !== undefined) {
      fence = closesFence(body, line, open);
      fenced = !fence;
      if (fence) open = undefined;
    } else {
      open = FENCE_OPEN.exec(body)?.[1];
      fence = open !== undefined;
    }
    const indent = PLAIN_START.test(body) ? 0 : INDENT.exec(body)![0].length;
    lines.push({ text: indent === 0 ? body : body.slice(indent), start: bodyStart + indent, fenced, fence });
  }
  return lines;
}

/** A table row's cells with their offsets in the row; undefined when `row` is not one. */
export function tableCells(row: string): Array<{ text: string; at: number }> | undefined {
  if (!/^[ \t]*\|.*\|[ \t]*$/.test(row)) return undefined;
  const cells: Array<{ text: string; at: number }> = [];
  let position = row.indexOf('|') + 1;
  for (const cell of row
    .slice(position)
    .replace(/\|[ \t]*$/, '')
    .split('|')) {
    cells.push({ text: cell, at: position });
    position += cell.length + 1;
  }
  return cells;
}

/** The line under a table's header: `| --- | :-: |`. */
export const isTableDelimiter = (row: string) => TABLE_DELIMITER.test(row) && row.includes('-');

class ModelBuilder {
  readonly segments: Segment[] = [];
  readonly headings: Heading[] = [];
  private paragraph: { lines: string[]; line: number; quoted: boolean; codeSpans: string[] } | undefined;
  /** Code spans of the line being read, handed to its paragraph. */
  private codeSpans: string[] = [];
  /** A multi-line construct that started on an earlier line. */
  private open:
    | { kind: 'fence'; marker: string; lines: string[]; line: number; quoted: boolean }
    | { kind: 'comment' | 'hidden-element'; closer: string; lines: string[]; line: number; quoted: boolean }
    | undefined;
  private rubrique: string | undefined;
  private previousBlank = true;
  private inList = false;

  constructor(private readonly lines: string[]) {}

  build(): void {
    const start = this.frontMatter();
    for (let index = start; index < this.lines.length; index++) this.line(index);
    this.flush();
    if (this.open)
      this.push(
        this.open.kind === 'fence' ? 'code' : 'hidden',
        this.open.kind === 'fence' ? 'fence' : this.open.kind,
        this.open.lines.join('\n'),
        this.open.line,
        this.open.quoted,
      );
  }

  private push(kind: SegmentKind, place: SegmentPlace, text: string, line: number, quoted: boolean, codeSpans?: string[]): void {
    if (text.trim() === '') return;
    this.segments.push({ kind, place, text, line, quoted, rubrique: this.rubrique, ...(codeSpans && codeSpans.length > 0 ? { codeSpans } : {}) });
  }

  /** The YAML header's values, as prose at their own line (`titre: …` → `…`). Returns the first body line. */
  private frontMatter(): number {
    if (withoutByteOrderMark(this.lines[0] ?? '').trimEnd() !== '---') return 0;
    const end = this.lines.findIndex((line, index) => index > 0 && /^(?:---|\.\.\.)\s*$/.test(line));
    if (end < 0) return 0;
    for (let index = 1; index < end; index++) {
      const value = this.lines[index]!.replace(/^[ \t]*(?:-[ \t]+)?(?:[\w.-]{1,64}[ \t]*:(?=[ \t]|$))?[ \t]*(?:[>|][+-]?[ \t]*$)?/, '').replace(
        /^(["'])(.*)\1[ \t]*$/,
        '$2',
      );
      // Read like a heading: a value is one line, and may hide a comment or a link title too.
      this.inline(value, index + 1, false, 'header');
    }
    return end + 1;
  }

  private flush(): void {
    if (!this.paragraph) return;
    const { lines, line, quoted, codeSpans } = this.paragraph;
    this.paragraph = undefined;
    this.push('prose', 'paragraph', lines.join('\n'), line, quoted, codeSpans);
  }

  private line(index: number): void {
    const raw = this.lines[index]!;
    const lineNumber = index + 1;
    if (this.open) {
      this.continueOpen(raw, lineNumber);
      return;
    }
    if (PLAIN_START.test(raw)) {
      // No container, not blank, not indented, no fence, heading, table delimiter or link definition: inline content only.
      if (this.previousBlank) this.inList = false;
      this.previousBlank = false;
      this.inline(raw, lineNumber, false, 'paragraph');
      return;
    }
    const { body, quoted, listItem, indent } = stripContainers(raw);
    if (body.trim() === '') {
      this.flush();
      this.previousBlank = true;
      return;
    }
    if (!quoted && !listItem && /^(?: {4}|\t)/.test(raw) && this.previousBlank && !this.inList) {
      this.push('code', 'indented', raw.trim(), lineNumber, false);
      return;
    }
    const wasBlank = this.previousBlank;
    this.previousBlank = false;
    if (listItem) this.inList = true;
    else if (wasBlank && indent === 0) this.inList = false;

    const fence = FENCE_OPEN.exec(body);
    if (fence) {
      this.flush();
      this.open = { kind: 'fence', marker: fence[1]!, lines: [], line: lineNumber + 1, quoted };
      return;
    }
    const heading = ATX_HEADING.exec(body);
    if (heading) {
      this.flush();
      const text = body
        .slice(heading[0].length)
        .replace(/[ \t]+#+[ \t]*$|^#+[ \t]*$/, '')
        .trim();
      const level = heading[1]!.length;
      this.headings.push({ level, text, line: lineNumber });
      if (level === 2) this.rubrique = normalizeHeading(text);
      this.inline(text, lineNumber, quoted, 'heading');
      return;
    }
    if (isTableDelimiter(body) && (body.includes('|') || this.paragraph)) {
      return;
    }
    const definition = REFERENCE_DEFINITION.exec(body);
    if (definition && !this.paragraph) {
      this.push('hidden', 'link-target', definition[1]!.replace(/^<|>$/g, ''), lineNumber, quoted);
      const rest = definition[2]!;
      const title = TITLE_ONLY.exec(rest) ?? (rest.trim() === '' ? TITLE_ONLY.exec(this.lines[index + 1] ?? '') : null);
      if (title) this.push('hidden', 'link-title', title[1] ?? title[2] ?? title[3] ?? '', lineNumber, quoted);
      return;
    }
    if (listItem) this.flush();
    this.inline(body, lineNumber, quoted, 'paragraph');
  }

  private continueOpen(raw: string, lineNumber: number): void {
    const open = this.open!;
    if (open.kind === 'fence') {
      if (closesFence(stripContainers(raw).body, raw, open.marker)) {
        this.push('code', 'fence', open.lines.join('\n'), open.line, open.quoted);
        this.open = undefined;
        this.previousBlank = false;
      } else {
        open.lines.push(raw.replace(/^(?: {0,3}> ?)+/, open.quoted ? '' : '$&'));
      }
      return;
    }
    const end = raw.toLowerCase().indexOf(open.closer);
    if (end < 0) {
      open.lines.push(raw);
      return;
    }
    open.lines.push(raw.slice(0, end));
    this.push('hidden', open.kind, open.lines.join('\n'), open.line, open.quoted);
    this.open = undefined;
    const rest = raw.slice(end + open.closer.length);
    if (rest.trim() !== '') this.inline(rest, lineNumber, open.quoted, 'paragraph');
  }

  /**
   * One line of inline content: code spans out (as code segments), hidden
   * parts out (as hidden segments), tags and escapes removed; the rest is
   * appended to the current paragraph (or is a heading of its own).
   */
  private inline(body: string, lineNumber: number, quoted: boolean, place: 'paragraph' | 'heading' | 'header'): void {
    let shown = '';
    let cursor = 0;
    const runs = backtickRuns(body);
    INTERESTING.lastIndex = 0;
    for (let match = INTERESTING.exec(body); match; match = INTERESTING.exec(body)) {
      const at = match.index;
      if (at < cursor) continue;
      const token = match[0];
      let end = at + token.length;
      let replacement: string | undefined;
      if (token[0] === '`') {
        const close = runs.closing(at, token.length);
        if (close !== undefined) {
          const code = body.slice(at + token.length, close);
          this.push('code', 'code-span', code, lineNumber, quoted);
          this.codeSpans.push(code);
          replacement = CODE_PLACEHOLDER;
          end = close + token.length;
        }
      } else if (token === '<!--') {
        const close = body.indexOf('-->', end);
        if (close < 0) {
          this.flushInline(shown + body.slice(cursor, at), lineNumber, quoted, place);
          this.open = { kind: 'comment', closer: '-->', lines: [body.slice(end)], line: lineNumber, quoted };
          return;
        }
        this.push('hidden', 'comment', body.slice(end, close), lineNumber, quoted);
        replacement = '';
        end = close + 3;
      } else if (token === '![') {
        IMAGE.lastIndex = at;
        const image = IMAGE.exec(body);
        if (image) {
          this.push('hidden', 'image-alt', [image[1], image[2] ?? image[3] ?? image[4]].filter(Boolean).join(' — '), lineNumber, quoted);
          replacement = ' ';
          end = IMAGE.lastIndex;
        }
      } else if (token === '[') {
        LINK.lastIndex = at;
        const link = LINK.exec(body);
        if (link) {
          const title = link[3] ?? link[4] ?? link[5];
          if (title) this.push('hidden', 'link-title', title, lineNumber, quoted);
          if (link[2]) this.push('hidden', 'link-target', link[2].replace(/^<|>$/g, ''), lineNumber, quoted);
          replacement = link[1]!;
          end = LINK.lastIndex;
        }
      } else if (token[0] === '<') {
        TAG.lastIndex = at;
        const tag = TAG.exec(body);
        // Chat-template turn markers shaped like tags (`<system>`, `<start_of_turn>`) stay in the text: a rule reads them.
        if (tag && !ROLE_TAGS.test(tag[2]!)) {
          end = TAG.lastIndex;
          const [, closing, name, attributes] = tag as unknown as [string, string, string, string];
          for (const attribute of attributes.matchAll(ATTRIBUTE_TEXT))
            this.push('hidden', 'html-attribute', attribute[1] ?? attribute[2] ?? '', lineNumber, quoted);
          replacement = SEPARATING_TAGS.has(name.toLowerCase()) ? ' ' : '';
          if (!closing && HIDING_ATTRIBUTE.test(attributes) && !attributes.trimEnd().endsWith('/')) {
            const closer = `</${name.toLowerCase()}`;
            const close = body.toLowerCase().indexOf(closer, end);
            if (close < 0) {
              this.flushInline(shown + body.slice(cursor, at), lineNumber, quoted, place);
              this.open = { kind: 'hidden-element', closer, lines: [body.slice(end)], line: lineNumber, quoted };
              return;
            }
            this.push('hidden', 'hidden-element', body.slice(end, close), lineNumber, quoted);
            const closeEnd = body.indexOf('>', close);
            end = closeEnd < 0 ? body.length : closeEnd + 1;
          }
        }
      } else {
        replacement = token[1]!;
      }
      if (replacement === undefined) continue;
      shown += body.slice(cursor, at) + replacement;
      cursor = end;
      INTERESTING.lastIndex = end;
    }
    this.flushInline(shown + body.slice(cursor), lineNumber, quoted, place);
  }

  private flushInline(text: string, lineNumber: number, quoted: boolean, place: 'paragraph' | 'heading' | 'header'): void {
    const codeSpans = this.codeSpans;
    this.codeSpans = [];
    if (place !== 'paragraph') {
      this.push('prose', place, text, lineNumber, quoted, codeSpans);
      return;
    }
    if (this.paragraph && this.paragraph.quoted === quoted) {
      this.paragraph.lines.push(text);
      for (const span of codeSpans) this.paragraph.codeSpans.push(span); // not push(...): a line may hold more spans than a call has arguments
    } else {
      this.flush();
      this.paragraph = { lines: [text], line: lineNumber, quoted, codeSpans };
    }
  }
}

/** Backtick runs of a line, and for a run the next run of the same length: linear over the line (pointers only move forward). */
function backtickRuns(line: string): { closing(at: number, length: number): number | undefined } {
  if (!line.includes('`')) return { closing: () => undefined };
  const byLength = new Map<number, number[]>();
  for (const run of line.matchAll(/`+/g)) {
    const list = byLength.get(run[0].length) ?? [];
    list.push(run.index!);
    byLength.set(run[0].length, list);
  }
  const next = new Map<number, number>();
  return {
    closing(at, length) {
      const positions = byLength.get(length)!;
      let index = next.get(length) ?? 0;
      while (index < positions.length && positions[index]! <= at) index++;
      next.set(length, index);
      return positions[index];
    },
  };
}

/** The note's Markdown model, built once per note (see parse-once.ts). */
export const parseNote = parseOnce(buildModel);

function buildModel(text: string): NoteModel {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const builder = new ModelBuilder(lines);
  builder.build();
  return { lines, segments: builder.segments, headings: builder.headings };
}
