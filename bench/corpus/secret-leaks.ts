/**
 * Calibration corpus for the secret guard: handoff notes that LEAK credentials.
 *
 * Each case is a short Markdown note (2–15 lines; PEM keys and service-account
 * files are longer) of the kind people write when they hand a session over to
 * a colleague: headings, list items, code fences, tables, blockquotes,
 * sometimes a YAML front matter. About 60 % are in French, the rest in
 * English. One line or block among honest ones leaks a credential, written the
 * way people really write them: passwords in sentences, passphrases,
 * abbreviated variable names, shell commands, URL userinfo, PEM keys in odd
 * layouts, a value on the line after its label, cloud INI files, vendor hex
 * keys, obfuscated provider tokens, HTTP headers, auth files and configs.
 *
 * The corpus was written independently of the guard's rules (without reading
 * scripts-src/lib/secrets/), from public knowledge of credential formats, so
 * that it measures recall on material written elsewhere instead of restating
 * the detector.
 *
 * `secrets` lists the exact substrings of `text` that are the credential as
 * written:
 * - obfuscated tokens: the raw substring, with its invisible character, escape,
 *   look-alike or emphasis markers inside;
 * - string concatenations: the whole expression, from the first quote to the
 *   last one;
 * - PEM keys: the whole block as it appears (with its `> ` markers or its
 *   indentation, without the missing header lines);
 * - key pairs (AWS, OVH, Twilio…): each secret half, the AWS key id included;
 * - Basic auth, docker `auth`, Kubernetes `data:`: the base64 as written.
 *
 * Every value is generated at call time by a seeded PRNG (mulberry32) from
 * prefixes and random characters: the source holds no secret-shaped literal.
 * Random parts never contain placeholder-like runs (four equal characters,
 * `1234`, `abcd`, `xxxx`) nor words such as example, test, secret, password,
 * changeme, dummy or fake.
 *
 *   npx tsx bench/corpus/secret-leaks.ts    # cases per family, and the self-check
 */
import { pathToFileURL } from 'node:url';
import { seededRandom } from './seeded-random.js';

export interface LeakCase {
  family: string;
  text: string;
  secrets: string[];
}

type Lang = 'fr' | 'en';

/** What a template produces: a line or block to place in a note, or a whole note. */
interface Snip {
  text: string;
  secrets: string[];
  /** Placed on its own (never as a list item). Defaults to « has several lines ». */
  block?: boolean;
  /** The text is already a complete note: no framing. */
  whole?: boolean;
}

interface Template {
  lang: Lang | undefined;
  make: (g: Gen, lang: Lang) => Snip;
}

interface Family {
  name: string;
  count: number;
  templates: Template[];
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';
const LETTERS = UPPER + LOWER;
const ALNUM = LETTERS + DIGITS;
const BASE62 = DIGITS + UPPER + LOWER;
const HEX = DIGITS + 'abcdef';
const B64URL = ALNUM + '-_';
const B32 = UPPER + '234567';
const UPPER_NUM = UPPER + DIGITS;

const PLACEHOLDER_WORDS = [
  'example', 'test', 'secret', 'password', 'passwd', 'changeme', 'dummy', 'fake', 'sample',
  'placeholder', 'redacted', 'qwerty', 'azerty', 'lorem', 'xxxx', '1234',
];

function hasPlaceholderWord(value: string): boolean {
  const low = value.toLowerCase();
  return PLACEHOLDER_WORDS.some((word) => low.includes(word));
}

/** Four equal characters, or four ascending letters or digits (`abcd`, `2345`). */
function hasRun(value: string): boolean {
  if (/(.)\1\1\1/u.test(value)) return true;
  const low = value.toLowerCase();
  for (let i = 0; i + 3 < low.length; i++) {
    const c = low.charCodeAt(i);
    if (!/[a-z0-9]/.test(low.charAt(i))) continue;
    if (low.charCodeAt(i + 1) === c + 1 && low.charCodeAt(i + 2) === c + 2 && low.charCodeAt(i + 3) === c + 3) return true;
  }
  return false;
}

class Gen {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** `n` random characters of `alphabet`, free of placeholder runs and words. */
  str(alphabet: string, n: number): string {
    for (;;) {
      let s = '';
      for (let i = 0; i < n; i++) s += alphabet.charAt(Math.floor(this.next() * alphabet.length));
      if (!hasRun(s) && !hasPlaceholderWord(s)) return s;
    }
  }

  /** `n` digits, the first one not zero. */
  digits(n: number): string {
    for (;;) {
      const s = this.str(DIGITS, n);
      if (!s.startsWith('0')) return s;
    }
  }

  bytes(n: number): Buffer {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) out[i] = Math.floor(this.next() * 256);
    return out;
  }

  /** Calls `make` until its value has no placeholder word (nor run, when strict). */
  clean(make: () => string, strict = true): string {
    for (let tries = 0; tries < 1000; tries++) {
      const value = make();
      if (!hasPlaceholderWord(value) && !(strict && hasRun(value))) return value;
    }
    throw new Error('could not generate a clean value');
  }
}

// ---------------------------------------------------------------------------
// Text helpers.
// ---------------------------------------------------------------------------

const FENCE = '```';
const lines = (...parts: string[]): string => parts.join('\n');
const code = (s: string): string => '`' + s + '`';
const fence = (info: string, body: string): string => `${FENCE}${info}\n${body}\n${FENCE}`;
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);
const base64 = (data: string | Uint8Array): string =>
  (typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data)).toString('base64');
const base64url = (data: string | Uint8Array): string =>
  (typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data)).toString('base64url');
const wrap = (s: string, width: number): string[] => {
  const out: string[] = [];
  for (let i = 0; i < s.length; i += width) out.push(s.slice(i, i + width));
  return out;
};
const indent = (text: string, pad: string): string => text.split('\n').map((l) => pad + l).join('\n');
const S = (text: string, ...secrets: string[]): Snip => ({ text, secrets });
const B = (text: string, ...secrets: string[]): Snip => ({ text, secrets, block: true });
const t = (lang: Lang | undefined, make: (g: Gen, lang: Lang) => Snip): Template => ({ lang, make });
const say = (g: Gen, lang: Lang, fr: readonly string[], en: readonly string[]): string => g.pick(lang === 'fr' ? fr : en);
/** Nothing, or a final full stop: people do both. */
const end = (g: Gen): string => g.pick(['', '', '.']);
/** The value bare, in backticks, or in quotes. */
const quote = (g: Gen, lang: Lang, v: string): string =>
  g.pick([v, v, code(v), `"${v}"`, lang === 'fr' ? `« ${v} »` : `“${v}”`]);
const shellQuote = (g: Gen, v: string): string => g.pick([v, `'${v}'`, `"${v}"`]);
/** `$ ` before each command, not before the continuation lines of a command ending in `\`. */
const indentPrompt = (body: string): string =>
  body.split('\n').map((l, i, all) => (i > 0 && all[i - 1]!.endsWith('\\') ? l : `$ ${l}`)).join('\n');
const shFence = (g: Gen, body: string): string => {
  const info = g.pick(['', 'bash', 'sh', 'shell', 'console']);
  return fence(info, info === 'console' ? indentPrompt(body) : body);
};

// ---------------------------------------------------------------------------
// Vocabulary.
// ---------------------------------------------------------------------------

const FR_WORDS = (
  'soleil bleu kiwi orange printemps hiver automne marmotte castor lapin renard loutre chouette hibou ' +
  'baleine dauphin tortue girafe panda koala pingouin mouette cerise fraise pomme poire citron mangue ' +
  'abricot prune figue olive noisette amande vanille cannelle muscade basilic thym lavande tulipe jasmin ' +
  'violette montagne riviere falaise colline foret plage dune vallee volcan nuage orage tonnerre eclair ' +
  'brume neige pluie etoile lune comete planete fusee navire voilier phare ancre boussole tresor pirate ' +
  'chateau donjon dragon licorne grimoire bougie lanterne horloge sablier velo tramway camion tracteur ' +
  'moulin grenier jardin potager tomate poivron courgette carotte radis fromage baguette brioche crepe ' +
  'gaufre chocolat caramel praline biscuit tartine cafe sirop limonade cidre'
).split(' ');

const EN_WORDS = (
  'horse battery staple correct river mountain falcon eagle tiger otter badger walrus penguin lemon ' +
  'mango cherry pepper ginger copper silver cobalt amber crimson indigo maple cedar willow pine harbor ' +
  'island canyon meadow thunder rocket comet orbit anchor compass lantern candle window garden kettle ' +
  'teapot pancake waffle muffin bagel pickle noodle velvet marble granite pebble puzzle banjo violin ' +
  'trumpet guitar piano sailor pilot wizard knight castle bridge tunnel ladder basket bucket helmet ' +
  'jacket mitten scarf sunset breeze tundra prairie desert cactus bamboo lotus orchid daisy clover ' +
  'acorn walnut hazel nutmeg saffron paprika wasabi ramen sushi taco salsa mocha latte cocoa'
).split(' ');

const WORDS = [...FR_WORDS, ...EN_WORDS];

const SERVICES = [
  'Grafana', 'Jenkins', 'Metabase', 'Airflow', 'pgAdmin', 'phpMyAdmin', 'RabbitMQ', 'Keycloak',
  'Portainer', 'Sentry', 'Nexus', 'Harbor', 'SonarQube', 'Kibana', 'ArgoCD', 'MinIO', 'Nextcloud', 'GLPI',
];
const ENVS_FR = ['recette', 'préprod', 'staging', 'intégration', 'démo', 'prod'];
const ENVS_EN = ['staging', 'prod', 'dev', 'QA', 'demo', 'preprod'];
const USERS = [
  'deploy', 'svc-backup', 'app', 'ci-bot', 'jdupont', 'camille', 'bob', 'alice', 'ops', 'etl_user',
  'reporting', 'm.leroy', 'admin', 'root', 'grafana', 'exploit',
];
const PEOPLE_FR = ['Inès', 'Karim', 'Julie', 'Thomas', 'Sarah', 'Mehdi', 'Léa', 'Nico'];
const PEOPLE_EN = ['Dana', 'Priya', 'Tom', 'Sam', 'Alex', 'Jordan'];
const DB_HOSTS = [
  'db-recette.interne', 'db-prod-01.lan', '10.0.12.34', 'db.internal', 'db.staging.svc',
  'bdd-preprod.corp.lan', '172.16.4.21',
];
const DBS = ['app', 'commandes', 'facturation', 'crm', 'catalogue', 'analytics', 'stock'];
const REGISTRIES = ['registry.interne.lan', 'harbor.equipe.lan', 'registry.lab.lan:5000', 'rg.fr-par.scw.cloud/equipe'];
const GIT_HOSTS = ['git.equipe.lan', 'gitlab.interne', 'gitea.lab.lan', 'forge.corp.lan'];
const REPOS = ['equipe/facturation', 'infra/ansible', 'data/etl-compta', 'mobile/app-ios', 'platform/helm-charts', 'web/boutique'];
const NAMESPACES = ['recette', 'staging', 'facturation', 'data', 'default'];
const INTERNAL_DOMAINS = ['interne.lan', 'equipe.lan', 'corp.lan', 'lab.lan'];

const serviceUrl = (g: Gen, svc: string): string =>
  g.chance(0.7)
    ? `https://${svc.toLowerCase()}.${g.pick(INTERNAL_DOMAINS)}`
    : `http://10.0.${g.int(1, 40)}.${g.int(2, 250)}:${g.pick(['3000', '8080', '9000', '8443'])}`;

// ---------------------------------------------------------------------------
// Passwords and passphrases, the way people choose them.
// ---------------------------------------------------------------------------

const SYMBOLS = ['!', '!', '?', '#', '$', '@', '%', '&', '+', '.', '-', '_'];
const year = (g: Gen): string => String(g.int(1988, 2025));

/** Leetspeak on some letters of a word, keeping at least one substitution. */
function leet(g: Gen, word: string): string {
  const table: Record<string, string[]> = { a: ['@', '4'], e: ['3'], i: ['1'], o: ['0'], s: ['$', '5'], t: ['7'] };
  let out = '';
  let changed = false;
  for (const ch of word) {
    const subs = table[ch];
    if (subs && g.chance(0.7)) {
      out += g.pick(subs);
      changed = true;
    } else out += ch;
  }
  return changed ? out : out + g.pick(['0', '3', '1']);
}

function generatedPassword(g: Gen): string {
  for (;;) {
    const v = g.str(ALNUM + '!#%&+=?@^-_', g.int(14, 22));
    if (/[a-z]/.test(v) && /[A-Z]/.test(v) && /[0-9]/.test(v) && /[^A-Za-z0-9]/.test(v)) return v;
  }
}

type PwStyle = 'mots-chiffres' | 'mot-annee-symbole' | 'leet' | 'deux-mots-annee' | 'genere' | 'mot-symbole-chiffres';
const PW_STYLES: readonly PwStyle[] = [
  'mots-chiffres', 'mots-chiffres', 'mot-annee-symbole', 'mot-annee-symbole', 'leet', 'leet',
  'deux-mots-annee', 'deux-mots-annee', 'genere', 'mot-symbole-chiffres',
];

/** `soleil2024bleu`, `Printemps2024!`, `S0l3il!`, `MarmotteBleue2023`, `Castor#42`, or a generated one. */
function password(g: Gen, lang: Lang = 'fr', style?: PwStyle): string {
  const words = g.chance(0.8) ? (lang === 'fr' ? FR_WORDS : EN_WORDS) : WORDS;
  const word = () => g.pick(words);
  const two = (): [string, string] => {
    const a = word();
    let b = word();
    while (b === a) b = word();
    return [a, b];
  };
  const makers: Record<PwStyle, () => string> = {
    'mots-chiffres': () => {
      const [a, b] = two();
      return `${a}${g.chance(0.5) ? year(g) : String(g.int(2, 99))}${b}`;
    },
    'mot-annee-symbole': () => `${cap(word())}${year(g)}${g.pick(SYMBOLS)}`,
    leet: () => {
      const w = cap(word());
      const v = w.charAt(0) + leet(g, w.slice(1)) + g.pick(SYMBOLS);
      return v.length < 8 ? v + String(g.int(10, 99)) : v;
    },
    'deux-mots-annee': () => {
      const [a, b] = two();
      return g.pick([`${cap(a)}${cap(b)}${year(g)}`, `${a}.${b}.${g.int(10, 25)}`, `${cap(a)}_${b}${year(g)}`, `${a}-${b}-${year(g)}`]);
    },
    genere: () => generatedPassword(g),
    'mot-symbole-chiffres': () => `${cap(word())}${g.pick(SYMBOLS)}${g.int(10, 999)}`,
  };
  const chosen = style ?? g.pick(PW_STYLES);
  for (;;) {
    const v = g.clean(makers[chosen]);
    if (v.length >= 8) return v;
  }
}

/** A password with an unencoded `@` or `#`, the kind that breaks URL parsing. */
function awkwardPassword(g: Gen, lang: Lang): string {
  const words = lang === 'fr' ? FR_WORDS : EN_WORDS;
  const withA = words.filter((w) => w.includes('a'));
  const makers = [
    () => `${cap(g.pick(words))}@${year(g)}#`,
    () => `${cap(g.pick(withA).replace('a', '@'))}#${g.int(10, 99)}`,
    () => `${g.pick(words)}#${g.pick(words)}@${g.int(1, 99)}`,
    () => `${cap(g.pick(words))}!@${g.int(10, 99)}`,
    () => `${g.str(ALNUM, 6)}@${g.str(ALNUM, 4)}#${g.int(1, 9)}`,
    () => `${cap(leet(g, g.pick(withA)).replace(/[a4]/, '@'))}#${g.int(1, 9)}`,
  ];
  for (;;) {
    const v = g.clean(g.pick(makers));
    if (/[@#]/.test(v) && v.length >= 8) return v;
  }
}

/** Diceware style: `correct-horse-battery-staple`. */
function diceware(g: Gen): string {
  return g.clean(() => {
    const n = g.int(4, 6);
    const chosen: string[] = [];
    while (chosen.length < n) {
      const w = g.pick(WORDS);
      if (!chosen.includes(w)) chosen.push(w);
    }
    const sep = g.pick(['-', '-', '-', '-', '.', '_']);
    return chosen.join(sep) + (g.chance(0.15) ? `${sep}${g.int(2, 99)}` : '');
  });
}

/** A sentence-like passphrase with spaces, chosen to be memorable. */
function spacedPassphrase(g: Gen, lang: Lang): string {
  const fr = {
    subject: ['le chat', 'la marmotte', 'le renard', 'la baleine', 'le facteur', 'la sorcière', 'le pingouin', 'la girafe', 'mon voisin', 'la tortue', 'le boulanger', 'la licorne'],
    verb: ['mange', 'repeint', 'cherche', 'oublie', 'vole', 'dessine', 'réveille', 'chatouille', 'attend', 'emprunte'],
    object: ['trois cerises', 'un vieux vélo', 'la lune', 'des crêpes au caramel', 'un phare rouge', 'sept noisettes', 'le tramway', 'une boussole'],
    tail: ['sous la pluie', 'à Brest', 'en hiver', 'le mardi', 'sans faire de bruit', 'au grenier', ''],
  };
  const en = {
    subject: ['the purple otter', "my neighbour's cat", 'a tired wizard', 'the lazy walrus', 'grandma', 'the brave penguin', 'a grumpy pilot', 'the tiny dragon'],
    verb: ['eats', 'paints', 'forgets', 'borrows', 'juggles', 'hides', 'sells', 'counts'],
    object: ['seven lemons', 'a rusty bicycle', 'the moon', 'cold pancakes', 'two copper kettles', 'a red lantern', 'the harbor bridge'],
    tail: ['on tuesdays', 'in the rain', 'near the harbor', 'after midnight', 'in winter', ''],
  };
  const v = lang === 'fr' ? fr : en;
  return g.clean(() => [g.pick(v.subject), g.pick(v.verb), g.pick(v.object), g.pick(v.tail)].filter(Boolean).join(' '));
}

// ---------------------------------------------------------------------------
// Provider tokens, in their documented formats.
// ---------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table: number[] = [];
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table.push(c >>> 0);
  }
  return table;
})();

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function toBase62(n: number, width: number): string {
  let s = '';
  while (n > 0) {
    s = BASE62.charAt(n % 62) + s;
    n = Math.floor(n / 62);
  }
  return s.padStart(width, '0');
}

/** GitHub classic and npm tokens: 30 random base62 characters and their CRC32 in base62. */
function checksummed(g: Gen, prefix: string): string {
  return g.clean(() => {
    const body = g.str(ALNUM, 30);
    return `${prefix}${body}${toBase62(crc32(body), 6)}`;
  });
}

const ghToken = (g: Gen, kind: 'ghp' | 'gho' | 'ghs' | 'ghu' = 'ghp'): string => checksummed(g, `${kind}_`);
const ghFine = (g: Gen): string => g.clean(() => `github_pat_11${g.str(UPPER_NUM, 20)}_${g.str(ALNUM, 59)}`);
const glpat = (g: Gen, alphabet = ALNUM + '-_'): string => g.clean(() => `glpat-${g.str(alphabet, 20)}`);
const slackBot = (g: Gen): string => g.clean(() => `xoxb-${g.digits(g.int(11, 12))}-${g.digits(13)}-${g.str(ALNUM, 24)}`);
const slackUser = (g: Gen): string =>
  g.clean(() => `xoxp-${g.digits(11)}-${g.digits(11)}-${g.digits(13)}-${g.str(HEX, 32)}`);
