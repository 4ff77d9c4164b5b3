/**
 * The benchmark (not a test): every program against Node's own start-up (the
 * floor) and against the workshop's bash scripts (the baseline), measured in
 * the same run on the same machine, interleaved, median of several rounds.
 * Prints one table and writes it, with the machine, to bench/RESULTS.md.
 *
 *   npm run bench
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_NOTE_BYTES } from '../scripts-src/lib/io/read-input-file.js';
import { openRedisMailbox } from '../scripts-src/lib/mailbox/redis/redis-mailbox.js';
import { readRedisSettings } from '../scripts-src/lib/mailbox/redis/settings.js';
import { phraseTablesPlugin } from '../scripts-src/shims/phrase-tables-plugin.mjs';
import { handoffNote } from '../test/helpers/notes.js';
import { startRedis } from '../test/helpers/redis-server.js';
import { packDir, programPaths, repoRoot } from '../test/helpers/run-program.js';
import { BEFORE_COMMIT, beforePrograms } from './before.js';
import { writeGuardsProgram } from './guards-program.js';
import { hostileBench } from './hostile.js';
import { largeExport } from './large-export.js';
import { localSecretsBench } from './local-secrets.js';
import { readingBench } from './reading.js';
import { secretsBench } from './secrets.js';

const ROUNDS = 15;
/** The floor of the chosen stack: the same round trip with ioredis and nothing else. */
const MINIMAL_CLIENT = join(repoRoot, 'bench', 'minimal-client.cjs');

