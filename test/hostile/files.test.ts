/**
 * Hostile and broken files, in every place a program reads one: publier's note
 * and session export, verifier's note and --secrets file, lire's note.
 * Each refusal: the documented exit code, one French line on stderr, no stack
 * trace, and nothing published in the (folder) mailbox.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, open, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoffNote } from '../helpers/notes.js';
import { lire, publier, type RunResult, verifier } from '../helpers/run-program.js';
import { expectNoTrace, expectPublierRefusal, expectRefusal, expectVerifierRefusal, notesIn, type ProgramName, tempDir } from './support.js';

const MIB = 1024 * 1024;
const NOTE_LIMIT = MIB;
const EXPORT_LIMIT = 32 * MIB;

let root: string;
let validNote: string;
let boxes = 0;
const files = {} as Record<'missing' | 'directory' | 'empty' | 'fifo' | 'fifoLink' | 'noteTooBig' | 'exportTooBig' | 'unreadable' | 'hostileName', string>;

/** A fresh, empty folder mailbox. */
const newBox = () => {
  const box = join(root, `boite-${++boxes}`);
  return { box, env: { CONTEXTE_DIR: box } };
};

/** A sparse file of `size` bytes: instant to make, whatever its size. */
async function sparse(path: string, size: number): Promise<string> {
  const handle = await open(path, 'w');
  await handle.truncate(size);
  await handle.close();
  return path;
}

/** A valid note padded with prose to exactly `size` bytes. */
function noteOfSize(size: number): Buffer {
  const base = Buffer.from(handoffNote({ extra: '\n' }));
  const line = 'Paragraphe de remplissage sans importance pour la reprise du travail.\n';
  const missing = size - base.length;
  const padding = `${line.repeat(Math.ceil(missing / line.length)).slice(0, missing - 1)}\n`;
  const result = Buffer.concat([base, Buffer.from(padding)]);
  expect(result.length).toBe(size);
  return result;
}

