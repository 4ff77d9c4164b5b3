/**
 * The hostile inputs shared by the hostile-input suites and the benchmark:
 * YAML headers built to stall or crash a parser, and session exports that are
 * not what they claim. The tests assert what each program does with them;
 * `bench/hostile.ts` measures how long it takes (no timing assertion in a test).
 */
import { handoffNote } from '../helpers/notes.js';
import { withHeader } from './support.js';

export const FIELDS = 'titre: Titre\nauteur: alice\nequipe: catalogue\ndate: 2026-12-02\nresume: Résumé';

function billionLaughs(): string {
  const levels = 'abcdefghi'.split('');
  const lines = [`a: &a [${Array(9).fill('"lol"').join(', ')}]`];
  for (let i = 1; i < levels.length; i++)
    lines.push(
      `${levels[i]}: &${levels[i]} [${Array(9)
        .fill(`*${levels[i - 1]}`)
        .join(', ')}]`,
    );
  return `${FIELDS}\n${lines.join('\n')}\nbombe: *i`;
}

function megabyteHeader(): string {
  const line = 'champ_de_remplissage_0000000: une valeur de remplissage assez longue\n';
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < 1_000_000; i++) {
    const next = line.replace('0000000', String(i).padStart(7, '0'));
    lines.push(next);
    size += next.length;
  }
  return `${FIELDS}\n${lines.join('').trimEnd()}`;
}

export interface HostileNote {
  slug: string;
  label: string;
  content: () => string;
}

export const hostileNotes: HostileNote[] = [
  { slug: 'pas-yaml', label: 'a header that is not YAML', content: () => withHeader(handoffNote(), 'titre: [ouvert\nauteur: : :\n  - ]]] {{{\n\tequipe: x') },
  { slug: 'pas-un-objet', label: 'a header that is a YAML list, not fields', content: () => withHeader(handoffNote(), '- titre\n- auteur\n- equipe') },
  { slug: 'bombe', label: 'a YAML alias bomb (9 levels × 9 references)', content: () => withHeader(handoffNote(), billionLaughs()) },
  { slug: 'mega', label: 'a 1 MB header', content: () => withHeader(handoffNote(), megabyteHeader()) },
  {
    slug: 'non-ferme',
    label: 'a header never closed, then 1 MB of YAML-looking lines',
    content: () => `---\n${megabyteHeader()}\n${handoffNote().replace(/^---\n[\s\S]*?\n---\n/, '')}`,
  },
  {
    slug: 'profond',
    label: 'a header nested 6,000 levels deep (flow)',
    content: () => withHeader(handoffNote(), `${FIELDS}\nx: ${'['.repeat(6000)}${']'.repeat(6000)}`),
  },
  {
    slug: 'profond-bloc',
    label: 'a header nested 5,000 levels deep (block sequences)',
    content: () => withHeader(handoffNote(), `${FIELDS}\nx:\n  ${'- '.repeat(5000)}fin`),
  },
  { slug: 'cles-doublees', label: 'a header with the same key twice', content: () => withHeader(handoffNote(), `${FIELDS}\nequipe: autre`) },
  {
    slug: 'nul-yaml',
    label: 'a team name holding an escaped NUL (\\0) in YAML',
    content: () => withHeader(handoffNote(), FIELDS.replace('equipe: catalogue', 'equipe: "cata\\0logue"')),
  },
  {
    slug: 'esc-yaml',
    label: 'an author name holding an escaped ESC (\\e) in YAML',
    content: () => withHeader(handoffNote(), FIELDS.replace('auteur: alice', 'auteur: "ali\\e[31mce"')),
  },
];

export const deepArrays = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
const deepObjects = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;

export const hostileExports: [string, () => string | Buffer, RegExp][] = [
  ['not JSON', () => 'ceci n’est pas du JSON {', /export-json/],
  ['truncated JSON', () => '{"info": {"title": "[redacted:x]"}, "messages": [', /export-json/],
  ['JSON with a raw NUL byte in a string', () => Buffer.from('{"info":{"title":"[redacted:\u0000]"},"messages":[]}'), /export-json/],
  ['binary bytes', () => Buffer.from([0x00, 0xff, 0xfe, 0x7b, 0x00]), /export-json/],
  ['a JSON object that is not an export', () => '{"foo": 1}', /export-format/],
  ['a JSON array', () => '[]', /export-format/],
  ['a JSON string', () => '"texte"', /export-format/],
  ['null', () => 'null', /export-format/],
  ['info and messages of the wrong types', () => '{"info": "x", "messages": {}}', /export-format/],
  ['JSON arrays nested 100,000 levels deep', () => deepArrays, /export-(json|format)/],
  ['JSON objects nested 100,000 levels deep', () => deepObjects, /export-(json|format)/],
  [
    'an export whose messages nest 100,000 levels deep',
    () => `{"info":{"title":"[redacted:session-title:ses_1]"},"messages":[${deepArrays}]}`,
    /export-(json|format)/,
  ],
];
