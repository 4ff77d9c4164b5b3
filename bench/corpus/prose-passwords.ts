/**
 * Passwords said in plain words, from grammars (fast-check): who or what the
 * credential belongs to, the word that binds the value, the delimiters around
 * it, French and English, and the shapes people give a password. Beside them,
 * an honest counter-set made of the same subjects: where a password is kept,
 * what it must be, how to reset one, a login with no password in it. No
 * sentence is written out whole here: each is drawn from its parts, so the
 * guard is measured on combinations nobody wrote for it.
 *
 *   prosePasswords(count, seed) → [{ text, secret }]   honestPasswordTalk(count, seed) → [text]
 */
import fc from 'fast-check';

export interface ProsePassword {
  text: string;
  /** The password as written in the text (without its delimiters). */
  secret: string;
  /** Which grammar made it. */
  form: string;
}

const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);
const WORDS = ['soleil', 'recette', 'banane', 'kiwi', 'orage', 'tigre', 'printemps', 'jasmin', 'falcon', 'winter', 'summer', 'monkey', 'dragon', 'comete', 'biscuit', 'pumpkin'];
const SYMBOLS = ['!', '#', '@', '$', '%', '*', '-', '_', '&', '?', '+'];

/** Passwords as people choose them, and as generators draw them. */
const password: fc.Arbitrary<string> = fc.oneof(
  // Word, year or digits, a symbol: Recette2024!, kiwi#83
  fc
    .tuple(fc.constantFrom(...WORDS), fc.integer({ min: 10, max: 2029 }), fc.constantFrom('', ...SYMBOLS), fc.boolean())
    .map(([word, digits, symbol, upper]) => `${upper ? capitalised(word) : word}${digits}${symbol}`),
  // Two words joined by a symbol and digits: kiwi#Banane7
  fc
    .tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SYMBOLS), fc.constantFrom(...WORDS), fc.integer({ min: 1, max: 99 }))
    .map(([a, symbol, b, digits]) => `${a}${symbol}${capitalised(b)}${digits}`),
  // Leet: S0l3il!
  fc
    .tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SYMBOLS))
    .map(([word, symbol]) => `${capitalised(word).replace(/o/g, '0').replace(/e/g, '3').replace(/i/g, '1')}${symbol}`)
    .filter((value) => /\d/.test(value)),
  // Drawn: 10 to 20 characters of letters, digits and symbols.
  fc
    .string({ unit: fc.constantFrom(...'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!#%*-_'), minLength: 10, maxLength: 20 })
    .filter((value) => /\d/.test(value) && /[a-z]/i.test(value)),
);

const delimited = (value: string) =>
  fc.constantFrom(value, value, `\`${value}\``, `"${value}"`, `« ${value} »`, `'${value}'`, `(${value})`).map((shown) => ({ shown, value }));

const ACCOUNTS = ['app_recette', 'sonar-admin', 'svc-backup', 'deploy', 'root', 'admin', 'jenkins', 'ci-bot', 'postgres', 'grafana'];
const account = fc.constantFrom(...ACCOUNTS);
const tail = {
  fr: fc.constantFrom('', '.', " (Karim l'a réinitialisé)", ', ne le change pas', ' depuis lundi.', ' ; à changer après la démo', ' — ne le diffuse pas'),
  en: fc.constantFrom('', '.', ' (Karim reset it)', ", don't change it", ' since Monday.', '; rotate it after the demo', ' — keep it to yourself'),
};

const frenchSubject = fc.constantFrom('le mot de passe', 'le mdp', 'la phrase de passe', "le code d'accès", 'le mot de passe admin', 'Le MDP', 'la clé wifi', 'le code wifi');
const englishSubject = fc.constantFrom('the password', 'the admin password', 'the root password', 'The pwd', 'the passphrase', 'the Wi-Fi password', 'the db password');
const frenchOwner = account.chain((name) =>
  fc.constantFrom('', ` du compte \`${name}\``, ` du compte ${name}`, ` de ${name}`, ' de la recette', ' du serveur de build', ` pour ${name}`, ' sur la box Jenkins', ' du keystore'),
);
const englishOwner = account.chain((name) =>
  fc.constantFrom('', ` for the ${name} account`, ` of ${name}`, ' on the Jenkins box', ` for ${name}`, ' of the staging database', ` for user \`${name}\``),
);
const frenchBinder = fc.constantFrom(' est ', " c'est ", ' reste ', ' vaut ', ' est toujours ', ' est maintenant ', ' : ', ' = ', ', c’est ');
const englishBinder = fc.constantFrom(' is ', ' is still ', ' was ', ' is now ', ' remains ', ': ', ' = ', ' is currently ');