const slackWebhook = (g: Gen): string =>
  `https://hooks.slack.com/services/T${g.str(UPPER_NUM, 8)}/B${g.str(UPPER_NUM, 10)}/${g.str(ALNUM, 24)}`;
const stripeKey = (g: Gen, prefix: 'sk_live_' | 'rk_live_' = 'sk_live_'): string =>
  g.clean(() => prefix + (g.chance(0.5) ? g.str(ALNUM, 24) : `51${g.str(ALNUM, 97)}`));
const stripeWebhook = (g: Gen): string => g.clean(() => `whsec_${g.str(ALNUM, 32)}`);
const OPENAI_MARK = base64('OpenAI');
const openaiKey = (g: Gen): string =>
  g.clean(() =>
    g.chance(0.75)
      ? `sk-proj-${g.str(B64URL, 74)}${OPENAI_MARK}${g.str(B64URL, 74)}`
      : `sk-${g.str(ALNUM, 20)}${OPENAI_MARK}${g.str(ALNUM, 20)}`,
  );
const anthropicKey = (g: Gen): string => g.clean(() => `sk-ant-api03-${g.str(B64URL, 93)}AA`);
const awsKeyId = (g: Gen): string => g.clean(() => `AKIA${g.str(B32, 16)}`);
const awsSecret = (g: Gen): string => g.str(ALNUM + '/+', 40);
const googleKey = (g: Gen): string => g.clean(() => `AIzaSy${g.str(B64URL, 33)}`);
const npmToken = (g: Gen): string => checksummed(g, 'npm_');
const hfToken = (g: Gen): string => g.clean(() => `hf_${g.str(LETTERS, 34)}`);
const sendgridKey = (g: Gen): string => g.clean(() => `SG.${g.str(B64URL, 22)}.${g.str(B64URL, 43)}`);
const twilioKey = (g: Gen): string => g.clean(() => `SK${g.str(HEX, 32)}`);
const twilioAccount = (g: Gen): string => g.clean(() => `AC${g.str(HEX, 32)}`);
const vaultToken = (g: Gen): string => g.clean(() => `hvs.${g.str(ALNUM, 24)}`);
const telegramToken = (g: Gen): string => g.clean(() => `${g.digits(10)}:AA${g.str(B64URL, 33)}`);
const dockerPat = (g: Gen): string => g.clean(() => `dckr_pat_${g.str(B64URL, 27)}`);
const pypiToken = (g: Gen): string => g.clean(() => `pypi-AgEIcHlwaS5vcmc${g.str(B64URL, 160)}`);
const azureClientSecret = (g: Gen): string => g.clean(() => `${g.str(ALNUM, 3)}${g.int(7, 8)}Q~${g.str(ALNUM + '_.~-', 34)}`);
const azureStorageKey = (g: Gen): string => g.clean(() => base64(g.bytes(64)), false);
const apiKey = (g: Gen, n = g.int(24, 40)): string => g.str(ALNUM, n);
const hex = (g: Gen, n: number): string => g.str(HEX, n);
const uuid = (g: Gen): string =>
  g.clean(() => `${hex(g, 8)}-${hex(g, 4)}-4${hex(g, 3)}-${g.pick(['8', '9', 'a', 'b'])}${hex(g, 3)}-${hex(g, 12)}`);
const djangoKey = (g: Gen): string => g.str(LOWER + DIGITS + '!@#$%^&*(-_=+)', 50);

function jwt(g: Gen): string {
  return g.clean(() => {
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const now = 1_735_000_000 + g.int(0, 20_000_000);
    const claims = g.pick([
      { sub: g.pick(USERS), role: g.pick(['admin', 'service', 'ops']), iat: now, exp: now + 86_400 * g.int(30, 365) },
      { iss: 'auth.interne.lan', sub: uuid(g), scope: 'read write', iat: now },
      { client_id: g.pick(['etl', 'mobile', 'back-office', 'batch']), tenant: g.int(2, 900), iat: now, exp: now + 3600 * 24 * 90 },
    ]);
    return `${header}.${base64url(JSON.stringify(claims))}.${base64url(g.bytes(32))}`;
  }, false);
}

// ---------------------------------------------------------------------------
// Private keys: DER-shaped random bytes, so the base64 looks like the real thing.
// ---------------------------------------------------------------------------

type KeyKind = 'rsa' | 'pkcs8' | 'ec' | 'openssh';
interface PrivateKey {
  label: string;
  body: string[];
}

const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const sshString = (data: Buffer | string): Buffer => {
  const b = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  return Buffer.concat([u32(b.length), b]);
};

function rsaDer(g: Gen): Buffer {
  const head = Buffer.from([0x30, 0x82, 0x04, 0xa4, 0x02, 0x01, 0x00, 0x02, 0x82, 0x01, 0x01]);
  const modulus = Buffer.concat([Buffer.from([0x00, 0x80 + g.int(0, 0x7f)]), g.bytes(255)]);
  const exponent = Buffer.from([0x02, 0x03, 0x01, 0x00, 0x01]);
  const privateExponent = Buffer.concat([Buffer.from([0x02, 0x82, 0x01, 0x00]), g.bytes(256)]);
  const used = head.length + modulus.length + exponent.length + privateExponent.length;
  return Buffer.concat([head, modulus, exponent, privateExponent, g.bytes(1192 - used)]);
}

function keyDer(g: Gen, kind: Exclude<KeyKind, 'openssh'>): Buffer {
  if (kind === 'rsa') return rsaDer(g);
  if (kind === 'pkcs8') {
    const head = Buffer.from([
      0x30, 0x82, 0x04, 0xbe, 0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d,
      0x01, 0x01, 0x01, 0x05, 0x00, 0x04, 0x82, 0x04, 0xa8,
    ]);
    return Buffer.concat([head, rsaDer(g)]);
  }
  return Buffer.concat([
    Buffer.from([0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20]),
    g.bytes(32),
    Buffer.from([0xa0, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0xa1, 0x44, 0x03, 0x42, 0x00, 0x04]),
    g.bytes(64),
  ]);
}

function opensshEd25519(g: Gen): Buffer {
  const pub = g.bytes(32);
  const seed = g.bytes(32);
  const check = g.bytes(4);
  const comment = `${g.pick(USERS)}@${g.pick(['ci-runner', 'bastion', 'laptop-ops', 'build-01', 'deploy'])}`;
  let priv = Buffer.concat([check, check, sshString('ssh-ed25519'), sshString(pub), sshString(Buffer.concat([seed, pub])), sshString(comment)]);
  const pad: number[] = [];
  for (let i = 1; (priv.length + pad.length) % 8 !== 0; i++) pad.push(i);
  priv = Buffer.concat([priv, Buffer.from(pad)]);
  return Buffer.concat([
    Buffer.from('openssh-key-v1\0', 'binary'),
    sshString('none'),
    sshString('none'),
    sshString(''),
    u32(1),
    sshString(Buffer.concat([sshString('ssh-ed25519'), sshString(pub)])),
    sshString(priv),
  ]);
}

function privateKey(g: Gen, kind: KeyKind): PrivateKey {
  for (;;) {
    const der = kind === 'openssh' ? opensshEd25519(g) : keyDer(g, kind);
    const b64 = base64(der);
    if (hasPlaceholderWord(b64)) continue;
    const label = { rsa: 'RSA PRIVATE KEY', pkcs8: 'PRIVATE KEY', ec: 'EC PRIVATE KEY', openssh: 'OPENSSH PRIVATE KEY' }[kind];
    return { label, body: wrap(b64, kind === 'openssh' ? 70 : 64) };
  }
}

const pemBegin = (key: PrivateKey): string => `-----BEGIN ${key.label}-----`;
const pemEnd = (key: PrivateKey): string => `-----END ${key.label}-----`;
const pemLines = (key: PrivateKey): string[] => [pemBegin(key), ...key.body, pemEnd(key)];

// ---------------------------------------------------------------------------
// Note framing: headings, honest facts and to-dos around the leaking snippet.
// ---------------------------------------------------------------------------

interface Lexicon {
  topics: readonly string[];
  titles: (topic: string) => string[];
  ctx: readonly string[];
  access: readonly string[];
  next: readonly string[];
  then: readonly string[];
  facts: readonly string[];
  todo: readonly string[];
  frontMatter: (g: Gen, topic: string) => string[];
}

const AUTHORS = ['gmorel', 'camille.r', 'jdupont', 'sbernard', 'tnguyen', 'dan.k', 'priya.s', 'mlefebvre'];
const BRANCHES = ['main', 'feat/export-csv', 'fix/pagination', 'chore/upgrade-pg16', 'bascule-redis', 'refonte-auth'];
const date = (g: Gen): string => `2025-${String(g.int(1, 12)).padStart(2, '0')}-${String(g.int(1, 28)).padStart(2, '0')}`;

const LEX: Record<Lang, Lexicon> = {
  fr: {
    topics: [
      'migration facturation', "refonte de l'API commandes", 'bascule Redis', 'montée de version Postgres', 'pipeline CI',
      'export comptable', 'synchro CRM', 'appli mobile', 'cluster k8s de recette', 'sauvegardes', 'webhooks Stripe',
      'SSO Keycloak', 'supervision', 'import catalogue', 'notifications push',
    ],
    titles: (topic) => [`# Passation — ${topic}`, `# ${cap(topic)} : passation`, `# Note de passation (${topic})`, `# Reprise : ${topic}`],
    ctx: ['## Contexte', '## État actuel', "## Où j'en suis", '### Contexte', '## Situation'],
    access: ['## Accès', '## Infos utiles', '## Environnement', '## Identifiants', '## Détails techniques', "## Points d'attention", '## Pour reprendre'],
    next: ['## Prochaines étapes', '## Reste à faire', '## À faire', '## Suite'],
    then: ['Ensuite : ', 'Prochaine étape : ', 'Reste à '],
    facts: [
      'La migration `0042_ajout_index_commandes` est passée en recette.',
      'La CI est de nouveau verte sur `main` depuis le correctif du cache npm.',
      'Le worker de facturation consomme maintenant la file `factures.v2`.',
      "J'ai désactivé le job de nuit le temps de la bascule.",
      "Les tests d'intégration tournent en 6 min au lieu de 14.",
      "Le ticket OPS-1187 est bloqué en attente de l'équipe réseau.",
      'Les logs sont dans Loki, filtre `app="commandes"`.',
      'La recette est rafraîchie tous les lundis depuis la prod anonymisée.',
      'La prod passe en Postgres 16 le 12, la recette reste en 15 pour l’instant.',
      'Le certificat du load balancer expire dans trois semaines.',
      'Le déploiement se fait par `make deploy ENV=recette`.',
      'La branche `feat/export-csv` est rebasée sur `main`, pas encore relue.',
      'Deux specs instables dans `panier.spec.ts` sont marquées `skip`.',
      'Le bastion est joignable uniquement par le VPN.',
      "J'ai ouvert la PR #318 pour le correctif de pagination.",
      'Le cron de sauvegarde tourne à 2 h, rétention 14 jours.',
      "Le service de notifications renvoie des 502 sous charge, piste : le timeout de l'ingress.",
      "La doc d'exploitation est dans `docs/runbook.md`.",
      'Les accès ont été demandés pour Inès, validation RSSI en cours.',
      'Le compte de service a seulement les droits en lecture sur le bucket.',
      'Rollback essayé une fois en recette, ça prend 4 min.',
      "Le quota de l'API partenaire est de 600 requêtes par minute.",
      'Le build Docker prend 3 min avec le cache, 11 sans.',
    ],
    todo: [
      'Relancer la migration en préprod après validation.',
      'Relire la PR #318 et la fusionner.',
      'Mettre les identifiants dans le coffre et les retirer de cette note.',
      'Faire tourner les identifiants après la démo.',
      'Vérifier les alertes Prometheus après la bascule.',
      "Prévenir l'équipe support avant jeudi.",
      "Supprimer l'ancien bucket une fois la copie vérifiée.",
      'Réactiver le job de nuit.',
      'Mettre à jour le runbook.',
      'Demander à Karim les droits sur le projet GCP.',
      'Ajouter un cas de non-régression sur la pagination.',
      'Planifier la montée de version de Redis.',
      'Caler une démo avec le métier.',
    ],
    frontMatter: (g, topic) => ['---', `titre: Passation ${topic}`, `auteur: ${g.pick(AUTHORS)}`, `date: ${date(g)}`, `branche: ${g.pick(BRANCHES)}`, '---'],
  },
  en: {
    topics: [
      'billing migration', 'orders API rewrite', 'Redis cutover', 'Postgres upgrade', 'CI pipeline', 'accounting export',
      'CRM sync', 'mobile app', 'staging k8s cluster', 'backups', 'Stripe webhooks', 'Keycloak SSO', 'monitoring',
      'catalog import', 'push notifications',
    ],
    titles: (topic) => [`# Handoff: ${topic}`, `# ${cap(topic)} — handoff notes`, `# Session notes (${topic})`, `# Picking up: ${topic}`],
    ctx: ['## Context', '## Current state', '## Where I left off', '### Background', '## Status'],
    access: ['## Access', '## Useful info', '## Environment', '## Credentials', '## Technical details', '## Gotchas', '## To pick it up'],
    next: ['## Next steps', '## TODO', '## Still to do', '## Follow-ups'],
    then: ['Next: ', 'Then: ', 'Still to do: '],
    facts: [
      'Migration `0042_add_orders_index` ran fine on staging.',
      'CI is green again on `main` since the npm cache fix.',
      'The billing worker now consumes the `invoices.v2` queue.',
      'I paused the nightly job during the cutover.',
      'Integration specs take 6 min now instead of 14.',
      'OPS-1187 is blocked waiting on the network team.',
      'Logs are in Loki, filter `app="orders"`.',
      'Staging is refreshed every Monday from anonymised prod data.',
      'Prod moves to Postgres 16 on the 12th; staging stays on 15 for now.',
      'The load balancer certificate expires in three weeks.',
      'Deploy with `make deploy ENV=staging`.',
      'Branch `feat/csv-export` is rebased on `main`, not reviewed yet.',
      'Two flaky specs in `cart.spec.ts` are marked `skip`.',
      'The bastion is only reachable over the VPN.',
      'Opened PR #318 for the pagination fix.',
      'Backup cron runs at 2 am, 14-day retention.',
      'The notifications service returns 502s under load; probably the ingress timeout.',
      'The runbook is in `docs/runbook.md`.',
      'Access for Priya was requested, waiting on security sign-off.',
      'The service account only has read access to the bucket.',
      'Rollback tried once on staging, takes about 4 minutes.',
      'The partner API quota is 600 requests per minute.',
      'Docker build takes 3 min with cache, 11 without.',
    ],
    todo: [
      'Re-run the migration on preprod once validated.',
      'Review and merge PR #318.',
      'Move the credentials to the vault and delete them from this note.',
      'Rotate the credentials after the demo.',
      'Check the Prometheus alerts after the cutover.',
      'Tell support before Thursday.',
      'Delete the old bucket once the copy is verified.',
      'Re-enable the nightly job.',
      'Update the runbook.',
      'Ask Karim for access to the GCP project.',
      'Add a regression case for pagination.',
      'Schedule the Redis upgrade.',
      'Book a demo with the business team.',
    ],
    frontMatter: (g, topic) => ['---', `title: Handoff ${topic}`, `author: ${g.pick(AUTHORS)}`, `date: ${date(g)}`, `branch: ${g.pick(BRANCHES)}`, '---'],
  },
};

/** Puts the snippet among honest lines, within about 15 non-blank lines. */
function frame(g: Gen, lang: Lang, snip: Snip): string {
  if (snip.whole) return snip.text;
  const L = LEX[lang];
  const block = snip.block ?? snip.text.includes('\n');
  let room = 15 - snip.text.split('\n').length;
  const facts = g.shuffle(L.facts);
  const todos = g.shuffle(L.todo);
  const topic = g.pick(L.topics);
  const out: string[] = [];
  if (room >= 10 && g.chance(0.15)) {
    const fm = L.frontMatter(g, topic);
    out.push(fm.join('\n'));
    room -= fm.length;
  }
  if (room >= 4 && g.chance(0.55)) {
    out.push(g.pick(L.titles(topic)));
    room -= 1;
  }
  const item = (s: string) => (block ? s : `- ${s}`);
  const layout = room < 4 ? 'bare' : g.pick(['sections', 'sections', 'list', 'paragraph'] as const);

  if (layout === 'bare') {
    if (room >= 1 && g.chance(0.6)) out.push(facts[0]!);
    out.push(snip.text);
  } else if (layout === 'sections') {
    const n = room >= 8 ? g.int(1, 2) : 1;
    const ctx = facts.slice(0, n);
    out.push(lines(g.pick(L.ctx), ...(g.chance(0.4) ? [ctx.join(' ')] : ctx.map((f) => `- ${f}`))));
    room -= 1 + n;
    const section: string[] = [];
    if (room >= 2 && g.chance(0.75)) {
      section.push(g.pick(L.access));
      room -= 1;
    }
    if (!block && room >= 2 && g.chance(0.6)) {
      const extra = `- ${facts[n]!}`;
      section.push(...(g.chance(0.5) ? [extra, item(snip.text)] : [item(snip.text), extra]));
      room -= 1;
    } else section.push(snip.text);
    out.push(section.join('\n'));
    if (room >= 2) {
      const m = Math.min(g.int(1, 3), room - 1);
      const numbered = g.chance(0.3);
      out.push(lines(g.pick(L.next), ...todos.slice(0, m).map((x, i) => (numbered ? `${i + 1}. ${x}` : `- ${x}`))));
    }
  } else if (layout === 'list') {
    const n = Math.min(g.int(2, 4), room - 1);
    const items = facts.slice(0, n).map((f) => `- ${f}`);
    const heading = g.pick([...L.ctx, ...L.access]);
    if (block) out.push(lines(heading, ...items), snip.text);
    else {
      items.splice(g.int(0, items.length), 0, `- ${snip.text}`);
      out.push(lines(heading, ...items));
    }
    room -= 1 + n;
    if (room >= 2 && g.chance(0.5)) out.push(lines(g.pick(L.next), `- ${todos[0]!}`));
  } else {
    const n = Math.min(g.int(1, 2), room - 1);
    out.push(facts.slice(0, n).join(' '), snip.text);
    if (room - n >= 1 && g.chance(0.8)) out.push(g.pick(L.then) + lowerFirst(todos[0]!));
  }
  return out.join('\n\n');
}

// ---------------------------------------------------------------------------
// Family 1 — passwords in sentences, and credentials given as a pair.
// ---------------------------------------------------------------------------

const withPw = (lang: Lang, write: (g: Gen, pw: string) => string, style?: PwStyle): Template =>
  t(lang, (g) => {
    const pw = password(g, lang, style);
    return S(write(g, pw), pw);
  });
const quotedPw = (lang: Lang, write: (g: Gen, pw: string) => string, style?: PwStyle): Template =>
  t(lang, (g) => {
    const pw = password(g, lang, style);
    return B(write(g, pw), pw);
  });

