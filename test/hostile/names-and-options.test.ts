/**
 * Hostile names, TTLs, durations, keys, options and argument counts, for every
 * program and subcommand. Each refusal: exit 2, one French line on stderr
 * (control characters shown escaped), no stack trace, and the mailbox left as
 * it was (a folder mailbox with one seeded note; a real Redis where a
 * hostile value could reach the server: key globs, ACL names).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateName } from '../../scripts-src/lib/mailbox/keys.js';
import { Failure } from '../../scripts-src/lib/messages/failure.js';
import { handoffNote } from '../helpers/notes.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { admin, lire, publier, type RunResult, recuperer, verifier } from '../helpers/run-program.js';
import { expectRefusal, filesUnder, notesIn, type ProgramName, tempDir } from './support.js';

let root: string;
let validNote: string;
let box: string;
let boxEnv: Record<string, string>;
let seededKey: string;
let seededNotes: string[];
let work = 0;
let redis: RedisServer;

const adminPassword = 'mot-de-passe-de-test-assez-long';

beforeAll(async () => {
  root = await tempDir('noms');
  validNote = join(root, 'valide.md');
  await writeFile(validNote, handoffNote());
  box = join(root, 'boite');
  boxEnv = { CONTEXTE_DIR: box };
  // One real note in the mailbox: a hostile argument must leave it exactly there.
  const seeded = await publier([validNote, 'catalogue', 'alice', '--json'], { env: boxEnv });
  expect(seeded.code, seeded.stderr).toBe(0);
  seededKey = (JSON.parse(seeded.stdout) as { cle: string }).cle;
  seededNotes = await notesIn(box);
  expect(seededNotes).toHaveLength(1);
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
  await rm(root, { recursive: true, force: true });
});

/** A fresh empty working folder (recuperer get writes partage/ there by default). */
const newCwd = () => tempDir(`cwd-${++work}`);

async function expectMailboxUntouched(): Promise<void> {
  expect(await notesIn(box)).toEqual(seededNotes);
}

/** The message stays on its first line: the next line, if any, is the hint. */
function expectOneLine(result: RunResult): void {
  const lines = result.stderr.split('\n');
  expect(lines[1] ?? '', JSON.stringify(result.stderr.slice(0, 300))).toMatch(/^( {2}→ |$)/);
}

// ---------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------

const hostileNames: [string, string][] = [
  ['a colon', 'cata:logue'],
  ['a star', 'cata*'],
  ['a question mark', 'cata?'],
  ['a bracket', 'cata[ab]'],
  ['a slash', 'cata/logue'],
  ['a backslash', 'cata\\logue'],
  ['«..»', '..'],
  ['«../x»', '../x'],
  ['«a/../../b»', 'a/../../b'],
  ['a space', 'cata logue'],
  ['a newline', 'cata\nlogue'],
  ['a carriage return', 'cata\rlogue'],
  ['a tab', 'cata\tlogue'],
  ['an ESC sequence', 'cata\u001b[31mlogue'],
  ['a DEL', 'cata\u007flogue'],
  ['a bidi override', 'cata\u202elogue'],
  ['a leading dot', '.cache'],
  ['a non-ASCII letter', 'équipe'],
  ['65 characters', 'a'.repeat(65)],
  ['1,000 characters', 'b'.repeat(1000)],
  ['an empty name', ''],
];

type NameKind = 'equipe' | 'auteur';
interface NameChannel {
  label: string;
  program: ProgramName;
  kind: NameKind;
  run(name: string): Promise<RunResult>;
}

