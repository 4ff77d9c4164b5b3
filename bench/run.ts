/**
 * The benchmark (not a test): every program against Node's own start-up (the
 * floor) and against the workshop's bash scripts (the baseline), measured in
 * the same run on the same machine, interleaved, median of several rounds.
 * Prints one table and writes it, with the machine, to bench/RESULTS.md.
 *
 *   npm run bench
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openRedisMailbox } from '../scripts-src/lib/mailbox/redis/redis-mailbox.js';
import { readRedisSettings } from '../scripts-src/lib/mailbox/redis/settings.js';
import { handoffNote } from '../test/helpers/notes.js';
import { startRedis } from '../test/helpers/redis-server.js';
import { packDir, programPaths, repoRoot } from '../test/helpers/run-program.js';
import { hostileBench } from './hostile.js';
import { largeExport } from './large-export.js';
import { localSecretsBench } from './local-secrets.js';
import { readingBench } from './reading.js';
import { secretsBench } from './secrets.js';

const ROUNDS = 15;

/** What bounds the figures that miss their goal, as profiled (node --cpu-prof) on this machine. */
const BOUNDS = `## Ce qui borne les chiffres

- **Un appel** : \`node -e ''\` est le plancher. Au-dessus, un programme paie le chargement des
  modules de Node qu'il utilise (\`net\`, \`stream\`, \`crypto\`, \`fs/promises\` : 5 à 6 ms),
  l'évaluation d'ioredis (environ 8 ms, inévitable tant qu'ioredis est le client) et du reste
  du programme, puis la connexion (TCP, AUTH) et ses commandes. La ligne « --help » isole le
  chargement. Déjà faits : ioredis et les gardes (\`lib/guards.ts\`) chargés à la première utilisation ; secretlint retiré ;
  \`tls\`, \`dns\`, \`assert\` chargés à la demande dans ioredis ; \`debug\` remplacé ; cache de
  code V8 par utilisateur, un sans et un avec les gardes (environ 10 ms de moins par appel). \`publier\` vérifie en plus
  la note (secrets, y compris ceux de ce poste).
- **La mémoire d'un gros export** : Node seul occupe déjà 40 à 50 Mio (≈ 2 × un export de
  22 Mio) ; s'y ajoutent l'export lui-même (un tampon), sa copie dans le tampon de lecture
  d'ioredis (get) ou dans la commande envoyée (publier), et un lot de 1 Mio de chaînes en
  cours d'examen. Le JSON n'est jamais construit en objets (lecture octet par octet).`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const times = (value: number) => `${value.toFixed(2).replace('.', ',')} ×`;

const work = mkdtempSync(join(tmpdir(), 'contexte-banc-'));
const redis = await startRedis();
const env = { PATH: process.env.PATH ?? '', HOME: work, ...redis.env };
const rows: string[][] = [];

