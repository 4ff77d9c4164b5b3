/**
 * Notes that leak a credential, one family of rule at a time, in French and in
 * English. Each case is made fresh when called: the credential is random.
 * Shared by rules.test.ts (is it found?) and masking.test.ts (is it hidden?).
 */
import { randomInt } from 'node:crypto';
import type { Fake, PemType } from './fake.js';
import * as fake from './fake.js';

export interface Leak {
  text: string;
  /** The credentials in `text`: none may show in the findings. */
  secrets: Fake[];
  /** 1-based line of the (first) secret, where the case pins it. */
  line?: number;
}

export type Case = [name: string, make: () => Leak];

const one = (text: string, secret: Fake, line?: number): Leak => (line === undefined ? { text, secrets: [secret] } : { text, secrets: [secret], line });

// ---------------------------------------------------------------- provider tokens

const PROVIDERS: Array<[string, () => Fake]> = [
  ['an AWS access key id (AKIA…)', fake.awsKeyId],
  ['a GitHub classic token (ghp_…)', fake.githubClassic],
  ['a GitHub fine-grained token (github_pat_…)', fake.githubFineGrained],
  ['a GitLab personal token (glpat-…)', fake.gitlab],
  ['a Slack bot token (xoxb-…)', fake.slackBot],
  ['a Slack webhook URL', fake.slackWebhook],
  ['a Stripe live key (sk_live_…)', fake.stripeLive],
  ['an OpenAI project key (sk-proj-…)', fake.openaiProject],
  ['an Anthropic key (sk-ant-api03-…)', fake.anthropic],
  ['a Google API key (AIza…)', fake.google],
  ['a JWT', fake.jwt],
  ['an npm token (npm_…)', fake.npm],
  ['a Hugging Face token (hf_…)', fake.huggingface],
  ['a SendGrid key (SG.x.y)', fake.sendgrid],
  ['a Telegram bot token (123456789:AA…)', fake.telegram],
  ['a Vault token (hvs.…)', fake.vault],
  ['a Groq key (gsk_…)', fake.groq],
  ['a Vercel token (vcp_…)', fake.vercel],
  ['a Figma token (figd_…)', fake.figma],
  ['a Cloudflare user token (cfut_…)', fake.cloudflare],
  ['a Tailscale key (tskey-auth-…)', fake.tailscale],
  ['a GitHub App installation token (ghs_<id>_…)', fake.githubInstallation],
];

export const providerCases: Case[] = PROVIDERS.flatMap(([name, make]): Case[] => [
  [
    `${name} in a French sentence`,
    () => {
      const t = make();
      return one(`# Passation\n\nPour la CI, j'ai utilisé ${t.value} en attendant la rotation.`, t, 3);
    },
  ],
  [
    `${name} in an English sentence`,
    () => {
      const t = make();
      return one(`# Handoff\n\nFor CI I used ${t.value} until the rotation.`, t, 3);
    },
  ],
  [
    `${name} alone on a line of a code block`,
    () => {
      const t = make();
      return one(`Sortie de la commande :\n\`\`\`\n${t.value}\n\`\`\``, t, 3);
    },
  ],
]);

// ---------------------------------------------------------------- private keys

const PEM_TYPES: PemType[] = ['RSA', 'EC', 'OPENSSH', 'PKCS8', 'ENCRYPTED', 'DSA', 'PGP'];

export const privateKeyCases: Case[] = [
  ...PEM_TYPES.flatMap((type): Case[] => [
    [
      `a multi-line ${type} private key under a French heading`,
      () => {
        const key = fake.privateKey(type);
        return { text: `## Accès au serveur de recette\n\nClé de déploiement :\n\`\`\`\n${key.value}\n\`\`\`\n`, secrets: [key], line: 5 };
      },
    ],
    [
      `a multi-line ${type} private key under an English heading`,
      () => {
        const key = fake.privateKey(type);
        return { text: `Deploy key for staging:\n${key.value}\n\nRotate it next week.`, secrets: [key], line: 2 };
      },
    ],
    [
      `a ${type} private key inside a JSON string with \\n escapes`,
      () => {
        const key = fake.privateKey(type);
        return { text: `Le fichier de config contient :\n${JSON.stringify({ path: 'deploy/id_key', content: `${key.value}\n` })}`, secrets: [key], line: 2 };
      },
    ],
  ]),
  [
    'a service-account JSON with its private_key, pretty-printed',
    () => {
      const key = fake.privateKey('PKCS8', 16);
      const document = {
        type: 'service_account',
        project_id: 'recette-42',
        private_key: `${key.value}\n`,
        client_email: 'ci@recette-42.iam.gserviceaccount.com',
      };
      return { text: JSON.stringify(document, null, 2), secrets: [key], line: 4 };
    },
  ],
  [
    'a legacy encrypted RSA key with Proc-Type and DEK-Info headers',
    () => {
      const key = fake.privateKey('RSA');
      const text = key.value.replace('-----\n', `-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,${fake.random(fake.HEX, 32).toUpperCase()}\n\n`);
      return { text: `The old key, still in use:\n${text}`, secrets: [key], line: 2 };
    },
  ],
];

