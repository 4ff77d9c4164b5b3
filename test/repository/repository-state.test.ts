import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryState } from '../../scripts-src/lib/repository/repository-state.js';
import { cloneOf, newRepo, noteAbout } from '../helpers/git-repo.js';

const statesOf = (state: ReturnType<typeof repositoryState>) => Object.fromEntries(state.files.map((file) => [file.path, file.state]));

describe('the note’s commit against HEAD, computed by git', () => {
  it('identique, en-avance, en-retard, diverge, with the counts', () => {
    const repo = newRepo();
    const first = repo.commit({ 'a.txt': '1\n' });
    const second = repo.commit({ 'a.txt': '2\n' });
    const third = repo.commit({ 'a.txt': '3\n' });
    expect(repositoryState(noteAbout({ commit: third.slice(0, 7), branch: 'main' }), repo.dir)).toMatchObject({
      relation: 'identique',
      gap: { ahead: 0, behind: 0 },
      noteCommit: third.slice(0, 7),
      localCommit: third,
      noteBranch: 'main',
      localBranch: 'main',
    });
    expect(repositoryState(noteAbout({ commit: first }), repo.dir)).toMatchObject({ relation: 'en-avance', gap: { ahead: 2, behind: 0 } });
    repo.git('checkout', '-q', first);
    expect(repositoryState(noteAbout({ commit: third }), repo.dir)).toMatchObject({ relation: 'en-retard', gap: { ahead: 0, behind: 2 } });
    expect(repositoryState(noteAbout({ commit: third }), repo.dir).localBranch).toBeUndefined();
    repo.git('checkout', '-q', '-b', 'autre', second);
    const other = repo.commit({ 'b.txt': 'b\n' });
    expect(other).not.toBe(third);
    expect(repositoryState(noteAbout({ commit: third, branch: 'main' }), repo.dir)).toMatchObject({
      relation: 'diverge',
      gap: { ahead: 1, behind: 1 },
      localBranch: 'autre',
    });
  });

  it('inconnu when the commit is not in this clone or the repository has no commit; absent when the note gives none; pas-un-depot outside git', () => {
    const repo = newRepo();
    expect(repositoryState(noteAbout({ commit: 'deadbeefdeadbeef' }), repo.dir).relation).toBe('inconnu');
    expect(repositoryState(noteAbout({}), repo.dir)).toMatchObject({ relation: 'absent' });
    const empty = mkdtempSync(join(tmpdir(), 'contexte-vide-'));
    expect(repositoryState(noteAbout({ commit: 'abcd1234' }), empty)).toMatchObject({ relation: 'pas-un-depot', files: [] });
    repo.git('checkout', '-q', '--orphan', 'vide');
    repo.git('rm', '-rq', '--cached', '.');
    const unborn = repositoryState(noteAbout({ commit: 'abcd1234' }), repo.dir);
    expect(unborn.relation).toBe('inconnu');
    expect(unborn.localCommit).toBeUndefined();
  });

  it('reads the commit as written: a hash of digits is not turned into a number by YAML', () => {
    const repo = newRepo();
    let digits = repo.head();
    // Commit until one's short hash is only digits would take too long: the note's field is what is checked.
    for (const written of ['0123456', '1e10', '3e45678']) {
      const state = repositoryState(noteAbout({ commit: written }), repo.dir);
      expect(state.noteCommit).toBe(written);
      expect(state.relation).toBe('inconnu');
    }
    digits = digits.slice(0, 10);
    expect(repositoryState(noteAbout({ commit: `"${digits}"` }), repo.dir).relation).toBe('identique');
  });

  it('a file the note’s commit changed and this clone has not fetched yet is newer in the note, not « changed since » it', () => {
    const origin = newRepo({ 'src/server.ts': 'serveur\n' });
    const ahead = cloneOf(origin);
    const aheadNote = origin.commit({ 'src/server.ts': 'serveur v3\n' });
    ahead.git('fetch', '-q', 'origin');
    expect(repositoryState(noteAbout({ commit: aheadNote, branch: 'main', paths: ['src/server.ts'] }), ahead.dir)).toMatchObject({
      relation: 'en-retard',
      files: [{ path: 'src/server.ts', state: 'plus-recent-dans-la-note' }],
    });
    // Diverged: what HEAD changed is « since the note », what only the note's side changed is newer in the note.
    ahead.commit({ 'src/local.ts': 'local\n' });
    expect(statesOf(repositoryState(noteAbout({ commit: aheadNote, paths: ['src/server.ts', 'src/local.ts'] }), ahead.dir))).toEqual({
      'src/server.ts': 'plus-recent-dans-la-note',
      'src/local.ts': 'modifie-depuis-la-note',
    });
  });

  it('a note written in one clone, resumed in another: same commit, a later commit, a diverged branch, a commit not fetched yet', () => {
    const origin = newRepo({ 'src/server.ts': 'serveur\n' });
    const colleague = cloneOf(origin);
    const atNote = origin.head();
    const note = noteAbout({ commit: atNote.slice(0, 9), branch: 'main', paths: ['src/server.ts'] });
    expect(repositoryState(note, colleague.dir)).toMatchObject({ relation: 'identique', files: [{ path: 'src/server.ts', state: 'inchange' }] });

    colleague.commit({ 'src/server.ts': 'serveur v2\n' });
    expect(repositoryState(note, colleague.dir)).toMatchObject({
      relation: 'en-avance',
      gap: { ahead: 1, behind: 0 },
      files: [{ path: 'src/server.ts', state: 'modifie-depuis-la-note' }],
    });

    const later = origin.commit({ 'src/client.ts': 'client\n' });
    const newer = noteAbout({ commit: later, branch: 'main', paths: ['src/client.ts'] });
    expect(repositoryState(newer, colleague.dir)).toMatchObject({ relation: 'inconnu', files: [{ path: 'src/client.ts', state: 'absent' }] });
    colleague.git('fetch', '-q', 'origin');
    expect(repositoryState(newer, colleague.dir)).toMatchObject({ relation: 'diverge', gap: { ahead: 1, behind: 1 } });
  });
});