beforeAll(async () => {
  root = await tempDir('fichiers');
  validNote = join(root, 'valide.md');
  await writeFile(validNote, handoffNote());
  files.missing = join(root, 'absente.md');
  files.directory = join(root, 'un-dossier');
  await mkdir(files.directory);
  files.empty = join(root, 'vide.md');
  await writeFile(files.empty, '');
  files.fifo = join(root, 'tube');
  execFileSync('mkfifo', [files.fifo]);
  files.fifoLink = join(root, 'lien-vers-tube.md');
  await symlink(files.fifo, files.fifoLink);
  files.noteTooBig = join(root, 'note-trop-grosse.md');
  await writeFile(files.noteTooBig, noteOfSize(NOTE_LIMIT + 1));
  files.exportTooBig = await sparse(join(root, 'export-trop-gros.json'), EXPORT_LIMIT + 1);
  files.unreadable = join(root, 'illisible.md');
  await writeFile(files.unreadable, handoffNote());
  await chmod(files.unreadable, 0o000);
  files.hostileName = join(root, 'absente-\u001b[31m-\n-nom.md');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

interface Role {
  label: string;
  program: ProgramName;
  limit: number;
  run(file: string, env: Record<string, string>): Promise<RunResult>;
}

// A FIFO, a device or anything that blocks must not hold the agent: 10 s at most, then killed.
const timeoutMs = 10_000;
const roles: Role[] = [
  { label: 'publier <fichier>', program: 'publier', limit: NOTE_LIMIT, run: (file, env) => publier([file, 'catalogue', 'alice'], { env, timeoutMs }) },
  {
    label: 'publier … [session.json]',
    program: 'publier',
    limit: EXPORT_LIMIT,
    run: (file, env) => publier([validNote, 'catalogue', 'alice', file], { env, timeoutMs }),
  },
  { label: 'verifier <note>', program: 'verifier', limit: NOTE_LIMIT, run: (file, env) => verifier([file], { env, timeoutMs }) },
  { label: 'verifier --secrets <fichier>', program: 'verifier', limit: EXPORT_LIMIT, run: (file, env) => verifier(['--secrets', file], { env, timeoutMs }) },
  { label: 'lire <note>', program: 'lire', limit: NOTE_LIMIT, run: (file, env) => lire([file], { env, timeoutMs }) },
];

describe.each(roles)('$label', (role) => {
  const refuses = async (file: () => string, code: number, message: RegExp) => {
    const { box, env } = newBox();
    const result = await role.run(file(), env);
    expectRefusal(result, role.program, code, message);
    expect(await notesIn(box)).toEqual([]);
    return result;
  };

  it('refuses a missing file (3)', () => refuses(() => files.missing, 3, /introuvable/));

  it('refuses a missing file whose name holds control characters (3), shown escaped', async () => {
    const result = await refuses(() => files.hostileName, 3, /introuvable/);
    expect(result.stderr.split('\n')[0]).toContain('\\x1b');
    expect(result.stderr.split('\n')[0]).toContain('\\x0a');
  });

  it('refuses a directory (2)', () => refuses(() => files.directory, 2, /dossier/));

  it('refuses an empty file (2)', () => refuses(() => files.empty, 2, /vide/));

  it('refuses a FIFO at once, without waiting for a writer (2)', () => refuses(() => files.fifo, 2, /ordinaire|spécial/));

  it('refuses a symbolic link to a FIFO at once (2)', () => refuses(() => files.fifoLink, 2, /ordinaire|spécial/));

  it('refuses a character device, /dev/zero, at once (2)', () => refuses(() => '/dev/zero', 2, /ordinaire|spécial/));

  it(`refuses a file one byte over its limit (2)`, () =>
    refuses(() => (role.limit === NOTE_LIMIT ? files.noteTooBig : files.exportTooBig), 2, /dépasse la taille permise/));

  // chmod 000 means nothing to root, who reads any file: the case only exists for other users.
  it.skipIf(process.getuid?.() === 0)('refuses an unreadable file (2)', () => refuses(() => files.unreadable, 2, /illisible/));
});

describe('binary and badly encoded notes', () => {
  const binary = () => Buffer.concat([Buffer.from(handoffNote().slice(0, 200)), Buffer.from([0x00, 0x01, 0xff, 0x00]), Buffer.from(handoffNote().slice(200))]);
  // Latin-1 « é » (0xE9) where UTF-8 is expected, and a lone continuation byte.
  const latin1 = () => Buffer.from(handoffNote().replace('Remplacer', 'Remplacer d\u00e9j\u00e0'), 'latin1');
  const truncatedSequence = () => Buffer.concat([Buffer.from(handoffNote()), Buffer.from([0xe2, 0x82])]);

  const cases: [string, () => Buffer, string][] = [
    ['NUL bytes', binary, 'binaire'],
    ['Latin-1 bytes', latin1, 'encodage'],
    ['a truncated UTF-8 sequence at the end', truncatedSequence, 'encodage'],
  ];

  it.each(cases)('publier refuses a note with %s (1) and publishes nothing', async (_, content, rule) => {
    const file = join(root, `publier-${rule}-${Math.random().toString(36).slice(2)}.md`);
    await writeFile(file, content());
    const { box, env } = newBox();
    const result = await publier([file, 'catalogue', 'alice'], { env });
    expectPublierRefusal(result, rule);
    expect(await notesIn(box)).toEqual([]);
  });

  it.each(cases)('publier --json refuses a note with %s (1) with the rule in JSON', async (_, content, rule) => {
    const file = join(root, `publier-json-${rule}-${Math.random().toString(36).slice(2)}.md`);
    await writeFile(file, content());
    const { box, env } = newBox();
    const result = await publier([file, 'catalogue', 'alice', '--json'], { env });
    expect(result.code).toBe(1);
    const refus = (JSON.parse(result.stdout) as { refus: { problemes: { regle: string }[] }[] }).refus;
    expect(refus[0]!.problemes.map((problem) => problem.regle)).toContain(rule);
    expectNoTrace(result);
    expect(await notesIn(box)).toEqual([]);
  });

  it.each(cases)('verifier refuses a note with %s (1)', async (_, content, rule) => {
    const file = join(root, `verifier-${rule}-${Math.random().toString(36).slice(2)}.md`);
    await writeFile(file, content());
    const result = await verifier([file]);
    expectVerifierRefusal(result, rule);
  });

  it.each(cases)('lire shows a note with %s as data: exit 0, no raw control byte in its output', async (_, content) => {
    const file = join(root, `lire-${Math.random().toString(36).slice(2)}.md`);
    await writeFile(file, content());
    const result = await lire([file]);
    expect(result.code, result.stderr).toBe(0);
    expectNoTrace(result);
    expect(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(result.stdout), JSON.stringify(result.stdout.slice(0, 300))).toBe(false);
  });
});

describe('CRLF line ends', () => {
  const crlf = () => Buffer.from(handoffNote().replace(/\n/g, '\r\n'));

  it('publier accepts a valid note with CRLF (0) and stores it byte for byte', async () => {
    const file = join(root, 'crlf-publier.md');
    await writeFile(file, crlf());
    const { box, env } = newBox();
    const result = await publier([file, 'catalogue', 'alice', '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    expectNoTrace(result);
    const stamp = (JSON.parse(result.stdout) as { cle: string }).cle.split(':')[3];
    expect(await readFile(join(box, 'catalogue', 'alice', `contexte-${stamp}`))).toEqual(crlf());
  });

  it('verifier accepts a valid note with CRLF (0)', async () => {
    const file = join(root, 'crlf-verifier.md');
    await writeFile(file, crlf());
    const result = await verifier([file]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expectNoTrace(result);
  });

  it('lire reads a valid note with CRLF (0)', async () => {
    const file = join(root, 'crlf-lire.md');
    await writeFile(file, crlf());
    const result = await lire([file]);
    expect(result.code, result.stderr).toBe(0);
    expectNoTrace(result);
  });
});

describe('the size limit itself', () => {
  it('verifier accepts a valid note of exactly 1 MiB (0)', async () => {
    const file = join(root, 'exactement-1-mio.md');
    await writeFile(file, noteOfSize(NOTE_LIMIT));
    const result = await verifier([file], { timeoutMs: 30_000 });
    expect(result.code, result.stdout.slice(0, 400) + result.stderr).toBe(0);
    expectNoTrace(result);
  });

  it('publier publishes a valid note of exactly 1 MiB (0)', async () => {
    const file = join(root, 'exactement-1-mio-publier.md');
    await writeFile(file, noteOfSize(NOTE_LIMIT));
    const { box, env } = newBox();
    const result = await publier([file, 'catalogue', 'alice'], { env, timeoutMs: 30_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(await notesIn(box)).toHaveLength(1);
  });

  it('publier refuses a note of 1 MiB + 1 byte (2) even with a valid export', async () => {
    const exported = join(root, 'export-valide.json');
    await writeFile(exported, JSON.stringify({ info: { id: 'ses_1', title: '[redacted:session-title:ses_1]' }, messages: [] }));
    const { box, env } = newBox();
    const result = await publier([files.noteTooBig, 'catalogue', 'alice', exported], { env });
    expectRefusal(result, 'publier', 2, /dépasse la taille permise/);
    expect(await notesIn(box)).toEqual([]);
  });
});