/** What bounds the figures that miss their goal, as profiled (node --cpu-prof) on this machine. */
const BOUNDS = `## Ce qui borne les chiffres

- **Un appel** : \`node -e ''\` est le plancher. Au-dessus, un programme paie le chargement des
  modules de Node qu'il utilise (\`net\`, \`stream\`, \`crypto\`, \`fs/promises\` : 5 à 6 ms),
  l'évaluation d'ioredis (environ 8 ms, inévitable tant qu'ioredis est le client) et du reste
  du programme, puis la connexion (TCP, AUTH) et ses commandes. La ligne « --help » isole le
  chargement. Déjà faits : ioredis et les gardes (\`lib/guards.ts\`) chargés à la première utilisation ; secretlint retiré ;
  \`tls\`, \`dns\`, \`assert\` chargés à la demande dans ioredis ; \`debug\` remplacé ; les quelque 490 méthodes
  de commandes d'ioredis posées sur un objet ordinaire puis mis en prototype, au lieu d'une à une sur un prototype
  (chaque ajout recopiait la liste des propriétés : environ 17 ms de moins par appel qui parle à Redis) ; cache de
  code V8 par utilisateur, un sans et un avec les gardes (environ 10 ms de moins par appel) ; le programme porté dans
  un commentaire d'un fichier ASCII plutôt que dans une chaîne (Node compile le fichier entier avant de commencer : une
  chaîne de 900 Kio à construire coûtait environ 20 ms à chaque appel, \`--help\` compris ; un commentaire est sauté,
  et un fichier ASCII lu en chaîne d'un octet par caractère). \`publier\` vérifie en plus la note (secrets, y compris
  ceux de ce poste).
- **Les gardes, à froid** (profils \`node --cpu-prof\` de \`bench/guards-in-process.ts\`, note de 10 Kio, 2026-12-05) :
  l'écart entre \`publier\` et le client ioredis minimal est presque tout entier là. Déjà fait : les expressions
  régulières compilées en code machine dès leur premier usage (drapeau V8 posé par le chargeur des programmes ;
  interprétées d'abord, elles coûtaient environ 30 ms de plus). Reste (environ 100 à 120 ms) : l'évaluation des
  modules des gardes (motifs et ensembles du lexique, environ 45 ms), la première lecture (environ 40 ms), la
  première vérification (environ 25 ms) et le ramasse-miettes (environ 30 ms). Répétées dans un même processus, les
  mêmes gardes coûtent 15 à 25 ms : c'est le code froid qui coûte, pas l'algorithme. Fait depuis : les ensembles de
  phrases du lexique construits à la compilation et écrits dans chaque programme (environ 20 ms de moins pour les
  gardes dans le processus) ; un premier essai, retiré, les portait dans la chaîne du programme, que chaque appel
  payait (\`--help\` compris, environ 17 ms) : dans le commentaire, ils ne coûtent qu'aux appels qui jugent un texte.
  Essayé et retiré : les options du ramasse-miettes et du compilateur de V8 (rien, ou plus lent sur les grosses entrées).
  Fait depuis (2026-12-07) : les mots que lit le détecteur de déguisements écrits dans chaque programme avec les
  ensembles dont ils viennent (chaque mot de chaque ensemble restauré passait un test d'expression à chaque départ :
  environ 14 ms de chargement). Mesuré module par module : l'évaluation des gardes reste d'environ 70 ms sans cache de
  code, dont la grammaire des phrases (\`sentence-features\`, environ 30 ms, ensembles restaurés compris), la lecture
  des ensembles écrits (environ 5 ms) et le ramasse-miettes (environ 12 ms). Fait ensuite (2026-12-07, second passage) :
  les tables des verbes et des phrases lues seulement quand un ensemble manque, et ce qu'un programme en tirait à chaque
  départ écrit avec les ensembles (les futurs lus comme impératifs, les infinitifs des tâches, les mots du modèle des
  mots de passe en toutes lettres) : lire la table des verbes par règle coûtait environ 15 ms du chargement, puis 7 ms
  de la première vérification (ses expressions compilées au premier usage) ; les gardes dans le processus 133 → 125 ms
  sur cette machine. Reste : le \`JSON.parse\` des ensembles écrits (282 Ko, environ 6 ms, et deux ramasse-miettes
  de 4 ms que ses 40 000 objets déclenchent), la grammaire construite au chargement, la première lecture.
- **Avant et après** (colonne « avant », deux passages le 2026-12-07) : au premier (à d3b588b), les programmes
  d'aujourd'hui étaient plus lents que ceux de l'ouverture du chantier sur une note ordinaire (publier 178 contre 153 ms,
  les gardes dans le processus 99 contre 84) : le modèle des mots de passe en toutes lettres (\`prose-credentials\`,
  son vocabulaire) et celui des permissions accordées de la garde de lecture, venus depuis, coûtaient plus que ce chantier
  n'avait regagné. Au second (à 8f5a51c, dictionnaire écrit, emphase et formats gardés), publier et les gardes sont à
  2 % de ceux d'avant et la pire note de \`verifier\` plus rapide (1083 contre 1360 ms) ; restent plus lents \`get\`
  (+14 % : le modèle des permissions de la garde de lecture, venu depuis), \`get\` et \`publier\` de l'export (+10 à
  +18 % : les marqueurs de rôle et les sorties d'outil lus dans chaque chaîne de l'export, environ 0,5 s de
  \`toolOutputGrantStarts\` et \`permissionGranted\` au profil), et \`list\` de 10 000 notes (+40 % : les prises
  en main lues dans les journaux, environ 100 ms).
- **Une équipe de 10 000 notes** (profil, 2026-12-05) : \`list\` envoie une commande par membre (\`HGETALL\` de
  son index), puis interroge la boîte (\`PTTL\`, \`STRLEN\` : ce qu'elle dit, face à ce que l'index prétend) sur les
  seules notes montrées, les plus récentes (200 par défaut ; le nombre des autres vient de l'index), dont seules
  les entrées sont décodées : 10 400 commandes au lieu de 30 000 pour le banc (un auteur par note), 681 → 480 à 520 ms selon les passages.
  Reste : les 10 000 \`HGETALL\` (un objet, une promesse et un minuteur de délai par commande dans ioredis), les
  gardes chargées pour les titres, et le ramasse-miettes (environ 100 ms). Un pipeline explicite au lieu de
  l'auto-pipeline, ou sans minuteur par commande : moins de 20 ms à la main. Les réponses de \`HGETALL\` deviennent
  dans ioredis des objets dont la clé (le nom de la note) est chaque fois nouvelle pour V8 : une classe cachée par
  note, environ 30 ms sur 10 000 (mesuré à part) ; lire la réponse brute dépendrait d'un détail d'ioredis.
  Fait depuis (2026-12-07) : les index lus par pipeline explicite, 500 à la fois, en réponses brutes (\`HGETALL\` par
  \`call\`, une \`Map\` par index, toutes les clés de l'équipe sont dans sa case de Cluster) : 10 000 index lus en
  environ 170 au lieu de 205 ms, \`list\` de 10 000 notes 550 → 512 ms (médianes de 12 appels entrelacés). Reste :
  le démarrage et les gardes chargées pour les titres (environ 190 ms), et les prises en main lues dans les journaux
  (environ 120 ms : le journal du banc tient les 10 000 publications, décodées par ioredis puis écartées).
- **Une note de 1 Mio faite pour coûter** (profils de \`verifier\` et \`lire\` non minifiés, 2026-12-05) : le coût est
  par ligne et par caractère transformé, jamais quadratique. Déjà faits : les formats de fournisseurs choisis une fois
  par texte ; une ligne trop courte pour tenir une valeur, ou d'un seul mot, ne passe pas les règles de liaison ; une
  étiquette jugée une fois ; les lignes du modèle Markdown servent telles quelles à la garde des secrets ; les sosies
  repliés unité par unité, NFKC sauté sur un texte déjà normalisé ; le mémo de la grammaire d'une longue phrase, un
  octet par position (une \`Map\` de 580 000 nombres coûtait 375 ms) ; les commandes risquées d'une phrase cherchées
  seulement quand une règle le demande ; les étapes d'une vue sautées quand le texte n'a aucun des caractères
  qu'elles touchent, les suppressions faites par le moteur ; les chaînes des vues construites sans itérateur
  (150 Mio de déchets par Mio de texte) ; chaque titre normalisé une fois (« # \\n » × 262 144 : 1,1 s de moins) ;
  aucune copie \`{ ...objet, propriété }\` sur les chemins chauds : de Node 18 à 22, V8 la fait par sa voie lente
  (50 fois plus lente seule) et dans la vieille génération, où elle restait en déchet jusqu'au prochain ramasse-miettes
  complet (les traits de chaque phrase : une note de 10 Kio lue 40 % plus vite, un export de 22 Mio 15 %).
  Fait depuis (2026-12-07, l'examen d'un export de 20 Mio 5,5 → 4,5 s en tout) : un format de fournisseur reconnu absent
  d'un long texte par une paire de ses caractères que le texte ne montre jamais côte à côte (un passage relève les
  paires ; chaque lot faisait une centaine de recherches entières) ; trois phrases (« se connecter avec », « utilise … pour
  se connecter », « déverrouiller avec ») lues seulement sur les lignes qui tiennent un de leurs mots, et la phrase
  ouverte sur celles dont les derniers mots peuvent en finir une ; les affectations sans indices de correspondance ;
  l'emphase cherchée seulement là où se tient un \`*\`, un \`_\` ou un \`~\` (ses motifs commencent par un regard en
  arrière, essayé à chaque position). Puis (second passage du 2026-12-07) : la vue révélée faite et lue chaîne par
  chaîne, des seules chaînes qu'elle change (une seule chaîne avec de l'emphase dans un lot de 64 Ki faisait construire
  et relire la vue du lot entier : avec un \`**\` par message, comme l'écrit un modèle, l'examen des secrets d'un export
  de 20 Mio 7,7 → 4,0 s ; l'export du banc a désormais cette emphase, que celui d'avant n'avait pas, et la colonne
  « avant » est mesurée sur le même) ; pour la garde de lecture, l'index des lignes d'une chaîne construit au premier
  besoin, \`exec\` au lieu de \`matchAll\` (qui copie le motif à chaque appel), \`isWord\` sans expression, et une
  longue phrase (quarante lignes de sortie d'outil sans point) essayée seulement là où se tiennent les premiers mots
  de chaque motif : \`readExport\` d'un export de 1 Mio −15 % d'instructions (callgrind, V8 en un seul fil).
  Puis (troisième passage du 2026-12-07), pour la garde des secrets : le jeton coupé en fin de ligne lu à rebours
  depuis la fin (une expression ancrée à la fin s'essayait à chaque position), et seulement quand une ligne suit ; les
  jetons espacés cherchés après un \`_\` ou un \`-\` suivis d'un blanc ; chaque instruction SQL ou PowerShell essayée
  après un mot sans lequel elle ne trouve rien ; l'étiquette seule d'une ligne essayée quand rien, passé ses 40
  caractères, n'est autre qu'un blanc ou un signe : 3 540 → 3 265 millions d'instructions pour la garde sur l'export
  de 1 Mio du banc, sans changer une empreinte. Essayé et laissé : un crible (longueur, premier, deuxième et dernier
  caractères) devant les ensembles de mots, qui évite de calculer le hachage de chaque jeton neuf (le profil y mettait
  la moitié du modèle des mots de passe en toutes lettres) : 6 % de gagné sur ce modèle seul, rien de mesurable sur un
  export.
  Puis (quatrième passage du 2026-12-07), mesuré par variantes (une fonction rendue vide à la fois, \`callgrind\` sur
  l'export de 1 Mio, environ 17 500 lignes) : par ligne de sortie d'outil, les règles de liaison des phrases en
  prennent le plus (environ 66 000 instructions, dont 30 000 pour le modèle des mots de passe en toutes lettres et
  15 000 pour sa seule découpe en mots), puis les autres règles de liaison (36 000), l'étiquette ouverte (15 000), les
  jetons déguisés (13 500). Faits : \`stripQuotes\` ne construit plus ses six paires de guillemets à chaque appel ; les
  tests d'un seul caractère écrits en comparaisons (un signe, le \`?\` ou le \`&\` d'une requête, un point qui clôt) ; la
  découpe en mots des deux gardes reconnaît un blanc par son code (égal à \`\\s\` sur les 65 536 codes) et note
  l'apostrophe ou le trait d'union en lisant le jeton au lieu de le chercher ensuite : 4 258 → 4 038 millions
  d'instructions en tout, sans changer une empreinte. Ce qui coûte est le nombre d'expressions appliquées à chaque
  ligne (environ 500 instructions par appel sur une ligne de 70 caractères, même quand rien ne correspond ; un
  \`includes\` 250), pas l'une d'elles. Puis (2026-12-08) : les options de mot de passe des commandes essayées sur une
  ligne qui a un \`-\` ou un \`_\` (toutes commencent par un tiret, sauf les sous-commandes de rabbitmqctl), les
  instructions dont la valeur est toujours entre guillemets sur une ligne qui en a un : 4 038 → 3 965 millions.
  Ce qui reste : le ramasse-miettes (20 à 25 %, les objets de chaque ligne : modèle, lignes des secrets, jetons,
  commandes), et deux gardes qui lisent chacune chaque ligne, la garde des secrets avec des dizaines de règles de
  liaison (expressions gardées par un test rapide) par ligne. La piste : un seul passage par ligne qui donne le
  modèle, les lignes des secrets et la vue révélée des seules lignes qui changent, et des liaisons de secrets sur
  la découpe en mots de la garde de lecture.
- **La mémoire d'un gros export** : Node et le programme occupent déjà 50 à 75 Mio ; s'y ajoutent l'export
  lui-même (un tampon), sa copie dans le tampon de lecture d'ioredis (get) ou dans la commande envoyée
  (publier), et le tas que V8 laisse grandir devant les déchets de l'examen. Déjà faits : les chaînes examinées
  par la garde des secrets en lots de 64 Ki caractères (un lot de 1 Mi vivait assez longtemps pour passer dans la
  vieille génération : 185 → 140 Mio pour cette garde seule) ; plus de copie \`{ ...objet, propriété }\` (ci-dessus :
  get de l'export 195 → 145 Mio). Reste, pour publier : la garde des secrets, dont les règles de liaison allouent
  par ligne. Le JSON n'est jamais construit en objets ni décodé en entier : il est parcouru octet par octet, une
  chaîne à la fois.`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;
