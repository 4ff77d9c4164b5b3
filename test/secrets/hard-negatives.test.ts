/**
 * Hard negatives: text that talks about credentials, or holds long random-
 * looking values, without leaking anything. None may yield a finding that
 * would block the note (accepted findings are not blocking, but there should
 * be none either way: a note should not need the marker for these).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../scripts-src/lib/secrets/find-secrets.js';
import * as fake from './fake.js';

type Negative = [name: string, make: () => string];

const blocking = async (text: string) => (await findSecrets(text)).filter((finding) => !finding.accepted);

const prose: Negative[] = [
  ['« le token expire après une heure »', () => 'Attention : le token expire après une heure, il faut relancer la connexion.'],
  ['« the reset token is stored hashed »', () => 'The reset token is stored hashed in the users table.'],
  ['« LLM used 12 431 tokens »', () => 'LLM used 12 431 tokens for this session.'],
  ['« la session a consommé 48 210 tokens »', () => 'La session a consommé 48 210 tokens (dont 12 000 en cache).'],
  ['« le mot de passe est stocké dans le coffre »', () => 'Le mot de passe est stocké dans le coffre de l’équipe, pas dans le dépôt.'],
  ['« the password is in 1Password under "Staging DB" »', () => 'The password is in 1Password under "Staging DB".'],
  ['« le secret est injecté par la CI »', () => 'Le secret est injecté par la CI au moment du déploiement.'],
  ['« les identifiants sont dans Vault »', () => 'Les identifiants sont dans Vault, chemin kv/recette/catalogue.'],
  ['« password must be at least 12 characters »', () => 'Password must be at least 12 characters and contain a digit.'],
  ['« mot de passe oublié : voir la procédure »', () => 'Mot de passe oublié : voir la procédure de réinitialisation.'],
  ['« API key: see the team vault »', () => 'API key: see the team vault.'],
  ['« le jeton d’accès est renouvelé toutes les 15 min »', () => 'Le jeton d’accès est renouvelé toutes les 15 min par le middleware.'],
  ['a heading « Rotation des secrets »', () => '## Rotation des secrets\n\nÀ faire avant vendredi : rotation de tous les secrets de recette.'],
];

const configWords: Negative[] = [
  ['max_tokens: 4096', () => 'model: claude-sonnet-4\nmax_tokens: 4096\ntemperature: 0.2'],
  ['tokenizer: cl100k_base', () => 'tokenizer: cl100k_base'],
  ['"token_type": "Bearer"', () => '{ "access_token": "<jeton>", "token_type": "Bearer", "expires_in": 3600 }'],
  ['token_expiry and password_min_length settings', () => 'TOKEN_EXPIRY=3600\nPASSWORD_MIN_LENGTH=12\nSECRET_NAME=catalogue-db'],
  [
    'a password_hash field holding an argon2 hash',
    () => `{ "email": "camille@societe.fr", "password_hash": "$argon2id$v=19$m=65536,t=3,p=4$${fake.base64Blob(22)}$${fake.base64Blob(43)}" }`,
  ],
  ['a password_hash column holding a bcrypt hash', () => `password_hash: $2b$12$${fake.random(`${fake.ALNUM}./`, 53)}`],
  ['a passwordFile path in a config', () => 'passwordFile: /run/secrets/db_password'],
];

const placeholders: Negative[] = [
  ['a $VAR reference', () => 'DB_PASSWORD=$DB_PASSWORD'],
  ['a ${VAR} reference in YAML', () => 'database:\n  password: ${POSTGRES_PASSWORD}'],
  ['a ${VAR:-default} reference', () => 'REDIS_PASSWORD=${REDIS_PASSWORD:-}'],
  ['a GitHub Actions ${{ secrets.X }} reference', () => 'env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n  GITHUB_TOKEN: ${{ github.token }}'],
  ['an OpenCode {env:X} reference', () => '{ "provider": { "anthropic": { "options": { "apiKey": "{env:ANTHROPIC_API_KEY}" } } } }'],
  ['a {file:…} reference', () => '"apiKey": "{file:~/.secrets/openai-key}"'],
  ['process.env.X in code', () => 'const apiKey = process.env.OPENAI_API_KEY;'],
  ['os.environ["X"] in Python', () => 'password = os.environ["DB_PASSWORD"]'],
  ['os.getenv("X") in Python', () => 'token = os.getenv("GITHUB_TOKEN")'],
  ['<votre-token>', () => 'GITHUB_TOKEN=<votre-token>'],
  ['« remplacez <mot-de-passe> »', () => 'mysql -u root -p<mot-de-passe> catalogue'],
  ['xxxx', () => 'API_KEY=xxxxxxxxxxxxxxxx'],
  ['****', () => 'password: ********'],
  ['changeme', () => 'REDIS_PASSWORD=changeme'],
  ['[redacted:text:prt_1]', () => 'token: [redacted:text:prt_1]\nLe mot de passe est [redacted:text:prt_2].'],
  ['sk-ant-...', () => 'La clé ressemble à sk-ant-... (voir la console Anthropic).'],
  ['sk-…', () => 'OPENAI_API_KEY=sk-…'],
  ['your-api-key-here', () => 'STRIPE_SECRET_KEY=your-api-key-here'],
  ['AWS’s documented example key id', () => 'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE'],
  ['AWS’s documented example secret key', () => 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
  [
    'the AWS example pair in a credentials file',
    () => '[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  ],
  ['a Redis URL whose password is a reference', () => 'REDIS_URL=redis://default:${REDIS_PASSWORD}@cache.interne:6379'],
  [
    'redis-cli -a "$REDIS_PASSWORD" in shell history',
    () => '$ redis-cli -h cache.interne -a "$REDIS_PASSWORD" --no-auth-warning PING\nPONG\n$ export REDISCLI_AUTH=$REDIS_PASSWORD',
  ],
  ['AUTH default $REDIS_PASSWORD', () => '127.0.0.1:6379> AUTH default $REDIS_PASSWORD'],
  ['curl -u "$USER:$TOKEN"', () => 'curl -u "$CI_USER:$CI_TOKEN" https://ci.interne/api/json'],
  ['Authorization: Bearer $TOKEN', () => 'curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/user'],
  ['Authorization: Bearer <token>', () => 'Authorization: Bearer <token>'],
  ['a .netrc line with a placeholder', () => 'machine api.heroku.com login ops@societe.fr password <votre-mot-de-passe>'],
];

const randomShapes: Negative[] = [
  ['a git SHA in a French sentence', () => `Le correctif est dans le commit ${fake.gitSha()} sur main.`],
  ['git log output', () => `commit ${fake.gitSha()}\nAuthor: Camille <camille@societe.fr>\n\n    fix: token refresh`],
  ['a sha256 sum', () => `${fake.sha256()}  dist/contexte-skills-0.1.0.tgz`],
  ['a sha256: checksum field', () => `checksum: sha256:${fake.sha256()}`],
  ['a UUID', () => `Job ${randomUUID()} terminé en 42 s.`],
  ['a request id UUID in a log line', () => `request_id=${randomUUID()} status=200`],
  ['an npm integrity hash', () => `"integrity": "sha512-${fake.base64Blob(86)}=="`],
  ['a docker image digest', () => `image: registry.interne/catalogue@sha256:${fake.sha256()}`],
  ['a base64 PNG in a data: URL', () => `![capture](data:image/png;base64,iVBORw0KGgo${fake.base64Blob(400)}=)`],
  [
    'a PGP signature block',
    () =>
      `-----BEGIN PGP SIGNATURE-----\n\niQIzBAEBCAAdFiEE${fake.base64Blob(48)}\n${fake.base64Blob(64)}\n${fake.base64Blob(20)}=\n-----END PGP SIGNATURE-----`,
  ],
  ['an ssh-ed25519 public key', () => `Ajoutez cette clé publique : ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${fake.base64Blob(43)} camille@portable`],
  ['an ssh-rsa public key in authorized_keys', () => `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ${fake.base64Blob(500)} deploy@ci`],
  ['a BEGIN PUBLIC KEY block', () => `-----BEGIN PUBLIC KEY-----\n${fake.base64Blob(64)}\n${fake.base64Blob(64)}\n-----END PUBLIC KEY-----`],
  [
    'a BEGIN CERTIFICATE block',
    () => `-----BEGIN CERTIFICATE-----\nMIID${fake.base64Blob(60)}\n${fake.base64Blob(64)}\n${fake.base64Blob(30)}==\n-----END CERTIFICATE-----`,
  ],
  ['a Redis stream id', () => `XADD jobs * etat termine → 1718100000000-0, puis ${Date.now()}-3`],
  ['a nanoid job id', () => `Job ${fake.nanoid()} relancé (tentative 2).`],
  ['OpenCode session, message and part ids', () => `Session ${fake.opencodeId('ses')}, message ${fake.opencodeId('msg')}, partie ${fake.opencodeId('prt')}.`],
  ['CSS colors', () => '.alerte { color: #c0392b; background: #fdf2f0; border-color: #E74C3C80; }'],
];

const addresses: Negative[] = [
  ['a URL without credentials', () => 'Voir https://api.interne/v1/tokens?limit=10&cursor=abc123 pour la liste.'],
  ['a Redis URL without a password', () => 'REDIS_URL=redis://cache.interne:6379/0'],
  ['a URL with a user name but no password', () => 'git clone https://deploy@git.societe.fr/equipe/app.git'],
  ['git@github.com:org/repo.git', () => 'git remote add origin git@github.com:societe/catalogue.git'],
  ['a local dev postgres://postgres:postgres@localhost URL', () => 'DATABASE_URL=postgres://postgres:postgres@localhost:5432/db'],
  ['a docker-compose default redis password', () => 'REDIS_URL=redis://default:redis@localhost:6379'],
  ['e-mail addresses', () => 'Contact : securite@societe.fr, or secrets-team@company.com in English.'],
  [
    'file paths with « secret » and « token » in their names',
    () => 'Fichiers modifiés : config/secrets.yaml, src/auth/token-store.ts, ~/.config/gh/hosts.yml, scripts/rotate-password.sh',
  ],
  ['a Kubernetes secret reference by name', () => 'envFrom:\n  - secretRef:\n      name: catalogue-db-credentials'],
];

const code: Negative[] = [
  ['const token = await getToken();', () => 'const token = await getToken();'],
  ['if (!apiKey) throw …', () => "if (!apiKey) throw new Error('Clé d’API manquante : définissez OPENAI_API_KEY');"],
  ['a password comparison', () => 'const ok = await argon2.verify(user.passwordHash, password);'],
  ['a function taking a token', () => 'export function revokeToken(token: string): Promise<void> {'],
  ['destructuring a secret from config', () => 'const { clientSecret } = config.oauth;'],
  ['a Python keyword argument from a variable', () => 'conn = psycopg.connect(host=host, password=password, dbname="app")'],
  ['a token passed from a function call', () => 'headers = {"Authorization": f"Bearer {get_token()}"}'],
];

const documents: Negative[] = [
  [
    'a Markdown table of env var names with French descriptions',
    () =>
      [
        '| Variable | Description |',
        '| --- | --- |',
        '| REDIS_URL | Adresse du Redis partagé |',
        '| REDIS_PASSWORD | Mot de passe du Redis partagé (dans le coffre) |',
        '| GITHUB_TOKEN | Jeton du bot, portée `repo` |',
        '| OPENAI_API_KEY | Clé d’API, voir le coffre |',
      ].join('\n'),
  ],
  [
    'a Markdown table of settings with numeric values',
    () => '| Paramètre | Valeur |\n|---|---|\n| max_tokens | 4096 |\n| token_ttl | 3600 |\n| password_min_length | 12 |',
  ],
  ['« 401 Unauthorized: invalid api key »', () => '2024-06-11T10:00:01Z ERROR 401 Unauthorized: invalid api key'],
  ['« token expired at 2024-06-11T10:00:00Z »', () => 'WARN token expired at 2024-06-11T10:00:00Z, refreshing'],
  ['« Password authentication failed for user "app" »', () => 'FATAL:  password authentication failed for user "app"'],
  ['« NOAUTH Authentication required »', () => '(error) NOAUTH Authentication required.'],
  ['the workshop grep regex quoted in a note', () => 'Le contrôle de l’atelier était : `grep -i -E "api[_-]?key|token|secret|password|Bearer " note.md`'],
  [
    'a Kubernetes Secret manifest with placeholders',
    () =>
      [
        'apiVersion: v1',
        'kind: Secret',
        'metadata:',
        '  name: catalogue-db',
        'type: Opaque',
        'stringData:',
        '  username: app',
        '  password: <à-remplir>',
        '  api-token: ${API_TOKEN}',
      ].join('\n'),
  ],
  [
    'commit messages mentioning secrets',
    () =>
      [
        'fix: ne plus journaliser le token d’accès (#142)',
        'chore: rotate secrets after the staging leak',
        'feat(auth): hash passwords with argon2id',
        'docs: expliquer où trouver le mot de passe de recette',
      ].join('\n'),
  ],
  [
    'a French handoff note without any secret',
    () =>
      [
        '# Passation — migration du catalogue',
        '',
        '## Objectif',
        'Basculer le catalogue sur le nouveau Redis. Le mot de passe est dans le coffre (entrée « redis-recette »).',
        '',
        '## État',
        '- Tests verts ; 12 431 tokens consommés par la session.',
        '- Le jeton GitHub du bot expire le 2024-07-01 : prévoir la rotation.',
      ].join('\n'),
  ],
  [
    'an English handoff note without any secret',
    () =>
      [
        '# Handoff — token refresh bug',
        '',
        'The refresh token is rotated on every use; the old one is revoked.',
        'Secrets live in Vault (kv/staging/catalogue); set VAULT_ADDR and run `vault login -method=oidc`.',
        'Password reset emails are sent by the worker.',
      ].join('\n'),
  ],
];

/** Honest engineering lines an earlier guard refused (issue 13). */
const engineering: Negative[] = [
  ['a ticket id and a session id introduced by « identifiant »', () => `Identifiant du ticket : JIRA-4821, identifiant de la session : ${randomUUID()}`],
  ['a commit SHA introduced by « identifiant »', () => `Identifiant du commit : ${fake.gitSha()}`],
  ['a build id', () => `build id: ${fake.random(fake.DIGITS, 9)}, artefact catalogue-${fake.random(fake.HEX, 8)}.tgz`],
  ['Helm existingSecret: name', () => 'auth:\n  existingSecret: catalogue-db\n  existingSecretPasswordKey: password'],
  ['docker build --secret id=…,src=…', () => 'docker build --secret id=npmrc,src=$HOME/.npmrc -t catalogue .'],
  ['kubectl describe secret <name>', () => 'kubectl describe secret catalogue-db-credentials -n recette'],
  [
    'a table that says where secrets live',
    () => '| secret | où |\n| --- | --- |\n| mot de passe Redis | Vault, kv/recette/redis |\n| jeton npm | 1Password, « npm CI » |',
  ],
  ['host:port', () => 'REDIS_HOST=cache.interne:6380\nredis password host: cache.interne:6380'],
  ['a service-account name', () => 'service account: ci-deployer@recette-42.iam.gserviceaccount.com'],
  ['class names containing Password or Token', () => 'class PasswordResetController extends TokenBucketLimiter {}\nconst token = new TokenRefresher();'],
  ['placeholders the README accepts', () => `STRIPE_KEY=sk_live_${'x'.repeat(24)}\nHF_TOKEN=hf_${'x'.repeat(32)}\nGITHUB_TOKEN=ghp_${'X'.repeat(36)}`],
  ['a Terraform reference', () => 'password = var.db_password\nmaster_password = random_password.db.result'],
  ['a template expression', () => 'headers:\n  token: `Basic ${btoa(user + ":" + pass)}`'],
  ['a function call', () => 'credentials = ServiceAccountCredentials.from_p12_keyfile(\n    "ci@recette-42.iam.gserviceaccount.com", "key.p12")'],
  ['a sentence as a value', () => "const password = 'Password used to generate key';"],
  [
    'documentation credentials on a reserved example host',
    () => 'git clone https://user:pass@example.com/repo.git\ncurl https://alice:s3cr3tPass@api.example.org/v1',
  ],
  ['an upper-case placeholder', () => '//registry.npmjs.org/:_authToken=MYTOKEN1'],
  ['a regular expression for tokens', () => 'const BEARER = /Authorization:\\s*Bearer\\s+\\S+/i;'],
  ['a cache key with a digest', () => `- expected key: \`Linux-node-20-${fake.sha256()}\``],
  ['ULIDs introduced by « identifiants »', () => `Les identifiants d’export sont des ULID : \`${fake.random('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 26)}\`.`],
  [
    'a badge token in an image URL',
    () => `[![codecov](https://codecov.io/gh/org/repo/graph/badge.svg?token=${fake.random(fake.UPPER_DIGITS, 10)})](https://codecov.io/gh/org/repo)`,
  ],
  ['a PGP key id', () => 'All commits are signed with the key `0x24BB6BF4`.'],
];

describe('hard negatives: nothing blocks a note that leaks no credential', () => {
  describe.each([
    ['prose about credentials, without a value', prose],
    ['configuration words that name a credential’s metadata', configWords],
    ['placeholders, references and documented examples', placeholders],
    ['random-looking values that are not secrets', randomShapes],
    ['addresses and paths', addresses],
    ['code that handles credentials', code],
    ['documents, logs and manifests', documents],
    ['engineering prose and code that name credentials', engineering],
  ] as Array<[string, Negative[]]>)('%s', (_family, cases) => {
    it.each(cases)('does not flag %s', async (_name, make) => {
      const text = make();
      const findings = await blocking(text);
      expect(findings, text).toEqual([]);
    });
  });
});
