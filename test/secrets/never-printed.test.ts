/**
 * Never print a secret: for every rule family, whatever surrounds the leak,
 * no 6 characters of a secret's random part appear in the findings (in
 * process, as a property), nor in what `verifier --secrets` writes on stdout,
 * on stderr or in `--json` (one note per family, and a JSON export whose
 * property name is itself a token).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../scripts-src/lib/secrets/find-secrets.js';
import { verifier } from '../helpers/run-program.js';
import * as fake from './fake.js';
import { shownWindow } from './fake.js';
import { openCodeExport, textPositives } from './positives.js';

const allCases = textPositives.flatMap(([family, cases]) => cases.map(([name, make]) => ({ family, name, make })));
const honestLines = ['## État', '- Tests verts, 12 431 tokens consommés.', '| clé | valeur |', '> citation', '```', 'Le mot de passe est dans le coffre.', ''];

describe('a secret is never printed', () => {
  it('by the findings of any rule, whatever surrounds the leak (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: allCases.length - 1 }),
        fc.array(fc.constantFrom(...honestLines), { maxLength: 4 }),
        fc.array(fc.constantFrom(...honestLines), { maxLength: 4 }),
        fc.boolean(),
        async (index, before, after, twice) => {
          const leak = allCases[index]!.make();
          const body = twice ? `${leak.text}\n${leak.text}` : leak.text;
          const findings = await findSecrets([...before, body, ...after].join('\n'));
          expect(shownWindow(JSON.stringify(findings), leak.secrets, body), allCases[index]!.name).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each(textPositives.map(([family, cases]) => [family, cases[cases.length - 1]!] as const))(
    'by verifier --secrets, text and --json: %s',
    async (_family, [, make]) => {
      const leak = make();
      const dir = await mkdtemp(join(tmpdir(), 'contexte-jamais-'));
      const file = join(dir, 'note.md');
      await writeFile(file, leak.text);
      for (const args of [
        ['--secrets', file],
        ['--secrets', file, '--json'],
      ]) {
        const result = await verifier(args);
        expect(result.code).toBe(1);
        expect(shownWindow(result.stdout + result.stderr, leak.secrets, leak.text)).toBeUndefined();
      }
    },
  );

  it('by verifier --secrets on an export whose property name is a token', async () => {
    const token = fake.githubClassic();
    const document = openCodeExport([{ type: 'tool', tool: 'bash', state: { status: 'completed', input: { env: { [token.value]: 'oui' } }, output: '' } }]);
    const dir = await mkdtemp(join(tmpdir(), 'contexte-jamais-'));
    const file = join(dir, 'session.json');
    await writeFile(file, JSON.stringify(document));
    const result = await verifier(['--secrets', file, '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { problemes: Array<{ chemin?: string }> };
    expect(report.problemes.some((problem) => problem.chemin?.includes('ghp_****'))).toBe(true);
    expect(shownWindow(result.stdout + result.stderr, [token])).toBeUndefined();
  });
});
