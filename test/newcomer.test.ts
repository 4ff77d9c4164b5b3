/**
 * What a newcomer trips on, one point at a time: each test reproduces what
 * someone following the README met, and checks the program now leads somewhere.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newRepo, noteAbout } from './helpers/git-repo.js';
import { handoffNote } from './helpers/notes.js';
import { randomPassword } from './helpers/redis-server.js';
import { attendre, publier, recuperer, repoRoot, verifier } from './helpers/run-program.js';

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

/** The newcomer's second round (issue 37): each point someone following the README met, one test each. */
describe('the newcomer’s second round', () => {
  const folder = () => mkdtempSync(join(tmpdir(), 'contexte-second-'));
  const noteIn = (dir: string, content = handoffNote()) => {
    const path = join(dir, 'note.md');
    writeFileSync(path, content);
    return path;
  };

  it('publier --help names every command’s JSON, never « undefined »', async () => {
    const help = (await publier(['--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).not.toContain('undefined');
    expect(help).toMatch(/<fichier> <equipe> \[auteur\] \[session\.json\] : \{ cle,/);
    expect(help).toMatch(/identite : \{ identite, empreinte, creee, fichier/);
  });

  it('publier --modifs leaves the pack’s own install out of the work in progress, and says so', async () => {
    const repo = newRepo({ 'src/app.ts': 'v1\n' });
    repo.write({
      'src/app.ts': 'v2\n',
      '.opencode/skills/publier-contexte/SKILL.md': 'skill\n',
      '.agents/skills/recuperer-contexte/scripts/recuperer.js': '// bundle\n',
      'opencode.json': `${JSON.stringify({ $schema: 'https://opencode.ai/config.json', share: 'disabled' }, null, 2)}\n`,
      'notes/brouillon.md': 'à moi\n',
    });
    const env = { CONTEXTE_DIR: folder() };
    const note = noteIn(folder(), noteAbout({ commit: repo.head() }));
    const result = await publier([note, 'catalogue', 'alice', '--modifs', '--json'], { env, cwd: repo.dir });
    expect(result.code, result.stderr).toBe(0);
    const { modifs } = JSON.parse(result.stdout) as { modifs: { non_suivis: string[]; installation_du_pack: string[] } };
    expect(modifs.non_suivis).toEqual(['notes/brouillon.md']);
    expect(modifs.installation_du_pack.sort()).toEqual([
      '.agents/skills/recuperer-contexte/scripts/recuperer.js',
      '.opencode/skills/publier-contexte/SKILL.md',
      'opencode.json',
    ]);
    const text = await publier([note, 'catalogue', 'alice', '--modifs'], { env, cwd: repo.dir });
    expect(text.stdout).toContain(
      'Laissé de côté : l’installation du pack (.agents/skills/recuperer-contexte/, .opencode/skills/publier-contexte/, opencode.json)',
    );
    // An opencode.json the user wrote is theirs: named as untracked work.
    repo.write({ 'opencode.json': JSON.stringify({ share: 'disabled', model: 'x/y' }) });
    const own = JSON.parse((await publier([note, 'catalogue', 'alice', '--modifs', '--json'], { env, cwd: repo.dir })).stdout) as {
      modifs: { non_suivis: string[] };
    };
    expect(own.modifs.non_suivis).toContain('opencode.json');
  });

  it('attendre’s timeout advice repeats the delay it was given, and Ctrl-C says one line and exits 130', async () => {
    const env = { CONTEXTE_DIR: folder() };
    const expired = await recuperer(['attendre', '--equipe', 'catalogue', '--auteur', 'bob', '--delai', '2s', '--json'], { env });
    expect(expired.code).toBe(3);
    expect(JSON.parse(expired.stdout).erreur.conseil).toContain('« recuperer attendre --equipe catalogue --auteur bob --delai 2s »');
    const waiting = attendre(['--equipe', 'catalogue', '--delai', '1min'], env);
    await waiting.listening;
    waiting.interrupt();
    const stopped = await waiting.done;
    expect(stopped.code).toBe(130);
    const after = stopped.stderr.slice(stopped.stderr.indexOf('…\n') + 2);
    expect(after).toMatch(/^Attente interrompue \(Ctrl-C\) après \d+ s : aucune note n’a été récupérée\.\n$/);
  });

  it('list marks a plain note of a sealed team, which get will refuse, before anyone tries', async () => {
    const env = { CONTEXTE_DIR: folder(), XDG_CONFIG_HOME: folder() };
    const dir = folder();
    const plain = JSON.parse((await publier([noteIn(dir), 'catalogue', 'alice', '--json'], { env })).stdout).cle as string;
    expect((await publier(['identite', '--equipe', 'catalogue', '--auteur', 'alice'], { env })).code).toBe(0);
    expect((await recuperer(['boite', '--sceller', '--equipe', 'catalogue'], { env })).code).toBe(0);
    const listed = JSON.parse((await recuperer(['list', '--equipe', 'catalogue', '--json'], { env })).stdout) as Array<{ cle: string; non_signee: boolean }>;
    expect(listed.map((row) => [row.cle, row.non_signee])).toEqual([[plain, true]]);
    expect((await recuperer(['list', '--equipe', 'catalogue'], { env })).stdout).toContain('[NON SIGNÉE]');
    const refused = await recuperer(['get', plain, join(dir, 'lue.md'), '--json'], { env });
    expect(refused.code).toBe(1);
  });

  it('a default private box that does not know the team says each account has its own, and names CONTEXTE_DIR', async () => {
    const result = await recuperer(['list', '--equipe', 'catalogue'], { env: { XDG_STATE_HOME: folder() } });
    expect(result.stdout).toContain('chaque compte a la sienne');
    expect(result.stdout).toContain('CONTEXTE_DIR');
    const shared = await recuperer(['list', '--equipe', 'catalogue'], { env: { CONTEXTE_DIR: folder() } });
    expect(shared.stdout).toContain('est inconnue');
    expect(shared.stdout).not.toContain('chaque compte a la sienne');
  });

  it('does not call an absolute path relative', async () => {
    const missing = join(folder(), 'absente.md');
    const absolute = JSON.parse((await verifier([missing, '--json'])).stdout).erreur.conseil as string;
    expect(absolute).not.toContain('relatif');
    const dir = folder();
    const relative = JSON.parse((await verifier(['absente.md', '--json'], { cwd: dir })).stdout).erreur.conseil as string;
    expect(relative).toContain(`relatif au dossier courant (« ${dir} »)`);
  });

  it('get’s « clé invalide » help names modifs: keys', async () => {
    const result = await recuperer(['get', 'modifs-catalogue', '--json'], { env: { CONTEXTE_DIR: folder() } });
    expect(JSON.parse(result.stdout).erreur).toMatchObject({ raison: 'cle-invalide' });
    expect(JSON.parse(result.stdout).erreur.conseil).toContain('modifs:');
  });

  it('verifier reports a header field at its own line', async () => {
    const note = noteIn(folder(), handoffNote().replace('auteur: alice', 'auteur: "alice martin"'));
    const { problemes } = JSON.parse((await verifier([note, '--json'])).stdout) as { problemes: Array<{ regle: string; ligne: number; message: string }> };
    const header = problemes.find((problem) => problem.regle === 'en-tete')!;
    expect(header.message).toContain('« auteur »');
    expect(header.ligne).toBe(3);
  });
});
