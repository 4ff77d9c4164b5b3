/**
 * What the secret guard knows of a password given in a sentence, as data:
 * the words people use, read by prose-credentials.ts on the reading guard's
 * word cut (untrusted/token-patterns.ts). A sentence gives a password when a
 * credential word is bound to a value: « le mot de passe du compte X est … »,
 * « j'ai remis son mot de passe à … », « tu peux utiliser … pour le compte
 * sonar-admin », "log in to Kibana with elastic and …". Adding a word is one
 * line here; verbs get their forms by rule (lexicon.ts: « remettre » → remis
 * is listed, « réinitialiser » → réinitialisé, réinitialisez…), nouns their
 * plural.
 */

/** The credential: what a value is bound to. `noun | language`. */
export const CREDENTIAL_NOUNS = `
mot de passe        | fr
mot-de-passe        | fr
mdp                 | fr
phrase de passe     | fr
phrase secrète      | fr
code d'accès        | fr
code secret         | fr
code pin            | fr
code wifi           | fr
clé wifi            | fr
clé wi-fi           | fr
clé wpa             | fr
sésame              | fr
password            | en
passwd              | en
pwd                 | en
passphrase          | en
passcode            | en
wifi key            | en
wi-fi key           | en
wpa key             | en
psk                 | en
`;

/** Words that name a credential only beside another (« le code habituel », "the usual one"): in a login pair's second half. */
export const PAIR_NOUNS = `
code                | fr
pass                | en
secret              | en
one                 | en
`;

/**
 * What binds the credential to its value, after it: a copula or a sign. `binder | language`.
 * « le mot de passe du compte X est … », "the admin password is still …", « le mdp c'est … ».
 */
export const BINDERS = `
est                 | fr
c'est               | fr
vaut                | fr
reste               | fr
devient             | fr
sera                | fr
était               | fr
is                  | en
was                 | en
remains             | en
will be             | en
:                   | -
=                   | -
→                   | -
`;

/** Words between a binder and its value that say nothing of it: « est toujours … », "is still …". */
export const BINDING_ADVERBS = `
toujours            | fr
encore              | fr
maintenant          | fr
désormais           | fr
actuellement        | fr
simplement          | fr
bien                | fr
now                 | en
still               | en
currently           | en
just                | en
simply              | en
`;

/**
 * Verbs that give a credential a new value; their preposition then binds it: « j'ai remis son mot de passe à … »,
 * « mdp changé en … », "I reset his password to …". VERBS format (lexicon.ts), concepts unused.
 */
export const CHANGE_VERBS = `
remettre            | fr | - | remis, remise, remet, remets
mettre              | fr | - | mis, mise, met, mets
réinitialiser       | fr | -
changer             | fr | -
modifier            | fr | -
passer              | fr | -
définir             | fr | -
fixer               | fr | -
reset               | en | - | reset
set                 | en | - | set, setting
change              | en | -
update              | en | -
rotate              | en | -
`;

/** What follows a change verb's credential before the new value. `preposition | language`. */
export const CHANGE_PREPOSITIONS = `
à                   | fr
en                  | fr
pour                | fr
to                  | en
`;

/** Verbs that give a value for an account: « tu peux utiliser … pour le compte sonar-admin », "use … for root". VERBS format. */
export const USE_VERBS = `
utiliser            | fr | -
prendre             | fr | - | prends, prenez, pris
taper               | fr | -
saisir              | fr | -
essayer             | fr | - | essaie, essaye
use                 | en | -
try                 | en | - | tried
enter               | en | -
type                | en | -
`;

/** After a used value: what it is for, then an account or a credential (« pour le compte », "for the root account", "as password"). */
export const USE_FOR = `
pour                | fr
comme               | fr
for                 | en
as                  | en
on                  | en
`;

/** An account, the owner of a credential a value is used for. `noun | language`. */
export const ACCOUNT_NOUNS = `
compte              | fr
utilisateur         | fr
identifiant         | fr
connexion           | fr
account             | en
user                | en
login               | en
root                | en
admin               | en
`;

/** Logging in: then « avec <utilisateur> et … », "with <user> and …". VERBS format. */
export const LOGIN_VERBS = `
connecter           | fr | - | connecte-toi, connectez-vous
entrer              | fr | -
identifier          | fr | -
authentifier        | fr | -
loguer              | fr | - | logue-toi
log in              | en | - | logged in, logging in
log on              | en | - | logged on
login               | en | -
sign in             | en | - | signed in, signing in
authenticate        | en | -
`;

/** What joins a login's two halves: « avec <utilisateur> et … », "with <user> / …". `word | language`. */
export const LOGIN_WITH = `
avec                | fr
with                | en
`;
export const PAIR_JOINERS = `
et                  | fr
and                 | en
/                   | -
,                   | -
+                   | -
`;

/**
 * Where the password is kept, said where its value would stand: the sentence says no value, and none follows
 * (« est dans Vault : `secret/app` » gives a path, not the password). `word | language`.
 */
export const KEPT_ELSEWHERE = `
dans                | fr
sur                 | fr
chez                | fr
stocké              | fr
stockée             | fr
gardé               | fr
gardée              | fr
rangé               | fr
rangée              | fr
in                  | en
at                  | en
from                | en
stored              | en
kept                | en
`;

/**
 * Words after which no value follows: the sentence speaks of the password (where it is kept, what it must be,
 * how to get one), it does not give it. Read at the value's place: « le mot de passe est dans Vault »,
 * "the password is the one from 1Password", « est obligatoire », "is required".
 */
export const NOT_A_VALUE = `
dans
sur
chez
de
du
des
le
la
les
l'
un
une
ton
ta
votre
son
sa
leur
ce
cette
celui
celle
stocké
stockée
gardé
gardée
rangé
rangée
envoyé
envoyée
donné
donnée
fourni
fournie
expiré
expirée
obligatoire
requis
requise
faux
fausse
incorrect
incorrecte
correct
correcte
vide
différent
différente
le même
in
on
at
from
the
a
an
your
his
her
their
its
this
that
one
same
stored
kept
sent
given
required
optional
invalid
incorrect
wrong
correct
empty
expired
different
hashed
encrypted
missing
unknown
`;

/**
 * Connection APIs whose arguments are (…, user, password, …): the position of the password, counted from 1.
 * `call | position`: `DriverManager.getConnection(url, "app", "…")`, `pymysql.connect("db", "app", "…")`.
 */
export const CONNECTION_CALLS = `
getConnection       | 3
getconnection       | 3
mysqli_connect      | 3
mysqli              | 3
PDO                 | 3
pymysql.connect     | 3
MySQLdb.connect     | 3
Sequelize           | 3
HTTPBasicAuth       | 2
HTTPDigestAuth      | 2
BasicAuth           | 2
login               | 2
simple_bind_s       | 2
bind_s              | 2
auth                | 2
`;
