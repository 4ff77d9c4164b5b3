/**
 * The sender's own secrets (rule `secret-local`) and the workshop's password
 * flows, measured (not a test):
 * - the workshop flows (test/secrets/workshop-flows.ts), value expanded: refused
 *   by the rules alone, and as a secret of this machine; unexpanded: passed;
 * - every way of copying a held value (test/secrets/local-copies.ts), for values
 *   of four shapes: refused, and no 6 characters of a value in the report;
 * - the cost: a 10 KiB note against 50 held values, the matcher built and run
 *   (first run and median), and a 1 MiB note.
 * Honest notes and documents are checked with 50 held values in
 * bench/secrets.ts (`environment`): none may be refused for them.
 *
 *   npx tsx bench/local-secrets.ts
 */
import { randomBytes } from 'node:crypto';
import { LocalSecretMatcher } from '../scripts-src/lib/secrets/find-local-secrets.js';
import { findSecrets, type SecretFinding } from '../scripts-src/lib/secrets/find-secrets.js';
import type { LocalSecret } from '../scripts-src/lib/secrets/local-secrets.js';
import { mixed, random } from '../test/secrets/fake.js';
import { LOCAL_COPIES } from '../test/secrets/local-copies.js';
import { expand, unexpanded, WORKSHOP_FLOWS } from '../test/secrets/workshop-flows.js';

const blocking = (findings: SecretFinding[]) => findings.filter((finding) => !finding.accepted);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Values as people hold them: the workshop's hex, a base64 token, letters and digits, a chosen password. */
const SHAPES: Array<[string, () => string]> = [
  ['hexadécimal (openssl rand -hex 12)', () => randomBytes(12).toString('hex')],
  ['base64 (32 octets)', () => randomBytes(32).toString('base64')],
  ['lettres et chiffres (20)', () => mixed(20)],
  ['mot de passe choisi', () => `Marmotte${random('0123456789', 4)}!${mixed(4)}`],
];

/** `count` held values, each with a source of its own. */
export function heldValues(count: number): LocalSecret[] {
  return Array.from({ length: count }, (_, index) => ({ value: SHAPES[index % SHAPES.length]![1](), source: `la valeur de VALEUR_${index}_TOKEN` }));
}

/** The first 6 characters of `value` that `shown` holds, if any. */
const printed = (shown: string, value: string) => {
  for (let at = 0; at + 6 <= value.length; at++) if (shown.includes(value.slice(at, at + 6))) return true;
  return false;
};

export async function localSecretsBench(): Promise<{ section: string; goals: string[] }> {
  const out: string[] = ['## Secrets de ce poste (`secret-local`) et flux de l’atelier', ''];

  // The workshop's flows: by the rules alone, with the environment, and unexpanded.
  let byRules = 0;
  let byFact = 0;
  let unexpandedPassed = 0;
  const flowMisses: string[] = [];
  for (const [name, template] of WORKSHOP_FLOWS) {
    const value = randomBytes(12).toString('hex');
    const known = new LocalSecretMatcher([{ value, source: 'la valeur de REDISCLI_AUTH' }]);
    const text = expand(template, value);
    if (blocking(await findSecrets(text)).length > 0) byRules++;
    else flowMisses.push(name);
    if (blocking(await findSecrets(text, known)).some((finding) => finding.rule === 'secret-local')) byFact++;
    if ((await findSecrets(unexpanded(template), known)).length === 0) unexpandedPassed++;
  }

  // Every way of copying a held value, for each shape.
  let copiesFound = 0;
  let copiesTotal = 0;
  let shown = 0;
  const copyMisses: string[] = [];
  for (const [shape, make] of SHAPES) {
    for (const [name, write] of LOCAL_COPIES) {
      const value = make();
      const findings = blocking(await findSecrets(write(value), new LocalSecretMatcher([{ value, source: 'la valeur de REDISCLI_AUTH' }])));
      copiesTotal++;
      if (findings.some((finding) => finding.rule === 'secret-local' && finding.source === 'la valeur de REDISCLI_AUTH')) copiesFound++;
      else copyMisses.push(`${shape} : ${name}`);
      if (printed(JSON.stringify(findings), value)) shown++;
    }
  }

  // The cost of the fact: 50 held values against a 10 KiB note, and a 1 MiB one.
  const held = heldValues(50);
  const paragraph = 'Le déploiement de `catalogue-api` passe par la CI ; **attention** au cache `redis` (TTL 8 h), voir _docs/run.md_.\n';
  const note = paragraph.repeat(Math.ceil(10240 / paragraph.length)).slice(0, 10240);
  const runs: number[] = [];
  for (let round = 0; round < 21; round++) {
    const started = performance.now();
    new LocalSecretMatcher(held).find(note);
    runs.push(performance.now() - started);
  }
  const first = runs[0]!;
  const typical = median(runs.slice(1));
  const big = note.repeat(103);
  const matcher = new LocalSecretMatcher(held);
  const bigStarted = performance.now();
  matcher.find(big);
  const bigTime = performance.now() - bigStarted;

  const ms = (value: number) => `${value.toFixed(1).replace('.', ',')} ms`;
  out.push(
    '| mesure | résultat |',
    '| --- | --- |',
    `| flux de l’atelier refusés par les règles seules (valeur hexadécimale) | ${byRules}/${WORKSHOP_FLOWS.length} |`,
    `| flux de l’atelier refusés comme secret de ce poste | ${byFact}/${WORKSHOP_FLOWS.length} |`,
    `| flux de l’atelier écrits avec \`$REDIS_PASSWORD\` qui passent | ${unexpandedPassed}/${WORKSHOP_FLOWS.length} |`,
    `| copies d’une valeur détenue refusées (${LOCAL_COPIES.length} façons × ${SHAPES.length} formes) | ${copiesFound}/${copiesTotal} |`,
    `| rapports montrant 6 caractères d’une valeur | ${shown} |`,
    `| note de 10 Kio, 50 valeurs : première fois / médiane | ${ms(first)} / ${ms(typical)} |`,
    `| note de 1 Mio, 50 valeurs | ${ms(bigTime)} |`,
    '',
  );
  if (flowMisses.length > 0) out.push('Flux passés par les règles seules :', '', ...flowMisses.map((name) => `- ${name}`), '');
  if (copyMisses.length > 0) out.push('Copies manquées :', '', ...copyMisses.map((name) => `- ${name}`), '');

  const goal = (ok: boolean, text: string) => `${ok ? '✅' : '❌'} ${text}`;
  const goals = [
    goal(
      byRules === WORKSHOP_FLOWS.length && byFact === WORKSHOP_FLOWS.length,
      `secrets locaux : flux de l’atelier refusés : ${byRules}/${WORKSHOP_FLOWS.length} par les règles, ${byFact}/${WORKSHOP_FLOWS.length} comme secret de ce poste`,
    ),
    goal(unexpandedPassed === WORKSHOP_FLOWS.length, `secrets locaux : flux écrits avec la variable acceptés : ${unexpandedPassed}/${WORKSHOP_FLOWS.length}`),
    goal(copiesFound === copiesTotal && shown === 0, `secrets locaux : copies refusées ${copiesFound}/${copiesTotal}, valeurs montrées : ${shown}`),
    goal(typical < 10 && first < 10, `secrets locaux : note de 10 Kio et 50 valeurs < 10 ms : ${ms(first)} la première fois, ${ms(typical)} ensuite`),
  ];
  return { section: out.join('\n'), goals };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { section, goals } = await localSecretsBench();
  console.log(`\n${section}\n${goals.map((line) => `- ${line}`).join('\n')}`);
}