function run(command: string, args: string[]): { ms: number; stdout: string; stderr: string } {
  const started = performance.now();
  const result = spawnSync(command, args, { env, cwd: work, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} : ${result.stderr}`);
  return { ms: elapsed, stdout: result.stdout, stderr: result.stderr };
}

/** Each case once per round, in turn, so that the machine's drift hits every case alike. */
function interleaved(cases: Record<string, () => number>, rounds: number): Record<string, number> {
  const measured: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) for (const [name, measure] of Object.entries(cases)) measured[name]!.push(measure());
  return Object.fromEntries(Object.entries(measured).map(([name, values]) => [name, median(values)]));
}

const nodeCase =
  (...args: string[]) =>
  () =>
    run(process.execPath, args).ms;
const bashCase = (script: string) => () => run('bash', ['-c', script]).ms;

try {
  console.log('Préparation…');
  const note = join(work, 'CONTEXTE-2026-12-02-alice.md');
  const steps = Array.from({ length: 140 }, (_, index) => `- étape ${index} : \`npm test -- module${index}\` passe, voir src/module${index}.ts`).join('\n');
  // The header names the team and the author it is published under (publier refuses a note that says otherwise).
  writeFileSync(note, handoffNote({ equipe: 'banc', extra: `${steps}\n` }));
  const noteSize = statSync(note).size;
  const key = (JSON.parse(run(process.execPath, [programPaths.publier, note, 'banc', 'alice', '--json']).stdout) as { cle: string }).cle;
  const port = String(redis.port);

  // The workshop's scripts, as publier.sh and recuperer.sh make their redis-cli calls.
  const workshopPublish = `grep -q -i -E "api[_-]?key|token|secret|password|Bearer " ${note} && exit 1; k="contexte:atelier:alice:$(date +%Y%m%d-%H%M)"; redis-cli -p ${port} -x SET "$k" < ${note} > /dev/null; redis-cli -p ${port} EXPIRE "$k" 28800 > /dev/null; echo "Publié : $k (TTL 28800s)"`;
  const workshopGet = `redis-cli -p ${port} --no-raw GET ${key} > /dev/null; redis-cli -p ${port} GET ${key} > atelier.md; echo "Écrit : atelier.md ($(wc -c < atelier.md) octets)"`;
  const workshopList = (pattern: string) =>
    `for cle in $(redis-cli -p ${port} --scan --pattern '${pattern}'); do ttl="$(redis-cli -p ${port} TTL "$cle")"; echo "$cle  (expire dans \${ttl}s)"; done`;

  console.log('Appels un par un…');
  const perCall = interleaved(
    {
      floor: nodeCase('-e', ''),
      publier: nodeCase(programPaths.publier, note, 'banc', 'alice'),
      get: nodeCase(programPaths.recuperer, 'get', key, 'lue.md', '--force'),
      list: nodeCase(programPaths.recuperer, 'list', '--equipe', 'vide'),
      help: nodeCase(programPaths.recuperer, '--help'),
      'publier.sh': bashCase(workshopPublish),
      'get.sh': bashCase(workshopGet),
      'list.sh': bashCase(workshopList('contexte:vide:*')),
    },
    ROUNDS,
  );
  const floor = perCall.floor!;
  rows.push(["node -e '' (plancher)", ms(floor), '1,00 ×', '', '']);
  rows.push(['recuperer --help (chargement du programme seul)', ms(perCall.help!), times(perCall.help! / floor), '', '']);
  for (const [label, ours, theirs] of [
    [`publier (note de ${(noteSize / 1024).toFixed(0)} Kio)`, 'publier', 'publier.sh'],
    ['recuperer get', 'get', 'get.sh'],
    ['recuperer list (équipe vide)', 'list', 'list.sh'],
  ] as const) {
    rows.push([label, ms(perCall[ours]!), times(perCall[ours]! / floor), ms(perCall[theirs]!), times(perCall[ours]! / perCall[theirs]!)]);
  }

  console.log('Listes de 1 000 et 10 000 notes…');
  const mailbox = await openRedisMailbox(readRedisSettings(redis.env), { journalDays: 30, ttlMaxSeconds: 7 * 86400 });
  const small = Buffer.from(handoffNote());
  for (const [team, count] of [
    ['mille', 1000],
    ['dixmille', 10000],
  ] as const) {
    for (let start = 0; start < count; start += 500) {
      await Promise.all(
        Array.from({ length: Math.min(500, count - start) }, (_, index) =>
          mailbox.publish({ team, author: `a${start + index}`, note: small, ttlSeconds: 3600, now: new Date(), summary: { title: 'Note de banc' } }),
        ),
      );
    }
  }
  await mailbox.close();
  const scale = interleaved(
    {
      mille: nodeCase(programPaths.recuperer, 'list', '--equipe', 'mille', '--json'),
      dixmille: nodeCase(programPaths.recuperer, 'list', '--equipe', 'dixmille', '--json'),
      atelier: bashCase(workshopList('contexte:mille:*')),
    },
    10,
  );
  rows.push([
    'list de 1 000 notes',
    ms(scale.mille!),
    times(scale.mille! / floor),
    ms(scale.atelier!),
    `${(scale.atelier! / scale.mille!).toFixed(0)} × plus rapide`,
  ]);
  rows.push([
    'list de 10 000 notes',
    ms(scale.dixmille!),
    times(scale.dixmille! / floor),
    `≈ ${((scale.atelier! * 10) / 1000).toFixed(1)} s (1 000 mesurées × 10)`,
    `${((scale.atelier! * 10) / scale.dixmille!).toFixed(0)} × plus rapide`,
  ]);

  console.log('Export de session de 20 Mio…');
  const exported = join(work, 'session-alice.json');
  writeFileSync(exported, largeExport(20 * 1024 * 1024));
  const bigNote = join(work, 'CONTEXTE-gros.md');
  writeFileSync(bigNote, handoffNote({ equipe: 'gros' }));
  const exportSize = statSync(exported).size;
  const hasTime = existsSync('/usr/bin/time');
  const measured = (args: string[]) => {
    const result = hasTime ? run('/usr/bin/time', ['-v', process.execPath, ...args]) : run(process.execPath, args);
    const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1];
    return { ms: result.ms, kb: kb === undefined ? undefined : Number(kb), stdout: result.stdout };
  };
  const bigPublish: number[] = [];
  const bigGet: number[] = [];
  const memory = { publish: [] as number[], get: [] as number[] };
  for (let round = 0; round < 5; round++) {
    const publish = measured([programPaths.publier, bigNote, 'gros', 'alice', exported, '--json']);
    const sessionKey = (JSON.parse(publish.stdout) as { cle_session: string }).cle_session;
    const get = measured([programPaths.recuperer, 'get', sessionKey, `session-${round}.json`]);
    bigPublish.push(publish.ms);
    bigGet.push(get.ms);
    if (publish.kb) memory.publish.push(publish.kb);
    if (get.kb) memory.get.push(get.kb);
  }
  const peak = (values: number[]) =>
    values.length
      ? `${(median(values) / 1024).toFixed(0)} Mio (${((median(values) * 1024) / exportSize).toFixed(1).replace('.', ',')} × l’export)`
      : 'n/d (/usr/bin/time absent)';
  rows.push([`publier avec un export de ${(exportSize / 1024 / 1024).toFixed(0)} Mio`, ms(median(bigPublish)), `mémoire max ${peak(memory.publish)}`, '', '']);
  rows.push([`recuperer get de cet export`, ms(median(bigGet)), `mémoire max ${peak(memory.get)}`, '', '']);

  console.log('Entrées hostiles…');
  const hostile = hostileBench();

  console.log('Garde des secrets : calibrage et pires cas…');
  const secrets = await secretsBench();

  console.log('Secrets de ce poste et flux de l’atelier…');
  const local = await localSecretsBench();

  console.log('Garde de lecture : calibrage et pires cas…');
  const reading = await readingBench();

  const goal = (ok: boolean, text: string) => `- ${ok ? '✅' : '❌'} ${text}`;
  const bigMemory = Math.max(median(memory.publish.length ? memory.publish : [0]), median(memory.get.length ? memory.get : [0])) * 1024;
  const goals = [
    goal(perCall.get! / floor <= 1.4, `recuperer get ≤ 1,4 × node -e '' : ${times(perCall.get! / floor)}`),
    goal(perCall.list! / floor <= 1.4, `recuperer list ≤ 1,4 × node -e '' : ${times(perCall.list! / floor)}`),
    goal(perCall.publier! / floor <= 1.8, `publier ≤ 1,8 × node -e '' : ${times(perCall.publier! / floor)}`),
    goal(scale.atelier! / scale.mille! >= 30, `list de 1 000 notes ≥ 30 × plus rapide que l’atelier : ${(scale.atelier! / scale.mille!).toFixed(0)} ×`),
    goal(scale.dixmille! < 500, `list de 10 000 notes < 0,5 s : ${ms(scale.dixmille!)}`),
    goal(
      median(bigPublish) < 1500 && median(bigGet) < 1500,
      `export de 20 Mio, publier et get < 1,5 s chacun : ${ms(median(bigPublish))} et ${ms(median(bigGet))}`,
    ),
    goal(
      bigMemory > 0 && bigMemory < 4 * exportSize,
      `export de 20 Mio, mémoire max < 4 × l’export : ${bigMemory ? `${(bigMemory / exportSize).toFixed(1).replace('.', ',')} ×` : 'n/d'}`,
    ),
    ...hostile.goals.map((text) => `- ${text}`),
    ...secrets.goals.map((text) => `- ${text}`),
    ...local.goals.map((text) => `- ${text}`),
    ...reading.goals.map((text) => `- ${text}`),
  ].join('\n');
  const table = [
    '| Mesure | contexte-skills | rapport / détail | atelier (bash + redis-cli) | rapport à l’atelier |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n');
  const bundles = readdirSync(packDir)
    .flatMap((skill) =>
      existsSync(join(packDir, skill, 'scripts'))
        ? readdirSync(join(packDir, skill, 'scripts'))
            .filter((file) => file.endsWith('.js'))
            .map((file) => join(packDir, skill, 'scripts', file))
        : [],
    )
    .concat(join(repoRoot, 'dist', 'admin.js'))
    .map((path) => `- \`${path.slice(repoRoot.length)}\` : ${(statSync(path).size / 1024).toFixed(0)} Kio`);
  const machine = `${cpus()[0]?.model ?? 'inconnu'} (${cpus().length} cœurs), Node ${process.version}, redis-server ${redisVersion()}`;
  console.log(`\n${machine}\n\n${table}`);
  writeFileSync(
    join(repoRoot, 'bench', 'RESULTS.md'),
    `# Résultats de \`npm run bench\`\n\nMesuré le ${new Date().toISOString().slice(0, 10)} sur ${machine}.\nMédianes de ${ROUNDS} exécutions entrelacées (listes à l’échelle : 10 ; export de 20 Mio : 5), Redis sur 127.0.0.1, cache de code V8 chaud.\n\n${table}\n\n## Objectifs\n\n${goals}\n\n${hostile.section}\n${secrets.section}\n${local.section}\n${reading.section}\n${BOUNDS}\n\nTaille des programmes :\n\n${bundles.join('\n')}\n`,
  );
  console.log('\nÉcrit : bench/RESULTS.md');
} finally {
  await redis.stop();
  rmSync(work, { recursive: true, force: true });
}

function redisVersion(): string {
  return /v=(\S+)/.exec(spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).stdout)?.[1] ?? 'inconnu';
}