const PASSWORD_SENTENCES: Template[] = [
  withPw('fr', (g, pw) => `mdp ${g.pick(ENVS_FR)}${g.pick([' : ', ': ', ' → ', ' = '])}${pw}`, 'mots-chiffres'),
  withPw('fr', (g, pw) => `Le mot de passe de l'admin ${g.pick(SERVICES)} c'est ${pw}${end(g)}`),
  withPw('fr', (g, pw) => `J'ai mis ${pw} comme mdp sur ${g.pick(SERVICES)}${g.pick(['', ', à changer plus tard', ' en attendant mieux', ' (temporaire)'])}${end(g)}`),
  withPw('fr', (g, pw) => `${g.pick(['Sésame', 'sésame', `Sésame pour ${g.pick(SERVICES)}`])}${g.pick([' : ', ': '])}${pw}`),
  withPw('fr', (g, pw) => `Code d'accès ${g.pick(SERVICES)} : ${quote(g, 'fr', pw)}`),
  withPw('fr', (g, pw) => `${g.pick(['pass', 'Pass', 'PASS'])}${g.pick([' : ', ': '])}${pw}`),
  withPw('fr', (g, pw) => `Pour ${g.pick(SERVICES)}, le mot de passe est « ${pw} »${end(g)}`),
  withPw('fr', (g, pw) => `Le mdp du compte de service c'est ${code(pw)}`),
  withPw('fr', (g, pw) => `Mot de passe provisoire : ${pw} — ${g.pick(PEOPLE_FR)} doit le changer à la première connexion.`),
  withPw('fr', (g, pw) => `Le nouveau mdp de la base de ${g.pick(ENVS_FR)}, c'est ${pw}, je l'ai pas encore mis dans ${g.pick(['Vault', 'le coffre', 'Bitwarden', 'KeePass'])}`),
  withPw('fr', (g, pw) => `Au cas où : mdp = ${pw}`),
  withPw('fr', (g, pw) => `mot de passe wifi ${g.pick(['du labo', 'invités', 'de la salle serveur', 'du local technique'])} : ${pw}`),
  withPw('fr', (g, pw) => `PS : si ${g.pick(SERVICES)} te redemande un mot de passe, c'est ${pw}${end(g)}`),
  withPw('fr', (g, pw) => `${g.pick(SERVICES)} : mot de passe **${pw}**`),
  withPw('fr', (g, pw) => `Le mdp a été réinitialisé ce matin, il vaut maintenant ${pw}${end(g)}`),
  withPw('fr', (g, pw) => {
    const svc = g.pick(SERVICES);
    return `${svc} est accessible sur ${serviceUrl(g, svc)} (mdp : ${pw})`;
  }),
  withPw('fr', (g, pw) => `Mot de passe root ${g.pick(['MariaDB', 'MySQL', 'de la VM', 'du NAS'])} : ${pw}`),
  withPw('fr', (g, pw) => `Le mdp c'est le même que d'habitude : ${pw}`, 'mot-annee-symbole'),
  quotedPw('fr', (g, pw) => `> mdp ${g.pick(ENVS_FR)} : ${pw}`),
  withPw('fr', (g, pw) => `J'ai changé le mot de passe de ${g.pick(SERVICES)} en ${pw}${end(g)}`, 'leet'),
  withPw('fr', (_g, pw) => `Attention aux majuscules, le mdp c'est ${pw}`, 'leet'),
  withPw('fr', (g, pw) => `On se connecte à ${g.pick(SERVICES)} avec le mot de passe ${pw} (pas de 2FA pour l'instant).`),
  withPw('fr', (g, pw) => `le mot de passe de la clé USB chiffrée${g.pick([' est ', ' : ', ', '])}${pw}`),
  withPw('en', (g, pw) => `the ${g.pick(ENVS_EN)} password is ${pw}${end(g)}`, 'mots-chiffres'),
  withPw('en', (g, pw) => `The pass is ${pw}${end(g)}`),
  withPw('en', (_g, pw) => `pw for the db is ${pw}`),
  withPw('en', (g, pw) => `use ${pw} to log in${end(g)}`),
  withPw('en', (g, pw) => `Password for ${g.pick(SERVICES)}: ${code(pw)}`),
  withPw('en', (g, pw) => `I reset the ${g.pick(SERVICES)} admin password to ${pw}, rotate it when you're done.`),
  withPw('en', (_g, pw) => `FYI the new password is "${pw}"`),
  withPw('en', (g, pw) => `temp password: ${pw} (${g.pick(PEOPLE_EN)} will be asked to change it on first login)`),
  withPw('en', (_g, pw) => `if it prompts for a password it's ${pw}`),
  withPw('en', (_g, pw) => `password's ${pw} btw`),
  withPw('en', (g, pw) => `${g.pick(SERVICES)} pwd: ${pw}`),
  withPw('en', (g, pw) => {
    const svc = g.pick(SERVICES);
    return `${svc} is up at ${serviceUrl(g, svc)} (password ${pw})`;
  }),
  withPw('en', (g, pw) => `Heads-up: the ${g.pick(ENVS_EN)} DB password changed, it's now ${pw}${end(g)}`),
  withPw('en', (_g, pw) => `**Password:** ${pw}`),
  quotedPw('en', (g, pw) => `> the ${g.pick(ENVS_EN)} password is ${pw}`),
  withPw('en', (_g, pw) => `guest Wi-Fi key is ${pw}`),
  withPw('en', (g, pw) => `It's ${pw} for the root account on the build VM${end(g)}`, 'leet'),
  withPw('en', (_g, pw) => `Same password as usual: ${pw}`, 'mot-annee-symbole'),
];

const CREDENTIAL_PAIRS: Template[] = [
  withPw('fr', (g, pw) => `Identifiant ${g.pick(USERS)}, mot de passe ${pw}${end(g)}`),
  withPw('fr', (g, pw) => `${g.pick(SERVICES)} → ${g.pick(USERS)} / ${pw}`),
  withPw('fr', (g, pw) => `Connexion avec ${g.pick(USERS)} / ${pw}${g.pick(['', ` sur ${g.pick(SERVICES)}`])}`),
  withPw('fr', (g, pw) => `login : ${g.pick(USERS)} — mdp : ${pw}`),
  withPw('fr', (g, pw) => `Compte ${code(g.pick(USERS))} (mdp ${code(pw)})`),
  withPw('fr', (g, pw) => `Se connecter en ${g.pick(USERS)} avec ${pw}${end(g)}`),
  withPw('fr', (g, pw) => `identifiants ${g.pick(SERVICES)} : ${code(`${g.pick(USERS)}:${pw}`)}`),
  withPw('en', (g, pw) => `log in with ${g.pick(USERS)} and ${pw}`),
  withPw('en', (g, pw) => `creds: ${g.pick(USERS)} / ${pw}`),
  withPw('en', (g, pw) => `user ${g.pick(USERS)}, password ${pw}`),
  withPw('en', (g, pw) => `${g.pick(SERVICES)} login → ${g.pick(USERS)} / ${pw}`),
  withPw('en', (g, pw) => `Signed in as ${g.pick(USERS)} (pwd: ${pw})`),
  withPw('en', (g, pw) => `username ${code(g.pick(USERS))}, password ${code(pw)}`),
  withPw('en', (g, pw) => `creds are ${g.pick(USERS)}:${pw}`),
];

// ---------------------------------------------------------------------------
// Family 2 — passphrases.
// ---------------------------------------------------------------------------

const withDice = (lang: Lang | undefined, write: (g: Gen, p: string, lang: Lang) => string): Template =>
  t(lang, (g, l) => {
    const p = diceware(g);
    return S(write(g, p, l), p);
  });

const DICEWARE: Template[] = [
  withDice('fr', (_g, p) => `Passphrase du coffre KeePass : ${p}`),
  withDice('fr', (g, p) => `La clé SSH de déploiement est protégée par ${p}${end(g)}`),
  withDice('fr', (g, p) => `phrase de passe${g.pick([' : ', ': '])}${p}`),
  withDice('fr', (_g, p) => `J'ai chiffré l'archive avec ${code(p)}`),
  withDice('fr', (_g, p) => `Mot de passe maître Bitwarden de l'équipe : ${p}`),
  withDice('fr', (_g, p) => `Pour déverrouiller le coffre : ${p}`),
  withDice('fr', (g, p) => `La passphrase de la clé GPG qui signe les releases c'est ${p}${end(g)}`),
  withDice('en', (_g, p) => `passphrase: ${p}`),
  withDice('en', (_g, p) => `the keystore passphrase is ${p}.`),
  withDice('en', (_g, p) => `GPG passphrase → ${p}`),
  withDice('en', (g, p) => `unlock the vault with ${p}${end(g)}`),
  withDice('en', (_g, p) => `The backup zip is encrypted, password is ${p}`),
  withDice(undefined, (g, p, lang) =>
    lines(
      say(g, lang, ['Pour restaurer la sauvegarde :', 'Déchiffrement de la sauvegarde :'], ['To restore the backup:', 'Decrypting the backup:']),
      shFence(g, `gpg --batch --pinentry-mode loopback --passphrase '${p}' -d sauvegarde.tar.gz.gpg | tar xz`),
    ),
  ),
  withDice(undefined, (g, p, lang) => `${say(g, lang, ["L'export est dans un 7z :", 'Archive protégée :'], ['The export is a 7z:', 'Protected archive:'])} ${code(`7z x export.7z -p${p}`)}`),
];

const withSpaced = (lang: Lang, write: (g: Gen, p: string) => string): Template =>
  t(lang, (g) => {
    const p = spacedPassphrase(g, lang);
    return S(write(g, p), p);
  });

const SPACED_PASSPHRASES: Template[] = [
  withSpaced('fr', (_g, p) => `Phrase secrète : « ${p} »`),
  withSpaced('fr', (_g, p) => `phrase secrète du trousseau : "${p}"`),
  withSpaced('fr', (g, p) => `La phrase de passe de la clé GPG, c'est « ${p} »${end(g)}`),
  withSpaced('fr', (_g, p) => `Phrase secrète du coffre (avec les espaces, sans majuscule) : « ${p} »`),
  withSpaced('fr', (_g, p) => `passphrase de la clé ssh : "${p}"`),
  withSpaced('en', (_g, p) => `passphrase "${p}"`),
  withSpaced('en', (_g, p) => `The passphrase is “${p}” (with the spaces, all lowercase).`),
  withSpaced('en', (_g, p) => `passphrase for the ssh key: '${p}'`),
  withSpaced('en', (_g, p) => `Keychain passphrase: "${p}"`),
];

// ---------------------------------------------------------------------------
// Family 3 — abbreviated or unusual names: env files, INI, YAML, tables, JSON.
// ---------------------------------------------------------------------------

const ENV_INTROS_FR = ['Le `.env` de recette :', 'Mon `.env` local :', 'Variables posées sur le serveur :', 'Config utilisée :', 'Ce que j’ai dans le fichier de conf :'];
const ENV_INTROS_EN = ['The staging `.env`:', 'My local `.env`:', 'Variables set on the box:', 'Config I used:', 'What the config file has:'];
const envIntro = (g: Gen, lang: Lang): string => say(g, lang, ENV_INTROS_FR, ENV_INTROS_EN);
const ABBREVIATED_VARS = ['DB_PW', 'DB_PWD', 'DB_PASS', 'PG_PASS', 'KC_DB_PASS', 'RABBITMQ_DEFAULT_PASS', 'ADMIN_PWD', 'MOT_DE_PASSE', 'SMTP_PASSWD', 'REDIS_PW', 'MONGO_PWD', 'LDAP_BIND_PW'];

const withPwAny = (write: (g: Gen, pw: string, lang: Lang) => string, lang?: Lang): Template =>
  t(lang, (g, l) => {
    const pw = password(g, l);
    return S(write(g, pw, l), pw);
  });

const ABBREVIATED_NAMES: Template[] = [
  withPwAny((g, pw, lang) =>
    lines(envIntro(g, lang), fence(g.pick(['', 'env', 'dotenv']), lines(`DB_HOST=${g.pick(DB_HOSTS)}`, 'DB_PORT=5432', `DB_USER=${g.pick(USERS)}`, `${g.pick(['DB_PW', 'DB_PWD', 'DB_PASS'])}=${pw}`))),
  ),
  withPwAny((_g, pw) => `j'ai exporté ${code(`PGPASS=${pw}`)} dans le shell du bastion`, 'fr'),
  withPwAny((_g, pw) => `set ${code(`PGPASS=${pw}`)} in the bastion shell, psql picks it up from the wrapper`, 'en'),
  withPwAny((g, pw, lang) =>
    lines(
      say(g, lang, ['Pour les scripts de copie :', 'Sans clé sur ce serveur, donc :'], ['For the copy scripts:', 'No key on that server, so:']),
      shFence(g, lines(`export SSHPASS='${pw}'`, `sshpass -e ssh ${g.pick(USERS)}@${g.pick(DB_HOSTS)}`)),
    ),
  ),
  withPwAny((g, pw, lang) =>
    lines(say(g, lang, ['Extrait du `docker-compose.yml` :', 'Le compose de dev :'], ['From `docker-compose.yml`:', 'The dev compose file:']),
      fence('yaml', lines('services:', '  db:', '    image: mariadb:11', '    environment:', `      MYSQL_ROOT_PWD: ${pw}`, `      MYSQL_DATABASE: ${g.pick(DBS)}`))),
  ),
  withPwAny((g, pw, lang) =>
    lines(say(g, lang, ['Dans `group_vars/recette.yml` :', 'Variables Ansible :'], ['In `group_vars/staging.yml`:', 'Ansible vars:']),
      fence('yaml', lines(`redis_host: ${g.pick(DB_HOSTS)}`, `redis_pass: ${pw}`, 'redis_db: 2'))),
  ),
  withPwAny((g, pw, lang) =>
    lines(say(g, lang, ['Dans `seed.ts` j’ai laissé en dur :', 'Le script de seed a encore :'], ['Hardcoded in `seed.ts` for now:', 'The seed script still has:']),
      fence(g.pick(['ts', 'js']), lines(`const adminUser = '${g.pick(USERS)}';`, `const adminPass = '${pw}';`))),
  ),
  withPwAny((g, pw, lang) =>
    lines(say(g, lang, ['Config SMTP :', 'Envoi des mails :'], ['SMTP config:', 'Mail sending:']),
      fence('yaml', lines('smtp:', `  host: smtp.${g.pick(INTERNAL_DOMAINS)}`, '  port: 587', `  user: ${g.pick(USERS)}`, `  pass: ${pw}`))),
  ),
  withPwAny((g, pw) =>
    lines('Le `application.properties` de recette :', fence('properties', lines(`db.url=jdbc:postgresql://${g.pick(DB_HOSTS)}/${g.pick(DBS)}`, `db.utilisateur=${g.pick(USERS)}`, `motdepasse=${pw}`))), 'fr',
  ),
  withPwAny((g, pw) =>
    lines('Bloc `base` du fichier de conf :', fence('yaml', lines('base:', `  hote: ${g.pick(DB_HOSTS)}`, `  utilisateur: ${g.pick(USERS)}`, `  mdp: ${pw}`))), 'fr',
  ),
  withPwAny((g, pw, lang) =>
    lines(say(g, lang, ['`config.ini` :', 'Le fichier INI du batch :'], ['`config.ini`:', 'The batch INI file:']),
      fence('ini', lines('[database]', `host = ${g.pick(DB_HOSTS)}`, `user = ${g.pick(USERS)}`, `pwd = ${pw}`))),
  ),
  withPwAny((g, pw, lang) =>
    lines(say(g, lang, ['Mon `~/.my.cnf` sur le bastion :', 'Le `.my.cnf` du compte de sauvegarde :'], ['My `~/.my.cnf` on the bastion:', "The backup account's `.my.cnf`:"]),
      fence('', lines('[client]', `user=${g.pick(USERS)}`, `passwd=${pw}`))),
  ),
  withPwAny((g, pw, lang) => `${say(g, lang, ['Dans le Makefile :', 'Le Makefile a une valeur par défaut :'], ['In the Makefile:', 'The Makefile has a default:'])} ${code(`DB_PASSWD ?= ${pw}`)}`),
  withPwAny(
    (g, pw, lang) => `${say(g, lang, ["J'ai mis", 'Ajouté'], ['I put', 'Added'])} ${code(`${g.pick(ABBREVIATED_VARS)}=${pw}`)} ${say(g, lang, ['dans le .env local', 'dans les variables du job CI', 'sur le serveur'], ['in the local .env', 'in the CI job variables', 'on the server'])}`,
  ),
  withPwAny((g, pw, lang) => lines(envIntro(g, lang), fence('', lines(`APP_ENV=${g.pick(['recette', 'staging'])}`, `${g.pick(ABBREVIATED_VARS)}=${pw}`, 'LOG_LEVEL=info')))),
  withPwAny((g, pw, lang) => lines(envIntro(g, lang), fence('', lines(`creds=${g.pick(USERS)}:${pw}`, `endpoint=https://sftp.${g.pick(INTERNAL_DOMAINS)}`)))),
  withPwAny((g, pw, lang) =>
    lines(
      say(g, lang, ['Dans `settings_local.py` :', 'Encore en dur dans le code :'], ['In `settings_local.py`:', 'Still hardcoded:']),
      fence('python', `db_pwd = "${pw}"  # TODO ${say(g, lang, ['sortir ça du code', 'à déplacer'], ['move out of code', 'env var'])}`),
    ),
  ),
  withPwAny((g, pw, lang) => `${say(g, lang, ['Le script prend', 'Lancer avec'], ['The script takes', 'Run it with'])} ${code(`./sync.sh --user ${g.pick(USERS)} --pw ${pw}`)}`),
  // The password sits in the note's own front matter.
  t(undefined, (g, lang) => {
    const pw = password(g, lang);
    const L = LEX[lang];
    const topic = g.pick(L.topics);
    const text = lines(
      '---',
      lang === 'fr' ? `titre: Passation ${topic}` : `title: Handoff ${topic}`,
      `${lang === 'fr' ? 'auteur' : 'author'}: ${g.pick(AUTHORS)}`,
      `${g.pick(['db_pass', 'db_pw', 'mdp_recette', 'admin_pwd'])}: ${pw}`,
      '---',
      '',
      g.pick(L.titles(topic)),
      '',
      ...g.shuffle(L.facts).slice(0, 2).map((f) => `- ${f}`),
    );
    return { text, secrets: [pw], whole: true };
  }),
];

/** Two or three distinct values from one generator. */
const several = (g: Gen, make: () => string, n = g.int(2, 3)): string[] => {
  const out: string[] = [];
  while (out.length < n) {
    const v = make();
    if (!out.includes(v)) out.push(v);
  }
  return out;
};

