/** Where a rule found a secret: the offsets of the value in the text it read (the value itself is never kept). */
export interface Hit {
  rule: string;
  start: number;
  end: number;
  /** For a secret the sender holds (find-local-secrets.ts): where the value comes from, never the value. */
  source?: string;
}
