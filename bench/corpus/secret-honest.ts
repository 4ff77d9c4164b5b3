/**
 * Calibration corpus for the secret guard: HONEST handoff notes, on which a good
 * guard reports nothing.
 *
 * Each case is a short note or snippet (2–20 lines of Markdown, about 60 % in
 * French) of the kind an engineer writes when handing a session over: it talks
 * about credentials, identifiers and configuration without leaking any secret.
 * Ticket ids, SHAs, UUIDs, digests and checksums; references to where a secret
 * lives (Vault paths, Helm `existingSecret`, `${{ secrets.X }}`, env variables);
 * code whose identifiers are named after passwords or tokens; documented
 * placeholders; local-development credentials on localhost or reserved example
 * hosts; public keys and fingerprints; long random-looking but public values;
 * command lines that merely mention a password or a token.
 *
 * Written independently of the guard's rules (scripts-src/lib/secrets/ was not
 * read): the cases come from what engineers actually write, not from what the
 * detector happens to accept. Values are drawn from a seeded PRNG (mulberry32),
 * so `honestCorpus(seed)` is deterministic. No value is a real credential: the
 * only key pair written verbatim is AWS's documented example, every URL carrying
 * a user and password points at localhost, 127.0.0.1 or example.com, and the
 * SSH keys, fingerprints and age recipients are public halves generated here.
 *
 *   npx tsx -e "import('./bench/corpus/secret-honest.ts').then(m => console.log(m.honestCorpus().length))"
 */
import { createHash, createHmac } from 'node:crypto';
import { seededRandom } from './seeded-random.js';

export interface HonestCase {
  family: string;
  text: string;
}

// ---------------------------------------------------------------------------
// Deterministic generation helpers.
// ---------------------------------------------------------------------------

type Rand = () => number;

const HEX = '0123456789abcdef';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BCRYPT = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const F = '```';

/** Joins lines, dropping the `false`/`undefined` left by optional lines. */
const lines = (...parts: (string | false | undefined)[]): string =>
  parts.filter((part): part is string => typeof part === 'string').join('\n');

/** `${NAME}` as written in shell, Compose or .npmrc files. */
const shellVar = (name: string): string => '${' + name + '}';
/** `${{ secrets.NAME }}` as written in GitHub Actions workflows. */
const ghSecret = (name: string): string => '${{ secrets.' + name + ' }}';

const u32 = (value: number): Buffer => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
};

const FR_PEOPLE: readonly (readonly [string, string])[] = [
  ['camille.durand', 'Camille'], ['julien.morel', 'Julien'], ['ines.benali', 'Inès'],
  ['mathieu.roux', 'Mathieu'], ['lea.fontaine', 'Léa'], ['karim.haddad', 'Karim'],
  ['sophie.lambert', 'Sophie'], ['thomas.girard', 'Thomas'], ['nadia.cherif', 'Nadia'],
  ['hugo.lefebvre', 'Hugo'], ['elodie.marchand', 'Élodie'], ['baptiste.nguyen', 'Baptiste'],
  ['chloe.petit', 'Chloé'], ['yanis.bouaziz', 'Yanis'], ['margaux.colin', 'Margaux'],
];
const EN_PEOPLE: readonly (readonly [string, string])[] = [
  ['alex.kim', 'Alex'], ['priya.raman', 'Priya'], ['dan.kowalski', 'Dan'], ['maria.santos', 'Maria'],
  ['tom.oneill', 'Tom'], ['grace.chen', 'Grace'], ['kenji.sato', 'Kenji'], ['sam.porter', 'Sam'],
  ['olivia.hart', 'Olivia'], ['ravi.patel', 'Ravi'],
];
const PROJECTS = [
  'catalogue', 'facturation', 'portail-client', 'api-commandes', 'recherche', 'notifications',
  'paiements', 'entrepot', 'auth', 'ingestion', 'reporting', 'mobile-backend', 'checkout', 'billing',
] as const;
const TICKET_KEYS = ['CAT', 'FACT', 'OPS', 'PAY', 'PLAT', 'SEC', 'DATA', 'WEB', 'MOB', 'INFRA', 'JIRA'] as const;
const ORGS = ['acme', 'atelier-numerique', 'example-org', 'societe-demo', 'monorepo-labs'] as const;
const REGIONS = ['eu-west-3', 'eu-west-1', 'eu-central-1', 'us-east-1'] as const;
const NPM_PACKAGES = ['yaml', 'ioredis', 'zod', 'undici', 'pino', 'fastify', 'commander', 'semver', 'dotenv', 'ws'] as const;

class Gen {
  constructor(
    private readonly rand: Rand,
    readonly fr: boolean,
  ) {}

  /** The French or the English variant. */
  t(fr: string, en: string): string {
    return this.fr ? fr : en;
  }
  /** A colon with the French non-breaking-space convention, or the English one. */
  get colon(): string {
    return this.fr ? ' :' : ':';
  }
  float(): number {
    return this.rand();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.rand() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.rand() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rand() * items.length)]!;
  }
  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.rand() * alphabet.length)];
    return out;
  }
  hex(length: number): string {
    return this.chars(HEX, length);
  }
  bytes(length: number): Buffer {
    return Buffer.from(Array.from({ length }, () => this.int(0, 255)));
  }
  b64(length: number): string {
    return this.bytes(length).toString('base64');
  }
  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${this.pick(['8', '9', 'a', 'b'])}${h.slice(17, 20)}-${h.slice(20)}`;
  }
  ulid(): string {
    return `01J${this.chars(CROCKFORD, 23)}`;
  }
  date(): string {
    return `2026-${String(this.int(1, 12)).padStart(2, '0')}-${String(this.int(1, 28)).padStart(2, '0')}`;
  }
  time(): string {
    return `${String(this.int(7, 19)).padStart(2, '0')}:${String(this.int(0, 59)).padStart(2, '0')}`;
  }
  semver(): string {
    return `${this.int(0, 9)}.${this.int(0, 30)}.${this.int(0, 20)}`;
  }
  num(min: number, max: number): string {
    const value = this.int(min, max);
    return this.fr ? value.toLocaleString('fr-FR').replace(/\u202f/g, ' ') : value.toLocaleString('en-US');
  }
  person(): { login: string; name: string } {
    const [login, name] = this.pick(this.fr ? FR_PEOPLE : EN_PEOPLE);
    return { login, name };
  }
  project(): string {
    return this.pick(PROJECTS);
  }
  org(): string {
    return this.pick(ORGS);
  }
  env(): string {
    return this.pick(this.fr ? ['recette', 'preprod', 'prod', 'dev'] : ['staging', 'preprod', 'prod', 'dev']);
  }
  team(): string {
    return this.pick(
      this.fr
        ? ['plateforme', 'data', 'paiements', 'front', 'mobile', 'sre', 'securite']
        : ['platform', 'data', 'payments', 'web', 'mobile', 'sre', 'security'],
    );
  }
  ticket(): string {
    return `${this.pick(TICKET_KEYS)}-${this.int(12, 9999)}`;
  }
  region(): string {
    return this.pick(REGIONS);
  }
  account(): string {
    return `${this.int(1, 9)}${this.chars('0123456789', 11)}`;
  }
  privateIp(): string {
    return this.pick([
      `10.${this.int(0, 40)}.${this.int(0, 255)}.${this.int(2, 254)}`,
      `192.168.${this.int(0, 20)}.${this.int(2, 254)}`,
      `172.${this.int(16, 31)}.${this.int(0, 255)}.${this.int(2, 254)}`,
    ]);
  }
  docIp(): string {
    return `${this.pick(['192.0.2', '198.51.100', '203.0.113'])}.${this.int(2, 254)}`;
  }
  npmPackage(): string {
    return this.pick(NPM_PACKAGES);
  }
  /** An OpenSSH ed25519 public key line and the SHA256 fingerprint of that key. */
  sshPublicKey(comment: string): { line: string; fingerprint: string } {
    const name = Buffer.from('ssh-ed25519');
    const blob = Buffer.concat([u32(name.length), name, u32(32), this.bytes(32)]);
    const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
    return { line: `ssh-ed25519 ${blob.toString('base64')} ${comment}`, fingerprint };
  }
  pgpFingerprint(): string {
    const groups = Array.from({ length: 10 }, () => this.hex(4).toUpperCase());
    return `${groups.slice(0, 5).join(' ')}  ${groups.slice(5).join(' ')}`;
  }
  certSerial(): string {
    return Array.from({ length: 16 }, () => this.hex(2).toUpperCase()).join(':');
  }
  colonFingerprint(bytes: number): string {
    return Array.from({ length: bytes }, () => this.hex(2).toUpperCase()).join(':');
  }
  bcryptLike(): string {
    return `$2b$12$${this.chars(BCRYPT, 53)}`;
  }
  ageRecipient(): string {
    return `age1${this.chars(BECH32, 58)}`;
  }
  cidV0(): string {
    return `Qm${this.chars(BASE58, 44)}`;
  }
  cidV1(): string {
    return `bafybei${this.chars(BASE32, 52)}`;
  }
  svgDataUri(): string {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><circle cx="8" cy="8" r="${this.int(4, 7)}" fill="#${this.hex(6)}"/></svg>`;
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  }
  vlqMappings(): string {
    const segments = ['AAAA', 'SAASA', 'CAAC', 'GAAG', 'IACA', 'KAAK', 'OAAO', 'EAAE', 'MAAM', 'QAAQ', 'YAAY', 'CAAA', 'GACA', 'UAAU'];
    return Array.from({ length: this.int(3, 5) }, () => Array.from({ length: this.int(3, 6) }, () => this.pick(segments)).join(',')).join(';');
  }
}

// ---------------------------------------------------------------------------
// Note framing: a heading, sometimes a YAML front matter, like a real handoff.
// ---------------------------------------------------------------------------

const HEADINGS_FR = [
  '## Contexte', '## État actuel', '## Prochaines étapes', '## Points d’attention', '## Pour reprendre',
  '## Ce qui a été fait', '## Décisions', '## Vérifications', '## Fichiers clés', '## Commandes utiles',
];
const HEADINGS_EN = [
  '## Context', '## Current state', '## Next steps', '## Gotchas', '## How to resume',
  '## What was done', '## Decisions', '## Checks', '## Key files', '## Useful commands',
];

function frontMatter(g: Gen, hint?: string): string {
  const project = hint ?? g.project();
  return lines(
    '---',
    `titre: ${g.t(`Passation ${project}`, `Handoff: ${project}`)}`,
    `auteur: ${g.person().login}`,
    `equipe: ${g.team()}`,
    `date: ${g.date()}`,
    `branche: ${g.pick(['feat', 'fix', 'chore'])}/${project}-${g.pick(['secrets', 'config', 'ci', 'rotation', 'cache', 'auth'])}`,
    `commit: ${g.hex(7)}`,
    '---',
  );
}

function frame(g: Gen, body: string): string {
  const bodyLines = body.split('\n').length;
  if (body.startsWith('#') || body.startsWith('---')) return body;
  let text = body;
  if (bodyLines < 2 || g.chance(0.55)) text = `${g.pick(g.fr ? HEADINGS_FR : HEADINGS_EN)}\n\n${text}`;
  if (g.chance(0.15) && text.split('\n').length + 9 <= 20) {
    const hint = [...PROJECTS].sort((a, b) => b.length - a.length).find((project) => new RegExp(`\\b${project}\\b`).test(body));
    text = `${frontMatter(g, hint)}\n\n${text}`;
  }
  return text;
}

// ---------------------------------------------------------------------------
// Templates. `lang` unset: the template writes both languages through `g.t`.
// ---------------------------------------------------------------------------

interface Template {
  lang?: 'fr' | 'en';
  make: (g: Gen) => string;
}
const bi = (make: (g: Gen) => string): Template => ({ make });
const fr = (make: (g: Gen) => string): Template => ({ lang: 'fr', make });
const en = (make: (g: Gen) => string): Template => ({ lang: 'en', make });

