/**
 * The collector of the sender's secrets: each place it reads, the source it
 * names (never any part of the value), what it leaves out because an
 * honest note could hold it, and files that must not stop it (a FIFO, an
 * unreadable file, a huge one). Homes and projects are temporary folders;
 * values are random, made at test time.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectLocalSecrets, type LocalSecret } from '../../scripts-src/lib/secrets/local-secrets.js';
import { BASE64, DIGITS, HEX, humanPassword, LOWER, mixed, random, windows } from './fake.js';

const repoRoot = join(import.meta.dirname, '..', '..');
const isRoot = process.getuid?.() === 0;

/** A home, a repository and a folder inside it (the current directory). */
function places() {
  const root = mkdtempSync(join(tmpdir(), 'contexte-locaux-'));
  const home = join(root, 'home');
  const repo = join(root, 'depot');
  const cwd = join(repo, 'services', 'api');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(cwd, { recursive: true });
  return { root, home, repo, cwd };
}
const write = (path: string, text: string) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
};
const sourceOf = (found: LocalSecret[], value: string) => found.find((secret) => secret.value === value)?.source;
/** The values collected from `env` alone, in an empty home and project. */
const fromEnv = (env: NodeJS.ProcessEnv) => {
  const { home, cwd } = places();
  return collectLocalSecrets({ home, cwd, env });
};
/** A source that holds 6 characters of its value, said by position only (the failure message must not show it). */
const leakingSource = (found: LocalSecret[]) => {
  const index = found.findIndex(({ value, source }) => windows(value).some((window) => source.includes(window)));
  return index < 0 ? undefined : `source #${index} holds part of its value`;
};