// ---------------------------------------------------------------- credentials in URLs

const URLS: Array<[string, (password: string) => string]> = [
  ['postgres', (p) => `postgres://app_rw:${p}@db-recette.interne:5432/catalogue`],
  ['postgresql', (p) => `postgresql://app_rw:${p}@10.0.3.12/catalogue?sslmode=require`],
  ['mysql', (p) => `mysql://shop:${p}@mysql.interne:3306/shop`],
  ['redis', (p) => `redis://default:${p}@cache.interne:6379/0`],
  ['rediss (no user name)', (p) => `rediss://:${p}@cache.interne:6380`],
  ['mongodb+srv', (p) => `mongodb+srv://svc-api:${p}@cluster0.ab1cd.mongodb.net/app?retryWrites=true&w=majority`],
  ['amqp', (p) => `amqp://bus:${p}@rabbit.interne:5672/prod`],
  ['https', (p) => `https://deploy-bot:${p}@git.societe.fr/equipe/app.git`],
  ['ftp', (p) => `ftp://backup:${p}@ftp.societe.fr/dumps/`],
  ['smtp', (p) => `smtp://notifications%40societe.fr:${p}@smtp.societe.fr:587`],
];

export const urlCases: Case[] = URLS.flatMap(([scheme, url]): Case[] => [
  [
    `a ${scheme} URL with a password, in French`,
    () => {
      const p = fake.urlPassword();
      return one(`La base de recette se trouve ici : ${url(p.value)}`, p, 1);
    },
  ],
  [
    `a ${scheme} URL with a password, in English, as an env value`,
    () => {
      const p = fake.urlPassword();
      return one(`# staging\nCONNECTION=${url(p.value)}`, p, 2);
    },
  ],
]);

// ---------------------------------------------------------------- Redis, databases and CLI flags

const withPassword = (name: string, build: (password: string) => string, line?: number): Case => [
  name,
  () => {
    const p = fake.humanPassword();
    return one(build(p.value), p, line);
  },
];
const withOpaque = (name: string, build: (value: string) => string, line?: number): Case => [
  name,
  () => {
    const p = fake.opaque(24);
    return one(build(p.value), p, line);
  },
];

export const cliCases: Case[] = [
  withPassword('a redis.conf requirepass line, with a French comment', (p) => `# mot de passe du Redis partagé\nrequirepass ${p}\n`, 2),
  withPassword('a redis.conf masterauth line, with an English comment', (p) => `# replica auth\nmasterauth ${p}`, 2),
  withPassword('redis-cli -a in a French shell history', (p) => `Pour vérifier :\n$ redis-cli -h cache.interne -a ${p} PING\nPONG`, 2),
  withPassword('redis-cli -a with a quoted password in an English note', (p) => `Run: redis-cli -h cache.internal -p 6380 -a '${p}' --no-auth-warning INFO`, 1),
  withPassword('an AUTH user pass line typed in redis-cli', (p) => `127.0.0.1:6379> AUTH default ${p}\nOK`, 1),
  withPassword('an AUTH line at the start of a line of a French note', (p) => `Dans la console :\nAUTH partage ${p}`, 2),
  withPassword('mysql -pPASSWORD in a French note', (p) => `Connexion : mysql -h db.interne -u root -p${p} catalogue`, 1),
  withPassword('mysqldump --password= in an English note', (p) => `Backup with mysqldump -u backup --password=${p} shop > shop.sql`, 1),
  withPassword('a generic --password flag', (p) => `vault-cli login --user ops --password ${p}`, 1),
  withPassword('sshpass -p in a French note', (p) => `On se connecte avec sshpass -p '${p}' ssh deploy@recette.interne`, 1),
  withPassword('docker login -p in an English note', (p) => `docker login -u ci-bot -p ${p} registry.internal:5000`, 1),
  withPassword('openssl -passin pass:', (p) => `openssl rsa -in server.key -passin pass:${p} -out server.pem`, 1),
  withPassword('curl -u user:password in a French note', (p) => `Test de l'API : curl -u admin:${p} https://api.interne/v1/health`, 1),
  withPassword('curl --user "user:password" in an English note', (p) => `curl -sS --user "deploy:${p}" https://ci.internal/api/json`, 1),
  withPassword('a .pgpass line', (p) => `Contenu de ~/.pgpass :\ndb-recette.interne:5432:catalogue:app_rw:${p}`, 2),
  withPassword('a .pgpass line with wildcards', (p) => `*:*:*:postgres:${p}`, 1),
  withPassword('a .netrc line', (p) => `~/.netrc:\nmachine api.heroku.com login ops@societe.fr password ${p}`, 2),
];

