import { describe, expect, it } from 'vitest';
import { checkNote } from '../../scripts-src/lib/checks/check-note.js';
import { readFrontMatter } from '../../scripts-src/lib/checks/front-matter.js';
import { refusing } from '../../scripts-src/lib/checks/problem.js';
import { ACCEPT_MARKER } from '../../scripts-src/lib/secrets/find-secrets.js';
import { handoffNote, RUBRIQUES } from '../helpers/notes.js';

const rulesOf = async (text: string) => refusing(await checkNote(text)).map((problem) => problem.rule);

describe('checkNote', () => {
  it('accepts a note written as partager-contexte asks', async () => {
    expect(await rulesOf(handoffNote())).toEqual([]);
  });

  it('accepts the same note with CRLF line ends', async () => {
    expect(await rulesOf(handoffNote().replace(/\n/g, '\r\n'))).toEqual([]);
  });

  it('accepts `---` lines in the body after the header', async () => {
    expect(await rulesOf(`${handoffNote()}\n---\n\nFin.\n`)).toEqual([]);
  });

  it('refuses a note without header', async () => {
    const problems = refusing(await checkNote(handoffNote().replace(/^---[\s\S]*?\n---\n/, '')));
    expect(problems).toEqual([expect.objectContaining({ rule: 'en-tete', line: 1, message: expect.stringContaining('ne commence pas par un en-tête YAML') })]);
  });

  it.each(['titre', 'auteur', 'equipe', 'date', 'resume'])('names the missing header field %s', async (field) => {
    const note = handoffNote().replace(new RegExp(`^${field}:.*\\n`, 'm'), '');
    expect(refusing(await checkNote(note)).map((problem) => problem.message)).toEqual([`champ « ${field} » manquant ou vide dans l’en-tête`]);
  });

  it('refuses an author that cannot be a key part', async () => {
    expect(refusing(await checkNote(handoffNote({ auteur: 'Alice Martin' })))[0]?.message).toContain('« auteur » : identifiant court attendu');
  });

  it.each([
    ['an unclosed header', '---\ntitre: x\n# Objectif\n', 'non fermé'],
    ['a header that is not YAML', '---\ntitre: [unclosed\n---\n', 'en-tête YAML invalide : indentation incohérente'],
    ['a header with a tab as indentation', '---\ntitre: x\n\tauteur: y\n---\n', 'en-tête YAML invalide :'],
    ['a header that is a list', '---\n- a\n- b\n---\n', 'une liste de champs'],
    ['an empty header', '---\n---\n', 'une liste de champs'],
  ])('refuses %s', async (_, text, message) => {
    const problems = refusing(await checkNote(text));
    expect(problems[0]).toMatchObject({ rule: 'en-tete', message: expect.stringContaining(message) });
    // The parser's own codes (MISSING_CHAR…) are said in French, never shown raw.
    expect(problems[0]!.message).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
  });

  it('refuses a YAML alias bomb quickly instead of expanding it', async () => {
    const bomb = ['---', 'a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (const [name, previous] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
      ['f', 'e'],
      ['g', 'f'],
      ['h', 'g'],
      ['i', 'h'],
    ]) {
      bomb.push(`${name}: &${name} [*${previous},*${previous},*${previous},*${previous},*${previous},*${previous},*${previous},*${previous},*${previous}]`);
    }
    const started = performance.now();
    const header = readFrontMatter(`${bomb.join('\n')}\n---\n`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(header).toMatchObject({ status: 'invalid', reason: expect.stringContaining('trop d’alias') });
  });

  it('refuses a header of a megabyte without parsing it', async () => {
    const header = readFrontMatter(`---\n${'x: y\n'.repeat(200_000)}---\n`);
    expect(header).toMatchObject({ status: 'invalid', reason: expect.stringContaining('trop long') });
  });

  it('refuses a raw transcript: rubriques missing', async () => {
    const transcript = handoffNote().replace(/## \d+\. .*\n/g, '');
    const [problem] = refusing(await checkNote(transcript));
    expect(problem).toMatchObject({ rule: 'rubriques', message: expect.stringContaining(RUBRIQUES.join(', ')) });
  });

  it('names the rubriques that are missing', async () => {
    const note = handoffNote().replace('## 5. Impasses', '## 5. Pistes').replace('## 9. Conditions', '## 9. Environnement');
    expect(refusing(await checkNote(note))[0]?.message).toContain('manquante(s) : Impasses, Conditions');
  });

  it('refuses rubriques out of order', async () => {
    const note = handoffNote().replace('## 1. Objectif', '## 1. XX').replace('## 3. Décisions et raisons', '## 3. Décisions et raisons\n\n## Objectif');
    expect(refusing(await checkNote(note))[0]?.message).toContain('« État » hors de son ordre');
  });

  it('recognises rubriques without numbers, accents or with emphasis', async () => {
    const note = handoffNote().replace(
      /## \d+\. (.*)/g,
      (_, title: string) =>
        `## **${title
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toUpperCase()}**`,
    );
    expect(await rulesOf(note)).toEqual([]);
  });

  it.each([
    ['a level-3 heading', (note: string) => note.replace('## 7. Commandes utiles', '### 7. Commandes utiles')],
    ['a level-1 heading', (note: string) => note.replace('## 7. Commandes utiles', '# 7. Commandes utiles')],
    ['a `# Commandes utiles` comment inside a code block', (note: string) => note.replace('## 7. Commandes utiles', '```bash\n# Commandes utiles\n```')],
  ])('does not take %s for a rubrique (level 2 exactly, never in code)', async (_name, change) => {
    expect(await rulesOf(change(handoffNote()))).toContain('rubriques');
  });

  it.each(['/home/alice/projets/x', '/Users/bob/code/y', 'C:\\Users\\carole\\src\\z'])('refuses the personal path %s and masks the name', async (path) => {
    const [problem] = refusing(await checkNote(handoffNote({ extra: `Voir ${path}\n` })));
    expect(problem).toMatchObject({ rule: 'chemin-personnel' });
    expect(problem?.excerpt).toContain('<nom>');
    expect(JSON.stringify(problem)).not.toMatch(/alice|bob|carole/);
  });

  it('reports each personal path at its own line, accepted only where its line carries the marker (CRLF too)', async () => {
    const note = handoffNote({ extra: `Voir /home/alice/a ${ACCEPT_MARKER}\nPuis /Users/bob/b\n` }).replace(/\n/g, '\r\n');
    const lines = note.split('\r\n');
    const found = (await checkNote(note)).problems.filter((problem) => problem.rule === 'chemin-personnel');
    expect(found.map(({ line, accepted }) => ({ line, accepted }))).toEqual([
      { line: lines.findIndex((line) => line.includes('/home/')) + 1, accepted: true },
      { line: lines.findIndex((line) => line.includes('/Users/')) + 1, accepted: false },
    ]);
  });

  it.each(['/home/<nom>/projet', '$HOME/projet', '~/projet', 'src/home/alice.ts'])('accepts %s, which is not a personal path', async (path) => {
    expect(await rulesOf(handoffNote({ extra: `Voir ${path}\n` }))).toEqual([]);
  });

  it('refuses a code block longer than ten lines, and accepts ten', async () => {
    const block = (lines: number) => `\`\`\`\n${Array.from({ length: lines }, (_, i) => `ligne ${i}`).join('\n')}\n\`\`\`\n`;
    expect(await rulesOf(handoffNote({ extra: block(10) }))).toEqual([]);
    const [problem] = refusing(await checkNote(handoffNote({ extra: block(11) })));
    expect(problem).toMatchObject({ rule: 'sortie-longue', message: expect.stringContaining('bloc de 11 lignes') });
  });

  it('accepts a false positive marked on its line, and counts it', async () => {
    const note = handoffNote({ extra: 'Le mot de passe de test est `Soleil42!abcd` <!-- contexte:autorise -->\n' });
    const report = await checkNote(note);
    expect(refusing(report)).toEqual([]);
    expect(report.problems).toEqual([expect.objectContaining({ rule: 'prose', accepted: true })]);
  });
});