const TABLES: Template[] = [
  t(undefined, (g, lang) => {
    const pws = several(g, () => password(g, lang));
    const envs = g.shuffle(lang === 'fr' ? ENVS_FR : ENVS_EN);
    const rows = pws.map((pw, i) => `| ${envs[i]!} | ${g.pick(DB_HOSTS)} | ${g.pick(USERS)} | ${pw} |`);
    return B(lines(`| env | ${lang === 'fr' ? 'hôte' : 'host'} | user | pw |`, '|---|---|---|---|', ...rows), ...pws);
  }),
  t('fr', (g) => {
    const pws = several(g, () => password(g, 'fr'));
    const svcs = g.shuffle(SERVICES);
    return B(lines('| Service | Login | Mot de passe |', '| --- | --- | --- |', ...pws.map((pw, i) => `| ${svcs[i]!} | ${g.pick(USERS)} | \`${pw}\` |`)), ...pws);
  }),
  t('fr', (g) => {
    const pws = several(g, () => password(g, 'fr'));
    return B(
      lines('| Compte | mdp | remarque |', '|:--|:--|:--|', ...pws.map((pw) => `| ${g.pick(USERS)} | ${pw} | ${g.pick(['à changer', 'lecture seule', 'compte partagé', '', 'créé hier'])} |`)),
      ...pws,
    );
  }),
  t('en', (g) => {
    const pws = several(g, () => password(g, 'en'));
    const svcs = g.shuffle(SERVICES);
    return B(lines('| service | url | creds |', '|---|---|---|', ...pws.map((pw, i) => `| ${svcs[i]!} | ${serviceUrl(g, svcs[i]!)} | ${g.pick(USERS)} / ${pw} |`)), ...pws);
  }),
  t('en', (g) => {
    const pws = several(g, () => password(g, 'en'));
    return B(
      lines(
        '| Account | Pass | Notes |',
        '| ------- | ---- | ----- |',
        ...pws.map((pw) => `| ${g.pick(USERS)} | ${pw} | ${g.pick(['rotate monthly', 'read-only', 'shared', 'created yesterday', ''])} |`),
      ),
      ...pws,
    );
  }),
  t(undefined, (g, lang) => {
    const sk = stripeKey(g);
    const wh = stripeWebhook(g);
    const head = lang === 'fr' ? '| Clé | Valeur |' : '| Key | Value |';
    return B(
      lines(
        head,
        '|---|---|',
        `| ${lang === 'fr' ? 'API Stripe (live)' : 'Stripe API (live)'} | ${sk} |`,
        `| Webhook | ${wh} |`,
        `| ${lang === 'fr' ? 'Compte' : 'Account'} | acct_${g.str(ALNUM, 16)} |`,
      ),
      sk,
      wh,
    );
  }),
  t(undefined, (g, lang) => {
    const toks = [ghToken(g), glpat(g), npmToken(g)];
    const head = lang === 'fr' ? '| Outil | Jeton | Expire |' : '| Tool | Token | Expires |';
    return B(lines(head, '|---|---|---|', `| GitHub | ${toks[0]!} | ${date(g)} |`, `| GitLab | ${toks[1]!} | ${date(g)} |`, `| npm | ${toks[2]!} | — |`), ...toks);
  }),
];

const JSON_KEYS: Template[] = [
  withPwAny((g, pw, lang) =>
    lines(say(g, lang, ['`config.json` du connecteur :', 'Le fichier de conf du batch :'], ['The connector `config.json`:', "The batch's config file:"]),
      fence('json', JSON.stringify({ host: g.pick(DB_HOSTS), port: 5432, user: g.pick(USERS), pw }, null, 2))),
  ),
  withPwAny(
    (g, pw, lang) => `${say(g, lang, ['Le body à envoyer :', 'Payload de création du compte :'], ['Body to send:', 'Account creation payload:'])} ${code(JSON.stringify({ user: g.pick(USERS), pwd: pw }))}`,
  ),
  withPwAny((g, pw, lang) =>
    lines(say(g, lang, ['Conf du bot :', 'Le `bot.json` :'], ['Bot config:', 'The `bot.json`:']),
      fence('json', JSON.stringify({ server: `irc.${g.pick(INTERNAL_DOMAINS)}`, nick: 'astreinte-bot', pass: pw, channels: ['#ops'] }, null, 2))),
  ),
  withPwAny((g, pw) => lines('Paramètres du job :', fence('json', JSON.stringify({ base: g.pick(DBS), utilisateur: g.pick(USERS), mdp: pw }, null, 2))), 'fr'),
  withPwAny((g, pw, lang) =>
    lines(say(g, lang, ['`parameters.json` du déploiement ARM :', 'Paramètres ARM :'], ['ARM `parameters.json`:', 'ARM parameters:']),
      fence('json', JSON.stringify({ parameters: { adminUsername: { value: g.pick(USERS) }, adminPassword: { value: pw } } }, null, 2))),
  ),
  t(undefined, (g, lang) => {
    const key = apiKey(g, 32);
    return B(lines(say(g, lang, ['Conf du client partenaire :', 'Le fichier `partner.json` :'], ['Partner client config:', 'The `partner.json` file:']),
      fence('json', JSON.stringify({ baseUrl: `https://api.partenaire.${g.pick(INTERNAL_DOMAINS)}/v2`, apiKey: key, timeoutMs: 5000 }, null, 2))), key);
  }),
  t(undefined, (g, lang) => {
    const tok = g.pick([apiKey(g, 40), jwt(g)]);
    return S(`${say(g, lang, ['Dans le localStorage il y a', 'Le cache contient'], ['localStorage has', 'The cache holds'])} ${code(JSON.stringify({ token: tok, exp: 1767225600 }))}`, tok);
  }),
  withPwAny((g, pw, lang) =>
    lines(say(g, lang, ['Bloc `auth` de la conf :', 'Section auth :'], ['The `auth` block:', 'Auth section:']),
      fence('json', JSON.stringify({ auth: { username: g.pick(USERS), pw } }, null, 2))),
  ),
];

// ---------------------------------------------------------------------------
// Family 4 — shell commands.
// ---------------------------------------------------------------------------

const CMD_INTROS_FR = ['Pour se connecter :', 'Commande utilisée :', "J'ai lancé :", 'À relancer si besoin :', 'Ce qui marche chez moi :', 'Depuis le bastion :'];
const CMD_INTROS_EN = ['To connect:', 'What I ran:', 'Command I used:', 'Re-run this if needed:', 'This works from the bastion:', 'For the record:'];

/** A command in a fence with an intro line, or inline in a sentence. */
const command = (make: (g: Gen, lang: Lang) => { cmd: string; secret: string }): Template =>
  t(undefined, (g, lang) => {
    const { cmd, secret } = make(g, lang);
    if (!cmd.includes('\n') && g.chance(0.25)) return S(`${say(g, lang, CMD_INTROS_FR, CMD_INTROS_EN)} ${code(cmd)}`, secret);
    return B(lines(say(g, lang, CMD_INTROS_FR, CMD_INTROS_EN), shFence(g, cmd)), secret);
  });

const COMMANDS: Template[] = [
  command((g, lang) => {
    const registry = g.pick([...REGISTRIES, 'ghcr.io', 'registry.gitlab.com', 'docker.io']);
    const secret = registry === 'ghcr.io' ? ghToken(g) : registry === 'registry.gitlab.com' ? glpat(g) : registry === 'docker.io' ? dockerPat(g) : password(g, lang);
    return { cmd: `echo ${shellQuote(g, secret)} | docker login -u ${g.pick(USERS)} --password-stdin ${registry}`, secret };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: `echo "${g.pick(DB_HOSTS)}:5432:${g.pick(DBS)}:${g.pick(USERS)}:${pw}" >> ~/.pgpass`, secret: pw };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    const target = `${g.pick(USERS)}@${g.pick(DB_HOSTS)}`;
    return { cmd: g.pick([`sshpass -p ${shellQuote(g, pw)} ssh ${target}`, `sshpass -p ${shellQuote(g, pw)} scp dump.sql ${target}:/tmp/`]), secret: pw };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: g.pick([`mysql -uroot -p${pw} ${g.pick(DBS)}`, `mysql -h ${g.pick(DB_HOSTS)} -u ${g.pick(USERS)} -p'${pw}' ${g.pick(DBS)} < dump.sql`]), secret: pw };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    const host = g.pick(DB_HOSTS);
    const db = g.pick(DBS);
    return {
      cmd: g.pick([
        `PGPASSWORD=${pw} psql -h ${host} -U ${g.pick(USERS)} ${db}`,
        `PGPASSWORD='${pw}' pg_dump -h ${host} -U ${g.pick(USERS)} -Fc ${db} > ${db}.dump`,
      ]),
      secret: pw,
    };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: g.pick([`redis-cli -h ${g.pick(DB_HOSTS)} -p 6379 -a ${pw} --no-auth-warning`, `redis-cli -a '${pw}' INFO replication`]), secret: pw };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: `htpasswd -b${g.pick(['', 'c', 'B'])} /etc/nginx/.htpasswd ${g.pick(USERS)} ${pw}`, secret: pw };
  }),
  command((g, lang) => {
    const secret = g.chance(0.5) ? password(g, lang) : apiKey(g, 24);
    return {
      cmd: `curl -u ${g.pick(USERS)}:${secret} https://${g.pick(['jira', 'nexus', 'jenkins', 'api'])}.${g.pick(INTERNAL_DOMAINS)}/rest/api/2/${g.pick(['issue/OPS-1187', 'search?jql=project=OPS', 'myself'])}`,
      secret,
    };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: `git clone https://${g.pick(USERS)}:${pw}@${g.pick(GIT_HOSTS)}/${g.pick(REPOS)}.git`, secret: pw };
  }),
  command((g) => {
    const key = apiKey(g);
    return { cmd: `export ${g.pick(['API_KEY', 'PARTNER_API_KEY', 'MAPS_KEY', 'TOKEN_CRM', 'X_API_KEY', 'BACKOFFICE_TOKEN'])}=${key}`, secret: key };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return {
      cmd: `kubectl create secret generic ${g.pick(['app-db', 'keycloak-admin', 'smtp', 'redis-auth'])} ${g.pick([`--from-literal=password=${pw}`, `--from-literal=DB_PASSWORD='${pw}'`, `--from-literal=pass=${pw}`])} -n ${g.pick(NAMESPACES)}`,
      secret: pw,
    };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: `docker run -d --name pg -e POSTGRES_PASSWORD=${pw} -p 5432:5432 postgres:16`, secret: pw };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: `mongosh "mongodb://${g.pick(DB_HOSTS)}:27017/${g.pick(DBS)}" -u ${g.pick(USERS)} -p '${pw}' --authenticationDatabase admin`, secret: pw };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: `smbclient //nas.${g.pick(INTERNAL_DOMAINS)}/partage -U ${g.pick(USERS)}%${pw}`, secret: pw };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: g.pick([`rabbitmqctl change_password ${g.pick(USERS)} '${pw}'`, `rabbitmqctl add_user ${g.pick(USERS)} ${pw}`]), secret: pw };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: `openssl pkcs12 -in client.p12 -out client.pem -nodes -passin pass:${pw}`, secret: pw };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: `keytool -importcert -keystore truststore.jks -storepass ${pw} -file ca.crt -alias ca-interne -noprompt`, secret: pw };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    const db = g.pick(DBS);
    return { cmd: `mysqldump -u ${g.pick(USERS)} --password=${pw} --single-transaction ${db} | gzip > ${db}.sql.gz`, secret: pw };
  }),
  command((g) => {
    const tok = vaultToken(g);
    return { cmd: g.pick([`vault login ${tok}`, `VAULT_TOKEN=${tok} vault kv get kv/app/${g.pick(NAMESPACES)}`]), secret: tok };
  }),
  command((g) => {
    const tok = ghToken(g);
    return { cmd: g.pick([`echo ${tok} | gh auth login --with-token`, `gh auth login --with-token <<< ${tok}`]), secret: tok };
  }),
  command((g) => {
    const sec = azureClientSecret(g);
    return { cmd: `az login --service-principal -u ${uuid(g)} -p ${sec} --tenant ${uuid(g)}`, secret: sec };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: `ldapsearch -x -H ldap://ldap.${g.pick(INTERNAL_DOMAINS)} -D "cn=admin,dc=equipe,dc=lan" -w ${shellQuote(g, pw)} -b "ou=people,dc=equipe,dc=lan"`, secret: pw };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: `psql "host=${g.pick(DB_HOSTS)} dbname=${g.pick(DBS)} user=${g.pick(USERS)} password=${pw} sslmode=require"`, secret: pw };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: `wget --user=${g.pick(USERS)} --password=${pw} https://nexus.${g.pick(INTERNAL_DOMAINS)}/repository/raw/export.tar.gz`, secret: pw };
  }),
  command((g) => {
    const tok = npmToken(g);
    return { cmd: `npm config set //registry.npmjs.org/:_authToken ${tok}`, secret: tok };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: `helm repo add interne https://charts.${g.pick(INTERNAL_DOMAINS)} --username ${g.pick(USERS)} --password ${pw}`, secret: pw };
  }),
  command((g, lang) => {
    const pw = password(g, lang);
    return { cmd: `sqlcmd -S ${g.pick(DB_HOSTS)} -U sa -P '${pw}' -Q "SELECT @@VERSION"`, secret: pw };
  }),
];

// ---------------------------------------------------------------------------
// Family 5 — URL userinfo, with awkward passwords.
// ---------------------------------------------------------------------------

/** A URL in a sentence, in a fenced env line, in YAML, or alone. */
const url = (make: (g: Gen, lang: Lang) => { url: string; secret: string; env?: string }): Template =>
  t(undefined, (g, lang) => {
    const { url: u, secret, env } = make(g, lang);
    const style = g.int(0, 3);
    if (style === 0) return S(
      `${say(g, lang, ['La base :', 'URL de connexion :', 'Chaîne de connexion recette :', 'Pour info, l’URL complète :'], ['The DB:', 'Connection URL:', 'Staging connection string:', 'Full URL, for reference:'])} ${code(u)}`,
      secret,
    );
    if (style === 1) return B(lines(envIntro(g, lang), fence('', `${env ?? 'DATABASE_URL'}=${u}`)), secret);
    if (style === 2) return B(
      lines(
        say(g, lang, ['Dans `values.yaml` :', 'Extrait de la conf :'], ['In `values.yaml`:', 'Config excerpt:']),
        fence('yaml', `${g.pick(['url', 'dsn', 'uri', 'connection'])}: ${g.chance(0.5) ? `"${u}"` : u}`),
      ),
      secret,
    );
    return S(`${u}${g.pick(['', ` ${say(g, lang, ['(recette)', '← celle-là', '(la bonne)'], ['(staging)', '← this one', '(the right one)'])}`])}`, secret);
  });

const URLS: Template[] = [
  url((g, lang) => {
    const pw = awkwardPassword(g, lang);
    return { url: `${g.pick(['postgres', 'postgresql'])}://${g.pick(USERS)}:${pw}@${g.pick(DB_HOSTS)}:5432/${g.pick(DBS)}`, secret: pw };
  }),
  url((g, lang) => {
    const pw = password(g, lang);
    return { url: `postgresql://${g.pick(USERS)}:${pw}@${g.pick(DB_HOSTS)}:5432/${g.pick(DBS)}?sslmode=require`, secret: pw };
  }),
  url((g, lang) => {
    const pw = g.chance(0.5) ? password(g, lang) : apiKey(g, 32);
    return g.chance(0.5)
      ? { url: `redis://:${pw}@${g.pick(DB_HOSTS)}:6379/0`, secret: pw, env: 'REDIS_URL' }
      : { url: `rediss://default:${pw}@redis-${g.int(10000, 19999)}.c${g.int(1, 300)}.eu-west-3-1.ec2.cloud.redislabs.com:${g.int(10000, 19999)}`, secret: pw, env: 'REDIS_URL' };
  }),
  url((g, lang) => {
    const pw = g.chance(0.5) ? awkwardPassword(g, lang) : password(g, lang);
    return { url: `${g.pick(['amqp', 'amqps'])}://${g.pick(USERS)}:${pw}@rabbit.${g.pick(INTERNAL_DOMAINS)}:5672/${g.pick(['%2F', 'facturation', 'events'])}`, secret: pw, env: 'AMQP_URL' };
  }),
  url((g, lang) => {
    const pw = password(g, lang);
    return { url: `mongodb+srv://${g.pick(USERS)}:${pw}@cluster0.${g.str(LOWER + DIGITS, 5)}.mongodb.net/${g.pick(DBS)}?retryWrites=true&w=majority`, secret: pw, env: 'MONGO_URI' };
  }),
  url((g) => {
    const tok = glpat(g);
    return { url: `https://${g.pick(['oauth2', 'gitlab-ci-token', g.pick(USERS)])}:${tok}@gitlab.com/${g.pick(REPOS)}.git`, secret: tok, env: 'GIT_REMOTE' };
  }),
  url((g) => {
    const tok = ghToken(g, g.pick(['ghp', 'ghs'] as const));
    return g.chance(0.5)
      ? { url: `https://x-access-token:${tok}@github.com/${g.pick(REPOS)}.git`, secret: tok, env: 'GIT_REMOTE' }
      : { url: `https://${tok}@github.com/${g.pick(REPOS)}.git`, secret: tok, env: 'GIT_REMOTE' };
  }),
  url((g, lang) => {
    const pw = awkwardPassword(g, lang);
    return { url: `mysql://root:${pw}@127.0.0.1:3306/${g.pick(DBS)}`, secret: pw };
  }),
  url((g, lang) => {
    const pw = password(g, lang);
    return { url: `${g.pick(['ftp', 'sftp', 'ftps'])}://${g.pick(USERS)}:${pw}@ftp.partenaire.${g.pick(INTERNAL_DOMAINS)}/depot/`, secret: pw, env: 'FTP_URL' };
  }),
  url((g, lang) => {
    const pw = g.chance(0.5) ? password(g, lang) : apiKey(g, 32);
    return { url: `smtps://postmaster%40mg.${g.pick(INTERNAL_DOMAINS)}:${pw}@smtp.mailgun.org:465`, secret: pw, env: 'SMTP_URL' };
  }),
  url((g, lang) => {
    const pw = password(g, lang);
    return { url: `http://admin:${pw}@192.168.${g.int(0, 20)}.${g.int(2, 250)}:${g.pick(['8080', '80', '8443'])}/`, secret: pw, env: 'CAMERA_URL' };
  }),
  url((g, lang) => {
    const pw = encodeURIComponent(awkwardPassword(g, lang));
    return { url: `postgres://${g.pick(USERS)}:${pw}@${g.pick(DB_HOSTS)}/${g.pick(DBS)}`, secret: pw };
  }),
  url((g, lang) => {
    const pw = password(g, lang);
    return { url: `https://elastic:${pw}@es.${g.pick(INTERNAL_DOMAINS)}:9200`, secret: pw, env: 'ELASTICSEARCH_URL' };
  }),
  url((g, lang) => {
    const pw = awkwardPassword(g, lang);
    return { url: `mssql://sa:${pw}@${g.pick(DB_HOSTS)}:1433/${g.pick(DBS)}`, secret: pw };
  }),
];

// ---------------------------------------------------------------------------
// Family 6 — PEM private keys in odd layouts.
// ---------------------------------------------------------------------------

type PemLayout = 'fence' | 'blockquote' | 'list' | 'no-begin' | 'no-headers' | 'env-escaped' | 'yaml-block';
const PEM_LAYOUTS: readonly PemLayout[] = ['fence', 'blockquote', 'list', 'no-begin', 'no-headers', 'env-escaped', 'yaml-block'];

const pemIntro = (g: Gen, lang: Lang): string =>
  say(g, lang,
    ['Clé de déploiement :', 'La clé du compte de service :', 'Clé privée du serveur de build :', 'Clé SSH pour le bastion (à mettre dans ~/.ssh/id_ed25519) :', 'Clé de signature des JWT :'],
    ['Deploy key:', 'Service account key:', 'Private key for the build server:', 'SSH key for the bastion (goes in ~/.ssh/id_ed25519):', 'JWT signing key:']);

