/**
 * The digest of what a guard found across a corpus: every document's findings
 * (rule, line, where in an export, excerpt as shown), in the corpus's order,
 * hashed. The same guard reading the same text gives the same digest, so work
 * on the guards' speed keeps the digests of RESULTS.md unless a change of a
 * finding is meant (and then said); a changed digest names its corpus.
 */
import { createHash, type Hash } from 'node:crypto';

interface Found {
  rule: string;
  line: number;
  path?: string;
  excerpt: string;
}

export class FindingsDigest {
  private readonly hash: Hash = createHash('sha256');
  private documents = 0;

  add(source: string, ...lists: ReadonlyArray<readonly Found[]>): void {
    this.documents++;
    this.hash.update(`${source}\u0000`);
    for (const findings of lists) {
      for (const { rule, line, path, excerpt } of findings) this.hash.update(`${rule}\u0001${line}\u0001${path ?? ''}\u0001${excerpt}\u0002`);
      this.hash.update('\u0003');
    }
  }

  /** `3f9ac21b00001111 (4074 documents)`: 16 hexadecimal digits are enough to see a change. */
  toString(): string {
    return `${this.hash.copy().digest('hex').slice(0, 16)} (${this.documents} documents)`;
  }
}