describe('each file the note names', () => {
  it('inchange, modifie-depuis-la-note, modifie-localement (changed, deleted or untracked), absent; folders too', () => {
    const repo = newRepo({ 'src/a.ts': 'a\n', 'src/b.ts': 'b\n', 'src/c.ts': 'c\n', 'lib/d.ts': 'd\n', 'docs/e.md': 'e\n' });
    const atNote = repo.head();
    repo.commit({ 'src/b.ts': 'b2\n' });
    repo.write({ 'src/c.ts': 'c2\n', 'nouveau.ts': 'n\n' });
    rmSync(join(repo.dir, 'lib/d.ts'));
    const paths = ['src/a.ts', 'src/b.ts', 'src/c.ts', 'lib/d.ts', 'nouveau.ts', 'absent/f.ts', 'docs/', './docs/e.md', 'src', 'HttpTransport'];
    const state = repositoryState(noteAbout({ commit: atNote, paths }), repo.dir);
    expect(statesOf(state)).toEqual({
      'src/a.ts': 'inchange',
      'src/b.ts': 'modifie-depuis-la-note',
      'src/c.ts': 'modifie-localement',
      'lib/d.ts': 'modifie-localement',
      'nouveau.ts': 'modifie-localement',
      'absent/f.ts': 'absent',
      docs: 'inchange',
      'docs/e.md': 'inchange',
      src: 'modifie-depuis-la-note',
    });
  });

  it('reads paths from a list, a table and links of « Fichiers clés », and those of « État » git knows', () => {
    const repo = newRepo({ 'src/a.ts': 'a\n', 'src/b.ts': 'b\n', 'c/d.ts': 'd\n', 'e/f.md': 'f\n', 'g.json': '{}\n' });
    const note = noteAbout({ commit: repo.head(), etat: 'Tests verts (`npm test`) ; voir `g.json` et `console.log`.' }).replace(
      /## 6\. Fichiers clés\n\nrien/,
      '## 6. Fichiers clés\n\n- src/a.ts — entrée\n* **src/b.ts** : rôle\n- [la doc](e/f.md)\n\n| Fichier | Rôle |\n|---|---|\n| `c/d.ts` | d |',
    );
    expect(statesOf(repositoryState(note, repo.dir))).toEqual({
      'g.json': 'inchange',
      'src/a.ts': 'inchange',
      'src/b.ts': 'inchange',
      'e/f.md': 'inchange',
      'c/d.ts': 'inchange',
    });
  });

  it('inconnu for a present file when the note’s commit is not here: nothing claims it unchanged', () => {
    const repo = newRepo({ 'src/a.ts': 'a\n' });
    expect(statesOf(repositoryState(noteAbout({ commit: 'feedface', paths: ['src/a.ts', 'x.ts'] }), repo.dir))).toEqual({
      'src/a.ts': 'inconnu',
      'x.ts': 'absent',
    });
  });

  it('refuses a symbolic link (or a folder of links) that leaves the repository, and a dangling one, without following it', () => {
    const outside = mkdtempSync(join(tmpdir(), 'contexte-dehors-'));
    writeFileSync(join(outside, 'secret.txt'), 'dehors\n');
    const repo = newRepo({ 'src/a.ts': 'a\n' });
    symlinkSync(join(outside, 'secret.txt'), join(repo.dir, 'lien.txt'));
    symlinkSync(outside, join(repo.dir, 'dossier-lien'));
    symlinkSync(join(outside, 'nulle-part'), join(repo.dir, 'casse'));
    mkdirSync(join(repo.dir, 'src/interne'));
    symlinkSync('../a.ts', join(repo.dir, 'src/interne/vers-a.ts'));
    const state = repositoryState(
      noteAbout({ commit: repo.head(), paths: ['lien.txt', 'dossier-lien/secret.txt', 'dossier-lien/absent.txt', 'casse', 'src/interne/vers-a.ts'] }),
      repo.dir,
    );
    expect(statesOf(state)).toEqual({
      'lien.txt': 'refuse',
      'dossier-lien/secret.txt': 'refuse',
      'dossier-lien/absent.txt': 'refuse',
      casse: 'refuse',
      'src/interne/vers-a.ts': 'modifie-localement',
    });
  });

  it('checks at most 100 paths and says how many were left', () => {
    const repo = newRepo();
    const paths = Array.from({ length: 130 }, (_, index) => `f/${index}.ts`);
    const state = repositoryState(noteAbout({ commit: repo.head(), paths }), repo.dir);
    expect(state.files).toHaveLength(100);
    expect(state.leftOut).toBe(30);
  });
});