// ---------------------------------------------------------------- assignments

export const assignmentCases: Case[] = [
  withPassword('a DB_PASSWORD= line of a .env file with a French comment', (p) => `# base de recette\nDB_HOST=db.interne\nDB_PASSWORD=${p}`, 3),
  withPassword('an exported shell variable in an English note', (p) => `export POSTGRES_PASSWORD=${p}`, 1),
  withOpaque('a YAML client_secret', (v) => `oauth:\n  client_id: catalogue-web\n  client_secret: ${v}\n`, 3),
  withPassword('a nested YAML password', (p) => `database:\n  user: app\n  password: "${p}"\n`, 3),
  withOpaque('a JSON "apiKey"', (v) => `{\n  "baseURL": "https://api.interne",\n  "apiKey": "${v}"\n}`, 3),
  withPassword('a TOML smtp_pass', (p) => `[mail]\nsmtp_user = "notif"\nsmtp_pass = "${p}"`, 3),
  withPassword('an INI MOT_DE_PASSE', (p) => `[recette]\nUTILISATEUR=admin\nMOT_DE_PASSE=${p}`, 3),
  withPassword('a French-named mdp key', (p) => `mdp_admin: ${p}`, 1),
  withOpaque('a camelCase accessToken in a JS object', (v) => `const client = new Client({ accessToken: '${v}' });`, 1),
  [
    'an AWS_SECRET_ACCESS_KEY line',
    () => {
      const k = fake.awsSecretKey();
      return one(`[default]\naws_secret_access_key = ${k.value}`, k, 2);
    },
  ],
  withOpaque('a GITHUB_TOKEN in a GitHub Actions env block', (v) => `env:\n  GITHUB_TOKEN: ${v}`, 2),
  [
    'a 32-hex DATADOG_API_KEY (hex keys look like hashes)',
    () => {
      const k = fake.hexKey(32);
      return one(`DATADOG_API_KEY=${k.value}`, k, 1);
    },
  ],
  [
    'a 32-hex auth_token in YAML',
    () => {
      const k = fake.hexKey(32);
      return one(`twilio:\n  account_sid: AC${fake.random(fake.HEX, 32)}\n  auth_token: ${k.value}`, k, 3);
    },
  ],
  [
    'a UUID-shaped HEROKU_API_KEY',
    () => {
      const k = fake.uuidKey();
      return one(`export HEROKU_API_KEY=${k.value}`, k, 1);
    },
  ],
  [
    'a 128-hex Rails secret_key_base',
    () => {
      const k = fake.hexKey(128);
      return one(`production:\n  secret_key_base: ${k.value}`, k, 2);
    },
  ],
  withPassword('a connection string with Password=', (p) => `Server=sql.interne;Database=app;User Id=app;Password=${p};`, 1),
];

// ---------------------------------------------------------------- HTTP headers

