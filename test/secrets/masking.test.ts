/**
 * Masking: a report shows where a secret is, never the secret. For every
 * positive, neither the whole credential nor any 8 characters of its random
 * part may appear anywhere in the findings.
 */
import { describe, expect, it } from 'vitest';
import { findSecrets, findSecretsInJson } from '../../scripts-src/lib/secrets/find-secrets.js';
import { shownWindow } from './fake.js';
import { type Case, jsonPositives, textPositives } from './positives.js';

describe('masking: findings never show a secret, whole or in part', () => {
  describe.each(textPositives)('%s', (_family, cases: Case[]) => {
    it.each(cases)('hides %s', async (_name, make) => {
      const leak = make();
      const findings = await findSecrets(leak.text);
      // A missed positive fails in rules.test.ts / json-export.test.ts; here only what is shown counts.
      expect(shownWindow(JSON.stringify(findings), leak.secrets, leak.text)).toBeUndefined();
    });
  });

  it.each(jsonPositives)('hides %s in a JSON export', async (_name, make) => {
    const leak = make();
    const exported = JSON.stringify(leak.document);
    const findings = await findSecretsInJson(Buffer.from(exported));
    expect(shownWindow(JSON.stringify(findings), leak.secrets, exported)).toBeUndefined();
  });

  it('hides a secret repeated on its line, before and after the flagged one', async () => {
    const [, make] = textPositives.flatMap(([, cases]) => cases).find(([name]) => name.startsWith('a GitHub classic token (ghp_…) in an English'))!;
    const leak = make();
    const token = leak.secrets[0]!.value;
    const note = `echo ${token} > .token && GITHUB_TOKEN=${token} gh auth status # ${token}`;
    const findings = await findSecrets(note);
    expect(shownWindow(JSON.stringify(findings), leak.secrets, note)).toBeUndefined();
  });

  it('keeps the excerpt useful: it still names the key that was flagged', async () => {
    const [, make] = textPositives.flatMap(([, cases]) => cases).find(([name]) => name.startsWith('a DB_PASSWORD= line'))!;
    const findings = await findSecrets(make().text);
    expect(findings.map((finding) => finding.excerpt).join('\n')).toContain('DB_PASSWORD');
  });
});