// 1. Identifiers introduced by « identifiant », "id", « clé », "key".
const IDENTIFIERS: Template[] = [
  bi((g) => {
    const key = g.ticket();
    return lines(
      `- ${g.t('Ticket', 'Ticket')} ${key}${g.colon} ${g.t('corrigé par le commit', 'fixed by commit')} \`${g.hex(7)}\` (${g.t('SHA complet', 'full SHA')} \`${g.hex(40)}\`).`,
      `- ${g.t('La régression venait de', 'The regression came from')} \`${g.hex(7)}\`, ${g.t('fusionné le', 'merged on')} ${g.date()} ${g.t('dans la PR', 'in PR')} #${g.int(200, 4800)}.`,
      g.chance(0.6) && `- ${g.t('Voir aussi', 'See also')} ${g.ticket()} ${g.t('et l’issue', 'and issue')} #${g.int(10, 4800)}.`,
    );
  }),
  bi((g) =>
    g.pick([
      `${g.t('Identifiant de la session', 'Session id')}${g.colon} \`${g.uuid()}\`.`,
      `${g.t('L’identifiant de la session OpenCode est', 'The OpenCode session id is')} \`${g.uuid()}\` ${g.t(`(reprise le ${g.date()})`, `(resumed on ${g.date()})`)}.`,
      `${g.t('id de session', 'session id')}${g.colon} ${g.uuid()}`,
    ]) +
    '\n' +
    g.pick([
      g.t(`L’erreur 502 est reproductible : identifiant de requête \`${g.uuid()}\`, vu dans Kibana à ${g.time()}.`, `The 502 is reproducible: request id \`${g.uuid()}\`, seen in Kibana at ${g.time()}.`),
      g.t(`Dans les logs de la gateway, chercher \`x-request-id: ${g.uuid()}\`.`, `In the gateway logs, look for \`x-request-id: ${g.uuid()}\`.`),
      g.t(`ID de corrélation transmis au support : ${g.uuid()}.`, `Correlation id sent to support: ${g.uuid()}.`),
    ]),
  ),
  bi((g) => {
    const org = g.org();
    const repo = g.project();
    return lines(
      `- ${g.t('Run CI en échec', 'Failing CI run')}${g.colon} https://github.com/${org}/${repo}/actions/runs/${g.int(1, 9)}${g.chars('0123456789', 9)} (job ${g.int(2, 3)}${g.chars('0123456789', 10)}, ${g.t('tentative', 'attempt')} ${g.int(1, 3)}).`,
      g.chance(0.5) && `- ${g.t('Build id Cloud Build', 'Cloud Build build id')}${g.colon} \`${g.uuid()}\`.`,
      g.chance(0.5) && `- ${g.t('Pipeline GitLab', 'GitLab pipeline')} #${g.int(100000, 999999)}, job \`test:unit\` (#${g.int(1000000, 9999999)}).`,
      `- ${g.t('Dernier build vert', 'Last green build')}${g.colon} \`build-${g.date()}.${g.int(1, 12)}\`, ${g.t('image', 'image')} \`${repo}:${g.hex(7)}\`.`,
    );
  }),
  bi((g) => {
    const trace = g.hex(32);
    const span = g.hex(16);
    return lines(
      g.t(`La requête lente est dans Tempo : trace_id \`${trace}\`, span_id \`${span}\` (${g.int(2, 9)},${g.int(1, 9)} s dans \`SELECT\` sur \`commandes\`).`,
        `The slow request is in Tempo: trace_id \`${trace}\`, span_id \`${span}\` (${g.int(2, 9)}.${g.int(1, 9)} s in a \`SELECT\` on \`orders\`).`),
      g.chance(0.6) && g.t('En-tête propagé par le front :', 'Header propagated by the front end:'),
      g.chance(0.6) && `\`traceparent: 00-${trace}-${span}-01\``,
    );
  }),
  bi((g) =>
    lines(
      g.t('Pour rejouer le paiement sans doublon, réutiliser la même clé d’idempotence :', 'To replay the payment without a duplicate, reuse the same idempotency key:'),
      `${F}bash`,
      `curl -X POST https://api.example.com/v1/${g.t('paiements', 'payments')} \\`,
      `  -H "Idempotency-Key: ${g.uuid()}" \\`,
      g.chance(0.5) && '  -H "Authorization: Bearer $API_TOKEN" \\',
      '  -H "Content-Type: application/json" -d @payload.json',
      F,
      g.t('Un rejeu avec la même clé renvoie 200 et la réponse mémorisée (24 h).', 'A replay with the same key returns 200 and the stored response (24 h).'),
    ),
  ),
  bi((g) => {
    const project = g.project();
    const env = g.env();
    const d = g.date().split('-');
    return lines(
      `- Bucket${g.colon} \`${project}-exports-${env}\``,
      `- ${g.t('Clé de l’objet S3', 'S3 object key')}${g.colon} \`exports/${d[0]}/${d[1]}/${d[2]}/${g.t('commandes', 'orders')}-${g.uuid()}.csv.gz\` (${g.int(2, 900)} ${g.t('Mo', 'MB')})`,
      g.chance(0.6) && `- ETag${g.colon} \`"${g.hex(32)}"\``,
      g.t('Le lambda ne se déclenche que sur le préfixe `exports/` ; les clés sous `tmp/` sont ignorées.', 'The lambda only fires on the `exports/` prefix; keys under `tmp/` are ignored.'),
    );
  }),
  bi((g) => {
    const team = g.team();
    const id = g.uuid();
    return lines(
      g.t('Clés Redis utilisées par la boîte partagée :', 'Redis keys used by the shared box:'),
      `- \`contexte:${team}:note:${id}\` — ${g.t('la note (hash), TTL 7 jours', 'the note (hash), TTL 7 days')}`,
      `- \`contexte:${team}:index\` — ${g.t('sorted set des identifiants, score = date', 'sorted set of ids, score = date')}`,
      g.chance(0.5) && `- \`contexte:${team}:verrou:${id}\` — ${g.t('verrou de publication (SET NX, 30 s)', 'publish lock (SET NX, 30 s)')}`,
      `${F}bash`,
      `redis-cli -h redis-${g.env()}.interne --scan --pattern 'contexte:${team}:note:*' | head`,
      F,
    );
  }),
  bi((g) =>
    lines(
      g.t('Modèle DynamoDB retenu (table unique) :', 'DynamoDB model we settled on (single table):'),
      `- ${g.t('clé de partition', 'partition key')} \`PK = CLIENT#${g.int(1000, 99999)}\``,
      `- ${g.t('clé de tri', 'sort key')} \`SK = ${g.t('COMMANDE', 'ORDER')}#${g.date()}#${g.hex(6)}\``,
      `- GSI1${g.colon} \`GSI1PK = STATUT#${g.pick(['PAYEE', 'EXPEDIEE', 'ANNULEE'])}\`, \`GSI1SK = ${g.date()}\``,
      g.t('La clé primaire composite évite le scan ; voir `docs/modele-donnees.md`.', 'The composite primary key avoids the scan; see `docs/data-model.md`.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Le cache CI n’était jamais restauré :', 'The CI cache was never restored:'),
      `- ${g.t('clé attendue', 'expected key')}${g.colon} \`Linux-node-20-${g.hex(64)}\``,
      `- ${g.t('clé trouvée', 'key found')}${g.colon} \`Linux-node-18-${g.hex(64)}\``,
      g.t('Le hash vient de `hashFiles(\'**/package-lock.json\')` ; la version de Node manquait dans la clé.', 'The hash comes from `hashFiles(\'**/package-lock.json\')`; the Node version was missing from the key.'),
      g.chance(0.5) && g.t(`Clé de cache applicative inchangée : \`v3:produit:${g.int(1000, 99999)}:fr-FR\`.`, `Application cache key unchanged: \`v3:product:${g.int(1000, 99999)}:en-GB\`.`),
    ),
  ),
  fr((g) =>
    lines(
      '| clé | valeur | où |',
      '| --- | --- | --- |',
      `| \`checkout.nouveau-tunnel\` | ${g.int(5, 100)} % | Unleash, projet \`${g.project()}\` |`,
      `| \`auth.password.reset.title\` | « Réinitialiser le mot de passe » | \`locales/fr.json\` |`,
      `| \`auth.token.expired\` | « Votre session a expiré » | \`locales/fr.json\` |`,
      `| \`recherche.moteur-v2\` | désactivé | Unleash, environnement \`${g.env()}\` |`,
    ),
  ),
  en((g) =>
    lines(
      'Feature flags and i18n keys touched in this branch:',
      `- flag key \`checkout.new-flow\` — rolled out to ${g.int(5, 100)} % in LaunchDarkly`,
      '- flag key `billing.secret-santa-promo` — off, kept for December',
      '- i18n key `auth.password.forgot.cta` → "Forgot your password?"',
      '- i18n key `settings.apiKeys.empty` → "You have no API keys yet."',
    ),
  ),
  bi((g) => {
    const [major, minor, patch] = [g.int(1, 9), g.int(0, 30), g.int(1, 20)];
    return lines(
      `- Postgres 15.${g.int(2, 8)} ${g.t('sur', 'on')} \`${g.privateIp()}:5432\` (${g.t('primaire', 'primary')}), ${g.t('réplica', 'replica')} \`${g.privateIp()}:5432\``,
      `- Redis 7.2.${g.int(0, 5)}${g.colon} \`redis-${g.env()}.interne:6379\``,
      `- Node 20.${g.int(5, 18)}.${g.int(0, 3)}, pnpm ${g.int(8, 9)}.${g.int(0, 15)}.${g.int(0, 9)}${g.t(' ; l’API écoute sur', '; the API listens on')} \`0.0.0.0:8080\`, ${g.t('métriques sur', 'metrics on')} \`:9464\``,
      g.chance(0.5) && `- ${g.t('Adresse de test (documentation)', 'Test address (documentation range)')}${g.colon} \`${g.docIp()}\``,
      `- ${g.t('Version déployée', 'Deployed version')}${g.colon} \`v${major}.${minor}.${patch}\` (${g.t('précédente', 'previous')} \`v${major}.${minor}.${patch - 1}\`)`,
    );
  }),
  bi((g) => {
    const project = g.project();
    const account = g.account();
    const region = g.region();
    const env = g.env();
    return lines(
      `- ${g.t('Rôle assumé par la CI', 'Role assumed by CI')}${g.colon} \`arn:aws:iam::${account}:role/${project}-ci-deploy\``,
      `- ${g.t('Secret (référence, pas la valeur)', 'Secret (reference, not the value)')}${g.colon} \`arn:aws:secretsmanager:${region}:${account}:secret:${env}/${project}/db-${g.chars(ALNUM, 6)}\``,
      `- ${g.t('Clé KMS', 'KMS key')}${g.colon} \`arn:aws:kms:${region}:${account}:key/${g.uuid()}\``,
      `- ${g.t('Compte de service GCP', 'GCP service account')}${g.colon} \`ci-deployer@${project}-${env}.iam.gserviceaccount.com\``,
    );
  }),
  bi((g) => {
    const org = g.org();
    const project = g.project();
    return lines(
      `${g.t('Image déployée', 'Deployed image')}${g.colon} \`ghcr.io/${org}/${project}@sha256:${g.hex(64)}\` (tag \`v${g.semver()}\`).`,
      g.t(`Le digest précédent, \`sha256:${g.hex(64)}\`, est gardé pour le retour arrière.`, `The previous digest, \`sha256:${g.hex(64)}\`, is kept for rollback.`),
      g.chance(0.5) && g.t('On déploie par digest, jamais par tag : le tag `latest` a déjà bougé sous nos pieds.', 'We deploy by digest, never by tag: `latest` has moved under our feet before.'),
    );
  }),
  bi((g) => {
    const pkg = g.npmPackage();
    const version = g.semver();
    return lines(
      g.t(`Le lockfile a changé pour \`${pkg}\` seulement (extrait) :`, `The lockfile only changed for \`${pkg}\` (excerpt):`),
      `${F}json`,
      `"node_modules/${pkg}": {`,
      `  "version": "${version}",`,
      `  "resolved": "https://registry.npmjs.org/${pkg}/-/${pkg}-${version}.tgz",`,
      `  "integrity": "sha512-${g.b64(64)}",`,
      '  "license": "MIT"',
      '}',
      F,
    );
  }),
  bi((g) =>
    lines(
      g.t(`\`modeles/${g.pick(['classifieur', 'detecteur', 'embeddings'])}.onnx\` est un pointeur Git LFS ; \`git lfs pull\` récupère le fichier :`, `\`models/${g.pick(['classifier', 'detector', 'embeddings'])}.onnx\` is a Git LFS pointer; \`git lfs pull\` fetches the file:`),
      F,
      'version https://git-lfs.github.com/spec/v1',
      `oid sha256:${g.hex(64)}`,
      `size ${g.int(1_000_000, 400_000_000)}`,
      F,
    ),
  ),
  bi((g) => {
    const project = g.project();
    const version = g.semver();
    return lines(
      g.t('Sommes de contrôle des artefacts publiés :', 'Checksums of the published artefacts:'),
      F,
      `$ sha256sum dist/*.tar.gz`,
      `${g.hex(64)}  dist/${project}-${version}-linux-x64.tar.gz`,
      `${g.hex(64)}  dist/${project}-${version}-darwin-arm64.tar.gz`,
      F,
      g.t('Elles sont aussi dans `SHA256SUMS`, signé avec la clé de release.', 'They are also in `SHA256SUMS`, signed with the release key.'),
    );
  }),
  bi((g) => {
    const id = g.uuid();
    return lines(
      g.t(`La ligne fautive a pour clé primaire \`${id}\` ; elle a un \`montant\` négatif.`, `The offending row has primary key \`${id}\`; its \`amount\` is negative.`),
      `${F}sql`,
      `SELECT id, ${g.t('statut, montant FROM commandes', 'status, amount FROM orders')} WHERE id = '${id}';`,
      F,
    );
  }),
  bi((g) =>
    lines(
      `- Topic \`${g.t('commandes', 'orders')}.v${g.int(1, 3)}\`, ${g.int(6, 48)} partitions`,
      `- ${g.t('Clé de partition', 'Partition key')}${g.colon} \`client-${g.int(1000, 99999)}\` → partition ${g.int(0, 5)}, offset ${g.int(100000, 9999999)}`,
      `- Consumer group \`${g.project()}-indexer\`, lag ${g.int(0, 50000)}`,
      g.t('Le message bloquant a la clé ci-dessus ; il est dans la DLQ, pas supprimé.', 'The poison message has the key above; it is in the DLQ, not deleted.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Événements Stripe rejoués en mode test :', 'Stripe events replayed in test mode:'),
      `- \`evt_1${g.chars(ALNUM, 23)}\` (\`invoice.paid\`)`,
      `- \`evt_1${g.chars(ALNUM, 23)}\` (\`customer.subscription.updated\`)`,
      g.t('Ce sont des identifiants d’objet, pas des clés ; les clés restent dans Vault.', 'These are object ids, not keys; the keys stay in Vault.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Mise à jour du flake : il a fallu recalculer les hash.', 'Flake update: the hashes had to be recomputed.'),
      `${F}nix`,
      `src = fetchFromGitHub { owner = "${g.org()}"; repo = "${g.project()}"; rev = "${g.hex(40)}";`,
      `  hash = "sha256-${g.b64(32)}"; };`,
      `vendorHash = "sha256-${g.b64(32)}";`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      `${g.t('Identifiants des objets créés pendant la démo', 'Ids of the objects created during the demo')}${g.colon}`,
      `- ${g.t('commande', 'order')} \`${g.ulid()}\``,
      `- ${g.t('facture', 'invoice')} \`${g.t('FAC', 'INV')}-${g.date().slice(0, 4)}-${String(g.int(1, 99999)).padStart(6, '0')}\``,
      `- ${g.t('utilisateur', 'user')} id ${g.int(1, 999999)} (${g.t('compte de démo', 'demo account')})`,
      g.t('Ils seront purgés par le job de nuit.', 'The nightly job will purge them.'),
    ),
  ),
];

