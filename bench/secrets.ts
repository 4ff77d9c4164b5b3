/**
 * Secret-guard benchmark (not a test): recall, false-refusal rate and time per
 * note on a labelled folder (`labels.tsv`: file, label 1 = contains a secret),
 * and the time on a 5 MB session export. The workshop's grep check, measured in
 * the same run on the same files, is the baseline.
 *
 *   npm run bench:secrets -- [dossier-étiqueté]
 *
 * Without a folder, the development set is generated from
 * ../shared/secret-corpus/gen_corpus.py into a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSecrets, findSecretsInJson } from '../scripts-src/lib/secrets/find-secrets.js';
import { largeExport } from './large-export.js';

const WORKSHOP = /api[_-]?key|token|secret|password|Bearer /i;

function labelledFolder(): string {
  if (process.argv[2]) return process.argv[2];
  const generator = join(import.meta.dirname, '..', '..', 'shared', 'secret-corpus', 'gen_corpus.py');
  if (!existsSync(generator)) throw new Error(`aucun dossier étiqueté donné, et ${generator} est absent`);
  const folder = mkdtempSync(join(tmpdir(), 'contexte-corpus-'));
  execFileSync('python3', [generator, folder], { stdio: 'ignore' });
  return folder;
}

async function ours(file: string, text: string): Promise<boolean> {
  const findings = file.endsWith('.json') ? await findSecretsInJson(Buffer.from(text)) : await findSecrets(text);
  return findings.some((finding) => !finding.accepted);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const folder = labelledFolder();
const rows = readFileSync(join(folder, 'labels.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
const files = rows.map(([file, label]) => ({ file: file!, secret: label === '1', text: readFileSync(join(folder, file!), 'utf8') }));

await ours(files[0]!.file, files[0]!.text); // warm-up: the first call loads secretlint's rules
const score = { ours: { tp: 0, fn: 0, fp: 0, tn: 0 }, workshop: { tp: 0, fn: 0, fp: 0, tn: 0 } };
const times = { ours: [] as number[], workshop: [] as number[] };
const misses: string[] = [];
for (let round = 0; round < 10; round++) {
  for (const { file, secret, text } of files) {
    let started = performance.now();
    const flagged = await ours(file, text);
    times.ours.push(performance.now() - started);
    started = performance.now();
    const workshopFlagged = WORKSHOP.test(text);
    times.workshop.push(performance.now() - started);
    if (round > 0) continue;
    score.ours[secret ? (flagged ? 'tp' : 'fn') : flagged ? 'fp' : 'tn']++;
    score.workshop[secret ? (workshopFlagged ? 'tp' : 'fn') : workshopFlagged ? 'fp' : 'tn']++;
    if (secret !== flagged) misses.push(`${secret ? 'manqué' : 'faux refus'} : ${file}`);
  }
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;
const big = largeExport(5 * 1024 * 1024);
const bigTimes: number[] = [];
for (let round = 0; round < 3; round++) {
  const started = performance.now();
  await findSecretsInJson(Buffer.from(big));
  bigTimes.push(performance.now() - started);
}
// A long but ordinary note of about 20 KB: the size the goal is stated for.
const longNote = Array.from({ length: 220 }, (_, i) => `- Étape ${i} : \`npm test -- src/module${i}.test.ts\` passe ; le token expire après une heure, commit ${(i * 7919).toString(16).padStart(7, '0')}.`).join('\n');
const noteTimes: number[] = [];
for (let round = 0; round < 20; round++) {
  const started = performance.now();
  await findSecrets(longNote);
  noteTimes.push(performance.now() - started);
}
const bigWorkshop = (() => {
  const started = performance.now();
  WORKSHOP.test(big);
  return performance.now() - started;
})();

console.log(`Dossier : ${folder} (${files.length} fichiers, ${files.filter((f) => f.secret).length} avec secret)\n`);
console.log('| vérification | rappel | faux refus | temps médian par fichier |');
console.log('| --- | --- | --- | --- |');
for (const name of ['ours', 'workshop'] as const) {
  const { tp, fn, fp, tn } = score[name];
  console.log(`| ${name === 'ours' ? 'contexte-skills' : 'grep de l’atelier (référence)'} | ${percent(tp, tp + fn)} | ${percent(fp, fp + tn)} | ${median(times[name]).toFixed(3)} ms |`);
}
console.log(`\nExport de session de ${(big.length / 1024 / 1024).toFixed(1)} Mio : ${median(bigTimes).toFixed(0)} ms (grep de l’atelier : ${bigWorkshop.toFixed(1)} ms, et il le refuse toujours)`);
console.log(`Note de ${(Buffer.byteLength(longNote) / 1024).toFixed(0)} Kio : ${median(noteTimes).toFixed(1)} ms`);
console.log(`Temps médian par fichier : ${(median(times.ours) / median(times.workshop)).toFixed(0)} × celui du grep de l’atelier`);
if (misses.length > 0) console.log(`\n${misses.join('\n')}`);
