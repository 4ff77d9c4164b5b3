/**
 * Positives: every family of rule finds its credential, in French and in
 * English notes. Credentials are random, made by ./fake.ts at test time.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../scripts-src/lib/secrets/find-secrets.js';
import * as fake from './fake.js';
import { type Case, textPositives } from './positives.js';

const byName = (prefix: string) => textPositives.flatMap(([, cases]) => cases).find(([name]) => name.startsWith(prefix))![1];
const dbPassword = byName('a DB_PASSWORD= line'); // on line 3
const githubInFrench = byName('a GitHub classic token (ghp_…) in a French sentence'); // on line 3

/** What a failing case shows: the rules and lines found, never the note itself. */
const summary = (findings: Awaited<ReturnType<typeof findSecrets>>) => findings.map(({ rule, line, accepted }) => ({ rule, line, accepted }));

describe('positives: every rule family finds its credential', () => {
  describe.each(textPositives)('%s', (_family, cases: Case[]) => {
    it.each(cases)('flags %s', async (_name, make) => {
      const leak = make();
      const findings = await findSecrets(leak.text);
      const blocking = findings.filter((finding) => !finding.accepted);
      expect(summary(blocking).length, JSON.stringify(summary(findings))).toBeGreaterThan(0);
      if (leak.line !== undefined) expect(blocking.map((finding) => finding.line)).toContain(leak.line);
    });
  });
});

describe('findings', () => {
  it('have the documented shape: rule, 1-based line, excerpt, accepted', async () => {
    const findings = await findSecrets(dbPassword().text);
    expect(findings.length).toBeGreaterThan(0);
    for (const finding of findings) {
      expect(finding).toEqual({ rule: expect.any(String), line: expect.any(Number), excerpt: expect.any(String), accepted: false });
      expect(finding.line).toBeGreaterThanOrEqual(1);
    }
  });

  it('report an empty note as clean', async () => {
    expect(await findSecrets('')).toEqual([]);
    expect(await findSecrets('\n\n   \n')).toEqual([]);
  });

  it('count lines the same with CRLF line endings', async () => {
    const leak = dbPassword();
    const findings = await findSecrets(leak.text.replace(/\n/g, '\r\n'));
    expect(findings.filter((finding) => !finding.accepted).map((finding) => finding.line)).toContain(3);
  });

  it('report two leaks on two lines as two findings', async () => {
    const a = dbPassword();
    const b = githubInFrench();
    const findings = await findSecrets(`${a.text}\n\n${b.text}`);
    const lines = findings.filter((finding) => !finding.accepted).map((finding) => finding.line);
    expect(lines).toContain(3);
    expect(lines).toContain(a.text.split('\n').length + 1 + 3);
  });
});

describe('AWS secret keys whose slashes make them look like something else', () => {
  // 40 characters of base64: slashes anywhere, so a drawn key can read as a path, a regex literal, a digest's prefix or a URL.
  const piece = (length: number) => fake.mixed(length, `${fake.ALNUM}+`);
  const shapes = [
    ['a relative path of short mixed segments', () => `${piece(8)}/${piece(5)}/${piece(9)}/${piece(11)}/${piece(3)}`.slice(0, 40)],
    ['a regex literal /…/', () => `/${piece(38)}/`],
    ['a protocol-relative URL //…', () => `//${piece(38)}`],
    ['a digest prefix md5…', () => `MD5p${piece(36)}`],
  ] as const;

  it.each(shapes)('flags aws_secret_access_key = %s', async (_shape, draw) => {
    const value = draw();
    expect(await findSecrets(`[default]\naws_secret_access_key = ${value}`), value).not.toEqual([]);
  });
});

/** Random letters with both cases, no digit: what a drawn token's piece may be. */
function lettersOfBothCases(length: number): string {
  for (;;) {
    const value = fake.random(fake.LOWER + fake.UPPER, length);
    if (/[a-z]/.test(value) && /[A-Z]/.test(value)) return value;
  }
}

describe('drawn values that spell a word or a name by chance (found flaky in 3,000 draws of each positive, or by the scanner property)', () => {
  const shapes = [
    ['an OpenAI project key whose random part holds « _mDp_ »', () => `sk-proj-${fake.mixed(40, fake.BASE64URL)}_mDp_${fake.mixed(20)}`],
    ['a password of a name, a year, two letters and « key »', () => `${fake.random(fake.LOWER, 6)}${1970 + randomInt(50)}${fake.random(fake.LOWER, 2)}key`],
    ['an API key of mixed case that ends in « kEY »', () => `${fake.mixed(20)}nkEY`],
    ['a GitLab token whose random part starts like an article (« a- ») and holds letters only', () => `glpat-a-${lettersOfBothCases(18)}`],
  ] as const;

  it.each(shapes)('flags %s', async (_shape, draw) => {
    const value = draw();
    const note = `- Accès de la recette : le mot de passe est ${value}\n- apiKey = "${value}"\n`;
    expect(await findSecrets(note)).toHaveLength(2);
  });

  it('still reads names that name themselves as names', async () => {
    for (const name of ['myApiKey', 'stripeSecretKey', 'base32secret', 'test-secret-not-for-production']) {
      expect(await findSecrets(`apiKey = "${name}"`), name).toEqual([]);
    }
  });
});

describe('a provider token cut by a line break', () => {
  it('is joined with the start of the next line', async () => {
    const { value } = fake.slackBot();
    const findings = await findSecrets(`Le jeton, coupé par l’éditeur : ${value.slice(0, 16)}\n${value.slice(16)}\n`);
    expect(findings.map(({ line }) => line)).toContain(1);
  });

  it('is not joined with a next line that assigns a name of its own', async () => {
    expect(await findSecrets('```\nSLACK_BOT_TOKEN=xoxb-your-bot-token\nSLACK_SIGNING_SECRET=<signing secret>\n```\n')).toEqual([]);
  });
});
