/**
 * Secret-guard benchmark (not a test), on text the project's tests do not hold:
 * - the development set (`../shared/secret-corpus/`, or a labelled folder given
 *   on the command line: `labels.tsv`, file and label 1 = contains a secret);
 * - leaks written the way people write them (bench/corpus/secret-leaks.ts):
 *   recall per family, and whether any 6 characters of a secret are printed;
 * - honest notes (bench/corpus/secret-honest.ts, bench/corpus/notes/) and the
 *   Markdown documentation of pinned npm packages (bench/corpus/npm-docs.ts):
 *   false refusals, each refusal listed (masked) for review, with a sender holding
 *   50 secrets the texts do not contain (bench/local-secrets.ts);
 * - passwords said in plain words, from grammars (bench/corpus/prose-passwords.ts), with
 *   whether any character run of one is printed, and the honest counter-set of the same grammar;
 * - provider formats modelled on gitleaks' rules (bench/corpus/provider-samples.ts);
 * - worst cases: a 1 MiB note made of one rule's trigger repeated, a 32 MiB export.
 * The workshop's grep check, measured on the same files, is the baseline.
 *
 *   npm run bench:secrets -- [dossier-étiqueté]   (`npm run bench` includes it)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalSecretMatcher } from '../scripts-src/lib/secrets/find-local-secrets.js';
import { findSecrets, findSecretsInJson, type SecretFinding } from '../scripts-src/lib/secrets/find-secrets.js';
import { publicPrefix } from '../scripts-src/lib/secrets/provider-tokens.js';
import { removeHiddenCharacters } from '../scripts-src/lib/text/hidden-characters.js';
import { loadNpmDocs } from './corpus/npm-docs.js';
import { providerSamples } from './corpus/provider-samples.js';
import { honestCorpus } from './corpus/secret-honest.js';
import { leakCorpus } from './corpus/secret-leaks.js';
import { seededRandom } from './corpus/seeded-random.js';
import { FindingsDigest } from './digest.js';
import { largeExport } from './large-export.js';
import { heldValues } from './local-secrets.js';

const WORKSHOP = /api[_-]?key|token|secret|password|Bearer /i;
const NOTES_DIR = join(import.meta.dirname, 'corpus', 'notes');
const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1).replace('.', ',')} %`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const blocking = (findings: SecretFinding[]) => findings.filter((finding) => !finding.accepted);

function labelledFolder(): string {
  if (process.argv[2]) return process.argv[2];
  const generator = join(import.meta.dirname, '..', '..', 'shared', 'secret-corpus', 'gen_corpus.py');
  if (!existsSync(generator)) throw new Error(`aucun dossier étiqueté donné, et ${generator} est absent`);
  const folder = mkdtempSync(join(tmpdir(), 'contexte-corpus-'));
  execFileSync('python3', [generator, folder], { stdio: 'ignore' });
  return folder;
}

/**
 * The first 6-character window of a secret that a report shows, by position
 * only (the report must not leak it either). What is public is left out: a
 * provider's prefix (`ghp_`), PEM armour, and the code around a disguised
 * token (quotes, `+`, `.join(`); the secret material is its runs of letters,
 * digits and symbols.
 */
