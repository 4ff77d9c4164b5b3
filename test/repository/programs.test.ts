import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newRepo, noteAbout } from '../helpers/git-repo.js';
import { lire, publier, recuperer } from '../helpers/run-program.js';

describe('lire --depot', () => {
  it('prints « État du dépôt » between the alerts and the framed note, and the same as etat_depot in JSON', async () => {
    const repo = newRepo({ 'src/server.ts': 's\n', 'src/transport/http.ts': 'h\n' });
    const atNote = repo.head();
    repo.commit({ 'src/transport/http.ts': 'h2\n' });
    const note = join(repo.dir, 'CONTEXTE-2026-12-02-alice.md');
    writeFileSync(note, noteAbout({ commit: atNote.slice(0, 7), branch: 'feature/http', paths: ['src/server.ts', 'src/transport/http.ts', 'docs/absent.md'] }));

    const text = await lire([note, '--depot', repo.dir]);
    expect(text.code).toBe(0);
    const block = text.stdout.slice(text.stdout.indexOf('État du dépôt'), text.stdout.indexOf('<<<DONNEES-NON-FIABLES'));
    expect(text.stdout.indexOf('Points de vigilance')).toBeLessThan(text.stdout.indexOf('État du dépôt'));
    expect(block).toContain(`la note ${atNote.slice(0, 7)} ; HEAD ${repo.head().slice(0, 12)} → en-avance : le dépôt local a 1 commit(s) de plus`);
    expect(block).toContain('Branche : la note feature/http ; ici main (différente).');
    expect(block).toMatch(/ inchange {16}src\/server\.ts\n/);
    expect(block).toMatch(/ modifie-depuis-la-note {2}src\/transport\/http\.ts\n/);
    expect(block).toMatch(/ absent {18}docs\/absent\.md\n/);
    expect(block).toContain('Signalez chaque écart');

    // From inside the repository, --depot alone reads the current folder.
    const json = JSON.parse((await lire([note, '--depot', '--json'], { cwd: join(repo.dir, 'src') })).stdout);
    expect(json.etat_depot).toEqual({
      commit_note: atNote.slice(0, 7),
      commit_local: repo.head(),
      relation: 'en-avance',
      ecart: { avance: 1, retard: 0 },
      branche_note: 'feature/http',
      branche_locale: 'main',
      fichiers: [
        { chemin: 'src/server.ts', etat: 'inchange' },
        { chemin: 'src/transport/http.ts', etat: 'modifie-depuis-la-note' },
        { chemin: 'docs/absent.md', etat: 'absent' },
      ],
      refus: [],
      non_verifies: 0,
    });
    expect(json.cadre).toContain('<<<DONNEES-NON-FIABLES');
    // Without --depot, no git and no block.
    expect((await lire([note], { cwd: repo.dir })).stdout).not.toContain('État du dépôt');
  });

  it('says « pas-un-depot » outside a repository, and refuses a folder given without --depot or missing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'contexte-hors-depot-'));
    const note = join(folder, 'note.md');
    writeFileSync(note, noteAbout({ commit: 'abc1234' }));
    const outside = await lire([note, '--depot', folder]);
    expect(outside.stdout).toContain('pas-un-depot : ce dossier n’est pas dans un dépôt git.');
    const withoutOption = await lire([note, folder]);
    expect(withoutOption.code).toBe(2);
    expect(withoutOption.stderr).toContain('n’est lu qu’avec --depot');
    const missing = await lire([note, '--depot', join(folder, 'absent')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('de --depot est introuvable');
  });

  it('runs nothing the repository’s configuration or the environment names: no pager, fsmonitor, hook, external diff, other GIT_DIR', async () => {
    const repo = newRepo({ 'src/a.ts': 'a\n' });
    const atNote = repo.head();
    repo.commit({ 'src/a.ts': 'a2\n' });
    const marker = join(mkdtempSync(join(tmpdir(), 'contexte-marque-')), 'lance');
    const script = join(repo.dir, '.git', 'piege.sh');
    writeFileSync(script, `#!/bin/sh\ntouch '${marker}'\n`);
    chmodSync(script, 0o755);
    for (const setting of ['core.pager', 'core.fsmonitor', 'diff.external', 'core.hooksPath', 'pager.status', 'pager.diff'])
      repo.git('config', setting, setting === 'core.hooksPath' ? join(repo.dir, '.git') : script);
    for (const hook of ['post-checkout', 'post-index-change', 'reference-transaction']) {
      writeFileSync(join(repo.dir, '.git', hook), `#!/bin/sh\ntouch '${marker}'\n`);
      chmodSync(join(repo.dir, '.git', hook), 0o755);
    }
    repo.write({ 'src/a.ts': 'a3\n' });
    const elsewhere = newRepo();
    const note = join(repo.dir, 'note.md');
    writeFileSync(note, noteAbout({ commit: atNote, paths: ['src/a.ts'] }));
    const result = await lire([note, '--depot', '--json'], {
      cwd: repo.dir,
      env: { GIT_DIR: join(elsewhere.dir, '.git'), GIT_WORK_TREE: elsewhere.dir, GIT_EXTERNAL_DIFF: script, GIT_PAGER: script, PAGER: script },
    });
    const state = JSON.parse(result.stdout).etat_depot;
    expect(state.commit_local).toBe(repo.head());
    expect(state.fichiers).toEqual([{ chemin: 'src/a.ts', etat: 'modifie-depuis-la-note' }]);
    expect(existsSync(marker)).toBe(false);
  });

  it('shows a hostile field escaped and masked, never passes it to git, and creates nothing', async () => {
    const repo = newRepo({ 'src/a.ts': 'a\n' });
    const trap = join(mkdtempSync(join(tmpdir(), 'contexte-piege-')), 'sortie');
    const note = join(repo.dir, 'note.md');
    writeFileSync(note, noteAbout({ commit: `"--output=${trap}"`, branch: '"main\\u001b[2J"', paths: [`--output=${trap}`, '../../../etc/passwd'] }));
    const result = await lire([note, '--depot'], { cwd: repo.dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('refuse : le champ commit de la note n’est pas un commit ; il n’a pas été passé à git.');
    expect(result.stdout).toContain(`Refusé : commit « --output=${trap} »`);
    expect(result.stdout).toContain('Refusé : branche « main\\u{1B}[2J »');
    expect(result.stdout).toContain('Refusé : chemin « ../../../etc/passwd » (contient « .. » : sort du dépôt)');
    expect(result.stdout).not.toContain('\u001b');
    expect(existsSync(trap)).toBe(false);
  });
});

describe('recuperer get inside a repository', () => {
  it('adds « État du dépôt » to --cadre and etat_depot to --json; outside a repository, neither', async () => {
    const repo = newRepo({ 'src/server.ts': 's\n' });
    const env = { CONTEXTE_DIR: mkdtempSync(join(tmpdir(), 'contexte-boite-')) };
    const note = join(repo.dir, 'CONTEXTE-2026-12-02-alice.md');
    writeFileSync(note, noteAbout({ commit: repo.head(), branch: 'main', paths: ['src/server.ts'] }));
    const published = JSON.parse((await publier([note, 'catalogue', 'alice', '--json'], { env })).stdout);
    repo.write({ 'src/server.ts': 's2\n' });

    const framed = await recuperer(['get', published.cle, join(repo.dir, 'recue.md'), '--cadre'], { env, cwd: repo.dir });
    expect(framed.code).toBe(0);
    const block = framed.stdout.slice(framed.stdout.indexOf('État du dépôt'), framed.stdout.indexOf('<<<DONNEES-NON-FIABLES'));
    expect(block).toContain('→ identique : HEAD est le commit de la note.');
    expect(block).toMatch(/modifie-localement {2}src\/server\.ts/);

    const json = JSON.parse((await recuperer(['get', published.cle, join(repo.dir, 'recue2.md'), '--json'], { env, cwd: repo.dir })).stdout);
    expect(json.etat_depot).toMatchObject({ relation: 'identique', fichiers: [{ chemin: 'src/server.ts', etat: 'modifie-localement' }] });

    const away = mkdtempSync(join(tmpdir(), 'contexte-ailleurs-'));
    const outside = await recuperer(['get', published.cle, join(away, 'recue.md'), '--cadre'], { env, cwd: away });
    expect(outside.code).toBe(0);
    expect(outside.stdout).not.toContain('État du dépôt');
  });
});