export const headerCases: Case[] = [
  withOpaque(
    'an Authorization Bearer header in a French curl example',
    (v) => `On appelle l'API avec : curl -H "Authorization: Bearer ${v}" https://api.interne/v1`,
    1,
  ),
  withOpaque('an Authorization Bearer header in raw HTTP', (v) => `GET /v1/items HTTP/1.1\nHost: api.internal\nAuthorization: Bearer ${v}`, 3),
  [
    'an Authorization Basic header of user:password',
    () => {
      const p = fake.humanPassword();
      const encoded = Buffer.from(`svc-catalogue:${p.value}`).toString('base64');
      return { text: `Requête envoyée :\nAuthorization: Basic ${encoded}`, secrets: [p, { value: encoded, secret: encoded }], line: 2 };
    },
  ],
  withOpaque('an Authorization Token header', (v) => `Authorization: Token ${v}`, 1),
  withOpaque('an X-Api-Key header in an English note', (v) => `Send the header X-Api-Key: ${v} with every call.`, 1),
  withOpaque('a GitLab PRIVATE-TOKEN header', (v) => `curl --header "PRIVATE-TOKEN: ${v}" https://gitlab.interne/api/v4/projects`, 1),
];

// ---------------------------------------------------------------- prose

export const proseCases: Case[] = [
  withPassword('« le mot de passe de la recette est … »', (p) => `Pour se connecter, le mot de passe de la recette est ${p} (à changer).`, 1),
  withPassword('« mdp : … »', (p) => `Compte admin\nmdp : ${p}`, 2),
  withPassword('« the password is … »', (p) => `Heads-up: the password is ${p} until Friday.`, 1),
  withOpaque('« le jeton est … »', (v) => `Le jeton est ${v}, il expire demain.`, 1),
  withOpaque('« the API key is … » in backticks', (v) => `The API key is \`${v}\` for the sandbox.`, 1),
  withPassword('« le mot de passe est « … » » in French quotes', (p) => `Le mot de passe est « ${p} ».`, 1),
  withPassword('« password was … » in past tense', (p) => `The old root password was ${p} before the reset.`, 1),
  withOpaque('« la clé d’API → … »', (v) => `Clé d’API → ${v}`, 1),
  [
    '« la clé d’API est <32 hex> »',
    () => {
      const k = fake.hexKey(32);
      return one(`La clé d’API Datadog est ${k.value}, à ne pas diffuser.`, k, 1);
    },
  ],
  withPassword('« les identifiants de recette : admin / … »', (p) => `Les identifiants de recette : admin / ${p}`, 1),
  withPassword('« credentials: admin / … » in English', (p) => `Staging credentials: admin / ${p}`, 1),
];

// ---------------------------------------------------------------- Markdown tables

export const tableCases: Case[] = [
  withPassword(
    'a Markdown row naming REDIS_PASSWORD with the value in the next cell',
    (p) => `| Variable | Valeur |\n| --- | --- |\n| REDIS_HOST | cache.interne |\n| REDIS_PASSWORD | ${p} |`,
    4,
  ),
  withPassword(
    'a Markdown row « Mot de passe recette » with the value in the next cell',
    (p) => `| Élément | Valeur |\n|---|---|\n| Mot de passe recette | ${p} |`,
    3,
  ),
  withOpaque('a Markdown row « API token » in English', (v) => `| Setting | Value |\n|---|---|\n| API token | \`${v}\` |`, 3),
  [
    'a Markdown row naming an API key with a 32-hex value',
    () => {
      const k = fake.hexKey(32);
      return one(`| Nom | Valeur |\n|---|---|\n| DATADOG_API_KEY | ${k.value} |`, k, 3);
    },
  ],
  withPassword(
    'a Markdown table whose header row names the password column',
    (p) => `| Service | Login | Password |\n| --- | --- | --- |\n| Grafana | admin | ${p} |`,
    3,
  ),
];

// ---------------------------------------------------------------- passwords with symbols

