/**
 * Session exports: every string of the parsed JSON is scanned; a finding names
 * the JSON path of the string and the line within it.
 */
import { describe, expect, it } from 'vitest';
import { findSecretsInJson } from '../../scripts-src/lib/secrets/find-secrets.js';
import * as fake from './fake.js';
import { jsonPositives, openCodeExport } from './positives.js';

const blocking = async (document: unknown) => (await findSecretsInJson(Buffer.from(JSON.stringify(document)))).filter((finding) => !finding.accepted);

describe('JSON exports', () => {
  it.each(jsonPositives)('report %s with its JSON path and its line', async (_name, make) => {
    const leak = make();
    const findings = await blocking(leak.document);
    expect(findings.map(({ rule, path, line }) => ({ rule, path, line }))).toContainEqual({ rule: expect.any(String), path: leak.path, line: leak.line });
  });

  it('reports the same path after a round trip through JSON text', async () => {
    const [, make] = jsonPositives[0]!;
    const leak = make();
    const findings = await blocking(JSON.parse(JSON.stringify(leak.document)));
    expect(findings.map((finding) => finding.path)).toContain(leak.path);
  });

  it('finds nothing in a clean export with ids, token counts and code', async () => {
    const document = openCodeExport([
      { type: 'step-start', snapshot: fake.gitSha() },
      { type: 'text', text: 'Le token expire après une heure ; la session a consommé 12 431 tokens.' },
      {
        type: 'tool',
        tool: 'bash',
        callID: `toolu_${fake.mixed(24)}`,
        state: {
          status: 'completed',
          input: { command: 'git log -1 --format=%H' },
          output: `${fake.gitSha()}\n`,
          title: 'git log',
          metadata: { exit: 0, truncated: false },
        },
      },
      {
        type: 'tool',
        tool: 'read',
        state: {
          status: 'completed',
          input: { filePath: 'src/auth/token-store.ts' },
          output:
            '<file>\n00001| export async function getToken(): Promise<string> {\n00002|   const token = await vault.read(process.env.TOKEN_PATH);\n00003|   if (!token) throw new Error("token manquant");\n</file>',
        },
      },
      { type: 'step-finish', reason: 'stop', tokens: { input: 12431, output: 812, reasoning: 0, cache: { read: 40960, write: 0 } }, cost: 0.0421 },
    ]);
    expect(await findSecretsInJson(Buffer.from(JSON.stringify(document)))).toEqual([]);
  });

  it('does not flag credential-named keys whose values are metadata or references', async () => {
    const document = {
      token_type: 'Bearer',
      tokens: { input: 100, output: 20 },
      max_tokens: 4096,
      password_hash: `$argon2id$v=19$m=65536,t=3,p=4$${fake.base64Blob(22)}$${fake.base64Blob(43)}`,
      apiKey: '{env:ANTHROPIC_API_KEY}',
      secretName: 'catalogue-db',
      password: '${DB_PASSWORD}',
      token: '[redacted:text:prt_1]',
    };
    expect(await blocking(document)).toEqual([]);
  });

  it('reports "$" as the path of a bare string document', async () => {
    const token = fake.githubClassic();
    const findings = await blocking(`jeton : ${token.value}`);
    expect(findings.map((finding) => finding.path)).toContain('$');
  });

  it('reads the revealed view of each string that has one, at its own path and line, among strings that have none', async () => {
    const token = fake.githubClassic();
    const hiddenToken = `${token.value.slice(0, 8)}\u200B${token.value.slice(8)}`;
    const document = {
      parts: [
        ...Array.from({ length: 30 }, (_, index) => ({ text: `sortie ${index} : ok` })),
        { text: 'Le **test** passe, _enfin_.' },
        { text: 'rien à voir' },
        { text: `Première ligne, *en italique*.\nJeton du bot : ${hiddenToken}` },
        { text: 'Encore du **gras**.' },
      ],
    };
    const findings = await blocking(document);
    expect(findings.map(({ path, line }) => ({ path, line }))).toEqual([{ path: 'parts[32].text', line: 2 }]);
    expect(fake.shownWindow(findings[0]!.excerpt, [token])).toBeUndefined();
  });

  it('keeps line-based rules from joining two neighbouring strings', async () => {
    // Two strings that would make a .pgpass line only if glued together.
    const findings = await blocking({ a: 'db.interne:5432:app', b: `app_rw:${fake.humanPassword().value}` });
    expect(findings.filter((finding) => finding.rule === 'pgpass')).toEqual([]);
  });
});