function pemCase(g: Gen, lang: Lang, layout: PemLayout): Snip {
  const kind: KeyKind =
    layout === 'no-headers' ? g.pick(['rsa', 'pkcs8', 'ec'] as const)
      : layout === 'env-escaped' ? g.pick(['pkcs8', 'ec'] as const)
        : g.pick(['rsa', 'pkcs8', 'ec', 'openssh', 'openssh'] as const);
  const key = privateKey(g, kind);
  switch (layout) {
    case 'fence': {
      const block = pemLines(key).join('\n');
      return B(lines(pemIntro(g, lang), fence(g.pick(['', 'text', 'pem']), block)), block);
    }
    case 'blockquote': {
      const block = pemLines(key).map((l) => `> ${l}`).join('\n');
      return B(lines(pemIntro(g, lang), '', block), block);
    }
    case 'list': {
      const pad = g.pick(['  ', '    ']);
      const block = indent(pemLines(key).join('\n'), pad);
      const withFence = g.chance(0.5);
      const body = withFence ? lines(`${pad}${FENCE}`, block, `${pad}${FENCE}`) : block;
      const first = `- ${say(g, lang, ['clé de déploiement (serveur de build) :', 'la clé SSH du runner :', 'clé privée du certificat client :'], ['deploy key (build server):', "the runner's SSH key:", 'client certificate private key:'])}`;
      return B(
        lines(first, '', body, `- ${say(g, lang, ['empreinte notée dans le ticket OPS-1187', 'à révoquer après la migration'], ['fingerprint is in OPS-1187', 'revoke after the migration'])}`),
        block,
      );
    }
    case 'no-begin': {
      const block = [...key.body, pemEnd(key)].join('\n');
      return B(
        lines(
          say(g, lang, ["Copié depuis le terminal (le début a sauté, mais ça suffit) :", 'Le reste de la clé :'], ['Pasted from the terminal (the first line got cut):', 'Rest of the key:']),
          fence('', block),
        ),
        block,
      );
    }
    case 'no-headers': {
      const block = key.body.join('\n');
      return B(lines(say(g, lang, ['clé privée :', 'Clé privée (sans les lignes BEGIN/END) :'], ['private key:', 'Private key (without the BEGIN/END lines):']), '', block), block);
    }
    case 'env-escaped': {
      const value = [...pemLines(key), ''].join('\\n');
      return B(lines(envIntro(g, lang), fence('', `${g.pick(['JWT_PRIVATE_KEY', 'SIGNING_KEY', 'APNS_KEY', 'TLS_KEY'])}="${value}"`)), value);
    }
    case 'yaml-block': {
      const block = indent(pemLines(key).join('\n'), '  ');
      return B(
        lines(
          say(g, lang, ['Dans les variables du pipeline :', 'Extrait de `secrets.yml` :'], ['In the pipeline variables:', 'From `secrets.yml`:']),
          fence('yaml', lines(`${g.pick(['ssh_private_key', 'deploy_key', 'tls_key'])}: |`, block)),
        ),
        block,
      );
    }
  }
}

const PEM: Template[] = PEM_LAYOUTS.map((layout) => t(undefined, (g, lang) => pemCase(g, lang, layout)));

// ---------------------------------------------------------------------------
// Family 7 — label on one line, value on the next.
// ---------------------------------------------------------------------------

const NEXT_LINE: Template[] = [
  withPwAny((g, pw, lang) => lines(say(g, lang, ['Mot de passe :', 'Mot de passe admin', 'mdp recette :'], ['Password:', 'Admin password', 'staging pw:']), pw)),
  withPwAny((g, pw, lang) => lines(say(g, lang, ['Mot de passe :', 'Le mdp :'], ['Password:', 'The pw:']), '', fence('', pw))),
  withPwAny((g, pw, lang) => lines(say(g, lang, ['**Mot de passe**', '**Mdp du compte de service**'], ['**Password**', '**Service account password**']), code(pw))),
  withPwAny((g, pw, lang) => lines(say(g, lang, ['Mot de passe', 'Code d’accès'], ['Password', 'Passcode']), `: ${pw}`)),
  withPwAny((g, pw, lang) => lines(say(g, lang, ['Le mdp (à copier tel quel) :', 'Mot de passe, sans espace :'], ['The password (copy it as is):', 'Password, no spaces:']), '', `    ${pw}`)),
  withPwAny((_g, pw) => lines('the password is on the next line, no trailing space:', pw), 'en'),
  withPwAny((g, pw, lang) => {
    const svc = g.pick(SERVICES);
    return lines(say(g, lang, [`Identifiants ${svc} :`, `Accès ${svc} :`], [`${svc} credentials:`, `${svc} login:`]), g.pick(USERS), pw);
  }),
  withPwAny(
    (g, pw, lang) => lines(
      say(g, lang, ['<details><summary>mdp recette</summary>', '<details><summary>Mot de passe</summary>'], ['<details><summary>staging password</summary>', '<details><summary>Password</summary>']),
      '',
      pw,
      '',
      '</details>',
    ),
  ),
  withPwAny(
    (g, pw, lang) => lines(
      say(g, lang, ['Valeurs Helm de recette :', 'Dans `values-recette.yaml` :'], ['Staging Helm values:', 'In `values-staging.yaml`:']),
      fence('yaml', lines('auth:', `  username: ${g.pick(USERS)}`, '  password: |', `    ${pw}`)),
    ),
  ),
  t(undefined, (g, lang) => {
    const tok = g.pick([ghToken(g), glpat(g), apiKey(g, 40), slackBot(g)]);
    return B(
      lines(
        say(g, lang, ['Variables du job :', 'Extrait de la conf CI :'], ['Job variables:', 'CI config excerpt:']),
        fence('yaml', lines(`${g.pick(['token', 'api_token', 'deploy_token'])}: >-`, `  ${tok}`)),
      ),
      tok,
    );
  }),
  t(undefined, (g, lang) => {
    const tok = g.pick([ghToken(g), glpat(g), apiKey(g, 32), npmToken(g)]);
    return B(
      lines(
        `- ${say(g, lang, ['url : https://forge.corp.lan', 'projet : facturation'], ['url: https://forge.corp.lan', 'project: billing'])}`,
        `- ${g.pick(['token', 'API key', 'jeton'])}:`,
        `    ${tok}`,
      ),
      tok,
    );
  }),
  t(undefined, (g, lang) => {
    const key = apiKey(g, 32);
    return B(lines(say(g, lang, ['Clé API (nouvelle) :', 'Nouvelle clé partenaire :'], ['API key (new):', 'New partner key:']), `> ${key}`), key);
  }),
  // The value sits on the line after a folded `resume: >` in the front matter.
  t(undefined, (g, lang) => {
    const pw = password(g, lang);
    const L = LEX[lang];
    const topic = g.pick(L.topics);
    const summary = lang === 'fr'
      ? [`Cluster Redis de recette migré ; le mot de passe du`, `nouveau cluster est ${pw}, à mettre dans le coffre.`]
      : [`Staging Redis cluster migrated; the new cluster's`, `password is ${pw}, to be moved to the vault.`];
    const text = lines(
      '---',
      lang === 'fr' ? `titre: Bascule Redis` : 'title: Redis cutover',
      `${lang === 'fr' ? 'auteur' : 'author'}: ${g.pick(AUTHORS)}`,
      `${lang === 'fr' ? 'resume' : 'summary'}: >`,
      ...summary.map((l) => `  ${l}`),
      '---',
      '',
      g.pick(L.titles(topic)),
      '',
      g.pick(L.next),
      ...g.shuffle(L.todo).slice(0, 2).map((x) => `- ${x}`),
    );
    return { text, secrets: [pw], whole: true };
  }),
];

// ---------------------------------------------------------------------------
// Family 8 — cloud keys in INI files and service-account JSON.
// ---------------------------------------------------------------------------

const cloudIntro = (g: Gen, lang: Lang, fr: string[], en: string[]): string => say(g, lang, fr, en);

const CLOUD_INI: Template[] = [
  t(undefined, (g, lang) => {
    const id = awsKeyId(g);
    const sec = awsSecret(g);
    return B(
      lines(
        cloudIntro(g, lang, ['Mon `~/.aws/credentials` :', 'Profil AWS utilisé :'], ['My `~/.aws/credentials`:', 'AWS profile I used:']),
        fence('ini', lines('[default]', `aws_access_key_id = ${id}`, `aws_secret = ${sec}`)),
      ),
      id,
      sec,
    );
  }),
  t(undefined, (g, lang) => {
    const id = awsKeyId(g);
    const sec = awsSecret(g);
    return B(
      lines(
        cloudIntro(g, lang, ['Profil prod :', 'Ajouter ce profil :'], ['Prod profile:', 'Add this profile:']),
        fence('ini', lines(`[profile ${g.pick(['prod', 'sandbox', 'backup'])}]`, `aws_access_key_id=${id}`, `aws_secret_access_key=${sec}`, 'region=eu-west-3')),
      ),
      id,
      sec,
    );
  }),
  t(undefined, (g, lang) => {
    const scw = g.chance(0.5);
    const id = scw ? g.clean(() => `SCW${g.str(UPPER_NUM, 17)}`) : awsKeyId(g);
    const sec = scw ? uuid(g) : awsSecret(g);
    return B(lines(cloudIntro(g, lang, ['Le `.s3cfg` du serveur de sauvegarde :', 'Conf s3cmd :'], ['The backup server `.s3cfg`:', 's3cmd config:']),
      fence('ini', lines('[default]', `access_key = ${id}`, `secret_key = ${sec}`, `host_base = ${scw ? 's3.fr-par.scw.cloud' : 's3.amazonaws.com'}`))), id, sec);
  }),
  t(undefined, (g, lang) => {
    const ak = g.str(UPPER_NUM, 20);
    const sk = g.str(ALNUM, 40);
    return B(
      lines(
        cloudIntro(g, lang, ['MinIO de recette :', 'Accès au bucket MinIO :'], ['Staging MinIO:', 'MinIO bucket access:']),
        fence('ini', lines('[minio]', `endpoint = https://minio.${g.pick(INTERNAL_DOMAINS)}`, `ak = ${ak}`, `sk = ${sk}`)),
      ),
      sk,
    );
  }),
  t(undefined, (g, lang) => {
    const key = azureStorageKey(g);
    return B(
      lines(
        cloudIntro(g, lang, ['Conf du script d’archivage :', 'Stockage Azure :'], ['Archive script config:', 'Azure storage:']),
        fence('ini', lines('[azure]', `account = ${g.pick(['starchivesprod', 'stexportsrecette', 'stbackupfr'])}`, `az_key = ${key}`, 'container = exports')),
      ),
      key,
    );
  }),
  t(undefined, (g, lang) => {
    const key = azureStorageKey(g);
    const cs = `DefaultEndpointsProtocol=https;AccountName=${g.pick(['starchivesprod', 'stexportsrecette'])};AccountKey=${key};EndpointSuffix=core.windows.net`;
    return S(`${cloudIntro(g, lang, ['Chaîne de connexion du stockage :', 'Connection string Azure :'], ['Storage connection string:', 'Azure connection string:'])} ${code(cs)}`, key);
  }),
  t(undefined, (g, lang) => {
    const appSecret = g.str(ALNUM, 32);
    const consumer = g.str(ALNUM, 32);
    return B(
      lines(
        cloudIntro(g, lang, ['Le `ovh.conf` :', 'API OVH :'], ['The `ovh.conf`:', 'OVH API:']),
        fence('ini', lines('[ovh-eu]', `application_key=${g.str(ALNUM, 16)}`, `application_secret=${appSecret}`, `consumer_key=${consumer}`)),
      ),
      appSecret,
      consumer,
    );
  }),
  t(undefined, (g, lang) => {
    const id = awsKeyId(g);
    const sec = awsSecret(g);
    return B(lines(cloudIntro(g, lang, ['Dans le notebook, en dur :', 'Le script d’import fait :'], ['Hardcoded in the notebook:', 'The import script does:']),
      fence('python', `s3 = boto3.client("s3", aws_access_key_id="${id}", aws_secret_access_key="${sec}")`)), id, sec);
  }),
  t(undefined, (g, lang) => {
    const id = awsKeyId(g);
    const sec = awsSecret(g);
    return B(lines(cloudIntro(g, lang, ['Remote rclone :', 'Le `rclone.conf` :'], ['rclone remote:', 'The `rclone.conf`:']),
      fence('ini', lines('[s3-archive]', 'type = s3', 'provider = AWS', `access_key_id = ${id}`, `secret_access_key = ${sec}`, 'region = eu-west-3'))), id, sec);
  }),
  t(undefined, (g, lang) => {
    const id = awsKeyId(g);
    const sec = awsSecret(g);
    return B(lines(envIntro(g, lang), fence('', lines(`AWS_ACCESS_KEY_ID=${id}`, `${g.pick(['AWS_SK', 'AWS_SECRET', 'S3_SECRET'])}=${sec}`, 'AWS_REGION=eu-west-3'))), id, sec);
  }),
];

const GCP_SERVICE_ACCOUNT: Template[] = [
  t(undefined, (g, lang) => {
    const key = privateKey(g, 'pkcs8');
    const pk = [...pemLines(key), ''].join('\n');
    const project = `${g.pick(['facturation', 'data', 'mobile', 'plateforme'])}-${g.pick(['prod', 'recette'])}-${g.int(100000, 999999)}`;
    const name = g.pick(['etl-loader', 'ci-deployer', 'bq-reader', 'backup-writer']);
    const json = JSON.stringify({
      type: 'service_account',
      project_id: project,
      private_key_id: hex(g, 40),
      private_key: pk,
      client_email: `${name}@${project}.iam.gserviceaccount.com`,
      client_id: g.digits(21),
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: 'https://oauth2.googleapis.com/token',
    }, null, 2);
    const secret = JSON.stringify(pk).slice(1, -1);
    return B(
      lines(
        say(
          g,
          lang,
          ['Le JSON du compte de service (à mettre dans `GOOGLE_APPLICATION_CREDENTIALS`) :', 'Clé du compte de service GCP :'],
          ['Service account JSON (for `GOOGLE_APPLICATION_CREDENTIALS`):', 'GCP service account key:'],
        ),
        fence('json', json),
      ),
      secret,
    );
  }),
];

// ---------------------------------------------------------------------------
// Family 9 — vendor keys in hex or UUID form, introduced by the vendor's name.
// ---------------------------------------------------------------------------

interface Vendor {
  fr: string;
  en: string;
  short: string;
  make: (g: Gen) => string;
}

const VENDORS: Vendor[] = [
  { fr: 'clé Datadog', en: 'Datadog API key', short: 'Datadog', make: (g) => hex(g, 32) },
  { fr: 'clé d’application Datadog', en: 'Datadog app key', short: 'Datadog', make: (g) => hex(g, 40) },
  { fr: 'clé Mailgun', en: 'Mailgun key', short: 'Mailgun', make: (g) => (g.chance(0.5) ? `key-${hex(g, 32)}` : `${hex(g, 32)}-${hex(g, 8)}-${hex(g, 8)}`) },
  { fr: 'clé New Relic', en: 'New Relic user key', short: 'New Relic', make: (g) => `NRAK-${g.str(UPPER_NUM, 27)}` },
  { fr: 'clé de licence New Relic', en: 'New Relic license key', short: 'New Relic', make: (g) => `${hex(g, 36)}NRAL` },
  { fr: 'clé admin Algolia', en: 'Algolia admin key', short: 'Algolia', make: (g) => hex(g, 32) },
  { fr: 'clé API Heroku', en: 'Heroku API key', short: 'Heroku', make: uuid },
  { fr: 'clé Mailchimp', en: 'Mailchimp key', short: 'Mailchimp', make: (g) => `${hex(g, 32)}-us${g.int(2, 21)}` },
  { fr: 'clé Postmark', en: 'Postmark server token', short: 'Postmark', make: uuid },
  { fr: 'jeton Sentry', en: 'Sentry auth token', short: 'Sentry', make: (g) => `sntryu_${hex(g, 64)}` },
  { fr: 'clé Rollbar', en: 'Rollbar token', short: 'Rollbar', make: (g) => hex(g, 32) },
  { fr: 'clé Bugsnag', en: 'Bugsnag key', short: 'Bugsnag', make: (g) => hex(g, 32) },
  { fr: 'clé secrète Pusher', en: 'Pusher app secret', short: 'Pusher', make: (g) => hex(g, 20) },
  { fr: 'clé Brevo', en: 'Brevo key', short: 'Brevo', make: (g) => `xkeysib-${hex(g, 64)}-${g.str(ALNUM, 16)}` },
  { fr: 'jeton Shopify', en: 'Shopify admin token', short: 'Shopify', make: (g) => `shpat_${hex(g, 32)}` },
  { fr: 'jeton DigitalOcean', en: 'DigitalOcean token', short: 'DigitalOcean', make: (g) => `dop_v1_${hex(g, 64)}` },
  { fr: 'clé Segment', en: 'Segment write key', short: 'Segment', make: (g) => g.str(ALNUM, 32) },
  { fr: 'clé Scaleway', en: 'Scaleway secret key', short: 'Scaleway', make: uuid },
];

const frArticle = (v: Vendor): string => (v.fr.startsWith('jeton') ? 'le' : 'la');

const vendor = (lang: Lang, write: (g: Gen, v: Vendor, key: string) => string): Template =>
  t(lang, (g) => {
    const v = g.pick(VENDORS);
    const key = g.clean(() => v.make(g));
    return S(write(g, v, key), key);
  });

const VENDOR_KEYS: Template[] = [
  vendor('fr', (g, v, k) => `${cap(v.fr)}${g.pick([' : ', ': '])}${k}`),
  vendor('fr', (_g, v, k) => `${cap(v.fr)} (prod) : ${code(k)}`),
  vendor('fr', (g, v, k) => `${cap(frArticle(v))} ${v.fr}, c'est ${k}${end(g)}`),
  vendor('fr', (_g, v, k) => `J'ai régénéré ${frArticle(v)} ${v.fr}, ${frArticle(v) === 'le' ? 'le nouveau' : 'la nouvelle'} : ${k}`),
  vendor('fr', (_g, v, k) => `${v.short} → ${k}`),
  vendor('fr', (_g, v, k) => `Pour ${v.short}, clé = ${k}`),
  vendor('fr', (_g, v, k) => `**${cap(v.fr)}** : ${k}`),
  vendor('en', (g, v, k) => `${v.en}${g.pick([': ', ' - ', ' = '])}${k}`),
  vendor('en', (g, v, k) => `${v.short} key is ${k}${end(g)}`),
  vendor('en', (_g, v, k) => `Rotated the ${v.en}, new one → ${code(k)}`),
  vendor('en', (_g, v, k) => `the ${v.en} (don't ship it to the front): ${k}`),
  vendor('en', (_g, v, k) => `Use ${k} as the ${v.en}.`),
];

// ---------------------------------------------------------------------------
// Family 10 — obfuscated provider tokens.
// ---------------------------------------------------------------------------

const ZWSP = '\u200B';
const SOFT_HYPHEN = '\u00AD';
const WORD_JOINER = '\u2060';
const ZWJ = '\u200D';
const FULLWIDTH_LOW_LINE = '\uFF3F';

/** Inserts `ch` somewhere after the prefix (never at either end). */
const insertInside = (g: Gen, token: string, prefixLength: number, ch: string): string => {
  const at = g.int(prefixLength + 2, token.length - 3);
  return token.slice(0, at) + ch + token.slice(at);
};