const credentialIsValue = fc.oneof(
  fc
    .tuple(frenchSubject, frenchOwner, frenchBinder, password.chain(delimited), tail.fr)
    .map(([subject, owner, binder, { shown, value }, end]) => ({ text: `${subject}${owner}${binder}${shown}${end}`, secret: value, form: 'lien-fr' })),
  fc
    .tuple(englishSubject, englishOwner, englishBinder, password.chain(delimited), tail.en)
    .map(([subject, owner, binder, { shown, value }, end]) => ({ text: `${subject}${owner}${binder}${shown}${end}`, secret: value, form: 'lien-en' })),
);

const changed = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("j'ai remis son mot de passe à", "j'ai changé le mdp en", 'mot de passe réinitialisé à', "on a remis le mot de passe du compte à", "j'ai passé le mdp admin à", 'le mot de passe a été changé en'),
      password.chain(delimited),
      tail.fr,
    )
    .map(([start, { shown, value }, end]) => ({ text: `${start} ${shown}${end}`, secret: value, form: 'changement-fr' })),
  fc
    .tuple(
      fc.constantFrom('I reset his password to', 'I changed the root password to', 'password reset to', 'we set the admin password to', 'I updated the db password to'),
      password.chain(delimited),
      tail.en,
    )
    .map(([start, { shown, value }, end]) => ({ text: `${start} ${shown}${end}`, secret: value, form: 'changement-en' })),
);

const used = fc.oneof(
  fc
    .tuple(fc.constantFrom('tu peux utiliser', 'utilise', 'prends', 'essaie', 'tape'), password.chain(delimited), account, fc.constantFrom('pour le compte', 'pour l’utilisateur', 'comme mot de passe de', 'pour te connecter en'))
    .map(([verb, { shown, value }, name, purpose]) => ({ text: `${verb} ${shown} ${purpose} ${name}`, secret: value, form: 'usage-fr' })),
  fc
    .tuple(fc.constantFrom('you can use', 'use', 'try', 'just type'), password.chain(delimited), account, fc.constantFrom('for the', 'as the password for', 'for user'))
    .map(([verb, { shown, value }, name, purpose]) => ({ text: `${verb} ${shown} ${purpose} ${name}${purpose === 'for the' ? ' account' : ''}`, secret: value, form: 'usage-en' })),
);

const SERVICES = ['Kibana', 'Grafana', 'MinIO', 'Jenkins', 'Sonar', 'RabbitMQ', 'pgAdmin', 'Nexus'];
const login = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('on entre', 'connecte-toi', 'connectez-vous', 'je me suis connecté', 'pour se connecter, entrer'),
      fc.constantFrom(...SERVICES),
      account,
      fc.constantFrom(' et ', ' / ', ' et le code habituel, ', ' et le mot de passe ', ', mot de passe : '),
      password.chain(delimited),
    )
    .map(([verb, service, user, joiner, { shown, value }]) => ({ text: `${verb} sur ${service} avec ${user}${joiner}${shown}`, secret: value, form: 'connexion-fr' })),
  fc
    .tuple(
      fc.constantFrom('Log in to', 'log in on', 'Sign in to', 'I logged in to'),
      fc.constantFrom(...SERVICES),
      account,
      fc.constantFrom(' and ', ' / ', ' and the password ', ', password: ', ' and the usual one, '),
      password.chain(delimited),
    )
    .map(([verb, service, user, joiner, { shown, value }]) => ({ text: `${verb} ${service} with ${user}${joiner}${shown}`, secret: value, form: 'connexion-en' })),
);

const pairs = fc
  .tuple(fc.constantFrom(...SERVICES), account, password, fc.constantFrom('- {s} : {u} / {p}', '| {s} | {u} / {p} |', '* {s} → {u} / {p}', '- {s} (login / mot de passe) : {u} / {p}'))
  .map(([service, user, value, shape]) => ({ text: shape.replace('{s}', service).replace('{u}', user).replace('{p}', value), secret: value, form: 'paire' }));