describe('collectLocalSecrets', () => {
  it('reads environment variables whose name gives a credential role, and the password of URL variables', () => {
    const { home, cwd } = places();
    const auth = random(HEX, 24);
    const token = mixed(36);
    const urlPassword = `${mixed(12)}/@#`;
    const randomKey = mixed(32);
    const found = collectLocalSecrets({
      home,
      cwd,
      env: {
        REDISCLI_AUTH: auth,
        CI_DEPLOY_TOKEN: token,
        DATABASE_URL: `postgres://app:${encodeURIComponent(urlPassword)}@db.interne:5432/app`,
        STRIPE_KEY: randomKey,
        SORT_KEY: 'created_at_desc',
        GITHUB_TOKEN_FILE: '/run/secrets/github',
        SSH_AUTH_SOCK: '/tmp/ssh-XXXX/agent.42',
        AWS_ACCESS_KEY_ID: mixed(20),
        HOME: home,
      },
    });
    expect(sourceOf(found, auth)).toBe('la valeur de REDISCLI_AUTH');
    expect(sourceOf(found, token)).toBe('la valeur de CI_DEPLOY_TOKEN');
    expect(sourceOf(found, urlPassword)).toBe('le mot de passe de DATABASE_URL');
    expect(sourceOf(found, randomKey)).toBe('la valeur de STRIPE_KEY');
    expect(found.map((secret) => secret.source)).toEqual(
      expect.not.arrayContaining(['la valeur de SORT_KEY', 'la valeur de GITHUB_TOKEN_FILE', 'la valeur de SSH_AUTH_SOCK', 'la valeur de AWS_ACCESS_KEY_ID']),
    );
  });

  it.each([
    'REDISCLI_AUTH',
    'DB_PASSWORD',
    'FTP_PASS',
    'ADMIN_PWD',
    'LDAP_PASSWD',
    'GITLAB_TOKEN',
    'APP_SECRET',
    'OPENAI_API_KEY',
    'MAPS_APIKEY',
    'GOOGLE_CREDENTIALS',
    'REGISTRY_AUTH',
    'PGPASSWORD',
    'MYSQL_PWD',
  ])('takes the value of %s', (name) => {
    const value = mixed(24);
    expect(fromEnv({ [name]: value })).toEqual([{ value, source: `la valeur de ${name}` }]);
  });

  it('takes a *_KEY only when its value looks drawn at random', () => {
    const drawn = mixed(32);
    const found = fromEnv({ OPENAI_KEY: drawn, GPG_KEY: 'Camille2024', CACHE_KEY: 'sessions_v2_prod' });
    expect(found).toEqual([{ value: drawn, source: 'la valeur de OPENAI_KEY' }]);
  });

  it('leaves out names that hold an identifier, a file, a host, a user, a socket or a helper program, whatever their value', () => {
    const names = [
      'AWS_ACCESS_KEY_ID',
      'CLIENT_SECRET_ID',
      'DB_PASSWORD_FILE',
      'TOKEN_PATH',
      'SECRETS_DIR',
      'REDIS_AUTH_HOST',
      'REDIS_AUTH_PORT',
      'DB_AUTH_USER',
      'DB_USERNAME',
      'SSH_AUTH_SOCK',
      'GIT_ASKPASS',
      'VSCODE_GIT_ASKPASS_EXTRA_ARGS',
      'BUILD_NUMBER',
    ];
    expect(fromEnv(Object.fromEntries(names.map((name) => [name, mixed(24)])))).toEqual([]);
  });

  it('leaves out values an honest note could hold: short, common, references, paths, numbers, booleans', () => {
    const { home, cwd } = places();
    const found = collectLocalSecrets({
      home,
      cwd,
      env: {
        A_PASSWORD: 'short1',
        B_PASSWORD: 'changeme',
        C_PASSWORD: 'postgres',
        D_TOKEN: '$OTHER_TOKEN',
        E_TOKEN: '${VAULT_TOKEN}',
        F_SECRET: '/etc/app/secret.pem',
        G_SECRET: '123456789012',
        H_TOKEN: 'true',
        I_URL: 'https://intranet.local/api',
      },
    });
    expect(found).toEqual([]);
  });

  it.each([
    ['a word', 'production'],
    ['a capitalised word', 'Development'],
    ['a sentence', 'mot de passe'],
    ['a hostname', 'redis.prod.interne'],
    ['an e-mail address', 'camille@societe.fr'],
    ['host:port', 'localhost:6379'],
    ['an IP address and port', '10.0.12.7:6379'],
    ['a date', '2024-05-01 10:00'],
    ['a version', 'v1.22.333'],
    ['a relative path', './secrets/db.pem'],
    ['a path in the home', '~/.ssh/id_ed25519'],
    ['a Windows path', 'C:\\secrets\\db.pem'],
    ['a command substitution', '$(pass show base/recette)'],
    ['a template', '{{ .Values.redis.password }}'],
    ['a Windows variable', '%REDIS_PASSWORD%'],
    ['a URL without a password', 'https://jeton.interne/v1/emettre'],
    ['a placeholder', '<votre-jeton-ici>'],
  ])('leaves out %s', (_what, value) => {
    expect(fromEnv({ APP_PASSWORD: value, APP_TOKEN: value })).toEqual([]);
  });

  it('keeps a password people choose and a passphrase of joined words', () => {
    const chosen = humanPassword().value;
    const phrase = `${random(LOWER, 6)}-${random(LOWER, 7)}-${random(DIGITS, 4)}`;
    const found = fromEnv({ DB_PASSWORD: chosen, VAULT_PASS: phrase });
    expect(sourceOf(found, chosen)).toBe('la valeur de DB_PASSWORD');
    expect(sourceOf(found, phrase)).toBe('la valeur de VAULT_PASS');
  });

  it('keeps a drawn password cut by a colon, a dot or a blank: its pieces mix cases and digits, they are not words', () => {
    // Such values were read as « localhost:6379 » about once in 55 draws.
    for (const separator of [':', '.', ' ']) {
      const values = Array.from({ length: 100 }, () => `${mixed(10)}${separator}${mixed(4)}`);
      const found = fromEnv(Object.fromEntries(values.map((value, index) => [`DB_PASSWORD_${index}`, value])));
      expect(values.filter((value) => sourceOf(found, value) === undefined)).toEqual([]);
    }
  });

  it('keeps a base64 key that starts with « / » (one draw in 64), on one line or several: it is not a path', () => {
    const oneLine = `/${mixed(43, BASE64)}`;
    const lines = `/${mixed(63, BASE64)}\n${mixed(64, BASE64)}`;
    const found = fromEnv({ SIGNING_KEY: oneLine, SIGNING_PRIVATE_KEY: lines, SECRET_FILE_PATH: '/run/secrets/db', KEY_PATH: '/etc/ssl/private' });
    expect(sourceOf(found, oneLine)).toBe('la valeur de SIGNING_KEY');
    expect(sourceOf(found, lines)).toBe('la valeur de SIGNING_PRIVATE_KEY');
    expect(found).toHaveLength(2);
  });

  it('takes the password of any URL-valued variable, decoded, with an @, # or / left unencoded', () => {
    const broker = mixed(18);
    const redis = mixed(20);
    const unencoded = `${mixed(8)}@${mixed(4)}#${mixed(4)}`;
    const slashed = `${mixed(8)}/${mixed(8)}`;
    const scoped = mixed(16);
    const found = fromEnv({
      CELERY_BROKER: `amqp://worker:${encodeURIComponent(`${broker}%`)}@mq.interne:5672/vhost`,
      REDIS_URL: `redis://:${redis}@cache.interne:6379/0`,
      MIRROR: `https://moi:${unencoded}@miroir.interne/depot`,
      BACKUP_TARGET: `sftp://moi:${slashed}@sauvegarde.interne:2222/archives`,
      NPM_REGISTRY: `https://moi:${scoped}@npm.interne/@equipe/paquet`,
    });
    expect(sourceOf(found, `${broker}%`)).toBe('le mot de passe de CELERY_BROKER');
    expect(sourceOf(found, redis)).toBe('le mot de passe de REDIS_URL');
    expect(sourceOf(found, unencoded)).toBe('le mot de passe de MIRROR');
    expect(sourceOf(found, slashed)).toBe('le mot de passe de BACKUP_TARGET');
    expect(sourceOf(found, scoped)).toBe('le mot de passe de NPM_REGISTRY');
    expect(found).toHaveLength(5);
  });

  it('takes nothing from a URL without a password, with a reference or a default password in it', () => {
    const found = fromEnv({
      API_URL: 'https://api.interne:8443/v1/@moi/profil',
      GIT_URL: `https://${mixed(20)}@git.interne/depot.git`,
      DATABASE_URL: 'postgres://app:${DB_PASSWORD}@db.interne/app',
      LOCAL_DATABASE_URL: 'postgres://postgres:postgres@localhost:5432/app',
    });
    expect(found).toEqual([]);
  });

  it('reads .env, .env.* and .envrc from the current folder up to the git root, not the templates', () => {
    const { root, home, repo, cwd } = places();
    const here = mixed(20);
    const above = mixed(20);
    const envrc = mixed(20);
    const template = mixed(20);
    const outside = mixed(20);
    write(join(cwd, '.env'), `# base\nexport API_TOKEN="${here}"\nPORT=3000\n`);
    write(join(repo, '.env.local'), `DB_PASSWORD='${above}' # local\n`);
    write(join(repo, '.envrc'), `export SESSION_SECRET=${envrc}\n`);
    write(join(repo, '.env.example'), `DB_PASSWORD=${template}\n`);
    write(join(root, '.env'), `DB_PASSWORD=${outside}\n`);
    const found = collectLocalSecrets({ home, cwd, env: {} });
    expect(sourceOf(found, here)).toBe('.env : API_TOKEN');
    expect(sourceOf(found, above)).toBe('../../.env.local : DB_PASSWORD');
    expect(sourceOf(found, envrc)).toBe('../../.envrc : SESSION_SECRET');
    expect(sourceOf(found, template)).toBeUndefined();
    expect(sourceOf(found, outside)).toBeUndefined();
  });

  it.each(['.env.example', '.env.sample', '.env.template', '.env.dist', '.env.local.example'])('does not read %s', (name) => {
    const { home, cwd } = places();
    write(join(cwd, name), `DB_PASSWORD=${mixed(20)}\n`);
    expect(collectLocalSecrets({ home, cwd, env: {} })).toEqual([]);
  });

  it('reads .env.production and takes the password of a URL in a .env', () => {
    const { home, cwd } = places();
    const token = mixed(24);
    const password = mixed(16);
    write(join(cwd, '.env.production'), `STRIPE_SECRET=${token}\nDATABASE_URL="postgres://app:${password}@db.interne/app"\nNODE_ENV=production\n`);
    const found = collectLocalSecrets({ home, cwd, env: {} });
    expect(found).toEqual([
      { value: token, source: '.env.production : STRIPE_SECRET' },
      { value: password, source: '.env.production : le mot de passe de DATABASE_URL' },
    ]);
  });

  it('parses quoted values, escapes, comments and a key over several lines, and an unclosed quote swallows nothing', () => {
    const { home, cwd } = places();
    const escaped = `${mixed(10)}"${mixed(10)}`;
    const hashed = `${mixed(10)}#${mixed(10)}`;
    const keyLines = [mixed(64, BASE64), mixed(64, BASE64), mixed(40, BASE64)];
    const afterUnclosed = mixed(20);
    write(
      join(cwd, '.env'),
      [
        `ESCAPED_TOKEN="${escaped.replace('"', '\\"')}"`,
        `HASHED_TOKEN=${hashed} # a comment`,
        `# COMMENTED_TOKEN=${mixed(20)}`,
        `SIGNING_PRIVATE_KEY="${keyLines.join('\n')}"`,
        `BROKEN_TOKEN="${mixed(20)}`,
        `NEXT_TOKEN=${afterUnclosed}`,
      ].join('\n'),
    );
    const found = collectLocalSecrets({ home, cwd, env: {} });
    expect(sourceOf(found, escaped)).toBe('.env : ESCAPED_TOKEN');
    expect(sourceOf(found, hashed)).toBe('.env : HASHED_TOKEN');
    expect(sourceOf(found, keyLines.join('\n'))).toBe('.env : SIGNING_PRIVATE_KEY');
    expect(sourceOf(found, afterUnclosed)).toBe('.env : NEXT_TOKEN');
    expect(found).toHaveLength(4);
  });

  it('reads only the current folder outside a git repository, and takes a .git file as the root', () => {
    const root = mkdtempSync(join(tmpdir(), 'contexte-locaux-'));
    const cwd = join(root, 'a', 'b');
    mkdirSync(cwd, { recursive: true });
    const here = mixed(20);
    write(join(cwd, '.env'), `API_TOKEN=${here}\n`);
    write(join(root, 'a', '.env'), `API_TOKEN=${mixed(20)}\n`);
    expect(collectLocalSecrets({ home: join(root, 'home'), cwd, env: {} })).toEqual([{ value: here, source: '.env : API_TOKEN' }]);

    const worktree = mixed(20);
    write(join(root, 'a', '.git'), 'gitdir: /ailleurs/.git/worktrees/a\n');
    write(join(root, 'a', '.env.local'), `API_SECRET=${worktree}\n`);
    write(join(root, '.env'), `API_SECRET=${mixed(20)}\n`);
    expect(collectLocalSecrets({ home: join(root, 'home'), cwd, env: {} }).map((secret) => secret.source)).toEqual([
      '.env : API_TOKEN',
      '../.env : API_TOKEN',
      '../.env.local : API_SECRET',
    ]);
  });

  it('reads the user’s credential files, each value with its file and its line or key', () => {
    const { home, cwd } = places();
    const netrc = mixed(18);
    const pgpass = `${mixed(10)}:${mixed(4)}`;
    const git = mixed(16);
    const docker = mixed(16);
    const npmToken = `npm_${mixed(36)}`;
    const npmPassword = mixed(14);
    const pypi = mixed(16);
    const aws = mixed(40);
    const gh = `gho_${mixed(36)}`;
    const kube = mixed(40);
    write(join(home, '.netrc'), `machine a.interne login moi\nmachine git.interne\n  login moi\n  password ${netrc}\n`);
    write(join(home, '.pgpass'), `# commentaire\ndb.interne:5432:app:app:${pgpass.replace(':', '\\:')}\n`);
    write(join(home, '.git-credentials'), `https://moi:${git}@git.interne\n`);
    write(join(home, '.docker/config.json'), JSON.stringify({ auths: { 'registry.interne': { auth: Buffer.from(`moi:${docker}`).toString('base64') } } }));
    write(join(home, '.npmrc'), `//registry.npmjs.org/:_authToken=${npmToken}\n//npm.interne/:_password=${Buffer.from(npmPassword).toString('base64')}\n`);
    write(join(home, '.pypirc'), `[pypi]\nusername = __token__\npassword = ${pypi}\n`);
    write(
      join(home, '.aws/credentials'),
      `[default]\naws_access_key_id = AKIA${random('ABCDEFGHJKLMNPQRSTUVWXYZ234567', 16)}\naws_secret_access_key = ${aws}\n`,
    );
    write(join(home, '.config/gh/hosts.yml'), `github.com:\n  user: moi\n  oauth_token: ${gh}\n`);
    write(join(home, '.kube/config'), `users:\n  - name: moi\n    user:\n      token: ${kube}\n`);
    const found = collectLocalSecrets({ home, cwd, env: {} });
    expect(sourceOf(found, netrc)).toBe('~/.netrc, ligne 4');
    expect(sourceOf(found, pgpass)).toBe('~/.pgpass, ligne 2');
    expect(sourceOf(found, git)).toBe('~/.git-credentials, ligne 1');
    expect(sourceOf(found, docker)).toBe('~/.docker/config.json : auths.registry.interne');
    expect(sourceOf(found, npmToken)).toBe('~/.npmrc : _authToken');
    expect(sourceOf(found, npmPassword)).toBe('~/.npmrc : _password');
    expect(sourceOf(found, pypi)).toBe('~/.pypirc : [pypi] password');
    expect(sourceOf(found, aws)).toBe('~/.aws/credentials : [default] aws_secret_access_key');
    expect(sourceOf(found, gh)).toBe('~/.config/gh/hosts.yml : oauth_token');
    expect(sourceOf(found, kube)).toBe('~/.kube/config : token');
    expect(leakingSource(found)).toBeUndefined();
  });

  it('reads every credential field of those files, not the others', () => {
    const { home, cwd } = places();
    const v = Object.fromEntries(
      ['netrcQuoted', 'macro', 'pgpass', 'gitEncoded', 'identity', 'registry', 'npmAuth', 'npmRaw', 'session', 'ghUser', 'kubeKey', 'kubePassword'].map(
        (name) => [name, mixed(20)],
      ),
    ) as Record<string, string>;
    const npmRaw = Buffer.from(v.npmRaw!).toString('base64');
    write(join(home, '.netrc'), `machine a.interne login moi password "${v.netrcQuoted}"\nmacdef init\npassword ${v.macro}\n\nmachine b.interne\n`);
    write(join(home, '.pgpass'), `*:*:*:moi:${v.pgpass!.slice(0, 10)}\\\\${v.pgpass!.slice(10)}\n`);
    write(join(home, '.git-credentials'), `https://camille:${encodeURIComponent(`${v.gitEncoded}/+`)}@git.interne\nhttps://git.interne\n`);
    write(
      join(home, '.docker/config.json'),
      JSON.stringify({
        auths: { 'a.interne': { identitytoken: v.identity }, 'b.interne': { registrytoken: v.registry, email: 'moi@societe.fr' } },
        credsStore: 'desktop',
      }),
    );
    write(join(home, '.npmrc'), `_auth=${Buffer.from(`moi:${v.npmAuth}`).toString('base64')}\n_password=${npmRaw}\nalways-auth=true\nemail=moi@societe.fr\n`);
    write(join(home, '.aws/credentials'), `[recette]\naws_session_token = ${v.session}\nregion = eu-west-3\n`);
    write(join(home, '.config/gh/hosts.yml'), `github.com:\n  users:\n    camille:\n      oauth_token: ${v.ghUser}\n  git_protocol: https\n`);
    write(
      join(home, '.kube/config'),
      `users:\n  - name: moi\n    user:\n      client-key-data: ${v.kubeKey}\n      client-certificate-data: ${mixed(40)}\n  - name: admin\n    user:\n      username: admin\n      password: ${v.kubePassword}\n`,
    );
    const found = collectLocalSecrets({ home, cwd, env: {} });
    expect(found).toEqual([
      { value: v.netrcQuoted, source: '~/.netrc, ligne 1' },
      { value: v.pgpass!.replace(/^(.{10})/, '$1\\'), source: '~/.pgpass, ligne 1' },
      { value: `${v.gitEncoded}/+`, source: '~/.git-credentials, ligne 1' },
      { value: v.identity, source: '~/.docker/config.json : auths.a.interne.identitytoken' },
      { value: v.registry, source: '~/.docker/config.json : auths.b.interne.registrytoken' },
      { value: v.npmAuth, source: '~/.npmrc : _auth' },
      { value: npmRaw, source: '~/.npmrc : _password' },
      { value: v.npmRaw, source: '~/.npmrc : _password' },
      { value: v.session, source: '~/.aws/credentials : [recette] aws_session_token' },
      { value: v.ghUser, source: '~/.config/gh/hosts.yml : oauth_token' },
      { value: v.kubeKey, source: '~/.kube/config : client-key-data' },
      { value: v.kubePassword, source: '~/.kube/config : password' },
    ]);
  });

  it('reads the project’s .npmrc too', () => {
    const { home, repo, cwd } = places();
    const token = mixed(30);
    write(join(repo, '.npmrc'), `//npm.interne/:_authToken=${token}\n`);
    expect(sourceOf(collectLocalSecrets({ home, cwd, env: {} }), token)).toBe('../../.npmrc : _authToken');
  });

  it('returns, without hanging, when a credential file is a FIFO with no writer', () => {
    const { home, cwd } = places();
    execFileSync('mkfifo', [join(home, '.netrc')]);
    const token = mixed(20);
    write(join(home, '.pypirc'), `[pypi]\npassword = ${token}\n`);
    // In a child process: a blocked open could not be stopped from inside this one.
    const script = join(home, 'collect.ts');
    const module = join(repoRoot, 'scripts-src/lib/secrets/local-secrets.ts');
    writeFileSync(
      script,
      `import { collectLocalSecrets } from ${JSON.stringify(module)};\n` +
        `const found = collectLocalSecrets({ home: ${JSON.stringify(home)}, cwd: ${JSON.stringify(cwd)}, env: {} });\n` +
        'process.stdout.write(JSON.stringify(found.map((secret) => secret.source)));\n',
    );
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, timeout: 20_000, encoding: 'utf8' });
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
    expect(JSON.parse(child.stdout)).toEqual(['~/.pypirc : [pypi] password']);
  });

  it('skips a directory in place of a credential file, and a file that is not valid JSON or YAML, silently', () => {
    const { home, cwd } = places();
    mkdirSync(join(home, '.netrc'));
    mkdirSync(join(cwd, '.env.d'));
    write(join(home, '.docker/config.json'), `{"auths": {"r": {"auth": "${mixed(20)}"`);
    write(join(home, '.kube/config'), `users:\n  - name: [moi\n\t token: "${mixed(20)}`);
    write(join(home, '.config/gh/hosts.yml'), '*alias_absent\n');
    expect(() => collectLocalSecrets({ home, cwd, env: {} })).not.toThrow();
  });

  it.skipIf(isRoot)('skips an unreadable file', () => {
    const { home, cwd } = places();
    const hidden = mixed(20);
    const visible = mixed(20);
    write(join(home, '.pypirc'), `[pypi]\npassword = ${hidden}\n`);
    chmodSync(join(home, '.pypirc'), 0o000);
    write(join(cwd, '.env'), `API_TOKEN=${visible}\n`);
    chmodSync(join(cwd, '.env'), 0o000);
    write(join(cwd, '.envrc'), `export API_TOKEN=${visible}\n`);
    expect(collectLocalSecrets({ home, cwd, env: {} })).toEqual([{ value: visible, source: '.envrc : API_TOKEN' }]);
  });

  it('reads at most the first MiB of a huge file', () => {
    const { home, cwd } = places();
    const early = mixed(20);
    const late = mixed(20);
    write(join(cwd, '.env'), `API_TOKEN=${early}\n${'# remplissage\n'.repeat(400_000)}DB_PASSWORD=${late}\n`);
    const found = collectLocalSecrets({ home, cwd, env: {} });
    expect(sourceOf(found, early)).toBe('.env : API_TOKEN');
    expect(sourceOf(found, late)).toBeUndefined();
  });

  it('keeps each value once, with the first place it was found', () => {
    const { home, cwd } = places();
    const value = mixed(20);
    write(join(cwd, '.env'), `REDIS_PASSWORD=${value}\n`);
    const found = collectLocalSecrets({ home, cwd, env: { REDISCLI_AUTH: value } });
    expect(found.filter((secret) => secret.value === value).map((secret) => secret.source)).toEqual(['la valeur de REDISCLI_AUTH']);
  });

  it('keeps at most 2000 values', () => {
    const env = Object.fromEntries(Array.from({ length: 2500 }, (_, index) => [`SERVICE_${index}_TOKEN`, mixed(20)]));
    expect(fromEnv(env)).toHaveLength(2000);
  });

  it('strips control and format characters from a source', () => {
    const value = mixed(20);
    expect(fromEnv({ 'ROUGE\u001b[31m\u202e_TOKEN': value })).toEqual([{ value, source: 'la valeur de ROUGE[31m_TOKEN' }]);
  });

  it('names only the file when the name of the value would show part of it', () => {
    const { home, cwd } = places();
    const password = mixed(16);
    write(
      join(home, '.docker/config.json'),
      JSON.stringify({ auths: { [`${password}.interne`]: { auth: Buffer.from(`moi:${password}`).toString('base64') } } }),
    );
    expect(collectLocalSecrets({ home, cwd, env: {} })).toEqual([{ value: password, source: '~/.docker/config.json' }]);
  });

  it('never names a source with 6 characters of its value, whatever the place', () => {
    const { home, repo, cwd } = places();
    const env: NodeJS.ProcessEnv = { REDISCLI_AUTH: random(HEX, 24), REDIS_URL: `redis://:${mixed(20)}@cache.interne:6379`, NODE_AUTH_TOKEN: mixed(36) };
    write(join(cwd, '.env'), `DB_PASSWORD=${humanPassword().value}\nDATABASE_URL=postgres://app:${mixed(16)}@db/app\n`);
    write(join(repo, '.envrc'), `export GITHUB_TOKEN=ghp_${mixed(36)}\n`);
    write(join(home, '.netrc'), `machine h login moi password ${mixed(20)}\n`);
    write(join(home, '.pgpass'), `h:5432:db:moi:${mixed(20)}\n`);
    write(join(home, '.git-credentials'), `https://moi:${mixed(20)}@h\n`);
    write(join(home, '.docker/config.json'), JSON.stringify({ auths: { h: { auth: Buffer.from(`moi:${mixed(20)}`).toString('base64') } } }));
    write(join(home, '.npmrc'), `//h/:_authToken=${mixed(30)}\n`);
    write(join(home, '.aws/credentials'), `[default]\naws_secret_access_key = ${mixed(40)}\n`);
    write(join(home, '.config/gh/hosts.yml'), `h:\n  oauth_token: ${mixed(36)}\n`);
    write(join(home, '.kube/config'), `users:\n  - name: moi\n    user:\n      token: ${mixed(40)}\n`);
    const found = collectLocalSecrets({ home, cwd, env });
    expect(found).toHaveLength(14);
    expect(leakingSource(found)).toBeUndefined();
  });
});