const nameChannels: NameChannel[] = [
  { label: 'publier <equipe>', program: 'publier', kind: 'equipe', run: (name) => publier([validNote, name, 'alice'], { env: boxEnv }) },
  { label: 'publier <auteur>', program: 'publier', kind: 'auteur', run: (name) => publier([validNote, 'catalogue', name], { env: boxEnv }) },
  { label: 'recuperer list --equipe', program: 'recuperer', kind: 'equipe', run: (name) => recuperer(['list', '--equipe', name], { env: boxEnv }) },
  {
    label: 'recuperer list --auteur',
    program: 'recuperer',
    kind: 'auteur',
    run: (name) => recuperer(['list', '--equipe', 'catalogue', '--auteur', name], { env: boxEnv }),
  },
  {
    label: 'recuperer purger --equipe',
    program: 'recuperer',
    kind: 'equipe',
    run: (name) => recuperer(['purger', '--equipe', name, '--oui'], { env: boxEnv }),
  },
  { label: 'recuperer journal --equipe', program: 'recuperer', kind: 'equipe', run: (name) => recuperer(['journal', '--equipe', name], { env: boxEnv }) },
  {
    label: 'admin utilisateur <equipe>',
    program: 'admin',
    kind: 'equipe',
    run: (name) => admin(['utilisateur', name, 'alice'], { env: { CONTEXTE_MOT_DE_PASSE: adminPassword } }),
  },
  {
    label: 'admin utilisateur <auteur>',
    program: 'admin',
    kind: 'auteur',
    run: (name) => admin(['utilisateur', 'catalogue', name], { env: { CONTEXTE_MOT_DE_PASSE: adminPassword } }),
  },
  { label: 'admin revoquer <auteur>', program: 'admin', kind: 'auteur', run: (name) => admin(['revoquer', name]) },
];

const invalidName = (kind: NameKind) => (kind === 'equipe' ? /nom d’équipe invalide/ : /nom d’auteur invalide/);

