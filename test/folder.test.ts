/** What only the folder mailbox has: the default location, file modes, a shared folder, the journal file. */
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMailbox } from '../scripts-src/lib/mailbox/open.js';
import { handoffNote } from './helpers/notes.js';
import { programPaths, publier, recuperer } from './helpers/run-program.js';

let root: string;
let note: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'contexte-dossier-'));
  note = join(root, 'note.md');
  await writeFile(note, handoffNote());
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o7777;

describe('folder mailbox', () => {
  it('is the default without any Redis setting, under XDG_STATE_HOME, and says so', async () => {
    const state = join(root, 'etat');
    const result = await publier([note, 'catalogue', 'alice', '--json'], { env: { XDG_STATE_HOME: state } });
    expect(result.code, result.stderr).toBe(0);
    const box = join(state, 'contexte-skills', 'boite');
    expect(JSON.parse(result.stdout).boite).toBe(`dossier ${box}`);
    const listed = await recuperer(['list', '--equipe', 'catalogue'], { env: { XDG_STATE_HOME: state } });
    expect(listed.stdout).toContain(`Boîte : dossier ${box}`);
  });

  it('keeps folders 0700 and files 0600 by default', async () => {
    const box = join(root, 'privee');
    const result = await publier([note, 'catalogue', 'alice', '--json'], { env: { CONTEXTE_DIR: box } });
    const key = (JSON.parse(result.stdout) as { cle: string }).cle;
    const stamp = key.split(':')[3];
    expect(await modeOf(box)).toBe(0o700);
    expect(await modeOf(join(box, 'catalogue'))).toBe(0o700);
    expect(await modeOf(join(box, 'catalogue', 'alice'))).toBe(0o700);
    expect(await modeOf(join(box, 'catalogue', 'alice', `contexte-${stamp}`))).toBe(0o600);
    expect(await modeOf(join(box, 'catalogue', 'alice', 'journal.jsonl'))).toBe(0o600);
    expect(await modeOf(join(box, 'catalogue', 'alice', '.en-cours'))).toBe(0o700);
  });

  it('shares with the group when the user made the folder group-accessible (chmod 2770): team 3770, author 2750, files 0640', async () => {
    const box = join(root, 'partagee');
    await mkdir(box);
    await chmod(box, 0o2770);
    const result = await publier([note, 'catalogue', 'alice', '--json'], { env: { CONTEXTE_DIR: box } });
    const stamp = (JSON.parse(result.stdout) as { cle: string }).cle.split(':')[3];
    expect(await modeOf(join(box, 'catalogue'))).toBe(0o3770);
    expect(await modeOf(join(box, 'catalogue', 'alice'))).toBe(0o2750);
    expect(await modeOf(join(box, 'catalogue', 'alice', `contexte-${stamp}`))).toBe(0o640);
    expect(await modeOf(join(box, 'catalogue', 'alice', 'journal.jsonl'))).toBe(0o640);
    // The root is the user's: it gets the sticky bit, so that no member renames a team folder someone else made.
    expect(await modeOf(box)).toBe(0o3770);
  });

  it('appends the journal as JSON lines, in the author folder of whoever acted', async () => {
    const box = join(root, 'journal');
    const env = { CONTEXTE_DIR: box };
    const key = (JSON.parse((await publier([note, 'catalogue', 'alice', '--json'], { env })).stdout) as { cle: string }).cle;
    await recuperer(['get', key, join(root, 'lue.md')], { env });
    const lines = (await readFile(join(box, 'catalogue', 'alice', 'journal.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.evenement)).toEqual(['publication', 'lecture']);
    expect(lines[0]).toMatchObject({ cle: key, auteur: 'alice', quand: expect.any(String), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const shown = await recuperer(['journal', '--equipe', 'catalogue', '--depuis', '1h'], { env });
    expect(shown.stdout).toContain('2 événement(s)');
  });

  it('deletes an expired note when it sees it', async () => {
    const box = join(root, 'expiration');
    const env = { CONTEXTE_DIR: box };
    const key = (JSON.parse((await publier([note, 'catalogue', 'alice', '--ttl', '1', '--json'], { env })).stdout) as { cle: string }).cle;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const result = await recuperer(['get', key, join(root, 'perimee.md')], { env });
    expect(result.code).toBe(3);
    expect((await readdir(join(box, 'catalogue', 'alice'))).filter((name) => name.startsWith('contexte-'))).toEqual([]);
  });

  it('purges a team with recuperer purger and keeps the journals', async () => {
    const box = join(root, 'purge');
    const env = { CONTEXTE_DIR: box };
    await publier([note, 'catalogue', 'alice'], { env });
    const bobNote = join(root, 'note-bob.md');
    await writeFile(bobNote, handoffNote({ auteur: 'bob' }));
    await publier([bobNote, 'catalogue', 'bob'], { env });
    expect((await recuperer(['purger', '--equipe', 'catalogue'], { env })).code).toBe(2);
    const purged = await recuperer(['purger', '--equipe', 'catalogue', '--oui', '--json'], { env });
    expect(JSON.parse(purged.stdout)).toMatchObject({ equipe: 'catalogue', supprimees: 2 });
    expect((await readdir(join(box, 'catalogue'))).sort()).toEqual(['alice', 'bob']);
    for (const author of ['alice', 'bob'])
      expect((await readdir(join(box, 'catalogue', author))).filter((name) => !name.startsWith('.'))).toEqual(['journal.jsonl']);
  });
});

describe('a reader that stops early', () => {
  it('ends recuperer quietly with exit 0 when the pipe closes (list | head)', async () => {
    const box = join(root, 'tuyau');
    const mailbox = await openMailbox({ CONTEXTE_DIR: box }, 'publish');
    try {
      for (let index = 0; index < 300; index++) {
        await mailbox.publish({
          team: 'catalogue',
          author: `auteur${index}`,
          note: Buffer.from('# note\n'),
          ttlSeconds: 600,
          now: new Date(),
          summary: { title: 'Une note parmi trois cents' },
        });
      }
    } finally {
      await mailbox.close();
    }
    const script = `set -o pipefail; node "${programPaths.recuperer}" list --equipe catalogue --tout --json | head -c 100 > /dev/null`;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn('bash', ['-c', script], { env: { PATH: process.env.PATH ?? '', HOME: root, CONTEXTE_DIR: box } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 60_000);
});
