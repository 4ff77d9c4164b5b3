/**
 * Masking: a report shows where a secret is, never the secret. For every
 * positive, neither the whole credential nor any 8 characters of its random
 * part may appear anywhere in the findings.
 */
import { describe, expect, it } from 'vitest';
import { findSecrets, findSecretsInJson, type SecretFinding } from '../../scripts-src/lib/secrets/find-secrets.js';
import { windows, type Fake } from './fake.js';
import { jsonPositives, textPositives, type Case } from './positives.js';

/** Names the first leaked window by its position only: the failure message must not leak it either. */
function leakedWindow(findings: SecretFinding[], secrets: Fake[]): string | undefined {
  const shown = JSON.stringify(findings);
  for (const [index, secret] of secrets.entries()) {
    if (shown.includes(secret.value)) return `secret #${index} shown whole`;
    const all = windows(secret.secret);
    const at = all.findIndex((window) => shown.includes(window));
    if (at >= 0) return `secret #${index}: 6 characters at offset ${at} of its random part shown`;
  }
  return undefined;
}

describe('masking: findings never show a secret, whole or in part', () => {
  describe.each(textPositives)('%s', (_family, cases: Case[]) => {
    it.each(cases)('hides %s', async (_name, make) => {
      const leak = make();
      const findings = await findSecrets(leak.text);
      // A missed positive fails in rules.test.ts / json-export.test.ts; here only what is shown counts.
      expect(leakedWindow(findings, leak.secrets)).toBeUndefined();
    });
  });

  it.each(jsonPositives)('hides %s in a JSON export', async (_name, make) => {
    const leak = make();
    const findings = await findSecretsInJson(Buffer.from(JSON.stringify(leak.document)));
    expect(leakedWindow(findings, leak.secrets)).toBeUndefined();
  });

  it('hides a secret repeated on its line, before and after the flagged one', async () => {
    const [, make] = textPositives.flatMap(([, cases]) => cases).find(([name]) => name.startsWith('a GitHub classic token (ghp_…) in an English'))!;
    const leak = make();
    const token = leak.secrets[0]!.value;
    const findings = await findSecrets(`echo ${token} > .token && GITHUB_TOKEN=${token} gh auth status # ${token}`);
    expect(leakedWindow(findings, leak.secrets)).toBeUndefined();
  });

  it('keeps the excerpt useful: it still names the key that was flagged', async () => {
    const [, make] = textPositives.flatMap(([, cases]) => cases).find(([name]) => name.startsWith('a DB_PASSWORD= line'))!;
    const findings = await findSecrets(make().text);
    expect(findings.map((finding) => finding.excerpt).join('\n')).toContain('DB_PASSWORD');
  });
});