/** Control characters of the name appear escaped (\x1b…) in the first line, never raw. */
function expectNameShownSafely(result: RunResult, name: string): void {
  const first = result.stderr.split('\n')[0]!;
  for (const char of name.match(/[\u0000-\u001f\u007f]/g) ?? []) {
    expect(first).toContain(`\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
  }
  expect(first).not.toMatch(/[\t\r\u001b\u007f]/);
  if (name.includes('\n')) expect(result.stderr).not.toContain(name);
  expectOneLine(result);
}

/**
 * Every channel checks its names with the one `validateName`: each program is run with the names that reach the
 * file system or Redis, or whose display differs (a line break, an escape, a bidi override, 1,000 characters); the
 * others are refused by the same function, checked in process below for every name.
 */
const SPAWNED_NAMES = new Set(['a colon', 'a star', '«../x»', 'a newline', 'an ESC sequence', 'a bidi override', '1,000 characters', 'an empty name']);

describe('names, in process: the validator every channel calls', () => {
  it.each(hostileNames)('refuses a name with %s for a team and an author, shown without raw control characters', (_, name) => {
    for (const kind of ['equipe', 'auteur'] as const) {
      let message = '';
      try {
        validateName(name, kind);
      } catch (error) {
        expect(error).toBeInstanceOf(Failure);
        message = (error as Failure).message;
      }
      expect(message).toMatch(invalidName(kind));
      expect(message).not.toMatch(/[\u0000-\u001f\u007f\u202e]/);
    }
  });
});

describe.each(nameChannels)('names: $label', (channel) => {
  it.each(hostileNames.filter(([label]) => SPAWNED_NAMES.has(label)))('refuses a name with %s (2, « nom d’… invalide »)', async (_, name) => {
    const result = await channel.run(name);
    expectRefusal(result, channel.program, 2, invalidName(channel.kind));
    expectNameShownSafely(result, name);
    await expectMailboxUntouched();
  });

  it('cannot even receive a NUL byte: the operating system refuses it in argv', async () => {
    // A NUL ends a C string: no shell or agent can pass one to the program.
    await expect(channel.run('cata\u0000logue')).rejects.toThrow(/null bytes/);
  });
});

describe('names with a real Redis', () => {
  // Values that a server would read as glob, ACL or protocol syntax.
  const reachable = hostileNames.filter(([, name]) => name !== '');

  it.each(reachable)('publier refuses the default author REDIS_USERNAME with %s (2) and writes nothing', async (_, name) => {
    const before = await redis.admin.dbsize();
    const result = await publier([validNote, 'catalogue'], { env: { ...redis.env, REDIS_USERNAME: name } });
    expectRefusal(result, 'publier', 2, /nom d’auteur invalide/);
    expectNameShownSafely(result, name);
    expect(await redis.admin.dbsize()).toBe(before);
  });

  it.each(reachable)('publier refuses the team %s (2) before connecting: no key written', async (_, name) => {
    const before = await redis.admin.dbsize();
    const result = await publier([validNote, name, 'alice'], { env: redis.env });
    expectRefusal(result, 'publier', 2, /nom d’équipe invalide/);
    expect(await redis.admin.dbsize()).toBe(before);
  });

  it.each(reachable)('admin utilisateur --appliquer refuses the author %s (2): no ACL change', async (_, name) => {
    const before = await redis.admin.call('ACL', 'LIST');
    const result = await admin(['utilisateur', 'catalogue', name, '--appliquer'], { env: { ...redis.env, CONTEXTE_MOT_DE_PASSE: adminPassword } });
    expectRefusal(result, 'admin', 2, /nom d’auteur invalide/);
    expect(await redis.admin.call('ACL', 'LIST')).toEqual(before);
  });

  it.each(reachable)('admin utilisateur --appliquer refuses the team %s (2): no ACL change', async (_, name) => {
    const before = await redis.admin.call('ACL', 'LIST');
    const result = await admin(['utilisateur', name, 'alice', '--appliquer'], { env: { ...redis.env, CONTEXTE_MOT_DE_PASSE: adminPassword } });
    expectRefusal(result, 'admin', 2, /nom d’équipe invalide/);
    expect(await redis.admin.call('ACL', 'LIST')).toEqual(before);
  });

  it.each(reachable)('admin revoquer --appliquer refuses %s (2): no ACL change', async (_, name) => {
    await redis.admin.call('ACL', 'SETUSER', 'temoin', 'on', '>mot-de-passe-temoin', '~contexte:*', '+get');
    const before = await redis.admin.call('ACL', 'LIST');
    const result = await admin(['revoquer', name, '--appliquer'], { env: redis.env });
    expectRefusal(result, 'admin', 2, /nom d’auteur invalide/);
    expect(await redis.admin.call('ACL', 'LIST')).toEqual(before);
  });

  it.each([['*'], ['cata*'], ['[a-z]*'], ['..']])('recuperer purger --equipe %j --oui (2) deletes nothing', async (team) => {
    await redis.admin.set('contexte:catalogue:alice:20261202-1200', handoffNote(), 'EX', 600);
    const before = (await redis.admin.keys('*')).sort();
    const result = await recuperer(['purger', '--equipe', team, '--oui'], { env: redis.env });
    expectRefusal(result, 'recuperer', 2, /nom d’équipe invalide/);
    expect((await redis.admin.keys('*')).sort()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------
// TTLs, durations, numeric settings
// ---------------------------------------------------------------------------

const badTtls = ['0', '-1', '1.5', 'abc', '604801', '99999999999', '', '1e3', '0x10', '+60', '00060', '60 secondes', '8x', '0h', '６０'];

describe('publier --ttl', () => {
  it.each(badTtls)('refuses --ttl=%j (2) and publishes nothing', async (ttl) => {
    const result = await publier([validNote, 'catalogue', 'alice', `--ttl=${ttl}`], { env: boxEnv });
    expectRefusal(result, 'publier', 2, /durée de vie|--ttl/);
    await expectMailboxUntouched();
  });

  it.each(badTtls)('refuses --ttl %j as a separate argument (2) and publishes nothing', async (ttl) => {
    const result = await publier([validNote, 'catalogue', 'alice', '--ttl', ttl], { env: boxEnv });
    expectRefusal(result, 'publier', 2, /durée de vie|--ttl/);
    await expectMailboxUntouched();
  });

  it('refuses --ttl without a value (2)', async () => {
    const result = await publier([validNote, 'catalogue', 'alice', '--ttl'], { env: boxEnv });
    expectRefusal(result, 'publier', 2, /--ttl/);
    await expectMailboxUntouched();
  });

  it('refuses a --ttl above CONTEXTE_TTL_MAX (2)', async () => {
    const result = await publier([validNote, 'catalogue', 'alice', '--ttl=61'], { env: { ...boxEnv, CONTEXTE_TTL_MAX: '60' } });
    expectRefusal(result, 'publier', 2, /durée de vie trop longue/);
    await expectMailboxUntouched();
  });

  it.each([
    ['an ESC sequence', '\u001b[31m60'],
    ['a newline', '6\n0'],
    ['a carriage return', '60\rOK'],
  ])('refuses a --ttl with %s (2), shown escaped on one line', async (_, ttl) => {
    const result = await publier([validNote, 'catalogue', 'alice', `--ttl=${ttl}`], { env: boxEnv });
    expectRefusal(result, 'publier', 2, /durée de vie/);
    expectOneLine(result);
    await expectMailboxUntouched();
  });
});

const badTtlMax = ['abc', '0', '-1', '1.5', '99999999999', '1e6', ' 604800'];
const controlSettings: [string, string][] = [
  ['an ESC sequence', '\u001b[2J'],
  ['a newline', '1\n2'],
];

describe('CONTEXTE_TTL_MAX', () => {
  it.each(badTtlMax)('publier refuses CONTEXTE_TTL_MAX=%j (2) and publishes nothing', async (value) => {
    const result = await publier([validNote, 'catalogue', 'alice'], { env: { ...boxEnv, CONTEXTE_TTL_MAX: value } });
    expectRefusal(result, 'publier', 2, /CONTEXTE_TTL_MAX/);
    await expectMailboxUntouched();
  });

  it.each(badTtlMax)('recuperer list refuses CONTEXTE_TTL_MAX=%j (2)', async (value) => {
    const result = await recuperer(['list', '--equipe', 'catalogue'], { env: { ...boxEnv, CONTEXTE_TTL_MAX: value } });
    expectRefusal(result, 'recuperer', 2, /CONTEXTE_TTL_MAX/);
  });

  it.each(controlSettings)('publier refuses a CONTEXTE_TTL_MAX with %s (2), shown escaped on one line', async (_, value) => {
    const result = await publier([validNote, 'catalogue', 'alice'], { env: { ...boxEnv, CONTEXTE_TTL_MAX: value } });
    expectRefusal(result, 'publier', 2, /CONTEXTE_TTL_MAX/);
    expectOneLine(result);
    await expectMailboxUntouched();
  });
});

describe('recuperer journal --depuis and CONTEXTE_JOURNAL_JOURS', () => {
  it.each(['abc', '', '-1h', '1.5.5h', '2x', 'h', '9999999j'])('refuses --depuis %j (2)', async (value) => {
    const result = await recuperer(['journal', '--equipe', 'catalogue', `--depuis=${value}`], { env: boxEnv });
    expectRefusal(result, 'recuperer', 2, /durée invalide/);
  });

  it.each(controlSettings)('refuses a --depuis with %s (2), shown escaped on one line', async (_, value) => {
    const result = await recuperer(['journal', '--equipe', 'catalogue', `--depuis=${value}`], { env: boxEnv });
    expectRefusal(result, 'recuperer', 2, /durée invalide/);
    expectOneLine(result);
  });

  it.each(['abc', '0', '-1', '1.5'])('refuses CONTEXTE_JOURNAL_JOURS=%j (2)', async (value) => {
    const result = await recuperer(['journal', '--equipe', 'catalogue'], { env: { ...boxEnv, CONTEXTE_JOURNAL_JOURS: value } });
    expectRefusal(result, 'recuperer', 2, /CONTEXTE_JOURNAL_JOURS/);
  });

  it.each(controlSettings)('refuses a CONTEXTE_JOURNAL_JOURS with %s (2), shown escaped on one line', async (_, value) => {
    const result = await recuperer(['journal', '--equipe', 'catalogue'], { env: { ...boxEnv, CONTEXTE_JOURNAL_JOURS: value } });
    expectRefusal(result, 'recuperer', 2, /CONTEXTE_JOURNAL_JOURS/);
    expectOneLine(result);
  });
});

// ---------------------------------------------------------------------------
// Unknown options, extra and missing arguments
// ---------------------------------------------------------------------------

interface UsageCase {
  label: string;
  program: ProgramName;
  args: (context: { note: string; key: string; out: string }) => string[];
  message?: RegExp;
}

const usageCases: UsageCase[] = [
  // verifier
  { label: 'verifier without a file', program: 'verifier', args: () => [] },
  { label: 'verifier --secrets without a file', program: 'verifier', args: () => ['--secrets'] },
  { label: 'verifier with an unknown option', program: 'verifier', args: ({ note }) => [note, '--bogus'], message: /option inconnue/ },
  { label: 'verifier with a short unknown option', program: 'verifier', args: ({ note }) => [note, '-x'], message: /option inconnue/ },
  { label: 'verifier --json=oui (boolean given a value)', program: 'verifier', args: ({ note }) => [note, '--json=oui'] },
  // lire
  { label: 'lire without a note', program: 'lire', args: () => [] },
  { label: 'lire with two notes', program: 'lire', args: ({ note }) => [note, note] },
  { label: 'lire with an unknown option', program: 'lire', args: ({ note }) => [note, '--bogus'], message: /option inconnue/ },
  { label: 'lire --cadre (a recuperer option)', program: 'lire', args: ({ note }) => [note, '--cadre'], message: /option inconnue/ },
  // publier
  { label: 'publier without arguments', program: 'publier', args: () => [] },
  { label: 'publier with the note only', program: 'publier', args: ({ note }) => [note] },
  { label: 'publier without author nor REDIS_USERNAME', program: 'publier', args: ({ note }) => [note, 'catalogue'] },
  { label: 'publier with five arguments', program: 'publier', args: ({ note }) => [note, 'catalogue', 'alice', note, 'de-trop'], message: /trop d’arguments/ },
  { label: 'publier with an unknown option', program: 'publier', args: ({ note }) => [note, 'catalogue', 'alice', '--bogus'], message: /option inconnue/ },
  {
    label: 'publier --force (a recuperer option)',
    program: 'publier',
    args: ({ note }) => [note, 'catalogue', 'alice', '--force'],
    message: /option inconnue/,
  },
  { label: 'publier --non-expurge=oui', program: 'publier', args: ({ note }) => [note, 'catalogue', 'alice', '--non-expurge=oui'] },
  { label: 'publier --json=1', program: 'publier', args: ({ note }) => [note, 'catalogue', 'alice', '--json=1'] },
  // recuperer
  { label: 'recuperer without a command', program: 'recuperer', args: () => [], message: /aucune commande n’est donnée/ },
  { label: 'recuperer with an unknown command', program: 'recuperer', args: () => ['lister'], message: /commande inconnue/ },
  { label: 'recuperer with an upper-case command', program: 'recuperer', args: () => ['LIST'], message: /commande inconnue/ },
  { label: 'recuperer with an unknown option', program: 'recuperer', args: () => ['list', '--bogus'], message: /option inconnue/ },
  { label: 'recuperer list with two patterns', program: 'recuperer', args: () => ['list', 'contexte:*', 'session:*'] },
  { label: 'recuperer list with a pattern and --equipe', program: 'recuperer', args: () => ['list', 'contexte:*', '--equipe', 'catalogue'] },
  { label: 'recuperer list --auteur without --equipe', program: 'recuperer', args: () => ['list', '--auteur', 'alice'] },
  { label: 'recuperer list --equipe without a value', program: 'recuperer', args: () => ['list', '--equipe'] },
  { label: 'recuperer list --force', program: 'recuperer', args: () => ['list', '--force'] },
  { label: 'recuperer list --oui', program: 'recuperer', args: () => ['list', '--oui'] },
  { label: 'recuperer list --depuis 2h', program: 'recuperer', args: () => ['list', '--depuis', '2h'] },
  { label: 'recuperer get without a key', program: 'recuperer', args: () => ['get'], message: /argument manquant/ },
  { label: 'recuperer get with three arguments', program: 'recuperer', args: ({ key, out }) => ['get', key, out, 'de-trop'], message: /trop d’arguments/ },
  { label: 'recuperer get --oui', program: 'recuperer', args: ({ key, out }) => ['get', key, out, '--oui'] },
  { label: 'recuperer get --equipe', program: 'recuperer', args: ({ key, out }) => ['get', key, out, '--equipe', 'catalogue'] },
  { label: 'recuperer get --cadre --json', program: 'recuperer', args: ({ key, out }) => ['get', key, out, '--cadre', '--json'] },
  { label: 'recuperer get --force=oui', program: 'recuperer', args: ({ key, out }) => ['get', key, out, '--force=oui'] },
  { label: 'recuperer supprimer without a key', program: 'recuperer', args: () => ['supprimer'], message: /argument manquant/ },
  { label: 'recuperer supprimer with two keys', program: 'recuperer', args: ({ key }) => ['supprimer', key, key], message: /trop d’arguments/ },
  { label: 'recuperer supprimer --force', program: 'recuperer', args: ({ key }) => ['supprimer', key, '--force'] },
  { label: 'recuperer supprimer --oui', program: 'recuperer', args: ({ key }) => ['supprimer', key, '--oui'] },
  { label: 'recuperer purger without --equipe', program: 'recuperer', args: () => ['purger', '--oui'] },
  { label: 'recuperer purger without --oui', program: 'recuperer', args: () => ['purger', '--equipe', 'catalogue'] },
  { label: 'recuperer purger --oui=non', program: 'recuperer', args: () => ['purger', '--equipe', 'catalogue', '--oui=non'] },
  {
    label: 'recuperer purger with an extra argument',
    program: 'recuperer',
    args: () => ['purger', 'catalogue', '--equipe', 'catalogue', '--oui'],
    message: /trop d’arguments/,
  },
  { label: 'recuperer purger --auteur', program: 'recuperer', args: () => ['purger', '--equipe', 'catalogue', '--auteur', 'alice', '--oui'] },
  { label: 'recuperer purger --force', program: 'recuperer', args: () => ['purger', '--equipe', 'catalogue', '--oui', '--force'] },
  { label: 'recuperer journal without --equipe', program: 'recuperer', args: () => ['journal'] },
  {
    label: 'recuperer journal with an extra argument',
    program: 'recuperer',
    args: () => ['journal', 'catalogue', '--equipe', 'catalogue'],
    message: /trop d’arguments/,
  },
  { label: 'recuperer journal --oui', program: 'recuperer', args: () => ['journal', '--equipe', 'catalogue', '--oui'] },
  { label: 'recuperer journal --depuis without a value', program: 'recuperer', args: () => ['journal', '--equipe', 'catalogue', '--depuis'] },
  // admin
  { label: 'admin without a command', program: 'admin', args: () => [], message: /aucune commande n’est donnée/ },
  { label: 'admin with an unknown command', program: 'admin', args: () => ['supprimer', 'alice'], message: /commande inconnue/ },
  { label: 'admin utilisateur without arguments', program: 'admin', args: () => ['utilisateur'] },
  { label: 'admin utilisateur with the team only', program: 'admin', args: () => ['utilisateur', 'catalogue'] },
  { label: 'admin utilisateur with three arguments', program: 'admin', args: () => ['utilisateur', 'catalogue', 'alice', 'de-trop'] },
  {
    label: 'admin utilisateur with an unknown option',
    program: 'admin',
    args: () => ['utilisateur', 'catalogue', 'alice', '--bogus'],
    message: /option inconnue/,
  },
  {
    label: 'admin utilisateur --fichier-mot-de-passe without a value',
    program: 'admin',
    args: () => ['utilisateur', 'catalogue', 'alice', '--fichier-mot-de-passe'],
  },
  { label: 'admin utilisateur … default (the Redis admin user)', program: 'admin', args: () => ['utilisateur', 'catalogue', 'default'] },
  { label: 'admin revoquer without an author', program: 'admin', args: () => ['revoquer'] },
  { label: 'admin revoquer with two authors', program: 'admin', args: () => ['revoquer', 'alice', 'bob'] },
  { label: 'admin revoquer with an unknown option', program: 'admin', args: () => ['revoquer', 'alice', '--bogus'], message: /option inconnue/ },
  {
    label: 'admin revoquer --fichier-mot-de-passe (meaningless for revoquer)',
    program: 'admin',
    args: ({ out }) => ['revoquer', 'alice', '--fichier-mot-de-passe', out],
  },
];

const runners = { verifier, lire, publier, recuperer, admin };

describe('usage errors', () => {
  it.each(usageCases)('$label → 2', async ({ program, args, message }) => {
    const cwd = await newCwd();
    const out = join(cwd, 'sortie.md');
    const result = await runners[program](args({ note: validNote, key: seededKey, out }), {
      env: { ...boxEnv, CONTEXTE_MOT_DE_PASSE: adminPassword },
      cwd,
    });
    expectRefusal(result, program, 2, message);
    expectOneLine(result);
    // Nothing written: no partage/, no output file, no password file; the mailbox as it was.
    expect(await filesUnder(cwd)).toEqual([]);
    await expectMailboxUntouched();
  });
});

// ---------------------------------------------------------------------------
// Keys given to recuperer get / supprimer
// ---------------------------------------------------------------------------

const hostileKeys: string[] = [
  'contexte:*',
  'contexte:a:b:2026*',
  'contexte:a?:b:20261202-1200',
  'contexte:[ab]:c:20261202-1200',
  'contexte:a:b:20261202-120?',
  'contexte:catalogue:alice:*',
  'session:*',
  '*',
  'contexte:..:b:20261202-1200',
  'contexte:a:..:20261202-1200',
  'contexte:a:b:..',
  'contexte:a:b:../../../x',
  '../../../etc/passwd',
  'contexte:a/b:c:20261202-1200',
  'contexte:a:b/c:20261202-1200',
  'contexte:a:b:20261202-1200/x',
  'contexte:a:b:/etc/passwd',
  'contexte:a\\b:c:20261202-1200',
  'contexte:a:b',
  'contexte:a:b:c:20261202-1200',
  'contexte:a:b:20261202-1200:x',
  'contexte',
  '',
  ':::',
  'autre:a:b:20261202-1200',
  'CONTEXTE:a:b:20261202-1200',
  'contexte:a:b:20261202-1200\n',
  'contexte:a\u001b[2J:b:20261202-1200',
  `contexte:${'a'.repeat(1000)}:b:20261202-1200`,
  'contexte:a:b:20261202-1200-0',
  'contexte:a:b:2026120-1200',
];

describe('recuperer keys (folder mailbox)', () => {
  it.each(hostileKeys)('get %j → 2 « clé invalide », nothing written under partage/', async (key) => {
    const cwd = await newCwd();
    const result = await recuperer(['get', key], { env: boxEnv, cwd });
    expectRefusal(result, 'recuperer', 2, /clé invalide/);
    expectOneLine(result);
    expect(await filesUnder(cwd)).toEqual([]);
    await expectMailboxUntouched();
  });

  it.each(hostileKeys)('get %j <fichier> → 2 « clé invalide », the file is not written', async (key) => {
    const cwd = await newCwd();
    const result = await recuperer(['get', key, join(cwd, 'sortie.md')], { env: boxEnv, cwd });
    expectRefusal(result, 'recuperer', 2, /clé invalide/);
    expect(await filesUnder(cwd)).toEqual([]);
    await expectMailboxUntouched();
  });

  it.each(hostileKeys)('supprimer %j → 2 « clé invalide », nothing deleted', async (key) => {
    const result = await recuperer(['supprimer', key], { env: boxEnv });
    expectRefusal(result, 'recuperer', 2, /clé invalide/);
    expectOneLine(result);
    await expectMailboxUntouched();
  });
});

describe('recuperer keys (Redis): globs never reach the server', () => {
  // Keys each glob would match if it were sent as a pattern.
  const seeded = [
    'contexte:a:b:20261202-1200',
    'contexte:ab:b:20261202-1200',
    'contexte:a:c:20261202-1200',
    'contexte:b:c:20261202-1200',
    'contexte:catalogue:alice:20261202-1200',
    'session:a:b:20261202-1200',
  ];
  const globs = hostileKeys.filter((key) => /[*?[]/.test(key));

  const seed = async () => {
    for (const key of seeded) await redis.admin.set(key, handoffNote(), 'EX', 600);
    return (await redis.admin.keys('*')).sort();
  };

  it.each(globs)('supprimer %j → 2, every key still there', async (key) => {
    const before = await seed();
    const result = await recuperer(['supprimer', key], { env: redis.env });
    expectRefusal(result, 'recuperer', 2, /clé invalide/);
    expect((await redis.admin.keys('*')).sort()).toEqual(before);
  });

  it.each(globs)('get %j → 2, nothing written', async (key) => {
    const before = await seed();
    const cwd = await newCwd();
    const result = await recuperer(['get', key, join(cwd, 'sortie.md')], { env: redis.env, cwd });
    expectRefusal(result, 'recuperer', 2, /clé invalide/);
    expect(await filesUnder(cwd)).toEqual([]);
    expect((await redis.admin.keys('*')).sort()).toEqual(before);
  });

  it('a valid key is still fetched byte for byte (the seed is real)', async () => {
    await seed();
    const cwd = await newCwd();
    const result = await recuperer(['get', 'contexte:a:b:20261202-1200', join(cwd, 'sortie.md')], { env: redis.env, cwd });
    expect(result.code, result.stderr).toBe(0);
    expect(await readFile(join(cwd, 'sortie.md'), 'utf8')).toBe(handoffNote());
  });
});