/** A difference: `+4 ms`, `−1 ms`. */
const delta = (value: number) => `${value < 0 ? '−' : '+'}${ms(Math.abs(value))}`;
const times = (value: number) => `${value.toFixed(2).replace('.', ',')} ×`;

const work = mkdtempSync(join(tmpdir(), 'contexte-banc-'));
const redis = await startRedis();
// Identities of the sealed team's bench live in the bench's own folder.
const env = { PATH: process.env.PATH ?? '', HOME: work, XDG_CONFIG_HOME: join(work, 'config'), ...redis.env };
const rows: string[][] = [];
/** The same row measured with BEFORE_COMMIT's programs in the same rounds, by the row's label. */
const beforeRows = new Map<string, string>();

/** Runs a command; one that fails stops the bench, unless `mayFail` (a program that refuses a hostile note). */
function run(command: string, args: string[], mayFail = false, cwd = work): { ms: number; stdout: string; stderr: string } {
  const started = performance.now();
  const result = spawnSync(command, args, { env, cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const elapsed = performance.now() - started;
  if (result.status !== 0 && !(mayFail && result.status !== null)) throw new Error(`${command} ${args.join(' ')} : ${result.stderr}`);
  return { ms: elapsed, stdout: result.stdout, stderr: result.stderr };
}

/** Each case once per round, in turn, so that the machine's drift hits every case alike: every round's figure. */
function interleavedRounds(cases: Record<string, () => number>, rounds: number): Record<string, number[]> {
  const measured: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  // Every other round in the reverse order: a case that always ran after another would carry what that position costs.
  const names = Object.keys(cases);
  for (let round = 0; round < rounds; round++) for (const name of round % 2 ? [...names].reverse() : names) measured[name]!.push(cases[name]!());
  return measured;
}

/** The median of each case's rounds. */
const medians = (measured: Record<string, number[]>): Record<string, number> =>
  Object.fromEntries(Object.entries(measured).map(([name, values]) => [name, median(values)]));

/** The median of each case, its rounds interleaved. */
const interleaved = (cases: Record<string, () => number>, rounds: number) => medians(interleavedRounds(cases, rounds));

/**
 * What `more` costs over `base`: the median of their differences round by round (the two ran back to back). A few
 * milliseconds on calls of 400 ms are lost in the difference of two medians when the machine drifts by a third.
 */
const pairedCost = (base: number[], more: number[]) => median(more.map((value, round) => value - base[round]!));

const nodeCase =
  (...args: string[]) =>
  () =>
    run(process.execPath, args).ms;
const bashCase = (script: string) => () => run('bash', ['-c', script]).ms;
/** `attendre` waits WAIT_SHORT, then WAIT_LONG seconds for a note nobody publishes. */
const WAIT_SHORT = 2;
const WAIT_LONG = 12;
/**
 * The processor time (user + system, as the shell's `times` reports its children)
 * `attendre` spends in WAIT_LONG − WAIT_SHORT seconds more of waiting: the
 * longer run minus the shorter one, so start-up and the first listing cancel out
 * (the median of three such differences).
 */
function waitingCpu(boxEnv: Record<string, string>): number {
  const cpu = (seconds: number) => {
    const script = `${JSON.stringify(process.execPath)} ${JSON.stringify(programPaths.recuperer)} attendre --equipe banc-attente --delai ${seconds}s >/dev/null 2>&1; times`;
    const { stdout } = spawnSync('bash', ['-c', script], { env: boxEnv, encoding: 'utf8' });
    const children = stdout.trim().split('\n').at(-1)!.split(' ');
    return children.reduce((sum, field) => {
      const match = /^(\d+)m([\d.]+)s$/.exec(field);
      return match ? sum + (Number(match[1]) * 60 + Number(match[2])) * 1000 : sum;
    }, 0);
  };
  // A process's start-up varies by tens of milliseconds: the median of three pairs.
  return Math.max(0, median([0, 1, 2].map(() => cpu(WAIT_LONG) - cpu(WAIT_SHORT))));
}

/** A program run from inside `cwd` (a git repository). */
const nodeCaseIn =
  (cwd: string, ...args: string[]) =>
  () =>
    run(process.execPath, args, false, cwd).ms;

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

  const before = await beforePrograms(work);
  /** The cases of BEFORE_COMMIT's programs, named `avant-…`, beside today's. */
  const beforeCases = (cases: (paths: typeof programPaths) => Record<string, () => number>) =>
    before ? Object.fromEntries(Object.entries(cases(before.paths)).map(([name, run]) => [`avant-${name}`, run])) : {};

  console.log('Appels un par un…');
  const perCall = interleaved(
    {
      ...beforeCases((paths) => ({
        publier: nodeCase(paths.publier, note, 'banc', 'alice'),
        get: nodeCase(paths.recuperer, 'get', key, 'lue-avant.md', '--force'),
        list: nodeCase(paths.recuperer, 'list', '--equipe', 'vide'),
        help: nodeCase(paths.recuperer, '--help'),
        verifier: nodeCase(paths.verifier, note),
        lire: nodeCase(paths.lire, note),
      })),
      floor: nodeCase('-e', ''),
      publier: nodeCase(programPaths.publier, note, 'banc', 'alice'),
      get: nodeCase(programPaths.recuperer, 'get', key, 'lue.md', '--force'),
      list: nodeCase(programPaths.recuperer, 'list', '--equipe', 'vide'),
      help: nodeCase(programPaths.recuperer, '--help'),
      'min-set': nodeCase(MINIMAL_CLIENT, 'set', note, 'contexte:banc:minimal:1'),
      'min-get': nodeCase(MINIMAL_CLIENT, 'get', key, 'minimal.md'),
      'min-scan': nodeCase(MINIMAL_CLIENT, 'scan', 'contexte:vide:*'),
      verifier: nodeCase(programPaths.verifier, note),
      lire: nodeCase(programPaths.lire, note),
      'publier.sh': bashCase(workshopPublish),
      'get.sh': bashCase(workshopGet),
      'list.sh': bashCase(workshopList('contexte:vide:*')),
    },
    ROUNDS,
  );
  const floor = perCall.floor!;
  rows.push(["node -e '' (plancher)", ms(floor), '1,00 ×', '', '']);
  rows.push(['recuperer --help (chargement du programme seul)', ms(perCall.help!), times(perCall.help! / floor), '', '']);
  if (before) beforeRows.set('recuperer --help (chargement du programme seul)', `${ms(perCall['avant-help']!)} ; ${times(perCall['avant-help']! / floor)}`);
  for (const [label, ours, minimal, theirs] of [
    [`publier (note de ${(noteSize / 1024).toFixed(0)} Kio)`, 'publier', 'min-set', 'publier.sh'],
    ['recuperer get', 'get', 'min-get', 'get.sh'],
    ['recuperer list (équipe vide)', 'list', 'min-scan', 'list.sh'],
  ] as const) {
    rows.push([
      label,
      ms(perCall[ours]!),
      `${times(perCall[ours]! / floor)} ; ${times(perCall[ours]! / perCall[minimal]!)} le client ioredis minimal (${ms(perCall[minimal]!)})`,
      ms(perCall[theirs]!),
      times(perCall[ours]! / perCall[theirs]!),
    ]);
    if (before) beforeRows.set(label, `${ms(perCall[`avant-${ours}`]!)} ; ${times(perCall[`avant-${ours}`]! / perCall[minimal]!)} le client minimal`);
  }
  const beforeToMinimal = before
    ? {
        publier: perCall['avant-publier']! / perCall['min-set']!,
        get: perCall['avant-get']! / perCall['min-get']!,
        list: perCall['avant-list']! / perCall['min-scan']!,
      }
    : undefined;
  const toMinimal = { publier: perCall.publier! / perCall['min-set']!, get: perCall.get! / perCall['min-get']!, list: perCall.list! / perCall['min-scan']! };

  console.log('État du dépôt et travail en cours…');
  const repository = repositoryBench(note);
  const withGit = interleaved(
    {
      lire: nodeCaseIn(repository.dir, programPaths.lire, repository.note),
      depot: nodeCaseIn(repository.dir, programPaths.lire, repository.note, '--depot'),
      publier: nodeCaseIn(repository.dir, programPaths.publier, repository.note, 'banc', 'alice'),
      modifs: nodeCaseIn(repository.dir, programPaths.publier, repository.note, 'banc', 'alice', '--modifs'),
    },
    ROUNDS,
  );
  rows.push([
    `lire --depot (dépôt de ${repository.files} fichiers, ${repository.commits} commits)`,
    ms(withGit.depot!),
    `${delta(withGit.depot! - withGit.lire!)} sur lire (${ms(withGit.lire!)})`,
    '',
    '',
  ]);
  rows.push([
    `publier --modifs (${repository.changed} fichiers modifiés)`,
    ms(withGit.modifs!),
    `${delta(withGit.modifs! - withGit.publier!)} sur publier (${ms(withGit.publier!)})`,
    '',
    '',
  ]);

  console.log('Équipe scellée…');
  const sealedNote = join(work, 'CONTEXTE-scellee.md');
  writeFileSync(sealedNote, readFileSync(note, 'utf8').replace(/^equipe: .*$/m, 'equipe: scellee'));
  const identity = JSON.parse(run(process.execPath, [programPaths.publier, 'identite', '--json']).stdout) as { identite: string };
  await redis.admin.hset('contexte-identites:{scellee}', 'alice', identity.identite);
  await redis.admin.set('contexte-scellee:{scellee}', '1');
  const sealedKey = (JSON.parse(run(process.execPath, [programPaths.publier, sealedNote, 'scellee', 'alice', '--json']).stdout) as { cle: string }).cle;
  const sealedRounds = interleavedRounds(
    {
      publier: nodeCase(programPaths.publier, note, 'banc', 'alice'),
      'publier-scellee': nodeCase(programPaths.publier, sealedNote, 'scellee', 'alice'),
      get: nodeCase(programPaths.recuperer, 'get', key, 'lue.md', '--force'),
      'get-scellee': nodeCase(programPaths.recuperer, 'get', sealedKey, 'lue-scellee.md', '--force'),
    },
    ROUNDS,
  );
  const sealedRuns = medians(sealedRounds);
  const sealingCost = {
    publier: pairedCost(sealedRounds.publier!, sealedRounds['publier-scellee']!),
    get: pairedCost(sealedRounds.get!, sealedRounds['get-scellee']!),
  };
  rows.push([
    `publier, équipe scellée (note de ${(noteSize / 1024).toFixed(0)} Kio)`,
    ms(sealedRuns['publier-scellee']!),
    `${delta(sealingCost.publier)} sur publier (${ms(sealedRuns.publier!)})`,
    '',
    '',
  ]);
  rows.push(['recuperer get, équipe scellée', ms(sealedRuns['get-scellee']!), `${delta(sealingCost.get)} sur get (${ms(sealedRuns.get!)})`, '', '']);

  console.log('attendre : processeur pendant l’attente…');
  const folderBox = join(work, 'boite-attente');
  mkdirSync(folderBox);
  const waiting = {
    redis: waitingCpu(env),
    dossier: waitingCpu({ PATH: env.PATH, HOME: env.HOME, CONTEXTE_DIR: folderBox }),
  };
  for (const [box, cpu] of Object.entries(waiting))
    rows.push([
      `recuperer attendre, boîte ${box} (${WAIT_LONG - WAIT_SHORT} s d’attente de plus)`,
      `${ms(cpu)} de processeur`,
      `${((cpu / ((WAIT_LONG - WAIT_SHORT) * 1000)) * 100).toFixed(2).replace('.', ',')} % d’un cœur pendant l’attente`,
      '',
      '',
    ]);

  console.log('Gardes dans le processus…');
  const guards = await guardsInProcess(note, before?.guards);
  const guardsCost = guards.now;
  const guardsLabel = `gardes de publier dans le processus (note de ${(noteSize / 1024).toFixed(0)} Kio, chargement compris)`;
  rows.push([guardsLabel, ms(guardsCost), '', '', '']);
  if (guards.before !== undefined) beforeRows.set(guardsLabel, ms(guards.before));

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
      ...beforeCases((paths) => ({
        mille: nodeCase(paths.recuperer, 'list', '--equipe', 'mille', '--json'),
        dixmille: nodeCase(paths.recuperer, 'list', '--equipe', 'dixmille', '--json'),
      })),
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
  if (before) {
    beforeRows.set('list de 1 000 notes', ms(scale['avant-mille']!));
    beforeRows.set('list de 10 000 notes', ms(scale['avant-dixmille']!));
  }

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
  // The issue's measure is memory above a small run: Node and the program alone take 50 to 75 MiB, whatever the export.
  const smallRun = median([0, 1, 2].map(() => measured([programPaths.publier, note, 'banc', 'alice']).kb ?? 0));
  const bigPublish: number[] = [];
  const bigGet: number[] = [];
  const beforeBig = { publish: [] as number[], get: [] as number[] };
  const memory = { publish: [] as number[], get: [] as number[] };
  /** One publication of the export and one get of it, by `paths`' programs. */
  const exportRound = (paths: typeof programPaths, output: string) => {
    const publish = measured([paths.publier, bigNote, 'gros', 'alice', exported, '--json']);
    const sessionKey = (JSON.parse(publish.stdout) as { cle_session: string }).cle_session;
    return { publish, get: measured([paths.recuperer, 'get', sessionKey, output]) };
  };
  for (let round = 0; round < 5; round++) {
    const { publish, get } = exportRound(programPaths, `session-${round}.json`);
    bigPublish.push(publish.ms);
    bigGet.push(get.ms);
    if (publish.kb) memory.publish.push(publish.kb);
    if (get.kb) memory.get.push(get.kb);
    if (before) {
      const then = exportRound(before.paths, `session-avant-${round}.json`);
      beforeBig.publish.push(then.publish.ms);
      beforeBig.get.push(then.get.ms);
    }
  }
  const above = (values: number[]) => ((median(values) - smallRun) * 1024) / exportSize;
  const peak = (values: number[]) =>
    values.length
      ? `${(median(values) / 1024).toFixed(0)} Mio, ${above(values).toFixed(1).replace('.', ',')} × l’export au-dessus d’une petite publication (${(smallRun / 1024).toFixed(0)} Mio)`
      : 'n/d (/usr/bin/time absent)';
  rows.push([`publier avec un export de ${(exportSize / 1024 / 1024).toFixed(0)} Mio`, ms(median(bigPublish)), `mémoire max ${peak(memory.publish)}`, '', '']);
  rows.push([`recuperer get de cet export`, ms(median(bigGet)), `mémoire max ${peak(memory.get)}`, '', '']);
  if (before) {
    beforeRows.set(`publier avec un export de ${(exportSize / 1024 / 1024).toFixed(0)} Mio`, ms(median(beforeBig.publish)));
    beforeRows.set('recuperer get de cet export', ms(median(beforeBig.get)));
  }

  console.log('Entrées hostiles…');
  const hostile = hostileBench();

  console.log('Garde des secrets : calibrage et pires cas…');
  const secrets = await secretsBench();

  console.log('Secrets de ce poste et flux de l’atelier…');
  const local = await localSecretsBench();

  console.log('Garde de lecture : calibrage et pires cas…');
  const reading = await readingBench();

  console.log('Pire note de 1 Mio, programmes entiers…');
  const worstPath = join(work, 'CONTEXTE-pire.md');
  // Within the programs' size limit (1 MiB of bytes: the fragment may be written in two-byte characters), cut between characters.
  const worstBytes = Buffer.from(reading.worstNote);
  let worstEnd = Math.min(worstBytes.length, MAX_NOTE_BYTES);
  while (worstEnd < worstBytes.length && (worstBytes[worstEnd]! & 0xc0) === 0x80) worstEnd--;
  writeFileSync(worstPath, worstBytes.subarray(0, worstEnd));
  /** A whole run of `program` on the worst note; a refusal of the file itself (exit 2) would time nothing of the guards. */
  const read = (program: string) => {
    const result = run(process.execPath, [program, worstPath], true);
    if (/trop gros|invalide/.test(result.stderr)) throw new Error(`${program} n’a pas lu la pire note : ${result.stderr}`);
    return result.ms;
  };
  const worstRuns = interleaved(
    {
      verifier: () => read(programPaths.verifier),
      lire: () => read(programPaths.lire),
      ...beforeCases((paths) => ({ verifier: () => read(paths.verifier), lire: () => read(paths.lire) })),
    },
    3,
  );
  const worst = { verifier: worstRuns.verifier!, lire: worstRuns.lire! };
  const worstRatio = Math.max(worst.verifier / perCall.verifier!, worst.lire / perCall.lire!);
  const beforeWorstRatio = before
    ? Math.max(worstRuns['avant-verifier']! / perCall['avant-verifier']!, worstRuns['avant-lire']! / perCall['avant-lire']!)
    : undefined;
  rows.push(['verifier / lire, note ordinaire de 10 Kio', `${ms(perCall.verifier!)} / ${ms(perCall.lire!)}`, '', '', '']);
  rows.push([
    'verifier / lire, pire note hostile de 1 Mio',
    `${ms(worst.verifier)} / ${ms(worst.lire)}`,
    `${times(worst.verifier / perCall.verifier!)} / ${times(worst.lire / perCall.lire!)} la note ordinaire`,
    '',
    '',
  ]);
  if (before) {
    beforeRows.set('verifier / lire, note ordinaire de 10 Kio', `${ms(perCall['avant-verifier']!)} / ${ms(perCall['avant-lire']!)}`);
    beforeRows.set(
      'verifier / lire, pire note hostile de 1 Mio',
      `${ms(worstRuns['avant-verifier']!)} / ${ms(worstRuns['avant-lire']!)} ; ${times(worstRuns['avant-verifier']! / perCall['avant-verifier']!)} / ${times(worstRuns['avant-lire']! / perCall['avant-lire']!)}`,
    );
  }
  const exportRatio = Math.max(median(bigPublish), median(bigGet)) / perCall.publier!;
  const beforeExportRatio = before ? Math.max(median(beforeBig.publish), median(beforeBig.get)) / perCall['avant-publier']! : undefined;

  const goal = (ok: boolean, text: string) => `- ${ok ? '✅' : '❌'} ${text}`;
  /** The intermediate goal of the performance round (issue 40), and the figure of BEFORE_COMMIT's programs in the same rounds. */
  const stepAndBefore = (reached: boolean, step: string, then: string | undefined) =>
    ` ; étape du chantier ${step} : ${reached ? 'atteinte' : 'pas encore'}${then === undefined ? '' : ` ; avant (${BEFORE_COMMIT}, même tour) : ${then}`}`;
  const thenTimes = (value: number | undefined) => (value === undefined ? undefined : times(value));
  const bigMemory = memory.publish.length && memory.get.length ? Math.max(above(memory.publish), above(memory.get)) : 0;
  const goals = [
    goal(
      toMinimal.get <= 1.2,
      `recuperer get ≤ 1,2 × le client ioredis minimal : ${times(toMinimal.get)}${stepAndBefore(toMinimal.get <= 1.5, '≤ 1,5 ×', thenTimes(beforeToMinimal?.get))}`,
    ),
    goal(
      toMinimal.list <= 1.15,
      `recuperer list ≤ 1,15 × le client ioredis minimal : ${times(toMinimal.list)}${before ? ` ; avant (${BEFORE_COMMIT}, même tour) : ${times(beforeToMinimal!.list)}` : ''}`,
    ),
    goal(
      toMinimal.publier <= 1.5,
      `publier ≤ 1,5 × le client ioredis minimal : ${times(toMinimal.publier)}${stepAndBefore(toMinimal.publier <= 1.6, '≤ 1,6 ×', thenTimes(beforeToMinimal?.publier))}`,
    ),
    goal(
      Math.max(sealingCost.publier, sealingCost.get) <= 5,
      `sceller coûte ≤ 5 ms de plus à publier et à get d’une note de 10 Kio : ${delta(sealingCost.publier)} et ${delta(sealingCost.get)} (médiane des écarts d’un même tour)`,
    ),
    goal(
      Math.max(...Object.values(waiting)) / ((WAIT_LONG - WAIT_SHORT) * 1000) <= 0.01,
      `recuperer attendre ne calcule pas pendant l’attente (≤ 1 % d’un cœur) : Redis ${ms(waiting.redis)}, dossier ${ms(waiting.dossier)} de processeur en ${WAIT_LONG - WAIT_SHORT} s`,
    ),
    goal(
      guardsCost <= 15,
      `gardes de publier sur une note de 10 Kio ≤ 15 ms, chargement compris : ${ms(guardsCost)}${stepAndBefore(guardsCost <= 60, '≤ 60 ms', guards.before === undefined ? undefined : ms(guards.before))}`,
    ),
    goal(
      worstRatio <= 3,
      `pire note de 1 Mio ≤ 3 × une note de 10 Kio pour verifier et lire (programmes entiers) : ${times(worstRatio)}${before ? ` ; avant (${BEFORE_COMMIT}, même tour) : ${times(beforeWorstRatio!)}` : ''}`,
    ),
    goal(
      exportRatio <= 8,
      `export de 22 Mio, publier et get ≤ 8 × une petite publication : ${times(exportRatio)}${stepAndBefore(exportRatio <= 10, '≤ 10 ×', thenTimes(beforeExportRatio))}`,
    ),
    goal(scale.atelier! / scale.mille! >= 30, `list de 1 000 notes ≥ 30 × plus rapide que l’atelier : ${(scale.atelier! / scale.mille!).toFixed(0)} ×`),
    goal(
      scale.dixmille! < 500,
      `list de 10 000 notes < 0,5 s : ${ms(scale.dixmille!)}${before ? ` ; avant (${BEFORE_COMMIT}, même tour) : ${ms(scale['avant-dixmille']!)}` : ''}`,
    ),
    goal(
      bigMemory > 0 && bigMemory <= 4,
      `export de 22 Mio, mémoire max au-dessus d’une petite publication ≤ 4 × l’export : ${bigMemory ? times(bigMemory) : 'n/d'} (avant : 10 × en tout)`,
    ),
    ...hostile.goals.map((text) => `- ${text}`),
    ...secrets.goals.map((text) => `- ${text}`),
    ...local.goals.map((text) => `- ${text}`),
    ...reading.goals.map((text) => `- ${text}`),
  ].join('\n');
  const table = [
    `| Mesure | contexte-skills | rapport / détail | atelier (bash + redis-cli) | rapport à l’atelier | avant (${BEFORE_COMMIT}, même tour) |`,
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((cells) => `| ${[...cells, beforeRows.get(cells[0]!) ?? ''].join(' | ')} |`),
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
    `# Résultats de \`npm run bench\`\n\nMesuré le ${new Date().toISOString().slice(0, 10)} sur ${machine}.\nMédianes de ${ROUNDS} exécutions entrelacées (listes à l’échelle : 10 ; export de 20 Mio : 5), Redis sur 127.0.0.1, cache de code V8 chaud.\n${before ? `La dernière colonne : les programmes livrés au commit ${BEFORE_COMMIT} (ouverture du chantier des performances), pris dans git et mesurés dans les mêmes tours que ceux d’aujourd’hui.\n` : ''}\n${table}\n\n## Objectifs\n\n${goals}\n\n${hostile.section}\n${secrets.section}\n${local.section}\n${reading.section}\n${BOUNDS}\n\nTaille des programmes :\n\n${bundles.join('\n')}\n`,
  );
  console.log('\nÉcrit : bench/RESULTS.md');
} finally {
  await redis.stop();
  rmSync(work, { recursive: true, force: true });
}

/**
 * A repository as a project has it (files, history, a few changes in progress) and
 * a note about its HEAD: what lire --depot and publier --modifs pay git for.
 */
function repositoryBench(note: string) {
  const dir = join(work, 'depot');
  const git = (...args: string[]) => run('git', ['-c', 'user.name=banc', '-c', 'user.email=banc@example.org', ...args], false, dir);
  const files = 500;
  const commits = 20;
  const changed = 3;
  mkdirSync(join(dir, 'src', 'transport'), { recursive: true });
  git('init', '-q', '-b', 'main');
  for (let index = 0; index < files; index++) writeFileSync(join(dir, 'src', `module${index}.ts`), `export const module${index} = ${index};\n`);
  writeFileSync(join(dir, 'src', 'server.ts'), 'serveur\n');
  writeFileSync(join(dir, 'src', 'transport', 'http.ts'), 'http\n');
  for (let commit = 0; commit < commits; commit++) {
    writeFileSync(join(dir, 'src', `module${commit}.ts`), `export const module${commit} = ${commit + 1};\n`);
    git('add', '-A');
    git('commit', '-qm', `étape ${commit}`);
  }
  for (let index = 0; index < changed; index++) writeFileSync(join(dir, 'src', `module${100 + index}.ts`), 'modifié\n');
  const head = git('rev-parse', '--short', 'HEAD').stdout.trim();
  const about = join(dir, 'CONTEXTE-depot.md');
  writeFileSync(
    about,
    readFileSync(note, 'utf8')
      .replace(/^commit: .*$/m, `commit: ${head}`)
      .replace(/^branche: .*$/m, 'branche: main'),
  );
  writeFileSync(join(dir, '.git', 'info', 'exclude'), '/CONTEXTE-*.md\n');
  return { dir, note: about, files: files + 2, commits, changed };
}

function redisVersion(): string {
  return /v=(\S+)/.exec(spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).stdout)?.[1] ?? 'inconnu';
}

/**
 * The bench's program that loads the guards and runs publier's checks on `note` (bench/guards-in-process.ts), built and
 * wrapped as a program is (the phrase sets written in, as build.mjs does), run in a fresh process.
 */
async function guardsInProcess(note: string, beforeBundle: string | undefined): Promise<{ now: number; before?: number }> {
  const bundle = await writeGuardsProgram(join(repoRoot, 'bench', 'guards-in-process.ts'), join(work, 'gardes.js'), 'gardes', {
    plugins: [await phraseTablesPlugin()],
  });
  const once = (program: string) => () => Number(run(process.execPath, [program, note]).stdout);
  const cases = { now: once(bundle), ...(beforeBundle ? { before: once(beforeBundle) } : {}) };
  for (const first of Object.values(cases)) first(); // writes the code cache, as a program's first run does
  return interleaved(cases, ROUNDS) as { now: number; before?: number };
}