const SYMBOLIC = '!@#%^&*()[]{}<>?/|~+=:;,.';
/** Reads like a function call (`k(…`, `K.W2(…`): drawn at random ~3% of the time, so given its own, steady case below. */
const CALL_SHAPED = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\(/;
function symbolHeavy(): Fake {
  for (;;) {
    const value =
      Array.from({ length: 14 }, (_, i) => (i % 3 === 1 ? SYMBOLIC[randomInt(SYMBOLIC.length)]! : fake.random(fake.ALNUM, 1))).join('') + fake.mixed(4);
    if (!CALL_SHAPED.test(value)) return { value, secret: value };
  }
}

export const symbolCases: Case[] = [
  [
    'a symbol-heavy password in double quotes in a .env file',
    () => {
      const p = symbolHeavy();
      return one(`DB_PASSWORD="${p.value}"`, p, 1);
    },
  ],
  [
    'a symbol-heavy password in single quotes in YAML',
    () => {
      const p = symbolHeavy();
      return one(`redis:\n  password: '${p.value}'`, p, 2);
    },
  ],
  [
    'a symbol-heavy password whose second character is an opening parenthesis',
    () => {
      const value = `${fake.random(fake.LOWER, 1)}(${fake.mixed(3)}~${fake.mixed(3)}>${fake.mixed(6)}`;
      return one(`DB_PASSWORD="${value}"`, { value, secret: value }, 1);
    },
  ],
  [
    'a password with a dollar sign in the middle',
    () => {
      const p = fake.mixed(6);
      const value = `${p}$${fake.mixed(8)}`;
      return one(`ADMIN_PASSWORD=${value}`, { value, secret: value }, 1);
    },
  ],
  [
    'a password that starts with a symbol',
    () => {
      const value = `!${fake.mixed(12)}`;
      return one(`password: ${value}`, { value, secret: value }, 1);
    },
  ],
  [
    'a diceware passphrase in quotes',
    () => {
      const words = ['marmotte', 'brioche', 'falaise', 'lanterne', 'glacier', 'velours', 'citron', 'boussole', 'tempete', 'hibou'];
      const value = Array.from({ length: 5 }, () => words[randomInt(words.length)]).join(' ');
      return one(`GPG_PASSPHRASE="${value}"`, { value, secret: value }, 1);
    },
  ],
];

// ---------------------------------------------------------------- natural forms (issue 13)

/** A password as people choose it: lower-case words and digits, no symbol. */
const plainPassword = (): Fake => {
  const value = `${fake.random(fake.LOWER, 6)}${randomInt(1990, 2030)}${fake.random(fake.LOWER, 5)}`;
  return { value, secret: value };
};
/** Diceware words joined by `-` or `.`. */
const diceware = (separator = '-'): Fake => {
  const value = Array.from({ length: 4 }, () => fake.random(fake.LOWER, 5 + randomInt(3))).join(separator);
  return { value, secret: value };
};
const withValue = (name: string, make: () => Fake, build: (value: string) => string, line?: number): Case => [
  name,
  () => {
    const p = make();
    return one(build(p.value), p, line);
  },
];
/** A token with an invisible character after its eighth character. */
const hidden = (token: Fake, mark: string): Fake => ({ value: `${token.value.slice(0, 8)}${mark}${token.value.slice(8)}`, secret: token.secret });

export const naturalCases: Case[] = [
  withValue('a lower-case password with digits in a French sentence', plainPassword, (p) => `Le mot de passe de la recette est ${p}`, 1),
  withValue('the same sentence ending with a full stop', plainPassword, (p) => `The staging password is ${p}.`, 1),
  withValue(
    '« c’est » after the word, with a comma',
    plainPassword,
    (p) => `Le nouveau mdp de la base, c'est ${p}, je ne l'ai pas encore mis dans le coffre`,
    1,
  ),
  withValue(
    'a diceware passphrase after « Mot de passe »',
    () => diceware(),
    (p) => `- Mot de passe provisoire : ${p}`,
    1,
  ),
  withValue(
    'a dotted diceware passphrase in English',
    () => diceware('.'),
    (p) => `the keystore passphrase is ${p}`,
    1,
  ),
  [
    'a spaced passphrase in French quotes',
    () => {
      const words = [fake.random(fake.LOWER, 7), fake.random(fake.LOWER, 6), fake.random(fake.LOWER, 5)];
      const value = `le ${words[0]} ${words[1]} un ${words[2]} rouge`;
      return one(`Phrase secrète : « ${value} »`, { value, secret: words.join(' ') }, 1);
    },
  ],
  withValue('a DB_PW= line', plainPassword, (p) => `DB_PW=${p}`, 1),
  withValue('pw as a table header', plainPassword, (p) => `| service | user | pw |\n| --- | --- | --- |\n| grafana | admin | ${p} |`, 3),
  withValue('"pw" as a JSON key', plainPassword, (p) => `{ "user": "etl", "pw": "${p}" }`, 1),
  withValue('"the pass is …"', plainPassword, (p) => `the pass is ${p}`, 1),
  withValue(
    'SSHPASS=',
    () => fake.humanPassword(),
    (p) => `export SSHPASS='${p}'\nsshpass -e ssh deploy@recette.interne`,
    1,
  ),
  withValue('« sésame »', plainPassword, (p) => `Sésame pour MinIO : ${p}`, 1),
  withValue('« code d’accès »', plainPassword, (p) => `Le code d'accès du coffre : ${p}`, 1),
  withValue('"log in with admin and …"', plainPassword, (p) => `To check it, log in with admin and ${p}`, 1),
  withValue(
    'echo … | docker login --password-stdin',
    () => fake.humanPassword(),
    (p) => `echo ${p} | docker login -u ci-bot --password-stdin registry.interne:5000`,
    1,
  ),
  withValue(
    'a .pgpass line written by echo',
    () => fake.humanPassword(),
    (p) => `echo "db.interne:5432:catalogue:app:${p}" >> ~/.pgpass`,
    1,
  ),
  [
    'a URL password with an unencoded @ and #',
    () => {
      const parts = [fake.mixed(5), fake.mixed(4), fake.mixed(4)];
      const value = `${parts[0]}@${parts[1]}#${parts[2]}`;
      return one(`DATABASE_URL=postgres://app:${value}@db.interne:5432/app`, { value, secret: parts.join('') }, 1);
    },
  ],
  [
    'a PEM key inside a Markdown blockquote',
    () => {
      const key = fake.privateKey('RSA');
      return {
        text: `Clé de déploiement :\n${key.value
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n')}`,
        secrets: [key],
        line: 2,
      };
    },
  ],
  [
    'a PEM key body without its BEGIN line',
    () => {
      const key = fake.privateKey('RSA');
      return { text: `La fin de la clé privée :\n${key.value.split('\n').slice(1).join('\n')}`, secrets: [key], line: 2 };
    },
  ],
  withValue(
    'a keyword on one line, the value on the next',
    () => fake.humanPassword(),
    (p) => `Mot de passe, sans espace :\n    ${p}`,
    2,
  ),
  withValue(
    'a folded YAML summary that cuts the sentence',
    plainPassword,
    (p) => `resume: >\n  Cluster migré ; le mot de passe du\n  nouveau cluster est ${p}, à mettre dans le coffre.`,
    3,
  ),
  withValue(
    'a cloud key under an abbreviated INI name',
    () => fake.awsSecretKey(),
    (p) => `[default]\naws_access_key_id = ${fake.awsKeyId().value}\naws_secret = ${p}`,
    3,
  ),
  withValue(
    'a hex vendor key after « Clé <fournisseur> : »',
    () => fake.hexKey(32),
    (p) => `Clé Rollbar : ${p}`,
    1,
  ),
  withValue(
    'a GitHub token with a zero-width space inside',
    () => hidden(fake.githubClassic(), '\u200B'),
    (t) => `Jeton du bot : ${t}`,
    1,
  ),
  withValue(
    'an Anthropic key with a soft hyphen inside',
    () => hidden(fake.anthropic(), '\u00AD'),
    (t) => `ANTHROPIC_KEY ${t}`,
    1,
  ),
  withValue(
    'a GitLab token with a word joiner inside',
    () => hidden(fake.gitlab(), '\u2060'),
    (t) => `token ${t}`,
    1,
  ),
  withValue(
    'a Markdown-escaped GitHub token',
    () => fake.githubClassic(),
    (t) => `Le jeton : ${t.replace('_', '\\_')}`,
    1,
  ),
  withValue(
    'a GitHub token with a fullwidth low line',
    () => fake.githubClassic(),
    (t) => `token: ${t.replace('_', '\uFF3F')}`,
    1,
  ),
  [
    'a GitHub token built by string concatenation in code',
    () => {
      const token = fake.githubClassic();
      return one(
        `const t = "ghp_" + "${token.secret.slice(0, 18)}" + "${token.secret.slice(18)}";`,
        { value: token.secret.slice(0, 18), secret: token.secret },
        1,
      );
    },
  ],
];

export const textPositives: Array<[family: string, cases: Case[]]> = [
  ['provider tokens', providerCases],
  ['private keys', privateKeyCases],
  ['credentials in URLs', urlCases],
  ['Redis, database and CLI password forms', cliCases],
  ['assignments whose key names a credential', assignmentCases],
  ['HTTP authentication headers', headerCases],
  ['French and English prose', proseCases],
  ['Markdown tables', tableCases],
  ['passwords with symbols', symbolCases],
  ['natural forms: how people write credentials', naturalCases],
];

// ---------------------------------------------------------------- JSON exports

/** An OpenCode export: `{ info, messages: [{ info, parts }] }`. */
export function openCodeExport(parts: unknown[], extraMessages: unknown[] = []): Record<string, unknown> {
  const session = fake.opencodeId('ses');
  return {
    info: { id: session, title: 'Migration du catalogue', version: '1.18.33', time: { created: 1718100000000, updated: 1718103600000 } },
    messages: [
      {
        info: {
          id: fake.opencodeId('msg'),
          sessionID: session,
          role: 'assistant',
          modelID: 'claude-sonnet-4',
          tokens: { input: 12431, output: 812, reasoning: 0, cache: { read: 40960, write: 0 } },
          cost: 0.0421,
        },
        parts: parts.map((part) => ({ id: fake.opencodeId('prt'), sessionID: session, ...(part as object) })),
      },
      ...extraMessages,
    ],
  };
}

export interface JsonLeak {
  document: unknown;
  secrets: Fake[];
  path: string;
  line: number;
}

export type JsonCase = [name: string, make: () => JsonLeak];

export const jsonPositives: JsonCase[] = [
  [
    'an AWS secret key on line 2 of a tool output',
    () => {
      const key = fake.awsSecretKey();
      const document = openCodeExport([
        {
          type: 'tool',
          tool: 'bash',
          state: { status: 'completed', input: { command: 'cat .env' }, output: `line1\nAWS_SECRET_ACCESS_KEY=${key.value}\nline3` },
        },
      ]);
      return { document, secrets: [key], path: 'messages[0].parts[0].state.output', line: 2 };
    },
  ],
  [
    'a "password": "…" pair in a tool input',
    () => {
      const password = fake.humanPassword();
      const document = openCodeExport([
        { type: 'text', text: 'Je me connecte.' },
        {
          type: 'tool',
          tool: 'db_connect',
          state: { status: 'completed', input: { host: 'db.interne', user: 'app', password: password.value }, output: 'connecté' },
        },
      ]);
      return { document, secrets: [password], path: 'messages[0].parts[1].state.input.password', line: 1 };
    },
  ],
  [
    'a French-named "mot_de_passe" pair in metadata',
    () => {
      const password = fake.humanPassword();
      const document = openCodeExport([
        { type: 'tool', tool: 'recette', state: { status: 'completed', input: {}, output: 'ok', metadata: { mot_de_passe: password.value } } },
      ]);
      return { document, secrets: [password], path: 'messages[0].parts[0].state.metadata.mot_de_passe', line: 1 };
    },
  ],
  [
    'a private key on line 3 of a tool output',
    () => {
      const key = fake.privateKey('OPENSSH');
      const document = openCodeExport([
        {
          type: 'tool',
          tool: 'read',
          state: { status: 'completed', input: { filePath: '/home/camille/.ssh/id_ed25519' }, output: `<file>\n00001| \n${key.value}\n</file>` },
        },
      ]);
      return { document, secrets: [key], path: 'messages[0].parts[0].state.output', line: 3 };
    },
  ],
  [
    'a GitHub token in the text of a second message',
    () => {
      const token = fake.githubClassic();
      const document = openCodeExport(
        [{ type: 'text', text: 'Rien ici.' }],
        [{ info: { id: fake.opencodeId('msg'), role: 'user' }, parts: [{ type: 'text', text: `Voici le jeton :\n\n${token.value}` }] }],
      );
      return { document, secrets: [token], path: 'messages[1].parts[0].text', line: 3 };
    },
  ],
  [
    'a Redis URL with a password in an environment map under a dashed key',
    () => {
      const password = fake.urlPassword();
      const document = openCodeExport([
        {
          type: 'tool',
          tool: 'bash',
          state: { status: 'completed', input: { env: { 'redis-url': `redis://default:${password.value}@cache.interne:6379` } }, output: '' },
        },
      ]);
      return { document, secrets: [password], path: 'messages[0].parts[0].state.input.env["redis-url"]', line: 1 };
    },
  ],
];