const tokenSentence = (g: Gen, lang: Lang, what: string, value: string): string =>
  g.pick(
    lang === 'fr'
      ? [`Token ${what} : ${value}`, `Le token ${what} c'est ${value}`, `${what} → ${value}`, `jeton ${what} (pour que le scanner ne râle pas) : ${value}`]
      : [`${what} token: ${value}`, `The ${what} token is ${value}`, `${what} → ${value}`, `${what} token (mangled so the scanner stays quiet): ${value}`],
  );

const OBFUSCATED: Template[] = [
  t(undefined, (g, lang) => {
    const v = insertInside(g, ghToken(g), 4, ZWSP);
    return S(tokenSentence(g, lang, 'GitHub', v), v);
  }),
  t(undefined, (g, lang) => {
    const v = insertInside(g, anthropicKey(g), 13, SOFT_HYPHEN);
    return S(tokenSentence(g, lang, 'Anthropic', v), v);
  }),
  t(undefined, (g, lang) => {
    const v = insertInside(g, glpat(g), 6, WORD_JOINER);
    return S(tokenSentence(g, lang, 'GitLab', v), v);
  }),
  t(undefined, (g, lang) => {
    const v = insertInside(g, slackBot(g), 5, ZWJ);
    return S(tokenSentence(g, lang, 'Slack', v), v);
  }),
  t(undefined, (g, lang) => {
    const tok = npmToken(g);
    const v = tok.slice(0, 12) + ZWSP + tok.slice(12, 24) + ZWSP + tok.slice(24);
    return S(tokenSentence(g, lang, 'npm', v), v);
  }),
  t(undefined, (g, lang) => {
    const kind = g.int(0, 2);
    const tok = kind === 0 ? ghToken(g) : kind === 1 ? ghFine(g) : stripeKey(g);
    const v = tok.replace(/_/g, '\\_');
    return S(tokenSentence(g, lang, kind === 2 ? 'Stripe' : 'GitHub', v), v);
  }),
  t(undefined, (g, lang) => {
    const kind = g.int(0, 2);
    const tok = kind === 0 ? ghToken(g) : kind === 1 ? stripeKey(g) : npmToken(g);
    const v = tok.replace(/_/g, FULLWIDTH_LOW_LINE);
    return S(tokenSentence(g, lang, ['GitHub', 'Stripe', 'npm'][kind]!, v), v);
  }),
  t(undefined, (g, lang) => {
    const body = ghToken(g).slice(4);
    const cut = g.int(12, 24);
    const expr = `"ghp_" + "${body.slice(0, cut)}" + "${body.slice(cut)}"`;
    return B(
      lines(
        say(
          g,
          lang,
          ['Dans `deploy.js`, découpé pour passer le push protection :', 'Le token est dans le script, en morceaux :'],
          ['In `deploy.js`, split to get past push protection:', 'The token is in the script, in pieces:'],
        ),
        fence(g.pick(['js', 'ts']), `const token = ${expr};`),
      ),
      expr,
    );
  }),
  t(undefined, (g, lang) => {
    const body = anthropicKey(g).slice('sk-ant-'.length);
    const cut = g.int(30, 60);
    const expr = lines(`"sk-ant-"`, `    "${body.slice(0, cut)}"`, `    "${body.slice(cut)}"`);
    return B(lines(say(g, lang, ['Dans le notebook :', 'Clé en dur dans `eval.py` :'], ['In the notebook:', 'Hardcoded in `eval.py`:']), fence('python', `API_KEY = (${expr})`)), expr);
  }),
  t(undefined, (g, lang) => {
    const tok = slackBot(g);
    const cut = g.int(18, 30);
    const expr = `"${tok.slice(0, cut)}""${tok.slice(cut)}"`;
    return B(lines(envIntro(g, lang), fence('bash', `SLACK_TOKEN=${expr}`)), expr);
  }),
  t(undefined, (g, lang) => {
    const body = glpat(g, ALNUM).slice(6);
    const expr = `["glpat", "${body}"].join("-")`;
    return S(`${say(g, lang, ['Le token de la CI est reconstruit ainsi :', 'Dans le helper :'], ['The CI token is rebuilt like this:', 'In the helper:'])} ${code(`const t = ${expr};`)}`, expr);
  }),
  t(undefined, (g, lang) => {
    const body = ghToken(g).slice(4);
    const a = g.int(6, 14);
    const b = a + g.int(4, 8);
    const v = `ghp_${body.slice(0, a)}**${body.slice(a, b)}**${body.slice(b)}`;
    return S(tokenSentence(g, lang, 'GitHub', v), v);
  }),
  t(undefined, (g, lang) => {
    const tok = stripeKey(g);
    const v = `**sk_live_**${tok.slice('sk_live_'.length)}`;
    return S(tokenSentence(g, lang, 'Stripe', v), v);
  }),
  t(undefined, (g, lang) => {
    const body = glpat(g, ALNUM).slice(6);
    const cut = g.int(6, 14);
    const v = `glpat-*${body.slice(0, cut)}*${body.slice(cut)}`;
    return S(tokenSentence(g, lang, 'GitLab', v), v);
  }),
  t(undefined, (g, lang) => {
    const tok = stripeKey(g);
    const v = `sk_live_ ${wrap(tok.slice(8), 4).join(' ')}`;
    return S(
      `${say(g, lang, ['Clé Stripe, par groupes de 4 pour la dicter :', 'Clé live (espaces à retirer) :'], ['Stripe key, in groups of 4 so it can be read out:', 'Live key (remove the spaces):'])} ${v}`,
      v,
    );
  }),
  t(undefined, (g, lang) => {
    const tok = g.pick([ghToken(g), openaiKey(g), glpat(g)]);
    const enc = base64(tok);
    return B(
      lines(
        say(g, lang, ['Pour ne pas l’avoir en clair :', 'Encodé, à décoder au lancement :'], ['So it is not in clear text:', 'Encoded, decoded at startup:']),
        shFence(g, `export TOKEN=$(echo ${enc} | base64 -d)`),
      ),
      enc,
    );
  }),
  t(undefined, (g, lang) => {
    const tok = g.pick([ghFine(g), anthropicKey(g), openaiKey(g)]);
    const cut = g.int(30, tok.length - 20);
    const v = `${tok.slice(0, cut)}\n${tok.slice(cut)}`;
    return B(
      lines(
        say(
          g,
          lang,
          ['Le token (copié du terminal, coupé en deux lignes) :', 'Clé API, collée depuis le mail :'],
          ['The token (copied from the terminal, wrapped):', 'API key, pasted from the email:'],
        ),
        v,
      ),
      v,
    );
  }),
  t(undefined, (g, lang) => {
    const tok = ghToken(g);
    const v = tok.replace('_', '&#95;');
    return S(tokenSentence(g, lang, 'GitHub', v), v);
  }),
  t(undefined, (g, lang) => {
    const rest = ghToken(g).slice(4);
    return S(
      say(g, lang, [`Le token c'est ${code('ghp_')} suivi de ${code(rest)} (collés)`], [`The token is ${code('ghp_')} followed by ${code(rest)} (no space)`]),
      rest,
    );
  }),
  t(undefined, (g, lang) => {
    const v = insertInside(g, awsKeyId(g), 4, ZWSP);
    const sec = awsSecret(g);
    const s2 = insertInside(g, sec, 0, ZWSP);
    return S(say(g, lang, [`Clés AWS (avec un caractère invisible, le scanner ne les voit pas) : ${v} / ${s2}`], [`AWS keys (with an invisible char, the scanner misses them): ${v} / ${s2}`]), v, s2);
  }),
  t(undefined, (g, lang) => {
    const tok = g.pick([ghToken(g), slackBot(g), npmToken(g)]);
    const v = [...tok].reverse().join('');
    return S(say(g, lang, [`Token à l'envers pour pas qu'il soit détecté : ${v}`], [`Token reversed so it is not flagged: ${v}`]), v);
  }),
  t(undefined, (g, lang) => {
    const tok = g.pick([ghFine(g), glpat(g), hfToken(g)]);
    const v = Buffer.from(tok, 'utf8').toString('hex');
    return B(
      lines(
        say(g, lang, ['Dans `Config.kt`, encodé en hex :', 'Le token est stocké en hex :'], ['In `Config.kt`, hex-encoded:', 'The token is stored as hex:']),
        fence('kotlin', `private const val hex = "${v}"`),
      ),
      v,
    );
  }),
];

// ---------------------------------------------------------------------------
// Family 11 — provider tokens in plain prose and code.
// ---------------------------------------------------------------------------

interface Provider {
  fr: string;
  en: string;
  env: string;
  make: (g: Gen) => string;
  code?: (v: string) => string;
}

const PROVIDERS: Provider[] = [
  { fr: 'le token GitHub', en: 'GitHub token', env: 'GITHUB_TOKEN', make: (g) => ghToken(g), code: (v) => `const octokit = new Octokit({ auth: '${v}' });` },
  { fr: 'le PAT GitHub (fine-grained)', en: 'fine-grained GitHub PAT', env: 'GH_TOKEN', make: ghFine },
  { fr: 'le token GitLab', en: 'GitLab token', env: 'GITLAB_TOKEN', make: (g) => glpat(g), code: (v) => `gl = gitlab.Gitlab("https://gitlab.com", private_token="${v}")` },
  { fr: 'le token du bot Slack', en: 'Slack bot token', env: 'SLACK_BOT_TOKEN', make: slackBot, code: (v) => `const slack = new WebClient('${v}');` },
  { fr: 'le token Slack utilisateur', en: 'Slack user token', env: 'SLACK_USER_TOKEN', make: slackUser },
  { fr: 'la clé Stripe live', en: 'Stripe live key', env: 'STRIPE_SECRET_KEY', make: (g) => stripeKey(g), code: (v) => `const stripe = new Stripe('${v}');` },
  { fr: 'la clé Stripe restreinte', en: 'Stripe restricted key', env: 'STRIPE_RESTRICTED_KEY', make: (g) => stripeKey(g, 'rk_live_') },
  { fr: 'la clé OpenAI', en: 'OpenAI key', env: 'OPENAI_API_KEY', make: openaiKey, code: (v) => `client = OpenAI(api_key="${v}")` },
  { fr: 'la clé Anthropic', en: 'Anthropic key', env: 'ANTHROPIC_API_KEY', make: anthropicKey, code: (v) => `client = anthropic.Anthropic(api_key="${v}")` },
  { fr: 'la clé Google Maps', en: 'Google Maps key', env: 'GOOGLE_MAPS_API_KEY', make: googleKey },
  { fr: 'le token npm', en: 'npm token', env: 'NPM_TOKEN', make: npmToken },
  { fr: 'le token Hugging Face', en: 'Hugging Face token', env: 'HF_TOKEN', make: hfToken, code: (v) => `login(token="${v}")` },
  { fr: 'la clé SendGrid', en: 'SendGrid key', env: 'SENDGRID_API_KEY', make: sendgridKey, code: (v) => `sgMail.setApiKey('${v}');` },
  { fr: 'la clé API Twilio', en: 'Twilio API key', env: 'TWILIO_API_KEY', make: twilioKey },
  { fr: 'le token Vault', en: 'Vault token', env: 'VAULT_TOKEN', make: vaultToken },
  { fr: 'le JWT de service', en: 'service JWT', env: 'SERVICE_JWT', make: jwt },
  { fr: 'le token du bot Telegram', en: 'Telegram bot token', env: 'TELEGRAM_BOT_TOKEN', make: telegramToken },
  { fr: 'le token Docker Hub', en: 'Docker Hub token', env: 'DOCKERHUB_TOKEN', make: dockerPat },
  { fr: 'le token PyPI', en: 'PyPI token', env: 'PYPI_TOKEN', make: pypiToken },
  { fr: 'le webhook Slack', en: 'Slack webhook', env: 'SLACK_WEBHOOK_URL', make: slackWebhook },
];

const provider = (lang: Lang | undefined, write: (g: Gen, p: Provider, v: string, lang: Lang) => string, filter: (p: Provider) => boolean = () => true): Template =>
  t(lang, (g, l) => {
    const p = g.pick(PROVIDERS.filter(filter));
    const v = p.make(g);
    return S(write(g, p, v, l), v);
  });

const PROVIDER_TOKENS: Template[] = [
  provider('fr', (_g, p, v) => `${cap(p.fr)} pour la CI : ${v}`),
  provider('fr', (g, p, v) => `J'ai généré ${p.fr} (${g.pick(['droits minimaux', 'lecture seule', 'expire dans 30 jours', 'scope repo'])}) : ${code(v)}`),
  provider('fr', (_g, p, v) => `${cap(p.fr)} de prod, au cas où : ${v}`),
  provider('fr', (g, p, v) => `Voilà ${p.fr} : ${v}${end(g)}`),
  provider('fr', (_g, p, v) => `Pour essayer en local, prends ${p.fr} ${v}`),
  provider('en', (_g, p, v) => `Here's the ${p.en} for the bot: ${v}`),
  provider('en', (_g, p, v) => `${cap(p.en)} (prod) → ${v}`),
  provider('en', (_g, p, v) => `I generated a new ${p.en}: ${code(v)}`),
  provider('en', (g, p, v) => `The ${p.en} is ${v}${end(g)}`),
  provider('en', (_g, p, v) => `use this ${p.en} for now: ${v}`),
  t(undefined, (g, lang) => {
    const p = g.pick(PROVIDERS);
    const v = p.make(g);
    return B(lines(envIntro(g, lang), shFence(g, `export ${p.env}=${g.chance(0.3) ? `"${v}"` : v}`)), v);
  }),
  t(undefined, (g, lang) => {
    const p = g.pick(PROVIDERS);
    const v = p.make(g);
    return B(
      lines(
        say(g, lang, ['Dans `.github/workflows/release.yml` (oui, en dur) :', 'Job CI :'], ['In `.github/workflows/release.yml` (yes, hardcoded):', 'CI job:']),
        fence('yaml', lines('env:', `  ${p.env}: ${v}`)),
      ),
      v,
    );
  }),
  t(undefined, (g, lang) => {
    const p = g.pick(PROVIDERS.filter((x) => x.code));
    const v = p.make(g);
    return B(lines(say(g, lang, ['Le client est initialisé comme ça :', 'Dans le script :'], ['The client is set up like this:', 'In the script:']), fence('', p.code!(v))), v);
  }),
  t(undefined, (g, lang) => {
    const id = awsKeyId(g);
    const sec = awsSecret(g);
    return S(
      say(
        g,
        lang,
        [`Clés AWS du compte de recette : ${id} / ${sec}`, `AWS : access key ${id}, secret ${sec}`],
        [`AWS keys for the sandbox account: access key ${id}, secret ${sec}`, `AWS creds → ${id} / ${sec}`],
      ),
      id,
      sec,
    );
  }),
  t(undefined, (g, lang) => {
    const id = awsKeyId(g);
    const sec = awsSecret(g);
    return B(lines(envIntro(g, lang), fence('', lines(`AWS_ACCESS_KEY_ID=${id}`, `AWS_SECRET_ACCESS_KEY=${sec}`, 'AWS_DEFAULT_REGION=eu-west-3'))), id, sec);
  }),
  t(undefined, (g, lang) => {
    const sid = twilioAccount(g);
    const tok = hex(g, 32);
    return S(say(g, lang, [`Twilio : SID ${sid}, auth token ${tok}`], [`Twilio: account SID ${sid}, auth token ${tok}`]), tok);
  }),
];

// ---------------------------------------------------------------------------
// Family 12 — HTTP headers and auth files.
// ---------------------------------------------------------------------------

const API_HOSTS = ['api.partenaire.lan', 'api.interne.lan', 'backoffice.corp.lan', 'gateway.equipe.lan'];

const httpExample = (make: (g: Gen, lang: Lang) => { body: string; secret: string; info?: string }): Template =>
  t(undefined, (g, lang) => {
    const { body, secret, info } = make(g, lang);
    return B(
      lines(
        say(g, lang, ['Pour appeler l’API :', 'Requête qui marche :', 'Exemple d’appel :', 'Rejouer avec :'], ['To call the API:', 'Working request:', 'Sample call:', 'Replay with:']),
        info === undefined ? shFence(g, body) : fence(info, body),
      ),
      secret,
    );
  });

const HEADERS: Template[] = [
  httpExample((g) => {
    const tok = g.pick([jwt(g), apiKey(g, 40)]);
    return { body: `curl -H "Authorization: Bearer ${tok}" https://${g.pick(API_HOSTS)}/v1/${g.pick(['orders', 'invoices?status=open', 'users/me'])}`, secret: tok };
  }),
  httpExample((g, lang) => {
    const basic = base64(`${g.pick(USERS)}:${password(g, lang)}`);
    return { body: lines(`GET /api/v2/exports HTTP/1.1`, `Host: ${g.pick(API_HOSTS)}`, `Authorization: Basic ${basic}`, 'Accept: application/json'), secret: basic, info: 'http' };
  }),
  httpExample((g) => {
    const key = apiKey(g, 32);
    return { body: `curl -s -H '${g.pick(['X-API-Key', 'x-api-key', 'X-Api-Key'])}: ${key}' https://${g.pick(API_HOSTS)}/v2/stock`, secret: key };
  }),
  httpExample((g) => {
    const tok = glpat(g);
    return { body: `curl --header "PRIVATE-TOKEN: ${tok}" "https://${g.pick(GIT_HOSTS)}/api/v4/projects?membership=true"`, secret: tok };
  }),
  httpExample((g) => {
    const tok = ghToken(g);
    return { body: `curl -H "Authorization: token ${tok}" https://api.github.com/repos/${g.pick(REPOS)}/actions/runs`, secret: tok };
  }),
  httpExample((g) => {
    const key = anthropicKey(g);
    return {
      body: lines('curl https://api.anthropic.com/v1/messages \\', `  -H "x-api-key: ${key}" \\`, '  -H "anthropic-version: 2023-06-01" \\', '  -H "content-type: application/json" -d @req.json'),
      secret: key,
    };
  }),
  httpExample((g) => {
    const key = hex(g, 32);
    return { body: `curl -X GET "https://api.datadoghq.eu/api/v1/validate" -H "DD-API-KEY: ${key}"`, secret: key };
  }),
  httpExample((g) => {
    const tok = g.pick([jwt(g), apiKey(g, 32)]);
    return { body: `http GET https://${g.pick(API_HOSTS)}/me "Authorization:Bearer ${tok}"`, secret: tok };
  }),
  httpExample((g) => {
    const tok = apiKey(g, 40);
    return { body: lines(`const res = await fetch('https://${g.pick(API_HOSTS)}/v1/sync', {`, `  headers: { Authorization: 'Bearer ${tok}' },`, '});'), secret: tok, info: 'js' };
  }),
  t(undefined, (g, lang) => {
    const tok = g.pick([jwt(g), apiKey(g, 36)]);
    return S(
      `${say(g, lang, ['Dans Postman, header', 'Header à ajouter :', 'Le header qui passe :'], ['In Postman, header', 'Header to add:', 'The header that works:'])} ${code(`Authorization: Bearer ${tok}`)}`,
      tok,
    );
  }),
  httpExample((g) => {
    const session = hex(g, 64);
    return { body: `curl -b "session=${session}" https://${g.pick(['backoffice', 'admin'])}.${g.pick(INTERNAL_DOMAINS)}/exports/latest.csv -o export.csv`, secret: session };
  }),
  t(undefined, (g, lang) => {
    const basic = base64(`${g.pick(USERS)}:${password(g, lang)}`);
    return S(`${say(g, lang, ["Le header c'est", 'Le proxy attend'], ['The header is', 'The proxy expects'])} ${code(`Authorization: Basic ${basic}`)}`, basic);
  }),
  httpExample((g) => {
    const key = stripeKey(g);
    return { body: `curl https://api.stripe.com/v1/charges -H "Authorization: Bearer ${key}" -d limit=3`, secret: key };
  }),
  httpExample((g) => {
    const key = apiKey(g, 32);
    return { body: `r = requests.get(url, headers={"X-Api-Key": "${key}"}, timeout=10)`, secret: key, info: 'python' };
  }),
];

