/**
 * Hostile inputs against the clock (not a test): the hostile YAML headers and
 * session exports of test/hostile/cases.ts, run through every program that
 * reads them, on the folder mailbox. The tests assert what each program
 * answers; this section bounds how long it takes (goal: each call under 3 s).
 *
 *   npm run bench   (this section is part of it)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handoffNote } from '../test/helpers/notes.js';
import { programPaths } from '../test/helpers/run-program.js';
import { hostileExports, hostileNotes } from '../test/hostile/cases.js';

const LIMIT_MS = 3000;
const STAMP = '20261202-1200';

interface Timed {
  label: string;
  ms: number;
}

export function hostileBench(): { section: string; goals: string[] } {
  const work = mkdtempSync(join(tmpdir(), 'contexte-banc-hostile-'));
  const box = join(work, 'boite');
  const env = { PATH: process.env.PATH ?? '', HOME: work, CONTEXTE_DIR: box };
  const timed: Timed[] = [];
  const time = (label: string, program: string, args: string[]) => {
    const started = performance.now();
    spawnSync(process.execPath, [program, ...args], { env, cwd: work, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 60_000 });
    timed.push({ label, ms: performance.now() - started });
  };
  try {
    for (const note of hostileNotes) {
      const file = join(work, `${note.slug}.md`);
      writeFileSync(file, note.content());
      time(`publier (${note.slug})`, programPaths.publier, [file, 'catalogue', 'alice']);
      time(`verifier (${note.slug})`, programPaths.verifier, [file]);
      time(`verifier --json (${note.slug})`, programPaths.verifier, [file, '--json']);
      time(`lire (${note.slug})`, programPaths.lire, [file]);
      // The same note dropped in the folder mailbox by another client.
      const team = `equipe-${note.slug}`;
      const folder = join(box, team, 'auteur');
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const stored = join(folder, `contexte-${STAMP}`);
      writeFileSync(stored, readFileSync(file), { mode: 0o600 });
      utimesSync(stored, new Date(), new Date(Date.now() + 600_000));
      time(`recuperer get --cadre (${note.slug})`, programPaths.recuperer, [
        'get',
        `contexte:${team}:auteur:${STAMP}`,
        join(work, `recue-${note.slug}.md`),
        '--cadre',
      ]);
      time(`recuperer list --equipe (${note.slug})`, programPaths.recuperer, ['list', '--equipe', team]);
    }
    const validNote = join(work, 'valide.md');
    writeFileSync(validNote, handoffNote());
    for (const [label, content] of hostileExports) {
      const file = join(work, `export-${label.replace(/\W+/g, '-')}.json`);
      writeFileSync(file, content());
      time(`publier avec un export : ${label}`, programPaths.publier, [validNote, 'catalogue', 'alice', file]);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const slowest = [...timed].sort((a, b) => b.ms - a.ms);
  const worst = slowest[0]!;
  const over = timed.filter((entry) => entry.ms >= LIMIT_MS);
  const goals = [
    `${over.length === 0 ? '✅' : '❌'} entrées hostiles (${timed.length} appels), chacun < 3 s : le plus lent ${worst.ms.toFixed(0)} ms (${worst.label})`,
  ];
  const section = [
    '## Entrées hostiles',
    '',
    `En-têtes YAML et exports hostiles de \`test/hostile/cases.ts\` (bombe d’alias, 1 Mo d’en-tête, 6 000 niveaux d’imbrication, JSON de 100 000 niveaux…), un appel par programme qui les lit, boîte dossier. Les cinq plus lents :`,
    '',
    '| Appel | Durée |',
    '| --- | --- |',
    ...slowest.slice(0, 5).map((entry) => `| ${entry.label} | ${entry.ms.toFixed(0)} ms |`),
    '',
  ].join('\n');
  return { section, goals };
}