const code = fc
  .tuple(password, account)
  .chain(([value, user]) =>
    fc.constantFrom(
      `echo '${value}' | sudo -S systemctl restart nginx`,
      `echo "${value}" | sudo -kS apt-get update`,
      `Connection c = DriverManager.getConnection(url, "${user}", "${value}");`,
      `conn = pymysql.connect("db.interne", "${user}", "${value}", "boutique")`,
      `$db = new PDO($dsn, '${user}', '${value}');`,
      `r = requests.get(url, auth=("${user}", "${value}"))`,
      `server.login("${user}@interne.fr", "${value}")`,
      `const sequelize = new Sequelize('shop', '${user}', '${value}', { dialect: 'mysql' });`,
    ).map((text) => ({ text, secret: value, form: 'code' })),
  );

export const prosePassword: fc.Arbitrary<ProsePassword> = fc.oneof(
  { arbitrary: credentialIsValue, weight: 4 },
  { arbitrary: changed, weight: 2 },
  { arbitrary: used, weight: 2 },
  { arbitrary: login, weight: 2 },
  { arbitrary: pairs, weight: 1 },
  { arbitrary: code, weight: 1 },
);

/** Honest talk of passwords, from the same subjects and owners: nothing in it is a password. */
export const honestPasswordSentence: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      frenchSubject,
      frenchOwner,
      frenchBinder,
      fc.constantFrom('dans Vault', 'dans le coffre de l’équipe', 'celui du gestionnaire', 'le même que la semaine dernière', 'obligatoire', 'expiré', 'incorrect', 'dans 1Password (coffre Recette)', 'envoyé par Signal', 'à demander à Camille'),
    )
    .map(([subject, owner, binder, place]) => `${subject}${owner}${binder}${place}`),
  fc
    .tuple(
      englishSubject,
      englishOwner,
      englishBinder,
      fc.constantFrom('in Vault', 'the one from 1Password', 'stored in the team vault', 'required', 'expired', 'wrong', 'the usual one', 'in the shared Bitwarden', 'hashed with bcrypt', 'different on staging'),
    )
    .map(([subject, owner, binder, place]) => `${subject}${owner}${binder}${place}`),
  fc
    .tuple(frenchSubject, fc.constantFrom('doit faire 12 caractères minimum', 'doit contenir un chiffre et un symbole', 'expire tous les 90 jours', 'se réinitialise depuis la page de connexion'))
    .map(([subject, rule]) => `${subject} ${rule}`),
  fc
    .tuple(englishSubject, fc.constantFrom('must be at least 12 characters', 'must contain a digit', 'expires every 90 days', 'can be reset from the login page'))
    .map(([subject, rule]) => `${subject} ${rule}`),
  fc.constantFrom(
    'réinitialisez votre mot de passe à l’aide du lien reçu par mail',
    'le mot de passe a été changé en début de semaine',
    'Log in with your SSO account and the usual MFA',
    'connecte-toi avec ton compte LDAP et le mot de passe habituel',
    'use a password manager for the admin account',
    'utilise deploy.sh pour le compte admin',
    'ask Camille for the root password',
    'mot de passe : voir Vault (secret/recette/app)',
    'the password policy changed to 14 characters',
    'set the password to a random value with openssl rand -hex 12',
    'I reset the password to the default one from the README',
    'use v2.3.1 for the deploy user',
    'on entre avec son compte habituel et le code reçu par SMS',
    'pour changer le mot de passe en production, ouvrir un ticket',
    'the Wi-Fi password is on the whiteboard',
    'la clé wifi est affichée à l’accueil',
    'echo "$REDIS_PASSWORD" | redis-cli --askpass',
    'Connection c = DriverManager.getConnection(url, user, System.getenv("DB_PASSWORD"));',
    'r = requests.get(url, auth=(user, os.environ["API_PASSWORD"]))',
  ),
);

export function prosePasswords(count: number, seed = 42): ProsePassword[] {
  return fc.sample(prosePassword, { numRuns: count, seed });
}

export function honestPasswordTalk(count: number, seed = 42): string[] {
  return fc.sample(honestPasswordSentence, { numRuns: count, seed });
}