// 2. References to secrets: where they live and how they are wired, never the value.
const REFERENCES: Template[] = [
  bi((g) => {
    const project = g.project();
    return lines(
      g.t(`Le chart ne contient plus aucun mot de passe : il lit le secret Kubernetes \`${project}-db\`.`, `The chart no longer holds any password: it reads the Kubernetes secret \`${project}-db\`.`),
      `${F}yaml`,
      'postgresql:',
      '  auth:',
      `    existingSecret: ${project}-db`,
      '    secretKeys:',
      '      adminPasswordKey: postgres-password',
      '      userPasswordKey: password',
      F,
    );
  }),
  bi((g) =>
    lines(
      g.t('Variables injectées depuis le secret (extrait du Deployment) :', 'Variables injected from the secret (Deployment excerpt):'),
      `${F}yaml`,
      'env:',
      '  - name: DATABASE_PASSWORD',
      '    valueFrom:',
      '      secretKeyRef:',
      `        name: ${g.project()}-db-creds`,
      '        key: password',
      g.chance(0.5) && '  - name: REDIS_PASSWORD\n    valueFrom:\n      secretKeyRef: {name: redis-auth, key: password}',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Le `.npmrc` n’entre plus dans l’image : il est monté comme secret de build.', 'The `.npmrc` no longer ends up in the image: it is mounted as a build secret.'),
      `${F}bash`,
      `DOCKER_BUILDKIT=1 docker build --secret id=npmrc,src=$HOME/.npmrc -t ${g.project()}:dev .`,
      F,
      g.t('Et dans le Dockerfile :', 'And in the Dockerfile:'),
      `${F}dockerfile`,
      'RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci --omit=dev',
      F,
    ),
  ),
  bi((g) => {
    const ns = `${g.project()}-${g.env()}`;
    return lines(
      g.t('Le secret existe bien (on ne regarde que les tailles) :', 'The secret does exist (we only look at sizes):'),
      F,
      `$ kubectl -n ${ns} describe secret db-creds`,
      'Name:         db-creds',
      `Namespace:    ${ns}`,
      'Type:         Opaque',
      'Data',
      '====',
      `password:  ${g.int(16, 40)} bytes`,
      `username:  ${g.int(3, 12)} bytes`,
      F,
    );
  }),
  bi((g) =>
    lines(
      g.t('Pour vérifier que la clé est présente sans l’afficher :', 'To check the key is present without printing it:'),
      `${F}bash`,
      `kubectl -n ${g.project()} get secret db-creds -o jsonpath='{.data.password}' | base64 -d | wc -c`,
      F,
      g.t('Doit afficher 32 ; 0 veut dire que l’ExternalSecret ne s’est pas synchronisé.', 'Should print 32; 0 means the ExternalSecret did not sync.'),
    ),
  ),
  bi((g) => {
    const env = g.env();
    const project = g.project();
    return lines(
      g.t(`Le mot de passe de la base de ${env} est dans Vault : \`secret/${env}/${project}/db\` (clé \`password\`, version ${g.int(2, 14)}).`, `The ${env} database password is in Vault: \`secret/${env}/${project}/db\` (key \`password\`, version ${g.int(2, 14)}).`),
      `${F}bash`,
      'vault login -method=oidc',
      `vault kv get secret/${env}/${project}/db   # ${g.t('ne pas coller la sortie ici', 'do not paste the output here')}`,
      g.chance(0.5) && `vault kv metadata get secret/${env}/${project}/db`,
      F,
    );
  }),
  bi((g) => {
    const env = g.env();
    const project = g.project();
    return lines(
      g.t('Côté AWS, le secret est géré par Secrets Manager avec rotation automatique :', 'On AWS the secret lives in Secrets Manager with automatic rotation:'),
      `${F}bash`,
      `aws secretsmanager describe-secret --secret-id ${env}/${project}/db --query '{Rotation: RotationEnabled, Last: LastRotatedDate}'`,
      `aws secretsmanager get-secret-value --secret-id ${env}/${project}/db --query VersionStages`,
      F,
      g.t('La lambda de rotation tourne tous les 30 jours.', 'The rotation lambda runs every 30 days.'),
    );
  }),
  bi((g) => {
    const repo = `${g.org()}/${g.project()}`;
    return lines(
      g.t('Secrets du dépôt (noms seulement) :', 'Repository secrets (names only):'),
      F,
      `$ gh secret list --repo ${repo}`,
      `NPM_TOKEN        Updated ${g.date()}`,
      `SONAR_TOKEN      Updated ${g.date()}`,
      `DEPLOY_SSH_KEY   Updated ${g.date()}`,
      F,
      g.t(`Pour le remplacer : \`gh secret set NPM_TOKEN --repo ${repo}\` (la valeur est demandée à l’invite).`, `To replace it: \`gh secret set NPM_TOKEN --repo ${repo}\` (the value is prompted for).`),
    );
  }),
  bi((g) =>
    lines(
      g.t('Terraform ne connaît le mot de passe que par variable sensible :', 'Terraform only knows the password through a sensitive variable:'),
      `${F}hcl`,
      'resource "aws_db_instance" "main" {',
      `  identifier = "${g.project()}-${g.env()}"`,
      '  username   = "app"',
      '  password   = var.db_password',
      '}',
      '',
      'variable "db_password" {',
      '  type      = string',
      '  sensitive = true',
      '}',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Le mot de passe est généré par Terraform et poussé dans Secrets Manager :', 'The password is generated by Terraform and pushed to Secrets Manager:'),
      `${F}hcl`,
      'resource "random_password" "db" {',
      `  length  = ${g.pick([24, 32, 40])}`,
      '  special = false',
      '}',
      '',
      'resource "aws_secretsmanager_secret_version" "db" {',
      `  secret_id     = aws_secretsmanager_secret.${g.project().replace(/-/g, '_')}_db.id`,
      '  secret_string = random_password.db.result',
      '}',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Lecture du secret existant depuis le module réseau :', 'Reading the existing secret from the network module:'),
      `${F}hcl`,
      'data "aws_secretsmanager_secret_version" "db" {',
      `  secret_id = "${g.env()}/${g.project()}/db"`,
      '}',
      'locals {',
      '  db = jsondecode(data.aws_secretsmanager_secret_version.db.secret_string)',
      '}',
      F,
      g.t('`local.db.password` n’apparaît jamais dans une sortie (`sensitive = true`).', '`local.db.password` never shows up in an output (`sensitive = true`).'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Étape de publication du workflow :', 'Publish step of the workflow:'),
      `${F}yaml`,
      '- run: npm publish --provenance --access public',
      '  env:',
      `    NODE_AUTH_TOKEN: ${ghSecret('NPM_TOKEN')}`,
      g.chance(0.5) && `- uses: docker/login-action@v3\n  with:\n    registry: ghcr.io\n    username: ${'${{ github.actor }}'}\n    password: ${ghSecret('GITHUB_TOKEN')}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Connexion Redis : tout vient de l’environnement.', 'Redis connection: everything comes from the environment.'),
      `${F}ts`,
      'const redis = new Redis(process.env.REDIS_URL!, {',
      '  password: process.env.REDIS_PASSWORD,',
      `  tls: process.env.REDIS_TLS === '1' ? {} : undefined,`,
      '});',
      `const apiKey = process.env.${g.pick(['API_KEY', 'OPENAI_API_KEY', 'SENDGRID_API_KEY'])};`,
      `if (!apiKey) throw new Error(${g.t("'clé API absente de l’environnement'", "'API key missing from the environment'")});`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Le script Python lit ses jetons dans l’environnement :', 'The Python script reads its tokens from the environment:'),
      `${F}python`,
      'token = os.environ["GITHUB_TOKEN"]',
      'api_key = os.getenv("HF_TOKEN")',
      g.t('password = getpass.getpass("Mot de passe LDAP : ")', 'password = getpass.getpass("LDAP password: ")'),
      F,
      g.t('Rien n’est écrit sur disque ; `getpass` ne fait pas d’écho.', 'Nothing is written to disk; `getpass` does not echo.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Compose pour la recette : les valeurs viennent du `.env` (non versionné).', 'Compose for staging: the values come from `.env` (not committed).'),
      `${F}yaml`,
      'services:',
      '  api:',
      '    environment:',
      `      DATABASE_URL: postgres://app:${shellVar('DB_PASSWORD')}@db:5432/${g.project().replace(/-/g, '_')}`,
      `      REDIS_PASSWORD: ${shellVar('REDIS_PASSWORD')}`,
      `      JWT_SECRET: ${shellVar('JWT_SECRET:?JWT_SECRET doit être défini')}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Configuration OpenCode du fournisseur : la clé est lue dans l’environnement.', 'OpenCode provider configuration: the key is read from the environment.'),
      `${F}json`,
      '{',
      `  "provider": { "${g.pick(['anthropic', 'openai', 'openrouter'])}": { "options": { "apiKey": "{env:${g.pick(['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'OPENROUTER_API_KEY'])}}" } } }`,
      '}',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('`.npmrc` du projet (versionné) :', 'Project `.npmrc` (committed):'),
      F,
      `@${g.org()}:registry=https://npm.pkg.github.com`,
      `//npm.pkg.github.com/:_authToken=${shellVar('NODE_AUTH_TOKEN')}`,
      F,
      g.t('npm remplace la variable à la lecture ; en local, `export NODE_AUTH_TOKEN=$(gh auth token)`.', 'npm expands the variable when reading the file; locally, `export NODE_AUTH_TOKEN=$(gh auth token)`.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Le client HTTP construit l’en-tête à partir des identifiants passés en paramètre :', 'The HTTP client builds the header from the credentials passed in:'),
      `${F}ts`,
      'const headers = {',
      "  Authorization: `Basic ${btoa(user + ':' + pass)}`,",
      "  'X-Api-Key': config.apiKey,",
      '};',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Gabarits : les mots de passe passent par les valeurs, jamais en dur.', 'Templates: passwords go through values, never hard-coded.'),
      `${F}yaml`,
      '# templates/secret.yaml (Helm)',
      'data:',
      '  password: {{ .Values.db.password | b64enc | quote }}',
      `# roles/${g.project()}/templates/app.env.j2 (Ansible)`,
      'DB_PASSWORD={{ vault_db_password }}',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Authentification des appels Google, pour mémoire :', 'Google API authentication, for the record:'),
      `${F}python`,
      'credentials = ServiceAccountCredentials.from_p12_keyfile(',
      `    "ci-deployer@${g.project()}.iam.gserviceaccount.com", KEYFILE_PATH, scopes=SCOPES)`,
      'token = credentials.get_access_token().access_token',
      F,
      g.t('`KEYFILE_PATH` pointe vers le fichier monté par le secret `gcp-sa` ; à migrer vers Workload Identity.', '`KEYFILE_PATH` points to the file mounted from the `gcp-sa` secret; to be migrated to Workload Identity.'),
    ),
  ),
  bi((g) =>
    lines(
      `${F}ts`,
      'const token = await getToken({ audience: AUDIENCE });',
      'const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });',
      F,
      g.t('`getToken()` renouvelle le jeton s’il expire dans moins de 60 s.', '`getToken()` refreshes the token when it expires in less than 60 s.'),
    ),
  ),
  fr((g) => {
    const env = g.env();
    const project = g.project();
    return lines(
      'Où sont les secrets :',
      '',
      '| secret | où | rotation |',
      '| --- | --- | --- |',
      `| mot de passe Postgres ${env} | Vault \`secret/${env}/${project}/db\` | 90 jours |`,
      '| jeton npm (publication) | GitHub Actions, secret `NPM_TOKEN` | à chaque départ |',
      `| clé API Sendgrid | 1Password, coffre « Équipe ${g.pick(['Plateforme', 'Data', 'Paiements'])} », entrée « Sendgrid ${env} » | annuelle |`,
      `| certificat TLS | cert-manager, secret \`${project}-tls\` | automatique |`,
    );
  }),
  en((g) => {
    const env = g.env();
    const project = g.project();
    return lines(
      'Where the secrets live:',
      '',
      '| secret | where | owner |',
      '| --- | --- | --- |',
      `| DB password (${env}) | AWS Secrets Manager \`${env}/${project}/db\` | platform |`,
      '| Slack bot token | 1Password vault "Ops", item "Slack bot" | sre |',
      '| Deploy key | GitHub repo settings → Deploy keys (public half only) | platform |',
      `| Signing key | Vault transit \`transit/keys/${project}-release\` | security |`,
    );
  }),
  bi((g) => {
    const project = g.project();
    return lines(
      `${F}yaml`,
      'apiVersion: external-secrets.io/v1beta1',
      'kind: ExternalSecret',
      `metadata: { name: ${project}-db }`,
      'spec:',
      '  secretStoreRef: { name: vault-backend, kind: ClusterSecretStore }',
      `  target: { name: ${project}-db }`,
      '  data:',
      `    - secretKey: password\n      remoteRef: { key: secret/${g.env()}/${project}/db, property: password }`,
      F,
      g.t('Synchronisation toutes les heures.', 'Refreshed every hour.'),
    );
  }),
  bi((g) =>
    lines(
      g.t('Les secrets de prod sont chiffrés avec SOPS ; destinataire age (clé publique) :', 'Production secrets are encrypted with SOPS; age recipient (public key):'),
      `${F}yaml`,
      '# .sops.yaml',
      'creation_rules:',
      '  - path_regex: secrets/.*\\.enc\\.yaml$',
      `    age: ${g.ageRecipient()}`,
      F,
      g.t('Déchiffrer : `sops -d secrets/prod.enc.yaml` (il faut la clé privée, dans 1Password).', 'Decrypt: `sops -d secrets/prod.enc.yaml` (needs the private key, in 1Password).'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Pour psql en local :', 'For psql locally:'),
      `${F}bash`,
      'export PGPASSWORD="$DB_PASSWORD"   # ' + g.t('déjà chargé par direnv', 'already loaded by direnv'),
      `psql -h localhost -U app -d ${g.project().replace(/-/g, '_')}`,
      F,
    ),
  ),
];

// 3. Code with credential-named identifiers but no secret.
const CREDENTIAL_CODE: Template[] = [
  bi((g) =>
    lines(
      g.t('Renommages faits dans cette branche :', 'Renames done in this branch:'),
      `- \`PasswordResetController\` → \`PasswordResetHandler\` (${g.t('plus de contrôleur MVC', 'no more MVC controller')})`,
      `- \`TokenBucket\` ${g.t('déplacé dans', 'moved to')} \`src/limits/token-bucket.ts\` (${g.t('limitation de débit, rien à voir avec l’auth', 'rate limiting, nothing to do with auth')})`,
      `- \`SecretManagerClient\` ${g.t('reste un wrapper fin autour du SDK', 'stays a thin wrapper around the SDK')}`,
      g.chance(0.5) && `- \`ApiKeyGuard\` ${g.t('couvert par', 'covered by')} \`test/api-key-guard.test.ts\``,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Vecteur de test PBKDF2 repris de la RFC 6070 (les valeurs sont publiques) :', 'PBKDF2 test vector taken from RFC 6070 (public values):'),
      `${F}ts`,
      `const password = 'passwordPASSWORDpassword';`,
      `const salt = 'saltSALTsaltSALTsaltSALTsaltSALTsalt';`,
      `const iterations = 4096;`,
      F,
      g.chance(0.5) && g.t('Et pour les tests de dérivation : `const password = \'Password used to generate key\';`.', 'And for the derivation tests: `const password = \'Password used to generate key\';`.'),
    ),
  ),
  fr((g) => {
    const min = g.pick([12, 14, 16]);
    return lines(
      'Formulaire de connexion (accessibilité) :',
      `${F}ts`,
      'passwordField.placeholder = "Votre mot de passe";',
      "passwordField.setAttribute('aria-describedby', 'password-rules');",
      `const minPasswordLength = ${min};`,
      F,
      `Le message d’erreur dit désormais « Le mot de passe doit contenir au moins ${min} caractères ».`,
    );
  }),
  en((g) =>
    lines(
      'Sign-in form:',
      `${F}tsx`,
      '<input type="password" name="password" autoComplete="current-password"',
      '       placeholder="Enter your password" minLength={minPasswordLength} />',
      F,
      `\`minPasswordLength\` is ${g.pick([12, 14, 16])}, shared with the server-side check.`,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Réponse du endpoint `/oauth/token` (champs seulement) :', 'Shape of the `/oauth/token` response (fields only):'),
      `${F}json`,
      `{ "token_type": "Bearer", "expires_in": ${g.pick([3600, 900, 1800])}, "scope": "${g.pick(['read:orders', 'openid profile', 'catalog:read catalog:write'])}", "access_token": "…" }`,
      F,
      g.t('Le client ne regarde que `expires_in` pour planifier le renouvellement.', 'The client only looks at `expires_in` to schedule the refresh.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Paramètres du modèle pour le résumé :', 'Model settings for the summary:'),
      `${F}yaml`,
      `model: ${g.pick(['claude-sonnet-4', 'gpt-4.1-mini', 'mistral-large-latest'])}`,
      `max_tokens: ${g.pick([1024, 2048, 4096, 8192])}`,
      'tokenizer: cl100k_base',
      `temperature: ${g.pick(['0', '0.2', '0.7'])}`,
      F,
      g.t(`Le budget de jetons par note est de ${g.num(2000, 16000)} ; au-delà on tronque les logs.`, `The token budget per note is ${g.num(2000, 16000)}; beyond that we truncate the logs.`),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Fixture utilisateur (le hash est celui de `motdepasse-de-test`, utilisé seulement en CI) :', 'User fixture (the hash is that of `test-password`, used in CI only):'),
      `${F}yaml`,
      `- id: ${g.int(1, 99)}`,
      `  email: ${g.pick(['alice', 'bob', 'test'])}@example.com`,
      `  password_hash: ${g.bcryptLike()}`,
      '  role: admin',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Schéma des champs du connecteur ; `secret: true` masque la saisie dans l’UI.', 'Connector field schema; `secret: true` masks the input in the UI.'),
      `${F}ts`,
      'export const fields = [',
      `  { name: 'baseUrl', label: ${g.t("'URL de base'", "'Base URL'")}, secret: false },`,
      `  { name: 'apiKey', label: ${g.t("'Clé API'", "'API key'")}, secret: true, required: true },`,
      `  { name: 'webhookSecret', label: ${g.t("'Secret du webhook'", "'Webhook secret'")}, secret: true },`,
      '];',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Le lexer renvoie maintenant le bon genre de jeton pour les mots-clés contextuels :', 'The lexer now returns the right token kind for contextual keywords:'),
      `${F}ts`,
      'if (token.kind === TokenKind.Identifier && CONTEXTUAL.has(token.text)) {',
      '  return { ...token, kind: TokenKind.Keyword };',
      '}',
      F,
      g.t(`Test ajouté : \`tokenize('let password = 1')\` donne ${g.int(5, 6)} jetons.`, `Test added: \`tokenize('let password = 1')\` yields ${g.int(5, 6)} tokens.`),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Motifs utilisés par le filtre de logs (ils décrivent la forme, ils ne contiennent rien) :', 'Patterns used by the log filter (they describe the shape, they contain nothing):'),
      `${F}ts`,
      String.raw`const GITHUB_TOKEN = /\bgh[pousr]_[A-Za-z0-9]{36}\b/;`,
      String.raw`const BEARER = /Authorization:\s*Bearer\s+\S+/i;`,
      String.raw`const PASSWORD_PARAM = /([?&]password=)[^&]*/gi;`,
      F,
      g.chance(0.5) && g.t(`Temps mesuré : ${g.int(2, 40)} ms sur un log de 5 Mo.`, `Measured: ${g.int(2, 40)} ms on a 5 MB log.`),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Tests du masquage :', 'Masking tests:'),
      `${F}ts`,
      "expect(mask('ghp_' + 'x'.repeat(36))).toBe('ghp_****');",
      "expect(mask('password=changeme')).toBe('password=****');",
      "expect(mask('aucun secret ici')).toBe('aucun secret ici');",
      F,
      g.t(`${g.int(12, 60)} tests passent (\`npx vitest run test/mask\`).`, `${g.int(12, 60)} tests pass (\`npx vitest run test/mask\`).`),
    ),
  ),
  bi((g) =>
    lines(
      `${F}python`,
      '@dataclass(frozen=True)',
      'class Credentials:',
      '    username: str',
      '    password: str = field(repr=False)',
      F,
      g.t('`repr=False` : le mot de passe ne sort plus dans les traces d’exception.', '`repr=False`: the password no longer appears in exception tracebacks.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Validation côté serveur (Zod) :', 'Server-side validation (Zod):'),
      `${F}ts`,
      'const signup = z.object({',
      '  email: z.string().email(),',
      `  password: z.string().min(${g.pick([12, 14])}).max(128),`,
      '  confirmPassword: z.string(),',
      "}).refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'] });",
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Migration ajoutée :', 'Migration added:'),
      `${F}sql`,
      'ALTER TABLE users ADD COLUMN password_changed_at timestamptz;',
      'CREATE TABLE api_tokens (',
      '  id uuid PRIMARY KEY, user_id bigint NOT NULL,',
      '  token_prefix text NOT NULL, token_hash bytea NOT NULL, expires_at timestamptz',
      ');',
      F,
      g.t('On ne stocke que le hash ; le préfixe sert à l’affichage (« tok_ab12… »).', 'We only store the hash; the prefix is for display ("tok_ab12…").'),
    ),
  ),
  bi((g) =>
    lines(
      `${F}go`,
      'type TokenSource interface {',
      '\tToken() (*oauth2.Token, error)',
      '}',
      '',
      'func NewSecretStore(client *secretmanager.Client, project string) *SecretStore {',
      F,
      g.t('`SecretStore` met en cache les versions 5 minutes.', '`SecretStore` caches versions for 5 minutes.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Log normal après le correctif :', 'Normal log after the fix:'),
      F,
      `level=info ts=${g.date()}T${g.time()}:${String(g.int(0, 59)).padStart(2, '0')}Z msg="token refreshed" client_id=${g.project()}-web expires_in=${g.int(3500, 3599)}`,
      `level=info msg="password reset email queued" user_id=${g.int(1, 99999)} template=reset-password-fr`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      `${F}ts`,
      'export enum AuthErrorCode {',
      "  InvalidPassword = 'invalid_password',",
      "  TokenExpired = 'token_expired',",
      "  MissingApiKey = 'missing_api_key',",
      '}',
      F,
      g.t('Codes renvoyés au front ; les messages sont traduits côté client.', 'Codes sent to the front end; messages are translated client-side.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Configuration du limiteur :', 'Rate limiter config:'),
      `${F}yaml`,
      'rate_limit:',
      '  algorithm: token_bucket',
      `  tokens_per_second: ${g.int(5, 200)}`,
      `  bucket_size: ${g.int(50, 2000)}`,
      F,
    ),
  ),
];

// 4. Placeholders that stand for a value to fill in.
const PLACEHOLDERS: Template[] = [
  bi((g) =>
    lines(
      g.t('`.env.example` à copier en `.env` (les valeurs sont des exemples) :', '`.env.example` to copy to `.env` (values are examples):'),
      F,
      'STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxx',
      'HF_TOKEN=hf_xxxxxxxxxxxx',
      'GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
      g.pick(['OPENAI_API_KEY=YOUR_API_KEY', 'OPENAI_API_KEY=sk-...', 'ANTHROPIC_API_KEY=<your-key>']),
      `DATABASE_PASSWORD=${g.pick(['changeme', 'your-password-here', '<à compléter>'])}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Exemple de la doc npm pour un registre privé (le jeton est factice) :', 'Example from the npm docs for a private registry (the token is made up):'),
      F,
      `//registry.example.com/:_authToken=${g.pick(['MYTOKEN1', 'MYTOKEN', 'YOUR_TOKEN'])}`,
      F,
      g.t('En vrai, on met `_authToken=${NPM_TOKEN}` et la variable vient de la CI.', 'For real, we write `_authToken=${NPM_TOKEN}` and the variable comes from CI.'),
    ),
  ),
  fr((g) =>
    lines(
      'Fichier de config à compléter par la personne qui reprend :',
      `${F}yaml`,
      'base:',
      `  host: db-${g.env()}.interne`,
      '  user: app',
      '  password: <à compléter>',
      `api_key: ${g.pick(['"<votre-clé>"', 'TODO', '"changeme"'])}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Sortie du diagnostic (masquée par l’outil) :', 'Diagnostic output (masked by the tool):'),
      F,
      'Authorization: Bearer ****',
      `password: ${g.pick(['••••••••', '********', '[REDACTED]'])}`,
      `token=[redacted:github]`,
      'cookie: session=[REDACTED]',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Profil AWS de l’exemple de la doc officielle (clés d’exemple publiées par AWS) :', 'AWS profile from the official docs example (sample keys published by AWS):'),
      `${F}ini`,
      '[default]',
      'aws_access_key_id = AKIAIOSFODNN7EXAMPLE',
      g.chance(0.5) && 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      `region = ${g.region()}`,
      F,
    ),
  ),
  fr((g) =>
    lines(
      'Étapes pour un nouveau poste :',
      '1. Créer un jeton personnel sur GitHub (scope `read:packages`).',
      '2. `export GITHUB_TOKEN=<votre-jeton>` dans `~/.zshrc.local`.',
      `3. \`npm ci\` puis \`npm run dev\` (port ${g.pick([3000, 5173, 8080])}).`,
    ),
  ),
  en((g) =>
    lines(
      'README quick start:',
      `${F}bash`,
      `curl -H "Authorization: Bearer YOUR_API_KEY" https://api.example.com/v${g.int(1, 3)}/status`,
      F,
      'Replace `YOUR_API_KEY` with the key from the dashboard; never commit it.',
    ),
  ),
  bi((g) =>
    lines(
      g.t('Requête d’exemple du ticket (la valeur a été retirée par la personne qui l’a écrit) :', 'Example request from the ticket (the reporter removed the value):'),
      F,
      `curl -u admin:${g.pick(['****', '...', '<mot-de-passe>', 'REDACTED'])} https://grafana.${g.env()}.interne/api/health`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Sentry en local : DSN d’exemple de la doc (clé publique factice).', 'Sentry locally: the example DSN from the docs (fake public key).'),
      `${F}ts`,
      "Sentry.init({ dsn: 'https://examplePublicKey@o0.ingest.sentry.io/0', enabled: false });",
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Variables attendues par le bot Slack :', 'Variables expected by the Slack bot:'),
      F,
      'SLACK_BOT_TOKEN=xoxb-your-bot-token',
      'SLACK_SIGNING_SECRET=<signing secret>',
      'SLACK_APP_TOKEN=xapp-...',
      F,
      g.t('Les vraies valeurs sont dans le coffre de l’équipe.', 'The real values are in the team vault.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Valeurs par défaut du chart (à surcharger à l’installation) :', 'Chart defaults (override at install time):'),
      `${F}yaml`,
      'auth:',
      '  adminUser: admin',
      `  adminPassword: ""   # ${g.t('généré si vide', 'generated when empty')}`,
      `  apiKey: ${g.pick(['changeme', 'REPLACE_ME', '"<set-me>"'])}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Dans les captures, les jetons apparaissent ainsi :', 'In the screenshots, tokens appear like this:'),
      `- GitHub${g.colon} \`ghp_…\` ${g.t('ou', 'or')} \`github_pat_…\``,
      `- GitLab${g.colon} \`glpat-xxxxxxxxxxxxxxxxxxxx\``,
      `- npm${g.colon} \`npm_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\``,
      g.t('Ce sont des formats, pas des valeurs.', 'Those are formats, not values.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Commande donnée au client pour tester le webhook :', 'Command given to the customer to test the webhook:'),
      `${F}bash`,
      `stripe trigger payment_intent.succeeded --api-key sk_test_xxxxxxxxxxxxxxxxxxxxxxxx`,
      F,
      g.t('Il doit mettre sa propre clé de test à la place des x.', 'They must put their own test key instead of the x’s.'),
    ),
  ),
  bi((g) =>
    lines(
      `${F}toml`,
      '[database]',
      `url = "postgres://USER:PASSWORD@HOST:5432/${g.project().replace(/-/g, '_')}"`,
      '',
      '[smtp]',
      'password = "${SMTP_PASSWORD}"',
      F,
      g.t('`USER`, `PASSWORD`, `HOST` sont remplacés par le script d’installation.', '`USER`, `PASSWORD`, `HOST` are replaced by the install script.'),
    ),
  ),
];

PLACEHOLDERS.push(
  bi((g) =>
    lines(
      g.t('Si le clone HTTPS échoue derrière le proxy, la forme attendue est :', 'If the HTTPS clone fails behind the proxy, the expected form is:'),
      `${F}bash`,
      `git clone https://<user>:<token>@github.com/${g.org()}/${g.project()}.git`,
      F,
      g.t('Mieux : `gh auth setup-git`, qui évite de mettre le jeton dans l’URL.', 'Better: `gh auth setup-git`, which keeps the token out of the URL.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Collection Postman partagée : les secrets sont des variables d’environnement Postman.', 'Shared Postman collection: secrets are Postman environment variables.'),
      F,
      'Authorization: Bearer {{access_token}}',
      'X-Api-Key: {{api_key}}',
      F,
      g.t(`L’environnement « ${g.env()} » n’est pas exporté avec la collection.`, `The "${g.env()}" environment is not exported with the collection.`),
    ),
  ),
  fr((g) =>
    lines(
      'Pour la démo client, les champs sensibles de la capture ont été remplacés :',
      `- jeton : \`${g.pick(['XXXX-XXXX-XXXX', '<jeton>', 'ey…'])}\``,
      '- mot de passe : `••••••••`',
      `- clé API : \`${g.pick(['pk_test_…', 'sk_test_…', '<clé-api>'])}\``,
    ),
  ),
);

// 5. Documentation credentials on localhost or reserved example hosts.
const DOC_CREDENTIALS: Template[] = [
  bi((g) =>
    lines(
      g.t('Extrait du README (développement local) :', 'README excerpt (local development):'),
      `${F}bash`,
      `export DATABASE_URL=${g.pick(['postgres://user:pass@localhost/db', 'postgresql://postgres:postgres@localhost:5432/app_test', 'postgres://app:app@127.0.0.1:5432/app_dev'])}`,
      'npm run migrate && npm test',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('`docker-compose.yml` pour le dev local, rien de sensible :', '`docker-compose.yml` for local dev, nothing sensitive:'),
      `${F}yaml`,
      'services:',
      '  db:',
      `    image: postgres:${g.pick(['15', '16', '16-alpine', '17'])}`,
      '    environment: { POSTGRES_USER: postgres, POSTGRES_PASSWORD: postgres }',
      `    ports: ["${g.pick(['5432', '5433', '55432'])}:5432"]`,
      '  redis:',
      `    image: redis:${g.pick(['7', '7-alpine', '7.2'])}`,
      '    command: ["redis-server", "--requirepass", "redispw"]',
      F,
      g.t('L’app se connecte avec `redis://default:redispw@localhost:6379`.', 'The app connects with `redis://default:redispw@localhost:6379`.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Config de test d’intégration :', 'Integration test config:'),
      `${F}yaml`,
      'test:',
      `  database_url: mysql://root:root@127.0.0.1:3306/${g.project().replace(/-/g, '_')}_test`,
      '  broker_url: amqp://guest:guest@localhost:5672/',
      F,
      g.t('`guest/guest` est le compte par défaut de RabbitMQ, refusé hors localhost.', '`guest/guest` is RabbitMQ’s default account, refused outside localhost.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Cas de test ajoutés au parseur d’URL :', 'Test cases added to the URL parser:'),
      `${F}ts`,
      "expect(stripUserinfo('https://user:password@example.com/path')).toBe('https://example.com/path');",
      "expect(stripUserinfo('ftp://anonymous@example.org/')).toBe('ftp://example.org/');",
      F,
      g.chance(0.5) && g.t(`${g.int(8, 30)} cas au total, tous verts.`, `${g.int(8, 30)} cases in total, all green.`),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Mongo en local (exemple de l’image Docker officielle) :', 'Local Mongo (example from the official Docker image):'),
      F,
      'MONGO_INITDB_ROOT_USERNAME=root',
      'MONGO_INITDB_ROOT_PASSWORD=example',
      F,
      g.t('Chaîne de connexion : `mongodb://root:example@localhost:27017/?authSource=admin`.', 'Connection string: `mongodb://root:example@localhost:27017/?authSource=admin`.'),
    ),
  ),
  bi((g) =>
    lines(
      `${F}java`,
      'static PostgreSQLContainer<?> db = new PostgreSQLContainer<>("postgres:16")',
      `    .withDatabaseName("${g.project().replace(/-/g, '_')}")`,
      '    .withUsername("test")',
      '    .withPassword("test");',
      F,
      g.t('Testcontainers : le conteneur vit le temps de la classe de test.', 'Testcontainers: the container lives as long as the test class.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Keycloak de dev (uniquement sur le poste) :', 'Dev Keycloak (on the laptop only):'),
      `${F}bash`,
      `docker run -p 8080:8080 -e KEYCLOAK_ADMIN=admin -e KEYCLOAK_ADMIN_PASSWORD=admin quay.io/keycloak/keycloak:${g.int(22, 26)}.0 start-dev`,
      F,
      g.t('Console sur http://localhost:8080, identifiants admin/admin.', 'Console at http://localhost:8080, credentials admin/admin.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('MinIO remplace S3 en local :', 'MinIO stands in for S3 locally:'),
      `- endpoint \`http://localhost:9000\`, ${g.t('identifiants par défaut', 'default credentials')} \`minioadmin\` / \`minioadmin\``,
      `- bucket \`${g.project()}-dev\` ${g.t('créé par', 'created by')} \`make minio-init\``,
      g.t('En recette et prod, ce sont des rôles IAM, pas de clé.', 'In staging and prod these are IAM roles, no keys.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Elasticsearch local :', 'Local Elasticsearch:'),
      `${F}bash`,
      `curl -u elastic:changeme http://localhost:9200/_cat/indices?v`,
      F,
      g.t(`L’index \`${g.project()}-v${g.int(2, 9)}\` doit apparaître après \`make seed\`.`, `Index \`${g.project()}-v${g.int(2, 9)}\` should appear after \`make seed\`.`),
    ),
  ),
  bi((g) =>
    lines(
      g.t('`.env.test` versionné exprès (valeurs de test, conteneurs éphémères) :', '`.env.test` committed on purpose (test values, throwaway containers):'),
      F,
      'DATABASE_URL=postgres://postgres:postgres@localhost:5433/test',
      'REDIS_URL=redis://localhost:6380',
      'JWT_SECRET=test-secret-not-for-production',
      F,
    ),
  ),
];

DOC_CREDENTIALS.push(
  bi((g) =>
    lines(
      g.t('Prisma en local, exemple tiré de la doc :', 'Prisma locally, example taken from the docs:'),
      F,
      'DATABASE_URL="postgresql://johndoe:randompassword@localhost:5432/mydb?schema=public"',
      F,
      g.t(`On l’a remplacé par la base du compose (\`${g.project().replace(/-/g, '_')}_dev\`).`, `We replaced it with the compose database (\`${g.project().replace(/-/g, '_')}_dev\`).`),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Profil Spring `local` (jamais activé ailleurs) :', 'Spring `local` profile (never active elsewhere):'),
      `${F}properties`,
      `spring.datasource.url=jdbc:postgresql://localhost:5432/${g.project().replace(/-/g, '_')}`,
      'spring.datasource.username=postgres',
      'spring.datasource.password=postgres',
      F,
      g.t('En recette, les valeurs viennent de Vault via Spring Cloud Vault.', 'In staging, values come from Vault through Spring Cloud Vault.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('pgAdmin dans le compose de dev :', 'pgAdmin in the dev compose:'),
      `${F}yaml`,
      'pgadmin:',
      '  image: dpage/pgadmin4',
      '  environment: { PGADMIN_DEFAULT_EMAIL: admin@example.com, PGADMIN_DEFAULT_PASSWORD: admin }',
      `  ports: ["${g.pick([5050, 8081, 8888])}:80"]`,
      F,
    ),
  ),
);

// 6. Prose about credentials.
const PROSE: Template[] = [
  fr((g) =>
    g.pick([
      `Le token expire après une heure ; le client le renouvelle ${g.int(2, 10)} minutes avant l’échéance.`,
      `Le jeton d’accès vit ${g.pick([15, 30, 60])} minutes, le jeton de rafraîchissement ${g.pick([7, 14, 30])} jours.`,
      'Attention : le token du compte de service expire tous les 90 jours, la prochaine échéance est notée dans le calendrier de l’équipe.',
    ]) +
    '\n' +
    g.pick([
      'Si l’appel renvoie 401, c’est presque toujours un jeton expiré, pas un bug.',
      'Le test `auth.refresh.spec.ts` simule l’expiration avec une horloge factice.',
      `Incident du ${g.date()} : l’horloge du pod dérivait de 4 minutes, d’où des jetons refusés.`,
    ]),
  ),
  en((g) =>
    lines(
      g.pick([
        'Policy reminder: rotate the API key every 90 days and revoke the old one the same day.',
        `We rotate the database password every ${g.pick([30, 60, 90])} days via the rotation lambda.`,
        'Rotation is automatic now; nobody should ever need to see the key itself.',
      ]),
      g.pick([
        (() => {
          const month = g.int(1, 9);
          const day = String(g.int(1, 28)).padStart(2, '0');
          return `Last rotation: 2026-${String(month).padStart(2, '0')}-${day}, next one due 2026-${String(month + 3).padStart(2, '0')}-${day}.`;
        })(),
        'If a rotation fails, the alert goes to #sre-oncall.',
        'The old key stays valid for 24 h so running jobs can finish.',
      ]),
    ),
  ),
  fr((g) =>
    lines(
      g.pick([
        'Le mot de passe est dans le coffre de l’équipe (1Password, entrée « Base recette »).',
        `Le mot de passe admin de ${g.pick(['Grafana', 'Metabase', 'Jenkins', 'Sonar'])} est dans le coffre de l’équipe ; demander l’accès à ${g.person().name}.`,
        'Je n’ai pas recopié le mot de passe ici : il est dans Vault, chemin donné plus haut.',
      ]),
      g.pick([
        'Ne pas le coller dans le ticket ni dans Slack.',
        'Il a été changé après mon départ de l’astreinte.',
        `Accès vérifié le ${g.date()}.`,
      ]),
    ),
  ),
  bi((g) =>
    lines(
      g.t(`Règle retenue : le mot de passe doit contenir au moins ${g.pick([12, 14])} caractères, sans règle de composition (recommandation ANSSI/NIST).`, `Rule we settled on: the password must be at least ${g.pick([12, 14])} characters, no composition rules (NIST SP 800-63B).`),
      g.t('On vérifie aussi qu’il n’apparaît pas dans la liste HIBP (k-anonymat, on n’envoie que 5 caractères du SHA-1).', 'We also check it is not in the HIBP list (k-anonymity, only 5 characters of the SHA-1 are sent).'),
    ),
  ),
  fr((g) =>
    lines(
      g.pick([
        'Il faut régénérer le jeton GitHub de la CI : il a expiré hier soir, d’où les échecs de `npm publish`.',
        'Le jeton GitHub utilisé par Renovate arrive à expiration ; il faut en régénérer un (scope `repo`, 90 jours).',
        `À faire : régénérer le jeton d’accès personnel de ${g.person().name}, révoqué par erreur pendant le nettoyage.`,
      ]),
      'Une fois créé, le mettre dans le secret `GH_TOKEN` du dépôt et relancer le workflow.',
    ),
  ),
  bi((g) => {
    const prompt = g.int(4000, 90000);
    const completion = g.int(300, 9000);
    return lines(
      g.t(`Coût de la session : le LLM a consommé ${(prompt + completion).toLocaleString('fr-FR').replace(/\u202f/g, ' ')} tokens (${prompt.toLocaleString('fr-FR').replace(/\u202f/g, ' ')} en entrée, ${completion.toLocaleString('fr-FR').replace(/\u202f/g, ' ')} en sortie).`,
        `Session cost: the LLM used ${(prompt + completion).toLocaleString('en-US')} tokens (${prompt.toLocaleString('en-US')} prompt, ${completion.toLocaleString('en-US')} completion).`),
      g.t(`Le contexte était plein à ${g.int(40, 98)} % au moment du résumé.`, `The context window was ${g.int(40, 98)} % full when we summarised.`),
    );
  }),
  bi((g) =>
    lines(
      g.pick([
        g.t(`Scan des secrets : gitleaks n’a trouvé aucune fuite sur ${g.num(200, 9000)} commits.`, `Secret scanning found 0 leaks in ${g.num(200, 9000)} commits (gitleaks ${g.semver()}).`),
        g.t('trufflehog sur l’historique complet : 0 secret vérifié, 2 faux positifs (fixtures de test).', 'trufflehog on the full history: 0 verified secrets, 2 false positives (test fixtures).'),
      ]),
      g.t('Le hook pre-commit est actif pour tout le monde depuis cette PR.', 'The pre-commit hook is on for everyone since this PR.'),
    ),
  ),
  fr((g) => {
    const key = g.sshPublicKey(`deploy@${g.project()}`);
    return lines(
      `La clé SSH de déploiement a été ajoutée au dépôt en lecture seule (empreinte ${key.fingerprint}).`,
      'La clé privée est dans le secret Kubernetes `git-deploy-key`, jamais sur un poste.',
    );
  }),
  en((g) => {
    const key = g.sshPublicKey(`deploy@${g.project()}`);
    return lines(
      `Deploy key added to the repo, read-only. Fingerprint: \`${key.fingerprint}\`.`,
      'Check with `ssh-keygen -lf deploy_key.pub`; the private half never left the CI runner.',
    );
  }),
  bi((g) => {
    const person = g.person();
    const key = g.sshPublicKey(`${person.login}@${g.pick(['portable', 'laptop', 'bastion'])}`);
    return lines(
      g.t(`Clé publique de ${person.name} ajoutée à \`authorized_keys\` sur le bastion :`, `${person.name}'s public key added to \`authorized_keys\` on the bastion:`),
      F,
      key.line,
      F,
    );
  }),
  bi((g) =>
    lines(
      g.t('Les tags de release sont signés ; empreinte de la clé PGP de l’équipe :', 'Release tags are signed; fingerprint of the team PGP key:'),
      F,
      g.pgpFingerprint(),
      F,
      g.t('Vérifier avec `git tag -v v' + g.semver() + '`.', 'Verify with `git tag -v v' + g.semver() + '`.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Le certificat de la gateway expire bientôt :', 'The gateway certificate expires soon:'),
      F,
      `$ openssl x509 -in gateway.crt -noout -serial -enddate -fingerprint -sha256`,
      `serial=${g.certSerial().replace(/:/g, '')}`,
      `notAfter=${g.pick(['Jan', 'Mar', 'Jun', 'Sep', 'Nov'])} ${g.int(1, 28)} 12:00:00 2027 GMT`,
      `sha256 Fingerprint=${g.colonFingerprint(32)}`,
      F,
    ),
  ),
  fr((g) =>
    lines(
      `Incident du ${g.date()} : un jeton a fuité dans les logs de build.`,
      '- révoqué dans l’heure, remplacé, la valeur n’apparaît plus nulle part (logs purgés) ;',
      '- cause : `set -x` dans le script de déploiement ; retiré ;',
      `- post-mortem : ${g.ticket()}.`,
    ),
  ),
  en((g) =>
    lines(
      `The access token is a JWT signed with RS256; public keys are served at \`/.well-known/jwks.json\` (current kid \`${g.date().slice(0, 7)}\`).`,
      'Key rollover: the new key is published a week before it starts signing.',
    ),
  ),
  bi((g) =>
    lines(
      g.t('Empreinte ED25519 de github.com (publiée par GitHub), ajoutée à `known_hosts` de l’image CI :', 'github.com ED25519 fingerprint (published by GitHub), added to the CI image’s `known_hosts`:'),
      '`SHA256:+DiY3wvvV6TuJJhbpZisF/zLDA0zPMSvHdkr4UvCOqU`',
      g.t('Plus de `StrictHostKeyChecking=no`.', 'No more `StrictHostKeyChecking=no`.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Empreinte SHA-256 du certificat de signature Android (publique, à déclarer dans Firebase) :', 'SHA-256 fingerprint of the Android signing certificate (public, to register in Firebase):'),
      `\`${g.colonFingerprint(32)}\``,
      g.t('Le keystore reste dans Play App Signing.', 'The keystore stays with Play App Signing.'),
    ),
  ),
  fr((g) =>
    lines(
      'La 2FA est obligatoire sur l’organisation depuis ce matin.',
      `${g.int(2, 6)} comptes n’avaient pas de clé de sécurité ; ils utilisent une appli TOTP en attendant.`,
      'Le secret TOTP est fourni par QR code et n’est jamais journalisé.',
    ),
  ),
  en((g) =>
    lines(
      `Heads-up: the staging API key for the payment sandbox was regenerated on ${g.date()}.`,
      'Nothing to do if you use Vault; if you had it in a local `.env`, pull it again from there.',
    ),
  ),
];

PROSE.push(
  fr((g) =>
    lines(
      'Les clés d’API des clients sont hachées en base (SHA-256) ; l’interface n’affiche que les 4 derniers caractères.',
      `Une clé perdue ne se récupère pas : le client en génère une nouvelle (${g.ticket()}).`,
    ),
  ),
  en((g) =>
    lines(
      'The CSRF token is regenerated on every login and bound to the session cookie.',
      `Cookie flags checked: \`HttpOnly\`, \`Secure\`, \`SameSite=Lax\` (${g.ticket()}).`,
    ),
  ),
  fr((g) =>
    lines(
      `Le certificat Let’s Encrypt de \`${g.project()}.example.com\` est renouvelé automatiquement par cert-manager (30 jours avant l’échéance).`,
      'La clé privée du certificat reste dans le secret Kubernetes, personne n’a à la manipuler.',
    ),
  ),
);

// 7. Long random-looking but honest values.
const RANDOM_LOOKING: Template[] = [
  bi((g) =>
    lines(
      g.t('Favicon inline pour éviter une requête (SVG en base64) :', 'Inline favicon to save a request (base64 SVG):'),
      `${F}html`,
      `<link rel="icon" href="${g.svgDataUri()}">`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Pixel transparent utilisé dans les e-mails :', 'Transparent pixel used in e-mails:'),
      '`data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7`',
      g.t(`Et l’icône d’état : \`${g.svgDataUri()}\``, `And the status icon: \`${g.svgDataUri()}\``),
    ),
  ),
  bi((g) =>
    lines(
      g.t('CSP : le nonce est tiré à chaque réponse ; exemple d’en-tête tel qu’on le voit dans les devtools :', 'CSP: the nonce is drawn per response; example header as seen in devtools:'),
      F,
      `Content-Security-Policy: script-src 'self' 'nonce-${g.b64(16)}'; object-src 'none'`,
      F,
      g.t('Il change à chaque rechargement, c’est normal.', 'It changes on every reload, which is expected.'),
    ),
  ),
  bi((g) => {
    const asset = `main.${g.hex(8)}.js`;
    return lines(
      g.t(`Les source maps sont publiées pour Sentry seulement ; \`${asset}\` se termine par :`, `Source maps are uploaded to Sentry only; \`${asset}\` ends with:`),
      F,
      `//# sourceMappingURL=${asset}.map`,
      F,
      g.t('Extrait de la map :', 'Map excerpt:'),
      `\`"mappings": "${g.vlqMappings()}"\``,
    );
  }),
  bi((g) =>
    lines(
      g.t('Fichiers produits par le build (noms avec hash de contenu) :', 'Files produced by the build (content-hashed names):'),
      `- \`dist/assets/main.${g.hex(8)}.js\` (${g.int(80, 400)} ko)`,
      `- \`dist/assets/vendor.${g.hex(8)}.js\``,
      `- \`dist/assets/index.${g.hex(8)}.css\``,
      `- \`dist/assets/${g.int(100, 999)}.${g.hex(20)}.chunk.js\``,
      g.t('Le cache CDN est immuable sur `assets/`, d’où le hash.', 'The CDN cache is immutable on `assets/`, hence the hash.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Le pull est lent à cause d’une couche de 1,2 Go :', 'The pull is slow because of a 1.2 GB layer:'),
      F,
      `$ docker pull ghcr.io/${g.org()}/${g.project()}:${g.semver()}`,
      `${g.hex(12)}: Pull complete`,
      `${g.hex(12)}: Pull complete`,
      `${g.hex(12)}: Pull complete`,
      `Digest: sha256:${g.hex(64)}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Les jeux de données publics sont épinglés sur IPFS :', 'Public data sets are pinned on IPFS:'),
      `- \`${g.t('communes', 'regions')}.geojson\`${g.colon} \`${g.cidV0()}\``,
      `- \`${g.t('tarifs', 'tariffs')}-${g.date().slice(0, 4)}.parquet\`${g.colon} \`${g.cidV1()}\``,
      g.t('Passerelle : `https://ipfs.io/ipfs/<cid>`.', 'Gateway: `https://ipfs.io/ipfs/<cid>`.'),
    ),
  ),
  bi((g) => {
    const pkg = g.npmPackage();
    return lines(
      g.t('Vérification du tarball publié :', 'Checking the published tarball:'),
      F,
      `$ npm view ${pkg}@${g.semver()} dist.shasum dist.integrity`,
      `dist.shasum = '${g.hex(40)}'`,
      `dist.integrity = 'sha512-${g.b64(64)}'`,
      F,
    );
  }),
  bi((g) =>
    lines(
      g.t('L’état Terraform a été recréé par erreur : la lignée ne correspond plus.', 'The Terraform state was recreated by mistake: the lineage no longer matches.'),
      `${F}json`,
      `{ "version": 4, "terraform_version": "1.${g.int(5, 9)}.${g.int(0, 5)}", "serial": ${g.int(1, 300)}, "lineage": "${g.uuid()}" }`,
      F,
      g.t(`L’ancienne lignée était \`${g.uuid()}\` ; restaurer la version S3 précédente.`, `The old lineage was \`${g.uuid()}\`; restore the previous S3 version.`),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Planification des jobs :', 'Job schedules:'),
      '| job | cron |',
      '| --- | --- |',
      `| ${g.t('purge des notes', 'purge notes')} | \`${g.int(0, 59)} ${g.int(0, 5)} * * *\` |`,
      `| ${g.t('rotation des clés', 'key rotation')} | \`0 3 1 */3 *\` |`,
      `| ${g.t('rapport hebdo', 'weekly report')} | \`30 7 * * MON\` |`,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Expressions régulières de validation (copiées du code) :', 'Validation regexes (copied from the code):'),
      `${F}ts`,
      String.raw`const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;`,
      String.raw`const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;`,
      String.raw`const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[\w.]+)?$/;`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Design tokens mis à jour (palette) :', 'Design tokens updated (palette):'),
      `${F}css`,
      ':root {',
      ...Array.from({ length: g.int(3, 6) }, (_, i) => `  --color-${['primary', 'secondary', 'accent', 'danger', 'success', 'muted'][i]}: #${g.hex(6)};`),
      '}',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Requête persistée (Apollo APQ) : le client n’envoie que le hash.', 'Persisted query (Apollo APQ): the client only sends the hash.'),
      `${F}json`,
      `{ "operationName": "${g.pick(['GetOrders', 'ProductPage', 'CartSummary'])}", "extensions": { "persistedQuery": { "version": 1, "sha256Hash": "${g.hex(64)}" } } }`,
      F,
    ),
  ),
  bi((g) => {
    const org = g.org();
    const repo = g.project();
    return lines(
      g.t('Remotes du dépôt :', 'Repository remotes:'),
      F,
      `origin    git@github.com:${org}/${repo}.git (fetch)`,
      `origin    git@github.com:${org}/${repo}.git (push)`,
      `upstream  ${g.pick([`https://github.com/${org}/${repo}.git`, `ssh://git@github.com/${org}/${repo}.git`])} (fetch)`,
      F,
    );
  }),
  bi((g) =>
    lines(
      g.t('SRI sur le script tiers :', 'SRI on the third-party script:'),
      `${F}html`,
      `<script src="https://cdn.example.net/widget@${g.semver()}/widget.min.js"`,
      `        integrity="sha384-${g.b64(48)}" crossorigin="anonymous"></script>`,
      F,
    ),
  ),
  bi((g) => {
    const crypto = `v0.${g.int(20, 40)}.0`;
    return lines(
      g.t('`go.sum` mis à jour par `go mod tidy` :', '`go.sum` updated by `go mod tidy`:'),
      F,
      `golang.org/x/crypto ${crypto} h1:${g.b64(32)}`,
      `golang.org/x/crypto ${crypto}/go.mod h1:${g.b64(32)}`,
      `golang.org/x/oauth2 v0.${g.int(15, 30)}.0 h1:${g.b64(32)}`,
      F,
    );
  }),
  bi((g) =>
    lines(
      g.t('Arbre git du commit de release :', 'Git tree of the release commit:'),
      F,
      `$ git ls-tree HEAD config/`,
      `100644 blob ${g.hex(40)}\tconfig/default.yaml`,
      `100644 blob ${g.hex(40)}\tconfig/secrets.example.yaml`,
      `040000 tree ${g.hex(40)}\tconfig/environments`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t(`Les identifiants d’export sont des ULID, triables par date : \`${g.ulid()}\`, \`${g.ulid()}\`.`, `Export ids are ULIDs, sortable by time: \`${g.ulid()}\`, \`${g.ulid()}\`.`),
      g.t('On a abandonné les UUID v4 pour ça.', 'We dropped UUID v4 for that reason.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Empreinte du modèle téléchargé, pour vérifier le cache :', 'Hash of the downloaded model, to check the cache:'),
      `- ${g.t('fichier', 'file')} \`model.safetensors\`, ${g.num(100, 4000)} ${g.t('Mo', 'MB')}`,
      `- sha256 \`${g.hex(64)}\``,
      `- ${g.t('révision', 'revision')} \`${g.hex(40)}\``,
    ),
  ),
];

// 8. Command lines that mention credential words harmlessly.
const COMMANDS: Template[] = [
  bi((g) =>
    lines(
      g.t('Pour publier à la main (rare) :', 'To publish by hand (rare):'),
      `${F}bash`,
      'npm login --auth-type=web',
      'npm whoami',
      `npm publish --otp=<${g.t('code à 6 chiffres', '6-digit code')}>`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      `${F}bash`,
      `docker login ${g.pick(['registry.example.com', 'harbor.interne', 'registry.example.net'])}   # ${g.t('demande l’utilisateur et le mot de passe', 'prompts for user and password')}`,
      `docker push ${g.pick(['registry.example.com', 'registry.example.net'])}/${g.project()}:${g.semver()}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('État de l’authentification gh sur la machine de build :', 'gh auth state on the build machine:'),
      F,
      '$ gh auth status',
      'github.com',
      `  ✓ Logged in to github.com account ${g.person().login.replace('.', '-')} (keyring)`,
      "  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
      F,
      g.t('Si besoin : `gh auth login --web` puis `gh auth refresh -s read:packages`.', 'If needed: `gh auth login --web` then `gh auth refresh -s read:packages`.'),
    ),
  ),
  bi((g) => {
    const person = g.person();
    return lines(
      g.t('Nouvelle clé pour le déploiement :', 'New key for deployment:'),
      `${F}bash`,
      `ssh-keygen -t ed25519 -C "${person.login.split('.')[0]}@${g.pick(['societe.fr', 'example.com'])}" -f ~/.ssh/id_deploy_${g.project().replace(/-/g, '_')}`,
      F,
      g.t('Seule la partie `.pub` va dans GitHub.', 'Only the `.pub` half goes to GitHub.'),
    );
  }),
  bi((g) =>
    lines(
      g.t('Pour générer un nouveau secret de session :', 'To generate a new session secret:'),
      `${F}bash`,
      g.pick([
        `openssl rand -hex 32 | vault kv put secret/${g.env()}/${g.project()}/session value=-`,
        'openssl rand -base64 32',
        'python -c "import secrets; print(secrets.token_urlsafe(32))"',
      ]),
      F,
      g.t('Mettre le résultat directement dans le coffre, pas dans la note.', 'Put the result straight into the vault, not in the note.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Recherches faites pour retrouver l’origine du bug :', 'Searches done to find where the bug came from:'),
      `${F}bash`,
      'git log --oneline --grep=token',
      'grep -rn password src/ --include=*.ts',
      String.raw`rg -n "api[_-]?key" config/`,
      g.chance(0.5) && 'git log -S "SECRET_KEY" --oneline',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Login au registre dans la CI, via stdin :', 'Registry login in CI, through stdin:'),
      `${F}bash`,
      `echo "$CR_PAT" | docker login ghcr.io -u ${g.person().login.split('.')[0]} --password-stdin`,
      F,
      g.t('`CR_PAT` vient des secrets du dépôt ; rien n’apparaît dans le log.', '`CR_PAT` comes from the repo secrets; nothing shows in the log.'),
    ),
  ),
  bi((g) =>
    lines(
      `${F}bash`,
      `mysql -u root -p ${g.project().replace(/-/g, '_')}   # ${g.t('le mot de passe est demandé', 'prompts for the password')}`,
      'psql "$DATABASE_URL" -c "\\dt"',
      F,
      g.t('Les deux marchent depuis le bastion.', 'Both work from the bastion.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Git redemandait le mot de passe à chaque push :', 'Git kept asking for the password on every push:'),
      `${F}bash`,
      g.pick(['git config --global credential.helper osxkeychain', 'git config --global credential.helper "cache --timeout=3600"', 'git config --global credential.helper manager']),
      F,
      g.t('Le remote est passé en SSH de toute façon.', 'The remote was switched to SSH anyway.'),
    ),
  ),
  bi((g) => {
    const project = g.project();
    const env = g.env();
    const account = g.account();
    return lines(
      `${F}bash`,
      `aws sso login --profile ${project}-${env}`,
      `aws sts get-caller-identity --profile ${project}-${env}`,
      F,
      g.t(`Doit afficher le compte \`${account}\` et le rôle \`arn:aws:sts::${account}:assumed-role/AWSReservedSSO_Developer/${g.person().login}\`.`,
        `Should show account \`${account}\` and role \`arn:aws:sts::${account}:assumed-role/AWSReservedSSO_Developer/${g.person().login}\`.`),
    );
  }),
  bi((g) =>
    lines(
      g.t('Identifiants cloud sur le poste :', 'Cloud credentials on the laptop:'),
      `${F}bash`,
      'gcloud auth application-default login',
      'az login --use-device-code',
      `vault login -method=oidc role=${g.team()}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Création du secret Kubernetes (la valeur est générée sur place, jamais affichée) :', 'Creating the Kubernetes secret (the value is generated in place, never printed):'),
      `${F}bash`,
      `kubectl -n ${g.project()} create secret generic db-creds \\`,
      '  --from-literal=username=app \\',
      '  --from-literal=password="$(openssl rand -base64 24)"',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Protection basique de l’interface d’admin en recette :', 'Basic protection for the staging admin UI:'),
      `${F}bash`,
      'htpasswd -B -c /etc/nginx/.htpasswd admin   # ' + g.t('saisie interactive', 'interactive prompt'),
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Déchiffrer les fichiers protégés du dépôt :', 'Decrypting the protected files of the repo:'),
      `${F}bash`,
      g.pick(['git-crypt unlock ~/.keys/depot.key', 'git secret reveal', 'ansible-vault view group_vars/prod/vault.yml']),
      F,
      g.t('Demander l’accès à la clé au responsable sécurité.', 'Ask the security lead for access to the key.'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Copier un mot de passe sans l’afficher :', 'Copy a password without displaying it:'),
      `${F}bash`,
      g.pick([`pass -c equipe/${g.env()}/db`, `op read "op://Plateforme/Base ${g.env()}/password" | pbcopy`, 'bw get password grafana-admin | wl-copy']),
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Lister les jetons npm existants (n’affiche que des préfixes) puis révoquer l’ancien :', 'List existing npm tokens (prefixes only) then revoke the old one:'),
      `${F}bash`,
      'npm token list',
      `npm token revoke ${g.hex(6)}`,
      F,
    ),
  ),
];

COMMANDS.push(
  bi((g) =>
    lines(
      g.t('Accès au serveur de recette :', 'Access to the staging server:'),
      `${F}bash`,
      'ssh-add ~/.ssh/id_ed25519',
      `ssh-copy-id -i ~/.ssh/id_ed25519.pub deploy@${g.privateIp()}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Publier la clé publique GPG de release :', 'Publish the release GPG public key:'),
      `${F}bash`,
      `gpg --armor --export ${g.hex(16).toUpperCase()} > KEYS.asc`,
      'gpg --keyserver keys.openpgp.org --send-keys $RELEASE_KEY_ID',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Nouveau certificat pour le site :', 'New certificate for the site:'),
      `${F}bash`,
      `openssl req -new -newkey rsa:4096 -nodes -keyout ${g.project()}.key -out ${g.project()}.csr -subj "/CN=${g.project()}.example.com"`,
      `kubectl -n ${g.project()} create secret tls ${g.project()}-tls --cert=${g.project()}.crt --key=${g.project()}.key`,
      F,
      g.t('Le `.key` a été supprimé du poste après création du secret.', 'The `.key` file was deleted from the laptop once the secret existed.'),
    ),
  ),
  bi((g) =>
    lines(
      `${F}bash`,
      'keytool -list -v -keystore app-release.jks -alias release   # ' + g.t('demande le mot de passe du keystore', 'prompts for the keystore password'),
      `printf '%s' "$DB_PASSWORD" | docker secret create db_password -`,
      F,
    ),
  ),
);

// Mixed: whole notes combining several of the forms above.
const MIXED: Template[] = [
  fr((g) => {
    const project = g.project();
    const env = g.env();
    return lines(
      frontMatter(g),
      '',
      '## Contexte',
      `Migration de \`${project}\` vers le nouveau cluster (${g.ticket()}).`,
      '',
      '## État actuel',
      `- Image \`ghcr.io/${g.org()}/${project}@sha256:${g.hex(64)}\` déployée en ${env}.`,
      `- Le mot de passe de la base est lu depuis \`secretKeyRef: {name: ${project}-db, key: password}\`.`,
      '- Le token expire après une heure, le sidecar le renouvelle.',
      '',
      '## Prochaines étapes',
      '- Régénérer le jeton GitHub de la CI (expire vendredi).',
      `- Vérifier le run https://github.com/${g.org()}/${project}/actions/runs/${g.int(1, 9)}${g.chars('0123456789', 9)}.`,
    );
  }),
  en((g) => {
    const project = g.project();
    return lines(
      `# Handoff: ${project} secrets cleanup`,
      '',
      '## Context',
      `Secret scanning found 0 leaks after the cleanup; the old \`.env\` was removed in \`${g.hex(7)}\`.`,
      '',
      '## Current state',
      `- CI reads \`${ghSecret('NPM_TOKEN')}\`; locally use \`npm login\`.`,
      `- The DB password lives in Vault at \`secret/staging/${project}/db\`.`,
      '- Local dev still uses `postgres://postgres:postgres@localhost:5432/app_dev` (compose).',
      '',
      '## Next steps',
      '- Rotate the API key every 90 days (calendar reminder set).',
      `- Session id for the record: \`${g.uuid()}\`.`,
    );
  }),
  fr((g) => {
    const person = g.person();
    const key = g.sshPublicKey(`${person.login}@portable`);
    return lines(
      '## Ce qui a été fait',
      `- Accès au bastion pour ${person.name} : clé publique ajoutée (empreinte ${key.fingerprint}).`,
      `- Identifiant de la demande d’accès : ${g.ticket()}.`,
      '- Le mot de passe du compte de service est dans le coffre de l’équipe.',
      '',
      '## Pour reprendre',
      `${F}bash`,
      `ssh -J bastion.interne ${person.login}@${g.privateIp()}`,
      'vault kv get -field=username secret/recette/bastion',
      F,
    );
  }),
  en((g) =>
    lines(
      '## What was done',
      `- Bumped \`${g.npmPackage()}\` to ${g.semver()} (integrity \`sha512-${g.b64(64)}\`).`,
      `- Added \`minPasswordLength = 12\` and the \`PasswordResetController\` tests (${g.int(8, 40)} passing).`,
      '- `.env.example` now says `API_KEY=YOUR_API_KEY` instead of an empty line.',
      '',
      '## Gotchas',
      `- The cache key is \`v2:session:${g.uuid()}\`; flush it with \`redis-cli DEL\` if the schema changes.`,
      '- `echo "$CR_PAT" | docker login ghcr.io -u ci --password-stdin` must run before the push step.',
    ),
  ),
  fr((g) => {
    const project = g.project();
    return lines(
      '## Contexte',
      `L’export nocturne de \`${project}\` échouait (${g.ticket()}).`,
      '',
      '## Décisions',
      `- Clé d’idempotence = identifiant de l’export (\`${g.ulid()}\`), pas un horodatage.`,
      `- Objet S3 : \`exports/${g.date().replace(/-/g, '/')}/${project}.parquet\`, sha256 \`${g.hex(64)}\`.`,
      '- Les identifiants AWS viennent du rôle IAM du pod ; aucune clé dans la config.',
      '',
      '## Vérifications',
      `- \`aws s3api head-object --bucket ${project}-exports --key exports/…\` → 200.`,
      `- Le LLM a consommé ${g.num(3000, 40000)} tokens pour ce diagnostic.`,
    );
  }),
  en((g) => {
    const project = g.project();
    return lines(
      '## Current state',
      '| item | value |',
      '| --- | --- |',
      `| release | \`v${g.semver()}\` (\`${g.hex(40)}\`) |`,
      `| trace of the failing call | \`${g.hex(32)}\` |`,
      `| DB password | AWS Secrets Manager \`prod/${project}/db\` |`,
      `| signing key fingerprint | \`${g.pgpFingerprint()}\` |`,
      '',
      'Token expiry is one hour; `getToken()` refreshes it. Placeholder in docs: `Bearer <your-token>`.',
    );
  }),
  fr((g) =>
    lines(
      '## Points d’attention',
      '- Dans les logs, le jeton apparaît masqué (`Bearer ****`) : c’est voulu.',
      `- La clé Redis \`contexte:${g.team()}:note:${g.uuid()}\` a un TTL de 7 jours.`,
      '- Le chart lit `existingSecret: recette-db` ; ne pas remettre `password:` dans `values.yaml`.',
      `- \`grep -rn password src/\` ne trouve plus que des noms de champs (${g.int(3, 20)} occurrences).`,
      '- En local : `redis://default:redispw@localhost:6379` (compose).',
    ),
  ),
];

/** One-line facts, drawn from every family, that composed notes are made of. */
const BULLETS: ((g: Gen) => string)[] = [
  (g) => `${g.t('Ticket', 'Ticket')} ${g.ticket()}${g.colon} ${g.t('corrigé dans', 'fixed in')} \`${g.hex(7)}\`.`,
  (g) => `${g.t('Identifiant de la session', 'Session id')}${g.colon} \`${g.uuid()}\`.`,
  (g) => `${g.t('Identifiant de requête de l’erreur', 'Request id of the error')}${g.colon} \`${g.uuid()}\`.`,
  (g) => `trace_id \`${g.hex(32)}\` ${g.t('dans Tempo', 'in Tempo')}.`,
  (g) => `${g.t('Image', 'Image')} \`${g.project()}@sha256:${g.hex(64)}\`.`,
  (g) => g.t(`Le mot de passe de la base est dans Vault (\`secret/${g.env()}/${g.project()}/db\`).`, `The DB password is in Vault (\`secret/${g.env()}/${g.project()}/db\`).`),
  (g) => g.t(`Le Deployment lit \`secretKeyRef: {name: ${g.project()}-db, key: password}\`.`, `The Deployment reads \`secretKeyRef: {name: ${g.project()}-db, key: password}\`.`),
  (g) => g.t(`Le chart utilise \`existingSecret: ${g.project()}-db\`.`, `The chart uses \`existingSecret: ${g.project()}-db\`.`),
  (g) => g.t(`La CI lit \`${ghSecret(g.pick(['NPM_TOKEN', 'SONAR_TOKEN', 'REGISTRY_PASSWORD']))}\`.`, `CI reads \`${ghSecret(g.pick(['NPM_TOKEN', 'SONAR_TOKEN', 'REGISTRY_PASSWORD']))}\`.`),
  (g) => g.t('Le script attend `$DB_PASSWORD` dans l’environnement (direnv).', 'The script expects `$DB_PASSWORD` in the environment (direnv).'),
  (g) => g.t(`Le token expire après ${g.pick(['une heure', '15 minutes', '24 h'])} ; le client le renouvelle seul.`, `The token expires after ${g.pick(['one hour', '15 minutes', '24 h'])}; the client refreshes it on its own.`),
  (g) => g.t('Rotation de la clé API tous les 90 jours (rappel dans le calendrier).', 'API key rotation every 90 days (calendar reminder).'),
  (g) => g.t('Le mot de passe admin est dans le coffre de l’équipe, pas ici.', 'The admin password is in the team vault, not here.'),
  (g) => g.t(`Le LLM a consommé ${g.num(2000, 80000)} tokens sur cette session.`, `The LLM used ${g.num(2000, 80000)} tokens in this session.`),
  (g) => g.t(`Scan des secrets : 0 fuite sur ${g.num(100, 5000)} commits.`, `Secret scanning: 0 leaks in ${g.num(100, 5000)} commits.`),
  (g) => g.t(`Clé de déploiement ajoutée (empreinte \`${g.sshPublicKey('deploy').fingerprint}\`).`, `Deploy key added (fingerprint \`${g.sshPublicKey('deploy').fingerprint}\`).`),
  (g) => g.t('`.env.example` contient `API_KEY=YOUR_API_KEY`, à remplacer.', '`.env.example` has `API_KEY=YOUR_API_KEY`, to be replaced.'),
  (g) => g.t('Dans les logs, l’en-tête apparaît masqué : `Authorization: Bearer ****`.', 'In the logs the header is masked: `Authorization: Bearer ****`.'),
  (g) => g.t('En local : `postgres://postgres:postgres@localhost:5432/app_dev` (compose).', 'Locally: `postgres://postgres:postgres@localhost:5432/app_dev` (compose).'),
  (g) => `${g.t('Clé Redis', 'Redis key')} \`contexte:${g.team()}:note:${g.uuid()}\` (TTL 7 ${g.t('jours', 'days')}).`,
  (g) => `${g.t('Clé de cache', 'Cache key')} \`v${g.int(2, 5)}:${g.pick(['produit', 'panier', 'session'])}:${g.int(100, 99999)}\`.`,
  (g) => `${g.t('Clé S3', 'S3 key')} \`exports/${g.date().replace(/-/g, '/')}/${g.ulid()}.parquet\`.`,
  (g) => `\`ssh-keygen -t ed25519 -C "${g.person().login}@example.com"\` ${g.t('pour la nouvelle machine', 'for the new machine')}.`,
  (g) => `\`echo "$REGISTRY_PASSWORD" | docker login ${g.pick(['ghcr.io', 'registry.example.com'])} -u ci --password-stdin\` ${g.t('dans le job de build', 'in the build job')}.`,
  (g) => g.t('`npm login --auth-type=web` avant de publier à la main.', '`npm login --auth-type=web` before publishing by hand.'),
  (g) => g.t('`PasswordResetController` renommé en `PasswordResetHandler`.', '`PasswordResetController` renamed to `PasswordResetHandler`.'),
  (g) => `\`max_tokens: ${g.pick([1024, 2048, 4096])}\` ${g.t('pour le résumé', 'for the summary')}.`,
  (g) => `\`${g.npmPackage()}\` ${g.t('en', 'at')} ${g.semver()} (integrity \`sha512-${g.b64(64)}\`).`,
  (g) => g.t(`\`kubectl describe secret db-creds\` : \`password: ${g.int(16, 40)} bytes\`, rien d’autre à voir.`, `\`kubectl describe secret db-creds\`: \`password: ${g.int(16, 40)} bytes\`, nothing else to see.`),
  (g) => `${g.t('Rôle CI', 'CI role')} \`arn:aws:iam::${g.account()}:role/${g.project()}-ci\`.`,
  (g) => `${g.t('Empreinte de la clé de release', 'Release key fingerprint')}${g.colon} \`${g.pgpFingerprint()}\`.`,
  (g) => `${g.t('Compte de service', 'Service account')} \`ci-deployer@${g.project()}-${g.env()}.iam.gserviceaccount.com\`.`,
  (g) => g.t('`grep -rn password src/` ne trouve plus que des noms de champs.', '`grep -rn password src/` only finds field names now.'),
  (g) => g.t(`Version \`v${g.semver()}\` taguée sur \`${g.hex(40)}\`.`, `Version \`v${g.semver()}\` tagged on \`${g.hex(40)}\`.`),
  (g) => g.t(`Hôte de la base : \`${g.privateIp()}:5432\`.`, `Database host: \`${g.privateIp()}:5432\`.`),
  (g) => g.t('Le mot de passe doit faire au moins 12 caractères (règle côté serveur).', 'The password must be at least 12 characters (server-side rule).'),
];

/** A whole note assembled from random bullets, with optional front matter. */
function composedNote(g: Gen): string {
  const headings = [...(g.fr ? HEADINGS_FR : HEADINGS_EN)];
  const pool = [...BULLETS];
  const take = <T,>(items: T[]): T => items.splice(g.int(0, items.length - 1), 1)[0]!;
  const sections: string[] = [];
  const sectionCount = g.int(2, 3);
  for (let i = 0; i < sectionCount; i++) {
    const bullets = Array.from({ length: g.int(2, 4) }, () => `- ${take(pool)(g)}`);
    sections.push(`${take(headings)}\n${bullets.join('\n')}`);
  }
  let text = sections.join('\n\n');
  if (g.chance(0.3) && text.split('\n').length + 9 <= 20) text = `${frontMatter(g)}\n\n${text}`;
  else if (g.chance(0.3)) text = `# ${g.t('Passation', 'Handoff')} — ${g.project()}\n\n${text}`;
  return text;
}

MIXED.push(bi(composedNote), bi(composedNote), bi(composedNote), bi(composedNote), bi(composedNote), bi(composedNote), bi(composedNote));

// 10. Values that are no secret under a secret's name: ciphertexts, public and publishable keys, documented examples.

/** Base64 lines of `width` characters, as armour and `base64` write them. */
const wrapped = (text: string, width = 64): string => text.match(new RegExp(`.{1,${width}}`, 'g'))!.join('\n');
const sopsValue = (g: Gen, type = 'str'): string => `ENC[AES256_GCM,data:${g.b64(g.int(8, 40))},iv:${g.b64(32)},tag:${g.b64(16)},type:${type}]`;
/** A SealedSecret value: the length of the wrapped session key (512, for the controller's 4096-bit key), then the key and the data. */
const sealedValue = (g: Gen): string => Buffer.concat([Buffer.from([2, 0]), g.bytes(512 + 28 + g.int(8, 48))]).toString('base64');
/** jwt.io's sample token, or one made on jwt.io with its placeholder key: anyone can sign those. */
function jwtIoToken(g: Gen, sample: boolean): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = sample ? { sub: '1234567890', name: 'John Doe', iat: 1516239022 } : { sub: String(g.int(1000, 99999)), name: g.person().name, admin: true, iat: 1700000000 + g.int(0, 9999999) };
  const signed = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${signed}.${createHmac('sha256', 'your-256-bit-secret').update(signed).digest('base64url')}`;
}

const NOT_SECRETS: Template[] = [
  bi((g) =>
    lines(
      g.t('Le fichier chiffré par SOPS, tel qu’il est dans le dépôt :', 'The SOPS-encrypted file, as committed:'),
      `${F}yaml`,
      'database:',
      `  user: ${sopsValue(g)}`,
      `  password: ${sopsValue(g)}`,
      `api_token: ${sopsValue(g)}`,
      'sops:',
      '  age:',
      `    - recipient: ${g.ageRecipient()}`,
      '      enc: |',
      '        -----BEGIN AGE ENCRYPTED FILE-----',
      wrapped(g.b64(190)).replace(/^/gm, '        '),
      '        -----END AGE ENCRYPTED FILE-----',
      `  lastmodified: "${g.date()}T10:12:44Z"`,
      `  mac: ${sopsValue(g)}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('SealedSecret généré par `kubeseal` (seul le contrôleur du cluster peut le déchiffrer) :', 'SealedSecret made by `kubeseal` (only the cluster controller can decrypt it):'),
      `${F}yaml`,
      'apiVersion: bitnami.com/v1alpha1',
      'kind: SealedSecret',
      `metadata: { name: ${g.project()}-db, namespace: ${g.env()} }`,
      'spec:',
      '  encryptedData:',
      `    password: ${sealedValue(g)}`,
      `    username: ${sealedValue(g)}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Chiffrement par Vault transit, la valeur stockée en base :', 'Vault transit encryption, the value stored in the database:'),
      `${F}console`,
      `$ vault write -field=ciphertext transit/encrypt/${g.project()} plaintext=$(base64 <<< "$DB_PASSWORD")`,
      `vault:v${g.int(1, 3)}:${g.b64(g.int(30, 60))}`,
      F,
      g.t(`Dans la config : \`secret: vault:v1:${g.b64(40)}\`.`, `In the config: \`secret: vault:v1:${g.b64(40)}\`.`),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Les variables sensibles Ansible sont chiffrées (`group_vars/all/vault.yml`) :', 'Sensitive Ansible variables are encrypted (`group_vars/all/vault.yml`):'),
      `${F}yaml`,
      'db_password: !vault |',
      '          $ANSIBLE_VAULT;1.1;AES256',
      wrapped(g.hex(320), 80).replace(/^/gm, '          '),
      F,
      g.t('Mot de passe du vault : dans 1Password, entrée « ansible-vault ».', 'Vault password: in 1Password, entry "ansible-vault".'),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Le mot de passe de recette, chiffré pour la clé publique de l’équipe (la clé privée reste dans le coffre) :', 'The staging password, encrypted to the team public key (the private key stays in the vault):'),
      '',
      '-----BEGIN PGP MESSAGE-----',
      '',
      wrapped(`hQIMA${g.b64(420)}`),
      `=${g.b64(3)}`,
      '-----END PGP MESSAGE-----',
    ),
  ),
  bi((g) =>
    lines(
      g.t('Clé publique de release (pour vérifier les signatures) :', 'Release public key (to verify signatures):'),
      `${F}`,
      '-----BEGIN PGP PUBLIC KEY BLOCK-----',
      '',
      wrapped(`mQINBG${g.b64(700)}`),
      '-----END PGP PUBLIC KEY BLOCK-----',
      F,
    ),
  ),
  bi((g) => {
    const person = g.person();
    return lines(
      g.t('cloud-init de la VM, avec la clé de déploiement (publique) :', 'The VM cloud-init, with the (public) deploy key:'),
      `${F}yaml`,
      'users:',
      `  - name: ${person.login.replace('.', '')}`,
      '    ssh_authorized_keys:',
      `      - ${g.sshPublicKey(`${person.login}@portable`).line}`,
      `deploy_key: "${g.sshPublicKey('ci@deploy').line}"`,
      F,
    );
  }),
  bi((g) =>
    lines(
      g.t('Configuration WireGuard du poste (la clé privée est générée sur place) :', 'The laptop WireGuard config (the private key is generated on the spot):'),
      `${F}ini`,
      '[Interface]',
      'PrivateKey = <wg genkey>',
      `Address = 10.8.0.${g.int(2, 200)}/32`,
      '',
      '[Peer]',
      `PublicKey = ${g.b64(32)}`,
      `Endpoint = vpn.${g.org()}.fr:51820`,
      'AllowedIPs = 10.0.0.0/8',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Variables du front (elles finissent dans le bundle, c’est voulu) :', 'Frontend variables (they end up in the bundle, on purpose):'),
      `${F}`,
      `NEXT_PUBLIC_STRIPE_KEY=pk_live_${g.chars(ALNUM, 99)}`,
      `STRIPE_PUBLISHABLE_KEY=pk_test_${g.chars(ALNUM, 24)}`,
      `CLERK_PUBLISHABLE_KEY=pk_test_${Buffer.from(`clerk.${g.org()}.fr$`).toString('base64')}`,
      `POSTHOG_KEY=phc_${g.chars(ALNUM, 43)}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Pour tester le décodage, le jeton d’exemple de jwt.io :', 'To test decoding, jwt.io’s sample token:'),
      `${F}`,
      `token: ${jwtIoToken(g, true)}`,
      F,
      g.t(`Et celui que j’ai fabriqué sur jwt.io : \`${jwtIoToken(g, false)}\`.`, `And the one I made on jwt.io: \`${jwtIoToken(g, false)}\`.`),
    ),
  ),
  bi((g) =>
    lines(
      g.t('Config Spring : les mots de passe sont chiffrés (Jasypt et Config Server) :', 'Spring config: passwords are encrypted (Jasypt and Config Server):'),
      `${F}properties`,
      `spring.datasource.password=ENC(${g.b64(g.int(24, 48))})`,
      `spring.mail.password={cipher}${g.hex(96)}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Hiera (eyaml), la valeur chiffrée telle quelle :', 'Hiera (eyaml), the encrypted value as is:'),
      `${F}yaml`,
      `profile::db::password: ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAx${g.b64(260)}]`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Variable de la Lambda, chiffrée avec KMS (déchiffrée au démarrage) :', 'Lambda variable, KMS-encrypted (decrypted at start):'),
      `${F}yaml`,
      'environment:',
      `  DB_PASSWORD: ${Buffer.concat([Buffer.from([1, 2, 2, 0, 0x78]), g.bytes(g.int(150, 260))]).toString('base64')}`,
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Les en-têtes de la requête, sans rien de sensible :', 'The request headers, nothing sensitive:'),
      `${F}`,
      `Cookie: _ga=GA1.1.${g.chars('0123456789', 9)}.${g.chars('0123456789', 10)}; theme=dark; lang=${g.t('fr', 'en')}`,
      'Authorization: Bearer ${TOKEN}',
      F,
      `${F}json`,
      '{ "name": "Accept", "value": "application/json" },',
      '{ "name": "X-Request-Id", "value": "' + g.uuid() + '" }',
      F,
    ),
  ),
  bi((g) =>
    lines(
      g.t('Création du rôle (le mot de passe vient de la variable psql) :', 'Role creation (the password comes from the psql variable):'),
      `${F}sql`,
      `\\set pw \`echo "$DB_PASSWORD"\``,
      `CREATE ROLE ${g.project().replace(/-/g, '_')} WITH LOGIN PASSWORD :'pw';`,
      'ALTER USER reporting PASSWORD EXPIRE;',
      F,
      `\`java -Dspring.profiles.active=${g.env()} -Ddb.password=\${DB_PASSWORD} -jar app.jar\`, ${g.t('et côté Windows', 'and on Windows')} \`ConvertTo-SecureString $env:DB_PASSWORD -AsPlainText -Force\`.`,
    ),
  ),
];