function printedWindow(shown: string, secrets: string[]): string | undefined {
  for (const [index, secret] of secrets.entries()) {
    const material = removeHiddenCharacters(secret)
      .split('\n')
      .filter((line) => !/^[> \t]*-----/.test(line))
      .join('\n')
      .replace(/\\n/g, '\n');
    for (const run of material.split(/[\s"'`+[\](),]+|\.join/)) {
      const part = run.slice(publicPrefix(run).length);
      for (let at = 0; at + 6 <= part.length; at++) if (shown.includes(part.slice(at, at + 6))) return `secret #${index}, caractères ${at}–${at + 5}`;
    }
  }
  return undefined;
}

/** A refusal, for review: where, which rule, the masked excerpt. */
const describe = (source: string, finding: SecretFinding) =>
  `${source}:${finding.line} \`${finding.rule}\` — ${finding.excerpt.replace(/\|/g, '\\|').replace(/`/g, 'ʼ')}`;

/** Notes of about 1 MiB, each one rule's trigger repeated, on one line and on many. */
function worstCases(): Array<[string, string]> {
  const MiB = 1024 * 1024;
  const fill = (unit: string, separator = '') => (unit + separator).repeat(Math.ceil(MiB / (unit.length + separator.length))).slice(0, MiB);
  const triggers: Array<[string, string]> = [
    ['affectation sans valeur', 'password: '],
    ['affectations en chaîne', 'a=b='],
    ['mot-clé de phrase', 'mot de passe de la '],
    ['mot-clé anglais', 'the password for the '],
    ['URL sans @', 'https://a.b/c:d '],
    ['URL avec @ et sans hôte', 'redis://u:p@@'],
    ['option longue', '--password '],
    ['curl -u', 'curl -u '],
    ['echo | --password-stdin', 'echo x | '],
    ['.pgpass', 'h:1:d:u:'],
    ['AUTH', 'AUTH a '],
    ['Bearer', 'Authorization: Bearer '],
    ['clé de fournisseur', 'Clé Datadog '],
    ['concaténation', '"ab" + '],
    ['jeton de fournisseur tronqué', 'ghp_'],
    ['en-tête PEM', '-----BEGIN RSA PRIVATE KEY-----'],
    ['cellules de tableau', '| mdp '],
    ['identifiants', 'login admin / '],
    ['échappements %', '%41'],
    ['caractères invisibles', 'a\u200b'],
    ['emphase', '*a'],
    ['un seul caractère', 'a'],
    ['en-tête Cookie', 'Cookie: sessionid='],
    ['paire nom/valeur', '"name": "Cookie", "value": "'],
    ['SQL', "CREATE USER a IDENTIFIED BY '"],
    ['propriété -D', '-Ddb.password='],
    ['variable PowerShell', '$env:A_TOKEN = '],
    // Base64 that decodes to configuration: each run is decoded and read again (within its budget).
    ['base64 d’un .env', Buffer.from('password: \n'.repeat(3)).toString('base64')],
  ];
  const cases: Array<[string, string]> = [];
  for (const [name, unit] of triggers) {
    cases.push([`${name} (une ligne)`, fill(unit)]);
    cases.push([`${name} (lignes de 200)`, fill(unit.repeat(Math.max(1, Math.floor(200 / unit.length))), '\n')]);
  }
  cases.push(['corps PEM sans en-tête', fill('A'.repeat(64), '\n')]);
  cases.push(['URL listées (sortie d’outil)', fill('https://registry.example.org/pkg/-/pkg-1.0.0.tgz?user=a&x=b curl http://host/a ', '')]);
  return cases;
}

async function timed<T>(work: () => T | Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

export async function secretsBench(log: (line: string) => void = console.log): Promise<{ section: string; goals: string[] }> {
  findSecrets('échauffement'); // compiles the rules' patterns
  const out: string[] = ['## Garde des secrets', ''];

  // Times first (worst cases, a large export, an ordinary note), in a heap as small as a program's: once the corpora
  // below are loaded, every collection walks them, and the figures would measure them (the same code: worst note
  // 347 ms in one run and 577 ms in the next, the export 6.6 s and 9.4 s; 6.3 s in a process of its own).
  const worst: Array<[string, number]> = [];
  // The best of three runs: one run on a shared machine measured the same code from 190 to 1,136 ms.
  for (const [name, text] of worstCases()) {
    const times: number[] = [];
    for (let run = 0; run < 3; run++) times.push((await timed(() => findSecrets(text)))[1]);
    worst.push([name, Math.min(...times)]);
  }
  worst.sort((a, b) => b[1] - a[1]);
  const big = Buffer.from(largeExport(32 * 1024 * 1024));
  const [, bigTime] = await timed(() => findSecretsInJson(big));
  const longNote = Array.from(
    { length: 220 },
    (_, i) =>
      `- Étape ${i} : \`npm test -- src/module${i}.test.ts\` passe ; le token expire après une heure, commit ${(i * 7919).toString(16).padStart(7, '0')}.`,
  ).join('\n');
  const noteTimes: number[] = [];
  for (let round = 0; round < 20; round++) noteTimes.push((await timed(() => findSecrets(longNote)))[1]);

  // The development set, file by file, against the workshop's grep.
  const folder = labelledFolder();
  const rows = readFileSync(join(folder, 'labels.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));
  const dev = { tp: 0, fn: 0, fp: 0, tn: 0, workshopTp: 0, workshopFp: 0 };
  const devMisses: string[] = [];
  for (const [file, label] of rows) {
    const text = readFileSync(join(folder, file!), 'utf8');
    const secret = label === '1';
    const flagged = blocking(file!.endsWith('.json') ? await findSecretsInJson(Buffer.from(text)) : await findSecrets(text)).length > 0;
    dev[secret ? (flagged ? 'tp' : 'fn') : flagged ? 'fp' : 'tn']++;
    if (WORKSHOP.test(text)) dev[secret ? 'workshopTp' : 'workshopFp']++;
    if (secret !== flagged) devMisses.push(`${secret ? 'manqué' : 'faux refus'} : ${file}`);
  }
  log(`jeu de développement : ${rows.length} fichiers`);

  // Leaks written elsewhere: recall per family, printed secrets.
  const leaks = leakCorpus(1);
  const byFamily = new Map<string, { found: number; total: number; missed: string[] }>();
  let printed = 0;
  const printedCases: string[] = [];
  const digests = { leaks: new FindingsDigest(), honest: new FindingsDigest(), npm: new FindingsDigest(), spoken: new FindingsDigest() };
  for (const [index, leak] of leaks.entries()) {
    const findings = blocking(await findSecrets(leak.text));
    digests.leaks.add(`fuite ${index}`, findings);
    const family = byFamily.get(leak.family) ?? { found: 0, total: 0, missed: [] };
    family.total++;
    if (findings.length > 0) family.found++;
    else
      family.missed.push(
        leak.text
          .split('\n')
          .find((line) => leak.secrets.some((secret) => line.includes(secret.split('\n')[0]!)))
          ?.slice(0, 120) ?? '',
      );
    byFamily.set(leak.family, family);
    const window = printedWindow(JSON.stringify(findings), leak.secrets);
    if (window) {
      printed++;
      printedCases.push(`${leak.family} : ${window}`);
    }
  }
  const leaksFound = [...byFamily.values()].reduce((sum, family) => sum + family.found, 0);
  log(`fuites : ${leaksFound}/${leaks.length}`);

  // Honest text: generated notes, the reading guard's honest notes, npm documentation, each checked
  // by a sender holding 50 secrets (none of which the text contains): they must not cost a refusal.
  const environment = new LocalSecretMatcher(heldValues(50));
  const honest = honestCorpus(1);
  const honestRefusals: string[] = [];
  for (const [index, note] of honest.entries()) {
    const findings = blocking(await findSecrets(note.text, environment));
    digests.honest.add(`honnête ${index}`, findings);
    if (findings.length > 0) honestRefusals.push(describe(note.family, findings[0]!));
  }
  const notes = readdirSync(NOTES_DIR).filter((file) => file.endsWith('.md'));
  const noteRefusals: string[] = [];
  for (const file of notes) {
    const findings = blocking(await findSecrets(readFileSync(join(NOTES_DIR, file), 'utf8'), environment));
    digests.honest.add(file, findings);
    if (findings.length > 0) noteRefusals.push(describe(file, findings[0]!));
  }
  const docs = await loadNpmDocs({ log });
  const docRefusals: string[] = [];
  for (const doc of docs) {
    const findings = blocking(await findSecrets(doc.text, environment));
    digests.npm.add(doc.source, findings);
    for (const finding of findings) docRefusals.push(describe(doc.source, finding));
    if (findings.length > 0) docRefusals.push('');
  }
  const refusedDocs = docRefusals.filter((line) => line === '').length;
  log(`documentation npm : ${refusedDocs}/${docs.length} refusés`);

  // Passwords said in plain words (grammar), and honest talk of passwords made of the same parts.
  // Loaded after the times: fast-check in the heap made the export 2 to 4 s slower (6.7 → 9 to 12 s, the same code).
  const { honestPasswordTalk, prosePasswords } = await import('./corpus/prose-passwords.js');
  const spoken = prosePasswords(2000, 11);
  const spokenByForm = new Map<string, { found: number; total: number; missed: string[] }>();
  let spokenPrinted = 0;
  for (const [index, sentence] of spoken.entries()) {
    const findings = blocking(await findSecrets(sentence.text));
    digests.spoken.add(`phrase ${index}`, findings);
    const form = spokenByForm.get(sentence.form) ?? { found: 0, total: 0, missed: [] };
    form.total++;
    if (findings.length > 0) form.found++;
    else form.missed.push(sentence.text);
    spokenByForm.set(sentence.form, form);
    // A run the sentence also holds elsewhere (an account named like the password, `recette`) is not the password shown.
    const elsewhere = sentence.text.split(sentence.secret).join('\n');
    const shown = JSON.stringify(findings);
    for (let at = 0; at + 6 <= sentence.secret.length; at++) {
      const run = sentence.secret.slice(at, at + 6);
      if (shown.includes(run) && !elsewhere.includes(run)) {
        spokenPrinted++;
        break;
      }
    }
  }
  const spokenFound = [...spokenByForm.values()].reduce((sum, form) => sum + form.found, 0);
  const talk = honestPasswordTalk(2000, 11);
  const talkRefused = [...new Set(talk.filter((text) => blocking(findSecrets(text)).length > 0))];
  const talkRefusedCount = talk.filter((text) => talkRefused.includes(text)).length;
  log(`mots de passe en toutes lettres : ${spokenFound}/${spoken.length}`);

  // Provider formats.
  const random = seededRandom(1);
  const providersMissed: string[] = [];
  for (const provider of providerSamples) {
    const sample = provider.sample(random);
    if (blocking(await findSecrets(`Pour la CI : ${sample}`)).length === 0) providersMissed.push(`${provider.provider} (\`${provider.rule}\`)`);
  }

  const honestRate = (honestRefusals.length + noteRefusals.length) / (honest.length + notes.length);
  const recall = (leaksFound + dev.tp) / (leaks.length + dev.tp + dev.fn);
  out.push(
    '| corpus | mesure | contexte-skills | grep de l’atelier |',
    '| --- | --- | --- | --- |',
    `| jeu de développement (${rows.length} fichiers) | rappel | ${percent(dev.tp, dev.tp + dev.fn)} | ${percent(dev.workshopTp, dev.tp + dev.fn)} |`,
    `| | faux refus | ${percent(dev.fp, dev.fp + dev.tn)} | ${percent(dev.workshopFp, dev.fp + dev.tn)} |`,
    `| fuites écrites ailleurs (${leaks.length} notes) | rappel | ${percent(leaksFound, leaks.length)} | ${percent(leaks.filter((leak) => WORKSHOP.test(leak.text)).length, leaks.length)} |`,
    `| | notes dont le rapport montre 6 caractères d’un secret | ${printed} | — |`,
    `| notes honnêtes (${honest.length} générées + ${notes.length} écrites) | faux refus par note | ${percent(honestRefusals.length + noteRefusals.length, honest.length + notes.length)} | ${percent(honest.filter((note) => WORKSHOP.test(note.text)).length, honest.length)} |`,
    `| documentation de paquets npm (${docs.length} documents) | faux refus par document | ${percent(refusedDocs, docs.length)} | ${percent(docs.filter((doc) => WORKSHOP.test(doc.text)).length, docs.length)} |`,
    `| mots de passe en toutes lettres (grammaire, ${spoken.length} phrases) | refusés | ${percent(spokenFound, spoken.length)} | ${percent(spoken.filter((sentence) => WORKSHOP.test(sentence.text)).length, spoken.length)} |`,
    `| | phrases dont le rapport montre 6 caractères du mot de passe | ${spokenPrinted} | — |`,
    `| en parler sans le donner (même grammaire, ${talk.length} phrases) | faux refus | ${percent(talkRefusedCount, talk.length)} | ${percent(talk.filter((text) => WORKSHOP.test(text)).length, talk.length)} |`,
    `| formats de fournisseurs (modèle gitleaks, ${providerSamples.length}) | reconnus | ${percent(providerSamples.length - providersMissed.length, providerSamples.length)} | — |`,
    `| note de 1 Mio, pire déclencheur (${worst[0]![0]}) | temps | ${worst[0]![1].toFixed(0)} ms | — |`,
    `| export de ${(big.length / 1024 / 1024).toFixed(0)} Mio | temps | ${(bigTime / 1000).toFixed(1).replace('.', ',')} s | — |`,
    `| note ordinaire de ${(Buffer.byteLength(longNote) / 1024).toFixed(0)} Kio | temps médian | ${median(noteTimes).toFixed(1)} ms | — |`,
    '',
    'Empreintes des constats (bench/digest.ts : règle, ligne et extrait masqué de chaque refus, document par document ; une accélération les garde, un changement voulu le dit) :',
    '',
    '| corpus | empreinte |',
    '| --- | --- |',
    `| fuites écrites ailleurs | ${digests.leaks} |`,
    `| notes honnêtes (générées et écrites) | ${digests.honest} |`,
    `| documentation npm | ${digests.npm} |`,
    `| mots de passe en toutes lettres | ${digests.spoken} |`,
    '',
    '### Rappel par famille de fuite',
    '',
    ...[...byFamily.entries()].sort().map(([family, { found, total }]) => `- ${family} : ${found}/${total}`),
    '',
    '### Fuites manquées (ligne du secret, tronquée ; secrets factices générés)',
    '',
    ...[...byFamily.entries()].flatMap(([family, { missed }]) => missed.map((line) => `- ${family} : \`${line.replace(/`/g, 'ʼ')}\``)),
    ...printedCases.map((line) => `- secret montré : ${line}`),
    ...devMisses.map((line) => `- jeu de développement, ${line}`),
    '',
    '### Mots de passe en toutes lettres, par forme (et les phrases manquées)',
    '',
    ...[...spokenByForm.entries()].sort().map(([form, { found, total }]) => `- ${form} : ${found}/${total}`),
    ...[...spokenByForm.values()].flatMap(({ missed }) => missed.slice(0, 5).map((line) => `- manquée : \`${line.replace(/`/g, 'ʼ')}\``)),
    ...talkRefused.map((line) => `- faux refus : \`${line.replace(/`/g, 'ʼ')}\``),
    '',
    '### Refus à relire (extraits masqués)',
    '',
    ...[...honestRefusals, ...noteRefusals].map((line) => `- note honnête ${line}`),
    ...docRefusals.filter(Boolean).map((line) => `- documentation ${line}`),
    '',
    '### Formats de fournisseurs non reconnus',
    '',
    ...(providersMissed.length ? providersMissed.map((line) => `- ${line}`) : ['- aucun']),
    '',
    '### Pires cas (note de 1 Mio, dans le processus, meilleur de 3 exécutions)',
    '',
    ...worst.slice(0, 8).map(([name, ms]) => `- ${name} : ${ms.toFixed(0)} ms`),
    '',
  );
  const goal = (ok: boolean, text: string) => `${ok ? '✅' : '❌'} ${text}`;
  const goals = [
    goal(recall >= 0.97, `secrets : rappel ≥ 97 % sur des notes réalistes : ${percent(leaksFound + dev.tp, leaks.length + dev.tp + dev.fn)}`),
    goal(printed === 0, `secrets : aucun secret montré : ${printed}`),
    goal(
      honestRate <= 0.02,
      `secrets : faux refus ≤ 2 % des notes honnêtes : ${percent(honestRefusals.length + noteRefusals.length, honest.length + notes.length)}`,
    ),
    goal(refusedDocs / docs.length <= 0.01, `secrets : faux refus ≤ 1 % des documents techniques : ${percent(refusedDocs, docs.length)}`),
    goal(spokenFound / spoken.length >= 0.98, `secrets : mots de passe en toutes lettres refusés ≥ 98 % : ${percent(spokenFound, spoken.length)}`),
    goal(spokenPrinted === 0, `secrets : aucun caractère d’un mot de passe en toutes lettres montré : ${spokenPrinted}`),
    goal(talkRefusedCount === 0, `secrets : en parler sans le donner, aucun refus : ${percent(talkRefusedCount, talk.length)}`),
    goal(worst[0]![1] < 500, `secrets : note de 1 Mio < 0,5 s au pire : ${worst[0]![1].toFixed(0)} ms`),
    goal(bigTime < 10000, `secrets : export de 32 Mio < 10 s : ${(bigTime / 1000).toFixed(1).replace('.', ',')} s`),
  ];
  return { section: out.join('\n'), goals };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { section, goals } = await secretsBench();
  console.log(`\n${section}\n${goals.map((line) => `- ${line}`).join('\n')}`);
}
