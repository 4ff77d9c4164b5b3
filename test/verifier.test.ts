import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoffNote } from './helpers/notes.js';
import { verifier } from './helpers/run-program.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contexte-verifier-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let counter = 0;
async function file(content: string, extension = 'md'): Promise<string> {
  const path = join(dir, `fichier-${++counter}.${extension}`);
  await writeFile(path, content);
  return path;
}
const randomAlnum = (length: number) =>
  Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[Math.floor(Math.random() * 62)]).join('');

describe('verifier', () => {
  it('passes a well-formed note with exit 0', async () => {
    const result = await verifier([await file(handoffNote())]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('aucun problème trouvé');
  });

  it('reports each problem with its rule and line, and exits 1', async () => {
    const token = `glpat-${randomAlnum(20)}`;
    const note = handoffNote({ extra: `Jeton du bot : ${token}\nVoir /home/alice/notes.txt\n` }).replace('## 5. Impasses', '## 5. Pistes');
    const result = await verifier([await file(note)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('[rubriques] rubrique(s) manquante(s) : Impasses');
    expect(result.stdout).toMatch(/ligne \d+ \[jeton-gitlab\] secret probable : .*glpat-\*\*\*\*/);
    expect(result.stdout).toMatch(/ligne \d+ \[chemin-personnel\]/);
    expect(result.stdout + result.stderr).not.toContain(token.slice(6, 14));
    expect(result.stdout).not.toContain('alice');
  });

  it('prints the documented JSON report', async () => {
    const result = await verifier([await file(handoffNote({ extra: 'x <!-- contexte:autorise --> password: Quartz15%wjSu\n' })), '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ ok: true, acceptes: 1 });
    expect(report.problemes).toEqual([
      {
        regle: 'affectation',
        message: 'secret probable',
        ligne: expect.any(Number),
        chemin: null,
        extrait: expect.stringContaining('****'),
        accepte: true,
        source: null,
      },
    ]);
    expect(result.stdout).not.toContain('Quartz15');
  });

  it('checks secrets alone with --secrets, on a note without rubriques', async () => {
    expect((await verifier(['--secrets', await file('# brouillon\nRien de secret ici ; le token expire vite.\n')])).code).toBe(0);
    const result = await verifier(['--secrets', await file(`AWS_SECRET_ACCESS_KEY=${randomAlnum(40)}\n`)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('ligne 1 [affectation]');
  });

  it('checks every string of a JSON export with --secrets and names its path', async () => {
    const token = `ghp_${randomAlnum(36)}`;
    const exported = { info: { id: 'ses_1' }, messages: [{ info: { id: 'msg_1' }, parts: [{ type: 'text', text: `ok\npushed with ${token}` }] }] };
    const result = await verifier(['--secrets', await file(JSON.stringify(exported, null, 2), 'json'), '--json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).problemes[0]).toMatchObject({ regle: 'jeton-github', chemin: 'messages[0].parts[0].text', ligne: 2 });
    expect(result.stdout).not.toContain(token.slice(4, 16));
  });

  it('checks several files at once: a report each, exit 1 when any is refused, one JSON object each', async () => {
    const good = await file(handoffNote());
    const bad = await file(handoffNote({ extra: `Jeton : ghp_${randomAlnum(36)}\n` }));
    const text = await verifier([good, bad]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(good);
    expect(text.stdout).toContain(bad);
    const json = await verifier([good, bad, '--json']);
    expect((JSON.parse(json.stdout) as Array<{ fichier: string; ok: boolean }>).map(({ fichier, ok }) => [fichier, ok])).toEqual([
      [good, true],
      [bad, false],
    ]);
    expect((await verifier([good, good])).code).toBe(0);
  });

  it.each([
    [[], 2, 'argument manquant : <fichier>…'],
    [['/nonexistent/note.md'], 3, 'introuvable'],
    [['--nope', 'x'], 2, 'option inconnue'],
  ])('refuses %j with exit %i', async (args, code, message) => {
    const result = await verifier(args);
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(message);
  });
});