describe('a note’s fields are hostile input to git', () => {
  it('reports a commit, a branch or a path that tries an option or leaves the repository, and gives git none of them', () => {
    const repo = newRepo({ 'src/a.ts': 'a\n' });
    const trap = join(tmpdir(), `contexte-piege-${process.pid}`);
    const hostile = noteAbout({
      commit: `"--output=${trap}"`,
      branch: '"-c core.pager=touch /tmp/x"',
      paths: [`--output=${trap}`, '../../etc/passwd', '/etc/passwd', 'src\\a.ts', ':(glob)**', 'src/a.ts'],
    });
    const state = repositoryState(hostile, repo.dir);
    expect(state.relation).toBe('refuse');
    expect(state.noteCommit).toBeUndefined();
    expect(state.noteBranch).toBeUndefined();
    expect(state.refused.map((refused) => [refused.field, refused.value])).toEqual([
      ['commit', `--output=${trap}`],
      ['branche', '-c core.pager=touch /tmp/x'],
      ['chemin', `--output=${trap}`],
      ['chemin', '../../etc/passwd'],
      ['chemin', '/etc/passwd'],
      ['chemin', 'src\\a.ts'],
      ['chemin', ':(glob)**'],
    ]);
    expect(statesOf(state)).toEqual({ 'src/a.ts': 'inconnu' });
    expect(existsSync(trap)).toBe(false);
  });

  it.each([
    ['feature/http', true],
    ['release-1.2', true],
    ['-x', false],
    ['a..b', false],
    ['a b', false],
    ['a~1', false],
    ['a^', false],
    ['a:b', false],
    ['a.lock', false],
    ['.cache', false],
    ['a/', false],
    ['@{-1}', false],
    ['a\u202eb', false],
  ])('branch %j valid: %s', (branch, valid) => {
    const state = repositoryState(noteAbout({ branch: JSON.stringify(branch) }), mkdtempSync(join(tmpdir(), 'contexte-b-')));
    expect(state.noteBranch === branch).toBe(valid);
    expect(state.refused.length === 0).toBe(valid);
  });
});
