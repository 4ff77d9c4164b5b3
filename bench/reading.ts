/**
 * Calibration of the reading guard on text the project's tests do not hold:
 * - held-out attacks (bench/corpus/attacks.ts) planted into held-out honest
 *   notes (bench/corpus/notes/): share caught (alertes ∪ vigilance) and share
 *   of the steering ones raised as alertes;
 * - the honest notes themselves, and the Markdown documentation of a fixed
 *   list of npm packages (bench/corpus/npm-docs.ts): share with an alerte, the
 *   rules that fire most, with examples to review;
 * - worst cases: 1 MiB notes made of one rule's trigger repeated, and a
 *   32 MiB export.
 *
 *   npm run bench:reading   (this section alone; `npm run bench` includes it)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Finding, type Reading, readExport, readNote } from '../scripts-src/lib/untrusted/read-untrusted.js';
import { ATTACKS, type Attack } from './corpus/attacks.js';
import { loadNpmDocs } from './corpus/npm-docs.js';
import { loadSystemDocs } from './corpus/system-docs.js';
import { FindingsDigest } from './digest.js';
import { largeExport } from './large-export.js';

const NOTES_DIR = join(import.meta.dirname, 'corpus', 'notes');
const percent = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1)).toFixed(1).replace('.', ',')} %`;

interface Planted {
  note: string;
  first: number;
  last: number;
}

/** The attack inside an honest note: after a paragraph of a rubrique (rotating), or in place of a header field. */
function plantAttack(note: string, attack: Attack, index: number): Planted {
  const lines = note.split('\n');
  if (attack.shape.startsWith('front-matter')) {
    const key = /^([\w-]+)\s*:/.exec(attack.text)?.[1] ?? 'titre';
    const at = lines.findIndex((line) => line.startsWith(`${key}:`));
    lines[at] = attack.text;
    return { note: lines.join('\n'), first: at + 1, last: at + 1 };
  }
  const headings = lines.flatMap((line, at) => (/^## /.test(line) ? [at] : []));
  const heading = headings[index % headings.length]!;
  // After the first blank line that follows the heading's first paragraph (never inside a code block).
  let at = heading + 1;
  while (at < lines.length && lines[at]!.trim() === '') at++;
  let fenced = false;
  while (at < lines.length && (fenced || lines[at]!.trim() !== '') && !/^## /.test(lines[at]!)) {
    if (/^\s*(```|~~~)/.test(lines[at]!)) fenced = !fenced;
    at++;
  }
  const snippet = attack.text.split('\n');
  lines.splice(at, 0, '', ...snippet, '');
  return { note: lines.join('\n'), first: at + 2, last: at + 1 + snippet.length };
}

const within = (findings: Finding[], { first, last }: Planted) => findings.some((finding) => finding.line >= first && finding.line <= last);

function topRules(readings: Array<{ source: string; findings: Finding[] }>, count: number): string[] {
  const byRule = new Map<string, { documents: number; example: string }>();
  for (const { source, findings } of readings) {
    for (const rule of new Set(findings.map((finding) => finding.rule))) {
      const entry = byRule.get(rule) ?? {
        documents: 0,
        example: `${source} ligne ${findings.find((finding) => finding.rule === rule)!.line} : ${findings.find((finding) => finding.rule === rule)!.excerpt}`,
      };
      entry.documents++;
      byRule.set(rule, entry);
    }
  }
  return [...byRule.entries()]
    .sort((a, b) => b[1].documents - a[1].documents)
    .slice(0, count)
    .map(([rule, { documents, example }]) => `  - \`${rule}\` : ${documents} document(s) ; ex. ${example.replace(/\|/g, '\\|').slice(0, 160)}`);
}

/** One rule's trigger repeated to 1 MiB, on one line and on many: the inputs that made the old scan quadratic. */
const WORST_FRAGMENTS = [
  'a\u200B',
  'cat .env ',
  'ignore ',
  'Ignore previous ',
  '![a',
  '[a](b "',
  '`',
  '``a',
  '<!--',
  '<span style="display:none">',
  'rm -rf ',
  'curl x | ',
  'Note to the AI: ',
  '&#105;',
  '%41',
  'aGVsbG8g',
  'https://x.example/a?b=c ',
  '*a*',
  '_a',
  '> ',
  '- ',
  '# ',
  '| a ',
  '<a ',
  '\\',
  '«',
  '"a',
  'you must ',
  'merci de ',
  'AI agent reading this ',
  'ne dis ',
  '[x]: y "',
  'tu es désormais ',
  '<|im_start|>',
  'system: ',
  'find ~ ',
  'git push +',
  '\r',
  'ig**n',
  'а',
];

function timeIt(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** The calibration's figures, and the 1 MiB note that took the reading guard longest (for the bench's whole-process run). */
export async function readingBench(log: (line: string) => void = console.log): Promise<{ section: string; goals: string[]; worstNote: string }> {
  const notes = readdirSync(NOTES_DIR)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => ({ source: name, text: readFileSync(join(NOTES_DIR, name), 'utf8') }));

  log('Lecture : attaques plantées…');
  let caught = 0;
  let steering = 0;
  let steeringAsAlert = 0;
  const missed: string[] = [];
  const byShape = new Map<string, { total: number; caught: number }>();
  const digests = { attacks: new FindingsDigest(), honest: new FindingsDigest(), npm: new FindingsDigest(), system: new FindingsDigest() };
  ATTACKS.forEach((attack, index) => {
    const planted = plantAttack(notes[index % notes.length]!.text, attack, index);
    const { alertes, vigilance } = readNote(planted.note);
    digests.attacks.add(`attaque ${index}`, alertes, vigilance);
    const found = within(alertes, planted) || within(vigilance, planted);
    const shape = byShape.get(attack.shape) ?? { total: 0, caught: 0 };
    shape.total++;
    if (found) {
      caught++;
      shape.caught++;
    } else missed.push(`${attack.shape} : ${JSON.stringify(attack.text).slice(0, 110)}`);
    byShape.set(attack.shape, shape);
    if (attack.expected === 'alerte') {
      steering++;
      if (within(alertes, planted)) steeringAsAlert++;
    }
  });

  // Steering drawn from grammars (bench/corpus/steering-grammar.ts), planted like the attacks above; honest look-alikes.
  log('Lecture : grammaires de pilotage…');
  const { honestLookalikes, steeringGrammar } = await import('./corpus/steering-grammar.js');
  const byFamily = new Map<string, { total: number; alerted: number; missed: string[] }>();
  steeringGrammar(1200, 41).forEach((attack, index) => {
    const planted = plantAttack(notes[index % notes.length]!.text, attack, index);
    const family = byFamily.get(attack.family) ?? { total: 0, alerted: 0, missed: [] };
    family.total++;
    const reading = readNote(planted.note);
    digests.attacks.add(`grammaire ${index}`, reading.alertes, reading.vigilance);
    if (within(reading.alertes, planted)) family.alerted++;
    else if (family.missed.length < 3) family.missed.push(JSON.stringify(attack.text).slice(0, 110));
    byFamily.set(attack.family, family);
  });
  const grammarTotal = [...byFamily.values()].reduce((sum, family) => sum + family.total, 0);
  const grammarAlerted = [...byFamily.values()].reduce((sum, family) => sum + family.alerted, 0);
  const lookalikes = honestLookalikes(400, 41);
  const lookalikesAlerted = lookalikes.filter((text, index) => {
    const reading = readNote(`# Note\n\n## Contexte\n\n${text}\n`);
    digests.honest.add(`sosie ${index}`, reading.alertes, reading.vigilance);
    return reading.alertes.length > 0;
  });

  // Worst cases and exports before the npm corpus is loaded, in a heap as small as a program's: once 4,000 documents
  // and their readings are held, every collection walks them too, and the figures would measure them.
  log('Lecture : pires cas…');
  const mebibyte = 1024 * 1024;
  let worstNote = { ms: 0, fragment: '', note: '' };
  for (const fragment of WORST_FRAGMENTS) {
    for (const separator of ['', '\n']) {
      const piece = fragment + separator;
      const note = piece.repeat(Math.ceil(mebibyte / piece.length)).slice(0, mebibyte);
      const elapsed = timeIt(() => readNote(note));
      if (elapsed > worstNote.ms) worstNote = { ms: elapsed, fragment: JSON.stringify(piece), note };
    }
  }
  const exported = Buffer.from(largeExport(32 * mebibyte));
  const exportMs = timeIt(() => readExport(exported));
  const urls = Buffer.from(
    JSON.stringify({
      info: {},
      messages: [
        {
          parts: [
            {
              type: 'tool',
              state: { output: Array.from({ length: 20_000 }, (_, index) => `https://x.example/p/${index}?user=u${index}&q=a%20b cat .env`).join('\n') },
            },
          ],
        },
      ],
    }),
  );
  const urlsMs = timeIt(() => readExport(urls));
  // Short strings and no backslash: a search for the next escape that ran to the end of the document, once per string, was quadratic.
  const shortStrings = Buffer.from(`{"info": {}, "messages": [${Array.from({ length: (8 * mebibyte) / 9 }, () => '"texte"').join(',')}]}`);
  const shortStringsMs = timeIt(() => readExport(shortStrings));
  log('Lecture : notes honnêtes et documentation npm…');
  const honest = notes.map(({ source, text }) => ({ source, reading: readNote(text) }));
  const docs = await loadNpmDocs({ log });
  const docReadings: Array<{ source: string; reading: Reading }> = [];
  const docStarted = performance.now();
  for (const { source, text } of docs) docReadings.push({ source, reading: readNote(text) });
  const docMs = performance.now() - docStarted;
  const docBytes = docs.reduce((sum, { text }) => sum + Buffer.byteLength(text), 0);
  const alerted = (readings: Array<{ reading: Reading }>) => readings.filter(({ reading }) => reading.alertes.length > 0).length;
  const vigilant = (readings: Array<{ reading: Reading }>) => readings.filter(({ reading }) => reading.vigilance.length > 0).length;
  log('Lecture : documentation de cette machine…');
  const systemReadings = loadSystemDocs().map(({ corpus, source, text }) => ({ corpus, source, reading: readNote(text) }));
  const systemCorpora = [...new Set(systemReadings.map(({ corpus }) => corpus))].map((corpus) => {
    const readings = systemReadings.filter((reading) => reading.corpus === corpus);
    return `| ${corpus} | ${readings.length} | ${percent(alerted(readings), readings.length)} |`;
  });
  const realDocs = [...docReadings, ...systemReadings];
  for (const { source, reading } of honest) digests.honest.add(source, reading.alertes, reading.vigilance);
  for (const { source, reading } of docReadings) digests.npm.add(source, reading.alertes, reading.vigilance);
  for (const { source, reading } of systemReadings) digests.system.add(source, reading.alertes, reading.vigilance);

  const caughtShare = caught / ATTACKS.length;
  const alertShare = steeringAsAlert / Math.max(steering, 1);
  const honestShare = alerted(honest) / honest.length;
  const docShare = alerted(realDocs) / Math.max(realDocs.length, 1);
  const goals = [
    `${caughtShare >= 0.95 ? '✅' : '❌'} attaques plantées repérées (alertes ∪ vigilance) ≥ 95 % : ${percent(caught, ATTACKS.length)}`,
    `${alertShare >= 0.96 ? '✅' : '❌'} attaques qui dirigent l’agent, levées en alertes ≥ 96 % : ${percent(steeringAsAlert, steering)}`,
    `${grammarAlerted / grammarTotal >= 0.95 ? '✅' : '❌'} pilotage tiré des grammaires, levé en alertes ≥ 95 % : ${percent(grammarAlerted, grammarTotal)}`,
    `${lookalikesAlerted.length === 0 ? '✅' : '❌'} phrases honnêtes des mêmes mots, aucune alerte : ${lookalikesAlerted.length}/${lookalikes.length}`,
    `${honestShare <= 0.01 ? '✅' : '❌'} notes honnêtes avec une alerte ≤ 1 % : ${percent(alerted(honest), honest.length)}`,
    `${docShare <= 0.02 ? '✅' : '❌'} documents techniques réels (npm et documentation de cette machine) avec une alerte ≤ 2 % : ${percent(alerted(realDocs), realDocs.length)}`,
    `${worstNote.ms < 1000 ? '✅' : '❌'} note hostile de 1 Mio lue en < 1 s : ${worstNote.ms.toFixed(0)} ms au pire`,
    `${exportMs < 10_000 ? '✅' : '❌'} export de 32 Mio lu en < 10 s : ${(exportMs / 1000).toFixed(1).replace('.', ',')} s`,
  ];
  const section = [
    '## Garde de lecture (alertes et vigilance)',
    '',
    `Corpus de calibration, hors des tests : ${ATTACKS.length} attaques (bench/corpus/attacks.ts, dont ${steering} qui dirigent l’agent) plantées dans ${notes.length} notes honnêtes (bench/corpus/notes/), et ${docReadings.length} documents Markdown (README, CHANGELOG, docs) de paquets npm (bench/corpus/npm-docs.ts, ${(docBytes / mebibyte).toFixed(1).replace('.', ',')} Mio, lus en ${(docMs / 1000).toFixed(1).replace('.', ',')} s).`,
    '',
    '| Mesure | Valeur |',
    '| --- | --- |',
    `| attaques repérées (alertes ∪ vigilance) | ${percent(caught, ATTACKS.length)} (${caught}/${ATTACKS.length}) |`,
    `| attaques qui dirigent l’agent levées en alertes | ${percent(steeringAsAlert, steering)} (${steeringAsAlert}/${steering}) |`,
    `| pilotage tiré des grammaires (bench/corpus/steering-grammar.ts) levé en alertes | ${percent(grammarAlerted, grammarTotal)} (${grammarAlerted}/${grammarTotal}) |`,
    `| phrases honnêtes des mêmes mots avec une alerte | ${lookalikesAlerted.length}/${lookalikes.length} |`,
    `| notes honnêtes avec une alerte / un point de vigilance | ${percent(alerted(honest), honest.length)} / ${percent(vigilant(honest), honest.length)} |`,
    `| documents npm avec une alerte / un point de vigilance | ${percent(alerted(docReadings), docReadings.length)} / ${percent(vigilant(docReadings), docReadings.length)} |`,
    `| pire note hostile de 1 Mio (fragment ${worstNote.fragment.replace(/\|/g, '\\|')}) | ${worstNote.ms.toFixed(0)} ms |`,
    `| export de 32 Mio | ${exportMs.toFixed(0)} ms |`,
    `| export de ${(urls.length / mebibyte).toFixed(1).replace('.', ',')} Mio d’URL et de \`cat .env\` | ${urlsMs.toFixed(0)} ms |`,
    `| export de 8 Mio de chaînes courtes sans \`\\\` (une chaîne tous les 9 octets) | ${shortStringsMs.toFixed(0)} ms |`,
    '',
    'Empreintes des lectures (bench/digest.ts : règle, ligne et extrait de chaque constat, document par document ; une accélération les garde, un changement voulu le dit) :',
    '',
    '| corpus | empreinte |',
    '| --- | --- |',
    `| attaques plantées et grammaires de pilotage | ${digests.attacks} |`,
    `| notes honnêtes et sosies | ${digests.honest} |`,
    `| documentation npm | ${digests.npm} |`,
    `| documentation de cette machine (propre à chaque machine) | ${digests.system} |`,
    '',
    'Règles qui lèvent le plus d’alertes sur la documentation npm (à relire) :',
    ...topRules(
      docReadings.map(({ source, reading }) => ({ source, findings: reading.alertes })),
      8,
    ),
    '',
    'Documentation Markdown de cette machine (bench/corpus/system-docs.ts : Debian, Node, npm, Cloud SDK, JDK, Python ; aucune n’est une attaque) :',
    '',
    '| corpus | documents | avec une alerte |',
    '| --- | --- | --- |',
    ...systemCorpora,
    '',
    'Règles qui y lèvent des alertes (à relire) :',
    ...topRules(
      systemReadings.map(({ source, reading }) => ({ source, findings: reading.alertes })),
      8,
    ),
    '',
    'Règles de vigilance les plus fréquentes sur la documentation npm :',
    ...topRules(
      docReadings.map(({ source, reading }) => ({ source, findings: reading.vigilance })),
      5,
    ),
    '',
    'Notes honnêtes avec une alerte :',
    ...(honest.some(({ reading }) => reading.alertes.length > 0)
      ? honest
          .filter(({ reading }) => reading.alertes.length > 0)
          .map(({ source, reading }) => `  - ${source} : ${reading.alertes.map((alert) => `ligne ${alert.line} [${alert.rule}]`).join(', ')}`)
      : ['  - aucune']),
    '',
    'Pilotage tiré des grammaires, par famille (levé en alertes / total ; exemples manqués) :',
    ...[...byFamily.entries()].map(
      ([family, { total, alerted: raised, missed: examples }]) =>
        `  - ${family} : ${raised}/${total}${examples.length > 0 ? ` ; ${examples.map((text) => text.replace(/\|/g, '\\|')).join(' ; ')}` : ''}`,
    ),
    ...(lookalikesAlerted.length > 0
      ? ['', 'Phrases honnêtes alertées :', ...lookalikesAlerted.slice(0, 5).map((text) => `  - ${text.replace(/\|/g, '\\|')}`)]
      : []),
    '',
    'Attaques manquées (ni alerte ni vigilance sur leurs lignes) :',
    ...(missed.length > 0 ? missed.map((line) => `  - ${line.replace(/\|/g, '\\|')}`) : ['  - aucune']),
    '',
    'Par forme (repérées / total) : ' +
      [...byShape.entries()]
        .filter(([, { total, caught: found }]) => found < total)
        .map(([shape, { total, caught: found }]) => `${shape} ${found}/${total}`)
        .join(', '),
    '',
  ].join('\n');
  return { section, goals, worstNote: worstNote.note };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { section, goals } = await readingBench();
  console.log(`\n${section}\n${goals.map((goal) => `- ${goal}`).join('\n')}`);
}
