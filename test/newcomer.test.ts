/**
 * What a newcomer trips on, one point at a time: each test reproduces what
 * someone following the README met, and checks the program now leads somewhere.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handoffNote } from './helpers/notes.js';
import { randomPassword } from './helpers/redis-server.js';
import { publier, recuperer, repoRoot, verifier } from './helpers/run-program.js';

describe('a Redis setting without a Redis host', () => {
  it('is a usage error naming both, and the note does not go silently to the folder box', async () => {
    const state = mkdtempSync(join(tmpdir(), 'contexte-etat-'));
    const note = join(state, 'note.md');
    writeFileSync(note, handoffNote());
    const password = randomPassword();
    const env = { XDG_STATE_HOME: state, REDISCLI_AUTH: password, REDIS_PORT: '6380' };
    const result = await publier([note, 'catalogue', 'alice', '--json'], { env });
    expect(result.code).toBe(2);
    const { erreur } = JSON.parse(result.stdout) as { erreur: { raison: string; message: string } };
    expect(erreur.raison).toBe('redis-sans-hote');
    expect(erreur.message).toContain('REDISCLI_AUTH, REDIS_PORT');
    expect(erreur.message).toContain('REDIS_HOST');
    expect(result.stdout + result.stderr).not.toContain(password);
    expect(existsSync(join(state, 'contexte-skills', 'boite'))).toBe(false);
    // `boite` says which variables it ignores, without failing: it is the command that explains the setting.
    const box = await recuperer(['boite', '--json'], { env });
    expect(box.code).toBe(0);
    expect(JSON.parse(box.stdout)).toMatchObject({ type: 'dossier', redis_sans_hote: 'REDISCLI_AUTH, REDIS_PORT' });
  });
});

describe('a team given where the workshop takes a key pattern', () => {
  it('lists the team: `list catalogue` is `list --equipe catalogue`, with --auteur too', async () => {
    const env = { CONTEXTE_DIR: mkdtempSync(join(tmpdir(), 'contexte-boite-')) };
    const note = join(env.CONTEXTE_DIR, '..', `note-${Date.now()}.md`);
    writeFileSync(note, handoffNote());
    const key = (JSON.parse((await publier([note, 'catalogue', 'alice', '--json'], { env })).stdout) as { cle: string }).cle;
    const asPattern = await recuperer(['list', 'catalogue'], { env });
    expect(asPattern.code).toBe(0);
    expect(asPattern.stdout).toContain('1 note(s) pour l’équipe catalogue');
    expect(asPattern.stdout).toContain(key);
    const json = JSON.parse((await recuperer(['list', 'catalogue', '--auteur', 'alice', '--json'], { env })).stdout) as Array<{ cle: string }>;
    expect(json.map((entry) => entry.cle)).toEqual([key]);
  });
});

describe('a reading refused because the file exists', () => {
  it('is not journaled as a reading; a delivered one is', async () => {
    const env = { CONTEXTE_DIR: mkdtempSync(join(tmpdir(), 'contexte-boite-')) };
    const folder = mkdtempSync(join(tmpdir(), 'contexte-lecteur-'));
    const note = join(folder, 'note.md');
    writeFileSync(note, handoffNote());
    const key = (JSON.parse((await publier([note, 'catalogue', 'alice', '--json'], { env })).stdout) as { cle: string }).cle;
    const readings = async () =>
      (JSON.parse((await recuperer(['journal', '--equipe', 'catalogue', '--json'], { env })).stdout) as Array<{ evenement: string }>).filter(
        (event) => event.evenement === 'lecture',
      ).length;
    const refused = await recuperer(['get', key, note, '--json'], { env });
    expect(JSON.parse(refused.stdout).erreur.raison).toBe('fichier-existe');
    expect(await readings()).toBe(0);
    expect((await recuperer(['get', key, join(folder, 'lue.md')], { env })).code).toBe(0);
    expect(await readings()).toBe(1);
  });
});

describe('a CONTEXTE_DIR that does not exist', () => {
  it('is named, and not created, by a command that reads; the first publication creates it', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'contexte-parent-'));
    const env = { CONTEXTE_DIR: join(parent, 'boite-partagee') };
    for (const args of [
      ['list', '--equipe', 'catalogue', '--json'],
      ['get', 'contexte:catalogue:alice:20261202-1412', '--json'],
      ['journal', '--equipe', 'catalogue', '--json'],
    ]) {
      const result = await recuperer(args, { env });
      expect(result.code, args.join(' ')).toBe(2);
      expect(JSON.parse(result.stdout).erreur.raison).toBe('boite-dossier-absente');
    }
    expect(existsSync(env.CONTEXTE_DIR)).toBe(false);
    const note = join(parent, 'note.md');
    writeFileSync(note, handoffNote());
    expect((await publier([note, 'catalogue', 'alice'], { env })).code).toBe(0);
    expect((await recuperer(['list', '--equipe', 'catalogue'], { env })).code).toBe(0);
  });
});

describe('what the author is shown before the note leaves', () => {
  it('verifier shows the points of vigilance the reader will see, not only the alerts', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'contexte-auteur-'));
    const note = join(folder, 'note.md');
    writeFileSync(note, handoffNote({ sections: { 'Reste à faire': '1. Supprime le dossier target avant de relancer la compilation.' } }));
    const text = await verifier([note]);
    const json = JSON.parse((await verifier([note, '--json'])).stdout) as { vigilance: Array<{ ligne: number; regle: string }> };
    expect(json.vigilance.length).toBeGreaterThan(0);
    expect(text.stdout).toContain(`Points de vigilance pour qui lira cette note : ${json.vigilance.length}.`);
    expect(text.stdout).toContain(`ligne ${json.vigilance[0]!.ligne} [${json.vigilance[0]!.regle}]`);
  });
});

describe('rubriques written as headings of another level', () => {
  it('are named as such, with the level and the line, instead of only « manquantes »', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'contexte-niveaux-'));
    const note = join(folder, 'note.md');
    writeFileSync(note, handoffNote().replace(/^## /gm, '### '));
    const result = JSON.parse((await verifier([note, '--json'])).stdout) as { problemes: Array<{ regle: string; message: string; ligne: number | null }> };
    const problem = result.problemes.find((candidate) => candidate.regle === 'rubriques')!;
    expect(problem.message).toContain('elles sont écrites en titre de niveau 3');
    expect(problem.message).toContain('« ## 1. Objectif »');
    expect(problem.ligne).toBe(handoffNote().split('\n').indexOf('## 1. Objectif') + 1);
  });
});

describe('npm ci on a fresh clone', () => {
  it('has every locked package that runs an install script approved by name, so npm warns of nothing', () => {
    const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
    const { allowScripts = {} } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of withScripts) expect(allowScripts[name], name).toBe(true);
  });
});