const authFileIntro = (g: Gen, lang: Lang, fr: string[], en: string[]): string => say(g, lang, fr, en);

const AUTH_FILES: Template[] = [
  t(undefined, (g, lang) => {
    const which = g.int(0, 2);
    const tok = which === 0 ? npmToken(g) : which === 1 ? ghToken(g) : glpat(g);
    const body = which === 0
      ? lines('registry=https://registry.npmjs.org/', `//registry.npmjs.org/:_authToken=${tok}`)
      : which === 1
        ? lines('@equipe:registry=https://npm.pkg.github.com', `//npm.pkg.github.com/:_authToken=${tok}`)
        : lines(`@equipe:registry=https://${g.pick(GIT_HOSTS)}/api/v4/projects/42/packages/npm/`, `//${g.pick(GIT_HOSTS)}/api/v4/projects/42/packages/npm/:_authToken=${tok}`);
    return B(lines(authFileIntro(g, lang, ['Mon `.npmrc` :', 'Le `.npmrc` du projet :'], ['My `.npmrc`:', "The project's `.npmrc`:"]), fence('ini', body)), tok);
  }),
  t(undefined, (g, lang) => {
    const multi = g.chance(0.5);
    const secret = multi ? password(g, lang) : uuid(g);
    const body = multi
      ? lines(`machine ${g.pick(GIT_HOSTS)}`, `  login ${g.pick(USERS)}`, `  password ${secret}`)
      : `machine api.heroku.com login ${g.pick(USERS)}@${g.pick(INTERNAL_DOMAINS)} password ${secret}`;
    return B(lines(authFileIntro(g, lang, ['Le `~/.netrc` :', 'Dans `.netrc` :'], ['The `~/.netrc`:', 'In `.netrc`:']), fence('', body)), secret);
  }),
  t(undefined, (g, lang) => {
    const registry = g.pick(REGISTRIES);
    const auth = base64(`${g.pick(USERS)}:${g.chance(0.5) ? password(g, lang) : dockerPat(g)}`);
    return B(
      lines(
        authFileIntro(g, lang, ['`~/.docker/config.json` du runner :', 'Config Docker du serveur :'], ["The runner's `~/.docker/config.json`:", 'Docker config on the server:']),
        fence('json', JSON.stringify({ auths: { [registry]: { auth } } }, null, 2)),
      ),
      auth,
    );
  }),
  t(undefined, (g, lang) => {
    const tok = pypiToken(g);
    return B(
      lines(authFileIntro(g, lang, ['Le `~/.pypirc` :', 'Pour publier :'], ['The `~/.pypirc`:', 'To publish:']), fence('ini', lines('[pypi]', 'username = __token__', `password = ${tok}`))),
      tok,
    );
  }),
  t(undefined, (g, lang) => {
    const tok = ghToken(g);
    return S(
      `${authFileIntro(g, lang, ['Ligne du `.git-credentials` :', 'Dans `~/.git-credentials` :'], ['Line in `.git-credentials`:', 'In `~/.git-credentials`:'])} ${code(`https://${g.pick(USERS)}:${tok}@github.com`)}`,
      tok,
    );
  }),
  t(undefined, (g, lang) => {
    const pw = password(g, lang);
    return B(
      lines(
        authFileIntro(g, lang, ['Le `settings.xml` Maven :', 'Serveur Nexus dans `~/.m2/settings.xml` :'], ['Maven `settings.xml`:', 'Nexus server in `~/.m2/settings.xml`:']),
        fence('xml', lines('<server>', '  <id>nexus-interne</id>', `  <username>${g.pick(USERS)}</username>`, `  <password>${pw}</password>`, '</server>')),
      ),
      pw,
    );
  }),
  t(undefined, (g, lang) => {
    const tok = ghToken(g);
    return B(
      lines(
        authFileIntro(g, lang, ['Le `.yarnrc.yml` :', 'Config Yarn :'], ['The `.yarnrc.yml`:', 'Yarn config:']),
        fence('yaml', lines('npmRegistries:', '  "https://npm.pkg.github.com":', `    npmAuthToken: ${tok}`)),
      ),
      tok,
    );
  }),
  t(undefined, (g, lang) => {
    const tok = ghToken(g, 'gho');
    return B(
      lines(
        authFileIntro(g, lang, ['Le `auth.json` de Composer :', 'Auth Composer :'], ["Composer's `auth.json`:", 'Composer auth:']),
        fence('json', JSON.stringify({ 'github-oauth': { 'github.com': tok } }, null, 2)),
      ),
      tok,
    );
  }),
  t(undefined, (g, lang) => {
    const pw = password(g, lang);
    return B(
      lines(
        authFileIntro(g, lang, ['Le `pip.conf` :', 'Index interne :'], ['The `pip.conf`:', 'Internal index:']),
        fence('ini', lines('[global]', `index-url = https://${g.pick(USERS)}:${pw}@nexus.${g.pick(INTERNAL_DOMAINS)}/repository/pypi/simple`)),
      ),
      pw,
    );
  }),
  t(undefined, (g, lang) => {
    const pw = password(g, lang);
    return B(
      lines(
        authFileIntro(g, lang, ['Contenu du `~/.pgpass` :', 'Le `.pgpass` du bastion :'], ['Contents of `~/.pgpass`:', "The bastion's `.pgpass`:"]),
        fence('', `${g.pick(DB_HOSTS)}:5432:${g.pick(DBS)}:${g.pick(USERS)}:${pw}`),
      ),
      pw,
    );
  }),
];

// ---------------------------------------------------------------------------
// Family 13 — configuration files, and secrets used as JSON/YAML keys.
// ---------------------------------------------------------------------------

const configIntro = (g: Gen, lang: Lang, fr: string[], en: string[]): string => say(g, lang, fr, en);

const CONFIGS: Template[] = [
  withPwAny((g, pw, lang) =>
    lines(configIntro(g, lang, ['Le `docker-compose.yml` de dev :', 'Compose local :'], ['Dev `docker-compose.yml`:', 'Local compose:']),
      fence('yaml', lines('services:', '  postgres:', '    image: postgres:16', '    environment:', `      POSTGRES_USER: ${g.pick(USERS)}`, `      POSTGRES_PASSWORD: ${pw}`))),
  ),
  withPwAny((g, pw, lang) =>
    lines(configIntro(g, lang, ['`config.toml` :', 'La conf du service :'], ['`config.toml`:', 'Service config:']),
      fence('toml', lines('[database]', `host = "${g.pick(DB_HOSTS)}"`, `user = "${g.pick(USERS)}"`, `password = "${pw}"`))),
  ),
  withPwAny((g, pw, lang) =>
    lines(configIntro(g, lang, ['`appsettings.Development.json` :', 'Chaîne de connexion SQL Server :'], ['`appsettings.Development.json`:', 'SQL Server connection string:']),
      fence('json', JSON.stringify({ ConnectionStrings: { Default: `Server=${g.pick(DB_HOSTS)};Database=${g.pick(DBS)};User Id=sa;Password=${pw};TrustServerCertificate=True` } }, null, 2))),
  ),
  withPwAny((g, pw, lang) =>
    lines(configIntro(g, lang, ['`application-recette.yml` :', 'Datasource Spring :'], ['`application-staging.yml`:', 'Spring datasource:']),
      fence('yaml', lines('spring:', '  datasource:', `    url: jdbc:postgresql://${g.pick(DB_HOSTS)}:5432/${g.pick(DBS)}`, `    username: ${g.pick(USERS)}`, `    password: ${pw}`))),
  ),
  t(undefined, (g, lang) => {
    const sk = stripeKey(g);
    const oa = openaiKey(g);
    return B(lines(envIntro(g, lang), fence('', lines('NODE_ENV=production', `STRIPE_SECRET_KEY=${sk}`, `OPENAI_API_KEY=${oa}`, 'LOG_LEVEL=warn'))), sk, oa);
  }),
  withPwAny((g, pw, lang) =>
    lines(configIntro(g, lang, ['Le manifeste appliqué :', 'Secret k8s :'], ['Manifest I applied:', 'k8s Secret:']),
      fence('yaml', lines('apiVersion: v1', 'kind: Secret', 'metadata:', `  name: ${g.pick(['app-db', 'smtp', 'redis-auth'])}`, 'type: Opaque', 'stringData:', `  DB_PASSWORD: ${pw}`))),
  ),
  t(undefined, (g, lang) => {
    const enc = base64(password(g, lang));
    return B(lines(configIntro(g, lang, ['Le Secret (base64, pas chiffré !) :', 'Secret k8s tel quel :'], ['The Secret (base64, not encrypted!):', 'k8s Secret as is:']),
      fence('yaml', lines('apiVersion: v1', 'kind: Secret', 'metadata:', '  name: app-db', 'data:', `  username: ${base64(g.pick(USERS))}`, `  password: ${enc}`))), enc);
  }),
  withPwAny((g, pw, lang) =>
    lines(configIntro(g, lang, ['`terraform.tfvars` (pas commité, j’espère) :', 'Variables Terraform :'], ['`terraform.tfvars` (not committed, hopefully):', 'Terraform vars:']),
      fence('hcl', lines('region      = "eu-west-3"', `db_username = "${g.pick(USERS)}"`, `db_password = "${pw}"`))),
  ),
  withPwAny((g, pw, lang) =>
    lines(configIntro(g, lang, ['`wp-config.php` du site :', 'Config WordPress :'], ['The site `wp-config.php`:', 'WordPress config:']),
      fence('php', lines(`define( 'DB_NAME', '${g.pick(DBS)}' );`, `define( 'DB_USER', '${g.pick(USERS)}' );`, `define( 'DB_PASSWORD', '${pw}' );`))),
  ),
  t(undefined, (g, lang) => {
    const key = djangoKey(g);
    return B(
      lines(
        configIntro(g, lang, ['`settings/prod.py` :', 'Réglages Django de prod :'], ['`settings/prod.py`:', 'Django prod settings:']),
        fence('python', lines('DEBUG = False', `SECRET_KEY = '${key}'`)),
      ),
      key,
    );
  }),
  withPwAny((g, pw, lang) =>
    `${configIntro(g, lang, ['URL JDBC du batch :', 'Le batch utilise'], ['Batch JDBC URL:', 'The batch uses'])} ${code(`jdbc:postgresql://${g.pick(DB_HOSTS)}:5432/${g.pick(DBS)}?user=${g.pick(USERS)}&password=${pw}`)}`,
  ),
  t(undefined, (g, lang) => {
    const a = password(g, lang);
    const b = password(g, lang);
    return B(lines(configIntro(g, lang, ['`values-recette.yaml` du chart :', 'Valeurs Helm :'], ['Chart `values-staging.yaml`:', 'Helm values:']),
      fence('yaml', lines('postgresql:', '  auth:', `    postgresPassword: ${a}`, `    username: ${g.pick(USERS)}`, `    password: ${b}`))), a, b);
  }),
  withPwAny((g, pw, lang) =>
    lines(configIntro(g, lang, ['Inventaire Ansible :', 'Dans `host_vars/bastion.yml` :'], ['Ansible inventory:', 'In `host_vars/bastion.yml`:']),
      fence('yaml', lines(`ansible_user: ${g.pick(USERS)}`, `ansible_become_pass: ${pw}`))),
  ),
  t(undefined, (g, lang) => {
    const key = hex(g, 64);
    return B(lines(envIntro(g, lang), fence('', lines(`JWT_SECRET=${key}`, 'JWT_TTL=3600'))), key);
  }),
];

const SECRET_AS_KEY: Template[] = [
  t(undefined, (g, lang) => {
    const a = ghToken(g);
    const b = ghToken(g);
    return B(
      lines(
        say(g, lang, ['La table des tokens autorisés du webhook :', '`tokens.json` :'], ['The webhook allow-list of tokens:', '`tokens.json`:']),
        fence('json', JSON.stringify({ tokens: { [a]: 'ci', [b]: 'renovate' } }, null, 2)),
      ),
      a,
      b,
    );
  }),
  t(undefined, (g, lang) => {
    const k = g.pick([stripeKey(g), apiKey(g, 32)]);
    return B(
      lines(
        say(g, lang, ['Clients autorisés :', 'Le mapping clé → client :'], ['Allowed clients:', 'Key → client mapping:']),
        fence('json', JSON.stringify({ allowedKeys: { [k]: { client: 'mobile', rateLimit: 100 } } }, null, 2)),
      ),
      k,
    );
  }),
  t(undefined, (g, lang) => {
    const keys = several(g, () => apiKey(g, 32), 2);
    return B(
      lines(
        say(g, lang, ['Clés des partenaires :', 'Dans `partners.yml` :'], ['Partner keys:', 'In `partners.yml`:']),
        fence('yaml', lines('api_keys:', `  ${keys[0]!}: partenaire-a`, `  ${keys[1]!}: partenaire-b`)),
      ),
      ...keys,
    );
  }),
  t(undefined, (g, lang) => {
    const pw = password(g, lang);
    const user = g.pick(USERS);
    return B(
      lines(say(g, lang, ['Les comptes du proxy :', 'Fichier d’utilisateurs :'], ['Proxy accounts:', 'Users file:']), fence('json', JSON.stringify({ [`${user}:${pw}`]: { role: 'admin' } }, null, 2))),
      pw,
    );
  }),
];

// ---------------------------------------------------------------------------
// Family 15 — Basic credentials and session cookies away from an HTTP request:
// proxy configuration, HAR exports, a browser's copied headers, cookie jars.
// ---------------------------------------------------------------------------

const basicOf = (g: Gen, lang: Lang): string => base64(`${g.pick([...USERS, `${g.pick(USERS)}@${g.pick(INTERNAL_DOMAINS)}`])}:${password(g, lang)}`);
const harIntro = (g: Gen, lang: Lang): string =>
  say(g, lang, ['Extrait du HAR exporté depuis Chrome :', 'Le HAR de la requête qui échoue :', 'Dans le fichier `.har` :'], ['From the HAR exported in Chrome:', 'The HAR of the failing request:', 'In the `.har` file:']);
/** Session cookies as frameworks name them, with the shape of their values. */
const sessionCookie = (g: Gen): [string, string] =>
  g.pick<() => [string, string]>([
    () => ['sessionid', g.str(LOWER + DIGITS, 32)],
    () => ['JSESSIONID', g.str(DIGITS + 'ABCDEF', 32)],
    () => ['PHPSESSID', g.str(LOWER + DIGITS, 26)],
    () => ['connect.sid', `s%3A${g.str(B64URL, 32)}.${g.str(ALNUM, 43)}`],
    () => ['_gitlab_session', hex(g, 32)],
    () => ['laravel_session', `${g.str(ALNUM, 40)}%3D`],
    () => ['_session_id', hex(g, 32)],
    () => ['ASP.NET_SessionId', g.str(LOWER + DIGITS, 24)],
    () => ['__Secure-next-auth.session-token', g.str(B64URL, 60)],
    () => ['grafana_session', hex(g, 32)],
  ])();
const analyticsCookies = (g: Gen): string => `_ga=GA1.1.${g.digits(9)}.${g.digits(10)}; _gid=GA1.2.${g.digits(9)}.${g.digits(10)}`;

