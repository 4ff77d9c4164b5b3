/** What the rules read and report: lines of the scanned text, and where a secret was found in it. */

/** A line of the scanned text, as the Markdown model gives it: without container markers and indentation. */
export type { MarkdownLine as ScanLine } from '../text/markdown-model.js';

/** Where a rule found a secret: the offsets of the value in the text it read (the value itself is never kept). */
export interface Hit {
  rule: string;
  start: number;
  end: number;
  /** For a secret the sender holds (find-local-secrets.ts): where the value comes from, never the value. */
  source?: string;
}
