/** What the rules read and report: lines of the scanned text, and where a secret was found in it. */
import { markdownLines } from '../text/markdown-model.js';

/** A line of the scanned text, without its Markdown container markers (`> `, `- `) and its indentation. */
export interface ScanLine {
  text: string;
  /** Offset of `text` in the scanned text. */
  start: number;
  /** Inside a fenced code block. */
  fenced: boolean;
  /** The line opens or closes a fenced code block. */
  fence: boolean;
}

/** Where a rule found a secret: the offsets of the value in the text it read (the value itself is never kept). */
export interface Hit {
  rule: string;
  start: number;
  end: number;
  /** For a secret the sender holds (find-local-secrets.ts): where the value comes from, never the value. */
  source?: string;
}

/** What a value's line is read without, past its containers: indentation, and the marker of a nested list item. */
const INDENT = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?/;

/** The lines of `text` as every rule reads them: the Markdown model's lines (containers stripped, fences known), unindented. */
export function scanLinesOf(text: string): ScanLine[] {
  return markdownLines(text).map(({ body, start, fenced, fence }) => {
    const indent = INDENT.exec(body)![0].length;
    return { text: body.slice(indent), start: start + indent, fenced, fence };
  });
}
