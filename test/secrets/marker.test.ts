/**
 * The marker `<!-- contexte:autorise -->` accepts the findings of its own line,
 * and only of its line: they are still reported, with `accepted: true`.
 */
import { describe, expect, it } from 'vitest';
import { ACCEPT_MARKER, findSecrets } from '../../scripts-src/lib/secrets/find-secrets.js';
import * as fake from './fake.js';

describe('the marker <!-- contexte:autorise -->', () => {
  it('is the documented string', () => {
    expect(ACCEPT_MARKER).toBe('<!-- contexte:autorise -->');
  });

  it.each([
    ['an assignment in French', () => `MOT_DE_PASSE=${fake.humanPassword().value} <!-- contexte:autorise -->`],
    ['a provider token in English', () => `Revoked last week, kept for the record: ${fake.githubClassic().value} <!-- contexte:autorise -->`],
    ['a URL with credentials', () => `<!-- contexte:autorise --> redis://default:${fake.urlPassword().value}@cache.interne:6379`],
    ['a prose sentence', () => `Le mot de passe de la recette est ${fake.humanPassword().value} <!-- contexte:autorise -->`],
    ['a marker carrying a reason', () => `API_KEY=${fake.opaque().value} <!-- contexte:autorise : clé révoquée le 2024-06-01 -->`],
  ])('turns the findings of %s on its line into accepted ones', async (_name, make) => {
    const findings = await findSecrets(`# Note\n${make()}\nFin.`);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((finding) => finding.accepted)).toBe(true);
    expect(findings.map((finding) => finding.line)).toEqual(findings.map(() => 2));
  });

  it('does not accept the findings of other lines', async () => {
    const text = [`DB_PASSWORD=${fake.humanPassword().value} <!-- contexte:autorise -->`, `GITHUB_TOKEN=${fake.githubClassic().value}`].join('\n');
    const findings = await findSecrets(text);
    expect(findings.filter((finding) => finding.accepted).map((finding) => finding.line)).toEqual([1]);
    expect(findings.filter((finding) => !finding.accepted).map((finding) => finding.line)).toEqual([2]);
  });

  it('on a line alone does not accept the next line', async () => {
    const findings = await findSecrets(`<!-- contexte:autorise -->\nDB_PASSWORD=${fake.humanPassword().value}`);
    expect(findings.some((finding) => finding.line === 2 && !finding.accepted)).toBe(true);
  });

  it('still masks the secret on an accepted line', async () => {
    const password = fake.humanPassword();
    const findings = await findSecrets(`DB_PASSWORD=${password.value} <!-- contexte:autorise -->`);
    const shown = JSON.stringify(findings);
    expect(findings.length).toBeGreaterThan(0);
    for (const window of fake.windows(password.secret)) expect(shown.includes(window), 'a part of the secret is shown').toBe(false);
  });

  it('in another comment does not accept the line', async () => {
    const findings = await findSecrets(`DB_PASSWORD=${fake.humanPassword().value} <!-- contexte autorisé ? non -->`);
    expect(findings.some((finding) => !finding.accepted)).toBe(true);
  });
});