const OUT_OF_HTTP: Template[] = [
  t(undefined, (g, lang) => {
    const b = basicOf(g, lang);
    return B(lines(say(g, lang, ['Conf nginx du reverse proxy :', 'Le bloc nginx :'], ['The reverse proxy nginx config:', 'nginx block:']), fence('nginx', lines('location /nexus/ {', `    proxy_pass http://nexus.${g.pick(INTERNAL_DOMAINS)}:8081/;`, `    proxy_set_header Authorization "Basic ${b}";`, '}'))), b);
  }),
  t(undefined, (g, lang) => {
    const b = basicOf(g, lang);
    return B(lines(say(g, lang, ['Pour passer le proxy d’entreprise, dans `~/.curlrc` :', 'Le proxy exige :'], ['To get through the corporate proxy, in `~/.curlrc`:', 'The proxy wants:']), fence('', lines(`proxy = "http://proxy.${g.pick(INTERNAL_DOMAINS)}:3128"`, `proxy-header = "Proxy-Authorization: Basic ${b}"`))), b);
  }),
  t(undefined, (g, lang) => {
    const b = basicOf(g, lang);
    return S(`${say(g, lang, ['Le header envoyé au proxy', 'L’en-tête attendu par Squid'], ['The header sent to the proxy', 'The header Squid expects'])} : ${code(`Proxy-Authorization: Basic ${b}`)}`, b);
  }),
  t(undefined, (g, lang) => {
    const b = basicOf(g, lang);
    return B(lines(harIntro(g, lang), fence('json', lines('"headers": [', '  { "name": "Accept", "value": "application/json" },', `  { "name": "Authorization", "value": "Basic ${b}" }`, ']'))), b);
  }),
  t(undefined, (g, lang) => {
    const tok = g.pick([jwt(g), apiKey(g, 40)]);
    return B(lines(harIntro(g, lang), fence('json', lines('"request": {', `  "url": "https://${g.pick(API_HOSTS)}/v1/me",`, '  "headers": [', '    {', '      "name": "authorization",', `      "value": "Bearer ${tok}"`, '    }', '  ]', '}'))), tok);
  }),
  t(undefined, (g, lang) => {
    const key = apiKey(g, 32);
    return B(lines(say(g, lang, ['La collection Postman partagée :', 'Export Postman :'], ['The shared Postman collection:', 'Postman export:']), fence('json', JSON.stringify({ header: [{ key: 'X-Api-Key', value: key, type: 'text' }] }, null, 2))), key);
  }),
  t(undefined, (g, lang) => {
    const [name, value] = sessionCookie(g);
    return B(lines(say(g, lang, ['Copié depuis l’onglet Réseau :', 'Les en-têtes de la requête (DevTools) :'], ['Copied from the Network tab:', 'Request headers (DevTools):']), fence('', lines(`GET /admin/exports HTTP/1.1`, `Host: ${g.pick(API_HOSTS)}`, `Cookie: ${analyticsCookies(g)}; ${name}=${value}; lang=fr`))), value);
  }),
  t(undefined, (g, lang) => {
    const [name, value] = sessionCookie(g);
    return B(lines(say(g, lang, ['Réponse du login :', 'Sortie de `curl -i` :'], ['Login response:', '`curl -i` output:']), fence('', lines('HTTP/2 302', `location: /dashboard`, `set-cookie: ${name}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax`))), value);
  }),
  t(undefined, (g, lang) => {
    const [name, value] = sessionCookie(g);
    return B(lines(harIntro(g, lang), fence('json', JSON.stringify({ cookies: [{ name, value, path: '/', httpOnly: true }] }, null, 1))), value);
  }),
  t(undefined, (g, lang) => {
    const [name, value] = sessionCookie(g);
    return S(`${say(g, lang, ['Pour rejouer la session', 'Pour reproduire'], ['To replay the session', 'To reproduce'])} : ${code(`curl -H 'cookie: ${name}=${value}' https://${g.pick(API_HOSTS)}/api/me`)}`, value);
  }),
  t(undefined, (g, lang) => {
    const [name, value] = sessionCookie(g);
    return B(lines(say(g, lang, ['Le `cookies.txt` de curl :', 'Jar curl (`-c`) :'], ['curl’s `cookies.txt`:', 'curl jar (`-c`):']), fence('', lines('# Netscape HTTP Cookie File', `#HttpOnly_${g.pick(API_HOSTS)}\tFALSE\t/\tTRUE\t0\t${name}\t${value}`))), value);
  }),
  t(undefined, (g, lang) => {
    const [name, value] = sessionCookie(g);
    return B(lines(say(g, lang, ['Script de test (Python) :', 'Le script qui rejoue :'], ['Test script (Python):', 'The replay script:']), fence('python', lines('import requests', `r = requests.get("https://${g.pick(API_HOSTS)}/api/orders", cookies={"${name}": "${value}"})`))), value);
  }),
];

// ---------------------------------------------------------------------------
// Family 16 — passwords set in SQL, build properties, PowerShell.
// ---------------------------------------------------------------------------

const sqlIntro = (g: Gen, lang: Lang): string =>
  say(g, lang, ['Création du compte applicatif :', 'Ce que j’ai lancé dans psql :', 'La migration qui crée le rôle :', 'Côté base :'], ['Creating the app account:', 'What I ran in psql:', 'The migration creating the role:', 'Database side:']);

const STATEMENTS: Template[] = [
  withPwAny((g, pw, lang) => lines(sqlIntro(g, lang), fence('sql', `CREATE USER ${g.pick(['app_ro', 'etl', 'reporting'])} IDENTIFIED BY "${pw}";`))),
  withPwAny((g, pw, lang) => lines(sqlIntro(g, lang), fence('sql', lines(`create user '${g.pick(USERS)}'@'%' identified by '${pw}';`, `grant select on ${g.pick(DBS)}.* to '${g.pick(USERS)}'@'%';`)))),
  withPwAny((g, pw, lang) => lines(sqlIntro(g, lang), fence('sql', `ALTER USER ${g.pick(USERS)} WITH PASSWORD '${pw}';`))),
  withPwAny((g, pw, lang) => lines(sqlIntro(g, lang), fence('sql', lines(`CREATE ROLE ${g.pick(['deploy', 'metabase', 'grafana'])} WITH LOGIN`, `  PASSWORD '${pw}'`, "  VALID UNTIL 'infinity';")))),
  withPwAny((g, pw, lang) => `${say(g, lang, ['Rotation faite avec', 'Mot de passe changé par'], ['Rotated with', 'Password changed with'])} ${code(`ALTER ROLE ${g.pick(USERS)} PASSWORD '${pw}';`)}`),
  withPwAny((g, pw, lang) => lines(sqlIntro(g, lang), fence('sql', lines(`CREATE LOGIN ${g.pick(USERS).replace(/\W/g, '_')} WITH PASSWORD = N'${pw}', CHECK_POLICY = OFF;`, 'GO')))),
  withPwAny((g, pw, lang) => lines(sqlIntro(g, lang), fence('sql', `SET PASSWORD FOR '${g.pick(USERS)}'@'localhost' = PASSWORD('${pw}');`))),
  withPwAny((g, pw, lang) => lines(say(g, lang, ['ACL Redis ajoutée :', 'Utilisateur Redis :'], ['Redis ACL added:', 'Redis user:']), shFence(g, `redis-cli ACL SETUSER ${g.pick(['reporting', 'worker', 'cache-ro'])} on >${pw} '~cache:*' +get +set`))),
];

const buildIntro = (g: Gen, lang: Lang): string =>
  say(g, lang, ['La commande de release :', 'Pour lancer en local :', 'Le job CI fait :', 'Déploiement manuel :'], ['The release command:', 'To run locally:', 'The CI job runs:', 'Manual deploy:']);

const BUILD_PROPERTIES: Template[] = [
  withPwAny((g, pw, lang) => lines(buildIntro(g, lang), shFence(g, `java -Dspring.profiles.active=${g.pick(ENVS_EN)} -Dspring.datasource.password=${pw} -jar target/app.jar`))),
  withPwAny((g, pw, lang) => lines(buildIntro(g, lang), shFence(g, `mvn -B deploy -DskipTests -Dnexus.password=${shellQuote(g, pw)}`))),
  withPwAny((g, pw, lang) => lines(buildIntro(g, lang), shFence(g, `./gradlew publish -PmavenUser=${g.pick(USERS)} -PmavenPassword=${shellQuote(g, pw)}`))),
  t(undefined, (g, lang) => {
    const tok = apiKey(g, 32);
    return B(lines(buildIntro(g, lang), shFence(g, `./gradlew publishPlugins -Pgradle.publish.key=${g.str(ALNUM, 32)} -Pgradle.publish.secret=${tok}`)), tok);
  }),
  withPwAny((g, pw, lang) => lines(say(g, lang, ['Dans le `setenv.sh` de Tomcat :', 'Variables du conteneur :'], ['In Tomcat’s `setenv.sh`:', 'Container variables:']), fence('sh', `export JAVA_OPTS="-Xmx1g -Djavax.net.ssl.keyStorePassword=${pw} -Djavax.net.ssl.keyStore=/etc/app/keystore.p12"`))),
  t(undefined, (g, lang) => {
    const tok = apiKey(g, 40);
    return B(lines(buildIntro(g, lang), shFence(g, `mvn sonar:sonar -Dsonar.host.url=https://sonar.${g.pick(INTERNAL_DOMAINS)} -Dsonar.token=${tok}`)), tok);
  }),
];

const psIntro = (g: Gen, lang: Lang): string =>
  say(g, lang, ['Le script PowerShell du poste de build :', 'Dans `deploy.ps1` :', 'Pour se connecter au serveur Windows :'], ['The build box PowerShell script:', 'In `deploy.ps1`:', 'To connect to the Windows server:']);

const POWERSHELL: Template[] = [
  withPwAny((g, pw, lang) => lines(psIntro(g, lang), fence('powershell', lines(`$secure = ConvertTo-SecureString '${pw}' -AsPlainText -Force`, `$cred = New-Object System.Management.Automation.PSCredential('CORP\\${g.pick(USERS)}', $secure)`)))),
  withPwAny((g, pw, lang) => lines(psIntro(g, lang), fence('powershell', `$cred = New-Object PSCredential ("${g.pick(USERS)}", (ConvertTo-SecureString "${pw}" -AsPlainText -Force))`))),
  withPwAny((g, pw, lang) => lines(psIntro(g, lang), fence('powershell', lines(`$pw = "${pw}" | ConvertTo-SecureString -AsPlainText -Force`, `Enter-PSSession -ComputerName srv-app01 -Credential (New-Object PSCredential('admin', $pw))`)))),
  t(undefined, (g, lang) => {
    const key = g.str(LOWER + DIGITS, 46);
    return B(lines(psIntro(g, lang), fence('powershell', `Publish-Module -Path .\\Outils -Repository PSGallery -NuGetApiKey ${key}`)), key);
  }),
  t(undefined, (g, lang) => {
    const secret = azureClientSecret(g);
    return B(lines(psIntro(g, lang), fence('powershell', `Connect-AzAccount -ServicePrincipal -Tenant $tenant -Credential ([pscredential]::new('${uuid(g)}', (ConvertTo-SecureString '${secret}' -AsPlainText -Force)))`)), secret);
  }),
  withPwAny((g, pw, lang) => lines(say(g, lang, ['Compte local créé sur le serveur :', 'Sur la VM Windows :'], ['Local account created on the server:', 'On the Windows VM:']), fence('bat', `net user ${g.pick(['svc_backup', 'deploy', 'sqlagent'])} ${pw} /add /y`))),
];

// ---------------------------------------------------------------------------
// Family 17 — curl -u with ids and tokens of every shape.
// ---------------------------------------------------------------------------

const CURL_USER: Template[] = [
  withPwAny((g, pw, lang) => lines(say(g, lang, ['Test de l’API Nexus :', 'Vérif rapide :'], ['Nexus API check:', 'Quick check:']), shFence(g, `curl -u ${g.pick(USERS)}:${pw} https://nexus.${g.pick(INTERNAL_DOMAINS)}/service/rest/v1/status`))),
  t(undefined, (g, lang) => {
    const tok = apiKey(g, 24);
    return B(lines(say(g, lang, ['Appel Jira avec le jeton :', 'API Jira :'], ['Jira call with the token:', 'Jira API:']), shFence(g, `curl -s -u ${g.pick(USERS)}@${g.pick(INTERNAL_DOMAINS)}:${tok} https://jira.${g.pick(INTERNAL_DOMAINS)}/rest/api/2/myself`)), tok);
  }),
  t(undefined, (g, lang) => {
    const key = stripeKey(g);
    return B(lines(say(g, lang, ['Remboursement à la main :', 'Pour vérifier la charge :'], ['Manual refund:', 'To check the charge:']), shFence(g, `curl https://api.stripe.com/v1/charges -u ${key}:`)), key);
  }),
  t(undefined, (g, lang) => {
    const tok = hex(g, 40);
    return B(lines(say(g, lang, ['Jenkins, relance du job :', 'Pour déclencher le build :'], ['Jenkins job rerun:', 'To trigger the build:']), shFence(g, `curl -X POST -u ${g.pick(USERS)}:${tok} "https://jenkins.${g.pick(INTERNAL_DOMAINS)}/job/${g.pick(DBS)}/build"`)), tok);
  }),
  t(undefined, (g, lang) => {
    const tok = uuid(g);
    return B(lines(say(g, lang, ['L’API du prestataire :', 'Appel partenaire :'], ['The vendor API:', 'Partner call:']), shFence(g, `curl -sSfu '${g.str(ALNUM, 20)}:${tok}' https://${g.pick(API_HOSTS)}/v2/status`)), tok);
  }),
  t(undefined, (g, lang) => {
    const tok = g.str(LETTERS, 32);
    return B(lines(say(g, lang, ['Export du tableau de bord :', 'Pour récupérer le dashboard :'], ['Dashboard export:', 'To fetch the dashboard:']), shFence(g, `curl https://grafana.${g.pick(INTERNAL_DOMAINS)}/api/dashboards/uid/${g.str(ALNUM, 9)} --user "api:${tok}"`)), tok);
  }),
  t(undefined, (g, lang) => {
    const tok = base64(g.bytes(24));
    return B(lines(say(g, lang, ['Via le proxy authentifié :', 'Passer par le proxy :'], ['Through the authenticated proxy:', 'Going through the proxy:']), shFence(g, `curl -x http://proxy.${g.pick(INTERNAL_DOMAINS)}:3128 -U ${g.pick(USERS)}:${tok} https://registry.npmjs.org/-/ping`)), tok);
  }),
  t(undefined, (g, lang) => {
    const tok = apiKey(g, 36);
    return B(lines(say(g, lang, ['Avec httpie :', 'En httpie :'], ['With httpie:', 'httpie version:']), shFence(g, `http -a ${g.pick(USERS)}:${tok} GET https://${g.pick(API_HOSTS)}/v1/exports`)), tok);
  }),
];

// ---------------------------------------------------------------------------
// Family 18 — a whole file in base64: .env, service-account JSON, kubeconfig.
// ---------------------------------------------------------------------------

const B64_FILES: Template[] = [
  t(undefined, (g, lang) => {
    const blob = base64(lines('NODE_ENV=production', `DATABASE_URL=postgres://${g.pick(USERS)}:${password(g, lang)}@${g.pick(DB_HOSTS)}:5432/${g.pick(DBS)}`, `STRIPE_SECRET_KEY=${stripeKey(g)}`, ''));
    return B(lines(say(g, lang, ['Le `.env` de prod est dans la variable CI `DOTENV_B64` :', 'Variable GitLab (le .env encodé) :'], ['The prod `.env` lives in the CI variable `DOTENV_B64`:', 'GitLab variable (the encoded .env):']), fence('', `DOTENV_B64=${blob}`)), blob);
  }),
  t(undefined, (g, lang) => {
    const key = privateKey(g, 'pkcs8');
    const blob = base64(JSON.stringify({ type: 'service_account', project_id: `${g.pick(DBS)}-${g.pick(ENVS_EN).toLowerCase()}`, private_key_id: hex(g, 40), private_key: `${pemLines(key).join('\n')}\n`, client_email: `ci@${g.pick(DBS)}.iam.gserviceaccount.com` }));
    return B(lines(say(g, lang, ['Secret GitHub `GCP_SA_KEY` (le JSON en base64) :', 'La clé du compte de service, encodée :'], ['GitHub secret `GCP_SA_KEY` (the JSON, base64):', 'The service-account key, encoded:']), fence('', blob)), blob);
  }),
  t(undefined, (g, lang) => {
    const blob = base64(lines(`API_TOKEN=${apiKey(g, 40)}`, `DB_PASSWORD=${password(g, lang)}`, ''));
    return B(lines(say(g, lang, ['Le Secret appliqué :', 'Manifeste du secret :'], ['The Secret I applied:', 'Secret manifest:']), fence('yaml', lines('apiVersion: v1', 'kind: Secret', 'metadata:', `  name: ${g.pick(DBS)}-env`, 'data:', `  .env: ${blob}`))), blob);
  }),
  t(undefined, (g, lang) => {
    const body = base64(lines(`DATABASE_PASSWORD=${password(g, lang)}`, `SECRET_KEY_BASE=${hex(g, 64)}`, `SMTP_PASSWORD=${password(g, lang)}`, 'RAILS_ENV=production', ''));
    const wrapped = wrap(body, 76);
    return B(lines(say(g, lang, ['Sortie de `base64 .env` :', 'Le fichier encodé (base64) :'], ['Output of `base64 .env`:', 'The encoded file (base64):']), fence('', wrapped.join('\n'))), ...wrapped.filter((line) => line.length >= 8));
  }),
  t(undefined, (g, lang) => {
    const key = privateKey(g, 'rsa');
    const blob = base64(`${pemLines(key).join('\n')}\n`);
    return B(lines(say(g, lang, ['Mon kubeconfig :', 'Le kubeconfig du cluster de recette :'], ['My kubeconfig:', 'The staging cluster kubeconfig:']), fence('yaml', lines('users:', '- name: ci', '  user:', `    client-key-data: ${blob}`))), blob);
  }),
];

// ---------------------------------------------------------------------------
// The corpus.
// ---------------------------------------------------------------------------

const FAMILIES: Family[] = [
  { name: 'phrase-mot-de-passe', count: 40, templates: PASSWORD_SENTENCES },
  { name: 'identifiants', count: 15, templates: CREDENTIAL_PAIRS },
  { name: 'passphrase-diceware', count: 16, templates: DICEWARE },
  { name: 'phrase-secrete', count: 10, templates: SPACED_PASSPHRASES },
  { name: 'nom-abrege', count: 26, templates: ABBREVIATED_NAMES },
  { name: 'tableau', count: 10, templates: TABLES },
  { name: 'json-cle', count: 10, templates: JSON_KEYS },
  { name: 'commande', count: 32, templates: COMMANDS },
  { name: 'url-userinfo', count: 24, templates: URLS },
  { name: 'pem', count: 20, templates: PEM },
  { name: 'ligne-suivante', count: 20, templates: NEXT_LINE },
  { name: 'ini-cloud', count: 14, templates: CLOUD_INI },
  { name: 'compte-service-gcp', count: 5, templates: GCP_SERVICE_ACCOUNT },
  { name: 'cle-fournisseur-hex', count: 20, templates: VENDOR_KEYS },
  { name: 'jeton-obfusque', count: 26, templates: OBFUSCATED },
  { name: 'jeton-fournisseur', count: 32, templates: PROVIDER_TOKENS },
  { name: 'en-tete-http', count: 14, templates: HEADERS },
  { name: 'fichier-auth', count: 10, templates: AUTH_FILES },
  { name: 'config', count: 14, templates: CONFIGS },
  { name: 'secret-en-cle-json', count: 5, templates: SECRET_AS_KEY },
  { name: 'hors-requete-http', count: 16, templates: OUT_OF_HTTP },
  { name: 'sql-build-powershell', count: 20, templates: [...STATEMENTS, ...BUILD_PROPERTIES, ...POWERSHELL] },
  { name: 'curl-u', count: 10, templates: CURL_USER },
  { name: 'fichier-base64', count: 8, templates: B64_FILES },
];

function buildCorpus(seed: number): { cases: LeakCase[]; langs: Lang[] } {
  const g = new Gen(seed);
  const cases: LeakCase[] = [];
  const langs: Lang[] = [];
  for (const family of FAMILIES) {
    const pools: Record<Lang, Template[]> = {
      fr: g.shuffle(family.templates.filter((x) => x.lang !== 'en')),
      en: g.shuffle(family.templates.filter((x) => x.lang !== 'fr')),
    };
    const used: Record<Lang, number> = { fr: 0, en: 0 };
    const frCount = Math.round(family.count * 0.6);
    const order = g.shuffle(Array.from({ length: family.count }, (_, i): Lang => (i < frCount ? 'fr' : 'en')));
    for (const lang of order) {
      const pool = pools[lang];
      const template = pool[used[lang]++ % pool.length]!;
      const snip = template.make(g, lang);
      cases.push({ family: family.name, text: frame(g, lang, snip), secrets: snip.secrets });
      langs.push(lang);
    }
  }
  return { cases, langs };
}

/** About 350 labelled leaking notes, the same ones for the same seed. */
export function leakCorpus(seed = 1): LeakCase[] {
  return buildCorpus(seed).cases;
}

// ---------------------------------------------------------------------------
// Self-check.
// ---------------------------------------------------------------------------

/** Problems in a corpus: missing or empty secrets, secrets absent from the text, notes too long. */
export function checkLeakCorpus(cases: readonly LeakCase[]): string[] {
  const problems: string[] = [];
  cases.forEach((c, i) => {
    const where = `#${i} (${c.family})`;
    if (c.secrets.length === 0) problems.push(`${where}: no secret`);
    for (const s of c.secrets) {
      if (s.length < 8) problems.push(`${where}: secret shorter than 8 characters`);
      if (!c.text.includes(s)) problems.push(`${where}: secret not in text`);
    }
    const nonBlank = c.text.split('\n').filter((l) => l.trim() !== '').length;
    const longest = Math.max(0, ...c.secrets.map((s) => s.split('\n').length - 1));
    if (nonBlank < 2 || nonBlank - longest > 15) problems.push(`${where}: ${nonBlank} non-blank lines`);
  });
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { cases, langs } = buildCorpus(Number(process.argv[2] ?? 1));
  const perFamily = new Map<string, number>();
  for (const c of cases) perFamily.set(c.family, (perFamily.get(c.family) ?? 0) + 1);
  for (const [family, n] of perFamily) console.log(`${family.padEnd(22)} ${n}`);
  const fr = langs.filter((l) => l === 'fr').length;
  console.log(`total ${cases.length}, fr ${fr}, en ${cases.length - fr}`);
  const problems = checkLeakCorpus(cases);
  for (const p of problems) console.log(p);
  if (problems.length > 0) process.exitCode = 1;
}