// ---------------------------------------------------------------------------
// Assembly.
// ---------------------------------------------------------------------------

const FAMILIES: readonly { family: string; count: number; templates: Template[] }[] = [
  { family: 'identifiers', count: 54, templates: IDENTIFIERS },
  { family: 'secret-references', count: 48, templates: REFERENCES },
  { family: 'credential-named-code', count: 38, templates: CREDENTIAL_CODE },
  { family: 'placeholders', count: 36, templates: PLACEHOLDERS },
  { family: 'documentation-credentials', count: 28, templates: DOC_CREDENTIALS },
  { family: 'credential-prose', count: 40, templates: PROSE },
  { family: 'random-looking-values', count: 38, templates: RANDOM_LOOKING },
  { family: 'credential-commands', count: 38, templates: COMMANDS },
  { family: 'mixed', count: 30, templates: MIXED },
  { family: 'not-secrets-under-secret-names', count: 45, templates: NOT_SECRETS },
];

/** About 350 honest handoff notes; the same seed always gives the same corpus. */
export function honestCorpus(seed = 1): HonestCase[] {
  const rand = seededRandom(seed);
  const cases: HonestCase[] = [];
  for (const { family, count, templates } of FAMILIES) {
    for (let i = 0; i < count; i++) {
      const template = templates[i % templates.length]!;
      const isFrench = template.lang ? template.lang === 'fr' : rand() < 0.62;
      const g = new Gen(rand, isFrench);
      const body = template.make(g);
      cases.push({ family, text: family === 'mixed' ? body : frame(g, body) });
    }
  }
  return cases;
}
