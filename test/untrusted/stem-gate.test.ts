import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { revealedView } from '../../scripts-src/lib/text/normalise.js';
import { FEATURE_PATTERNS, sentenceFeatures, splitSentences } from '../../scripts-src/lib/untrusted/steering.js';
import { repoRoot } from '../helpers/run-program.js';

/** Sentences from every text at hand: the untrusted tests' planted lines and notes, the bench's held-out corpus. */
function sentences(): string[] {
  const texts = [join(repoRoot, 'test', 'untrusted'), join(repoRoot, 'bench', 'corpus'), join(repoRoot, 'bench', 'corpus', 'notes')].flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => /\.(?:ts|md)$/.test(name))
      .map((name) => readFileSync(join(folder, name), 'utf8')),
  );
  return texts
    .flatMap((text) => text.split('\n'))
    .flatMap((line) => splitSentences(revealedView(line.replace(/^\s*['"`]|['"`],?\s*$/g, ''))).map(({ text }) => text));
}

describe('the word-stem gate of the steering features', () => {
  it('never hides a match: every feature equals its pattern on thousands of real sentences', () => {
    const all = sentences();
    expect(all.length).toBeGreaterThan(3000);
    const direct = [
      'addressed',
      'vocative',
      'override',
      'roleChange',
      'preApproval',
      'noConfirmation',
      'agentSubject',
      'hiding',
      'withoutUser',
      'hidingManner',
      'beforeReading',
      'actBefore',
      'destructive',
      'destructiveOrder',
      'imperative',
      'secondPerson',
      'todo',
    ] as const;
    let matched = 0;
    for (const sentence of all) {
      const features = sentenceFeatures(sentence, 'always');
      for (const feature of direct) {
        const expected = FEATURE_PATTERNS[feature].test(sentence.toLowerCase());
        if (expected) matched++;
        if (features[feature] !== expected) expect.fail(`${feature} on ${JSON.stringify(sentence)}: gate says ${features[feature]}, pattern says ${expected}`);
      }
    }
    expect(matched).toBeGreaterThan(500);
  });
});
