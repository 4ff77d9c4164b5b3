/**
 * Where a value is bound to a credential role: the name of an assignment
 * (`.env`, YAML, JSON, TOML, INI, headers), a command's option or argument
 * (`--password`, `mysql -p…`, `redis-cli -a`, `curl -u`, `echo … |
 * --password-stdin`, `htpasswd -b`, a `.pgpass` line), a URL's user info, a
 * Markdown table's column or row, a sentence in French or English, or the
 * line after a keyword that ends its own line (`Mot de passe :` then the
 * value, `password: |`). Each binding is judged by credential-values.ts.
 *
 * Lines are read one at a time, without their Markdown container markers;
 * every pattern is bounded, so the scan is linear in the text.
 */

import { isTableDelimiter, type MarkdownLine, tableCells } from '../text/markdown-model.js';
import { isSessionCookieName, PROSE_PASSWORD, PROSE_TOKEN, PROSE_WORD_STEMS, type Role, roleOfName, roleOfProseWord } from './credential-names.js';
import { isCredentialValue, isDefaultPassword, isPlaceholder, isWordLike, looksRandom, stripQuotes } from './credential-values.js';
import type { Hit } from './hits.js';
import { proseCredentials } from './prose-credentials.js';
import { isPublicValueAt } from './public-values.js';

/** A value and where it sits on its line. */
interface Binding {
  rule: string;
  role: Role;
  setting: 'code' | 'prose' | 'userinfo' | 'passphrase' | 'bound';
  value: string;
  /** Offset of `value` in the line. */
  at: number;
}

/** `binding` found at `at` (not `{ ...binding, at }`: on Node 18 to 22 a spread followed by a property takes V8's slow path). */
const movedTo = (binding: Binding, at: number): Binding => ({ rule: binding.rule, role: binding.role, setting: binding.setting, value: binding.value, at });

const BT = '`';
/** A value after a name or an option: quoted, or up to the next blank or delimiter. */
const VALUE = String.raw`(?<v>"(?:[^"\\\n]|\\.){1,400}"|'[^'\n]{1,400}'|${BT}[^${BT}\n]{1,400}${BT}|«[^»\n]{1,400}»|[^\s,;'"${BT}<>|)\]}]{1,400})`;

const ASSIGNMENT = new RegExp(
  String.raw`(?<k>"[^"\n]{1,80}"|'[^'\n]{1,80}'|(?<![\w.-])[A-Za-z_][\w.-]{0,80})(?<before>[ \t]*)(?<sign>:=|\?=|\+=|=>|=|:)(?<after>[ \t]*)${VALUE}?`,
  'g', // not 'd': the value ends the match, which gives its offset (indices cost every match of every line an allocation)
);
const JS_CONTEXT = /\b(?:const|let|var|return|function)\b|[{,][ \t]*[\w$]+[ \t]*:[ \t]*[\w$]+[ \t]*[,}]/;
/** A query string of an image's URL (a badge's `?token=`): shown to every reader by design. */
const IMAGE_QUERY = /\.(?:svg|png|gif|jpe?g|webp)\?(?:[^\s?]*&)?$/i;
const LONG_OPTION = new RegExp(String.raw`(?<![\w-])--(?<k>[a-z][\w-]{1,40})(?:=|[ \t]+)${VALUE}`, 'dgi');
const SHORT_PASSWORD_OPTION: Array<[command: RegExp, option: RegExp]> = [
  [/\b(?:mysql|mariadb|mysqldump|mysqladmin|mysqlsh)\b/, /(?<![\w-])-p(?<v>[^\s'"`-][^\s'"`]*|'[^'\n]+'|"[^"\n]+")/dg],
  [
    /\b(?:sshpass|docker[ \t]+login|podman[ \t]+login|buildah[ \t]+login|skopeo[ \t]+login|helm[ \t]+registry[ \t]+login|oras[ \t]+login)\b/,
    new RegExp(String.raw`(?<![\w-])-p(?:=|[ \t]+)${VALUE}`, 'dg'),
  ],
  [/\bredis-cli\b/, new RegExp(String.raw`(?<![\w-])-a[ \t]+${VALUE}`, 'dg')],
  [/\b(?:mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|az|psexec|winrm)\b/, new RegExp(String.raw`(?<![\w-])-p(?:=|[ \t]+)${VALUE}`, 'dg')],
  [/\b(?:sqlcmd|bcp|osql|isql)\b/, new RegExp(String.raw`(?<![\w-])-P(?:=|[ \t]+)?${VALUE}`, 'dg')],
  [/\b(?:7z|7za|7zr|zip|unzip|rar|unrar)\b/, /(?<![\w-])-p(?<v>[^\s'"`-][^\s'"`]*|'[^'\n]+'|"[^"\n]+")/dg],
  [/\b(?:smbclient|rpcclient|smbmap|net|winexe|crackmapexec|nxc)\b/, /(?<![\w-])(?:-U|--user(?:name)?)[ \t]+[^\s%]{1,64}%(?<v>[^\s'"]{1,200})/dg],
  [/\brabbitmqctl\b/, new RegExp(String.raw`\b(?:add_user|change_password)[ \t]+\S{1,64}[ \t]+${VALUE}`, 'dg')],
  [/\bldap\w*\b/, new RegExp(String.raw`(?<![\w-])-w[ \t]+${VALUE}`, 'dg')],
  [/\bopenssl\b/, /(?<![\w-])-pass(?:in|out)?[ \t]+pass:(?<v>[^\s'"]+)/dg],
];
/** Any command of the table above: most lines name none, and cost this one test instead of one per command. */
const SHORT_PASSWORD_COMMAND = new RegExp(SHORT_PASSWORD_OPTION.map(([command]) => command.source).join('|'));
/** A SQL or PowerShell string, single- or double-quoted (up to its first closing quote: the scan stays linear). */
const STATEMENT_STRING = String.raw`'[^'\n]{1,300}'|"[^"\n]{1,300}"`;
/**
 * Statements and commands that set a password inline, by where the password
 * stands: SQL (`CREATE USER … IDENTIFIED BY '…'`, `ALTER USER … PASSWORD '…'`,
 * `WITH PASSWORD = '…'`, `SET PASSWORD FOR … = '…'`), Redis ACLs (`ACL SETUSER
 * … on >…`), Windows (`net user … … /add`), PowerShell (`ConvertTo-SecureString
 * '…' -AsPlainText`, `'…' | ConvertTo-SecureString -AsPlainText`, `New-Object
 * PSCredential('…', '…')`). Each gate is tested on the lower-cased line first, after a word it cannot match without;
 * `quotedValue`: the statement takes a quoted value only, and a line without a quote skips it.
 */
/** A word every statement below needs (lower-cased line): most lines have none, and cost one test. */
const STATEMENT_WORD = /identified|password|setuser|net[ \t]+user|asplaintext|pscredential/;
const PASSWORD_STATEMENTS: Array<[word: string, gate: RegExp, statement: RegExp, quotedValue: boolean]> = [
  // "the key identified by `pubKey`" is prose: a statement names a user, or writes its keywords in capitals.
  [
    'identified',
    /\b(?:create|alter)[ \t]+(?:user|role|login)\b[^\n]{0,200}\bidentified\b|\bgrant\b[^\n]{0,200}\bidentified\b/,
    new RegExp(String.raw`\bidentified(?:[ \t]+with[ \t]+['"\w]{1,64})?[ \t]+by(?:[ \t]+password)?[ \t]+N?(?<v>${STATEMENT_STRING}|[^\s,;'"()]{1,300})`, 'gi'),
    false,
  ],
  [
    'identified',
    /identified/,
    new RegExp(String.raw`\bIDENTIFIED(?:[ \t]+WITH[ \t]+['"\w]{1,64})?[ \t]+BY(?:[ \t]+PASSWORD)?[ \t]+N?(?<v>${STATEMENT_STRING}|[^\s,;'"()]{1,300})`, 'g'),
    false,
  ],
  [
    'password',
    /\b(?:create|alter)[ \t]+(?:user|role|login)\b|\bwith[ \t]+(?:(?:un)?encrypted[ \t]+)?password\b/,
    new RegExp(String.raw`\b(?:(?:un)?encrypted[ \t]+)?password(?:[ \t]*=)?[ \t]*N?(?<v>${STATEMENT_STRING})`, 'gi'),
    true,
  ],
  [
    'password',
    /\bset[ \t]+password\b/,
    new RegExp(
      String.raw`\bset[ \t]+password(?:[ \t]+for[ \t]+[^\s=]{1,100})?[ \t]*=[ \t]*(?:(?:old_)?password[ \t]*\([ \t]*)?N?(?<v>${STATEMENT_STRING})`,
      'gi',
    ),
    true,
  ],
  ['setuser', /\bacl[ \t]+setuser\b/, /(?<=[ \t])>(?<v>[^\s>]{1,300})/g, false],
  [
    'user',
    /\bnet[ \t]+user\b/,
    /\bnet[ \t]+user[ \t]+(?:"[^"\n]{1,64}"|[^\s"/]{1,64})[ \t]+(?<v>"[^"\n]{1,200}"|[^\s"*/][^\s"]{0,200})(?=[ \t]+\/|[ \t]*$)/gi,
    false,
  ],
  [
    'asplaintext',
    /-asplaintext\b/,
    new RegExp(
      String.raw`\bConvertTo-SecureString(?:[ \t]+-(?:AsPlainText|Force)(?::\$?\w{1,10})?){0,3}(?:[ \t]+-String)?[ \t]+(?<v>${STATEMENT_STRING})`,
      'gi',
    ),
    true,
  ],
  ['asplaintext', /-asplaintext\b/, new RegExp(String.raw`(?<v>${STATEMENT_STRING})[ \t]*\|[ \t]*ConvertTo-SecureString\b`, 'dgi'), true],
  [
    'pscredential',
    /\bpscredential\b/,
    new RegExp(
      String.raw`(?:New-Object[ \t]+(?:-TypeName[ \t]+)?(?:System\.Management\.Automation\.)?PSCredential(?:[ \t]+-ArgumentList)?|\[(?:System\.Management\.Automation\.)?PSCredential\]::new)[ \t]*\(?[ \t]*(?:'[^'\n]{0,100}'|"[^"\n]{0,100}"|\$[\w:]{1,64})[ \t]*,[ \t]*(?<v>${STATEMENT_STRING})`,
      'dgi',
    ),
    true,
  ],
];
/** Build and JVM properties on a command line: `-Ddb.password=…`, `-Dspring.datasource.password=…`, `gradle -Pnexus_password=…`, `-J-D…`. */
const PROPERTY_OPTION = new RegExp(String.raw`(?<![\w-])-(?:J-)?[DP](?<k>[A-Za-z_][\w.-]{0,120})=${VALUE}`, 'g');
/** A PowerShell line: a cmdlet's Verb-Noun (`Publish-Module`, `Connect-AzAccount`). */
const POWERSHELL = /\b[A-Z][a-z]{1,15}-[A-Z][A-Za-z]{1,40}\b/;
/** A PowerShell parameter and its argument: `-NuGetApiKey '…'`, `-Token:…`, `-ClientSecret "…"`. */
const POWERSHELL_PARAMETER = new RegExp(
  String.raw`(?<![\w-])-(?<k>[A-Za-z][A-Za-z0-9]{2,40})(?::|[ \t]+)(?<v>${STATEMENT_STRING}|[^\s'"${BT}|;(){}]{1,300})`,
  'g',
);
/** Java and OpenSSL style options: `-storepass …`, `-keypass …`, `-srcstorepass …`. */
const SINGLE_DASH_OPTION = new RegExp(
  String.raw`(?<![\w-])-(?<k>(?:src|dest)?(?:store|key)pass|passin|passout|password|passwd|passphrase)(?:=|[ \t]+)${VALUE}`,
  'dgi',
);
/** `define('DB_PASSWORD', '…')`, `setenv("API_KEY", "…")`, `os.environ["TOKEN"] = "…"`: a name as a string, then its value. */
const NAMED_STRING = new RegExp(String.raw`(?:\(|\[)[ \t]*["'](?<k>[\w.-]{2,60})["'][ \t]*(?:,|\][ \t]*=)[ \t]*${VALUE}`, 'dg');
/** `<password>…</password>`, `<add key="ApiKey" value="…"/>`: XML configuration. */
const XML_ELEMENT = /<(?<k>[\w:.-]{1,60})>(?<v>[^<\n]{4,300})<\/\k<k>>/dg;
const XML_KEY_VALUE = /\b(?:key|name)=["'](?<k>[^"'\n]{1,60})["'][ \t]+value=["'](?<v>[^"'\n]{1,300})["']/dg;
/**
 * `curl -u id:secret` (combined as `-su`, `--user`, `--proxy-user`, `-U`), httpie's and xh's `-a`/`--auth`: the secret
 * after the colon, or the id when the secret is empty (`-u sk_…:`, an API key given as the user).
 */
const USER_OPTION =
  /(?<![\w-])(?:-[A-Za-z]{0,4}u|-[Ua]|--(?:user|proxy-user|basic-auth|auth))(?:[ \t]+|=)(?<v>"[^"\n]{1,300}"|'[^'\n]{1,300}'|[^\s'"]{1,300})/dg;
/** `curl -b "session=…"`, `--cookie 'sid=…'`: a session cookie is a credential. */
const COOKIE_OPTION = /(?<![\w-])(?:-b|--cookie)(?:[ \t]+|=)["']?[\w.-]{1,64}=(?<v>[^\s;"']{16,400})/dg;
const HTTP_CLIENT = /\b(?:curl|wget|http|https|xh|httpie|ab|hey)\b/;
/** `Cookie:` and `Set-Cookie:` headers (a browser's tools, a HAR file, `curl -H`, `document.cookie = "…"`): their pairs, up to a quote or the line's end. */
const COOKIE_HEADER = /\b(?<set>set-)?cookie["']?[ \t]*[:=][ \t]*["'`]?(?<pairs>[^\n"'`]{1,8000})/dgi;
const COOKIE_PAIR = /(?:^|;)[ \t]*(?<k>[^\s=;,]{1,100})=(?<v>[^;\s"']{1,4000})/dg;
/** A line of a Netscape cookie jar (`curl -c`): domain, flag, path, secure, expiry, name, value. */
const COOKIE_JAR = /^(?:#HttpOnly_)?[\w.-]{1,253}\t(?:TRUE|FALSE)\t[^\t\n]{1,300}\t(?:TRUE|FALSE)\t\d{1,12}\t(?<k>[^\t\n]{1,100})\t(?<v>[^\t\n]{1,4000})$/d;
/**
 * A name and a value given side by side (HAR headers and cookies, Postman's `key`, Kubernetes and ECS environment lists):
 * `{"name": "Authorization", "value": "…"}`, `name = "DB_PASSWORD", value = "…"`, in either order on one line.
 */
const NAME_THEN_VALUE =
  /\b(?:name|key)["']?[ \t]*[:=][ \t]*(?<q>["'])(?<k>[^"'\\\n]{1,100})\k<q>[ \t]*[,;]?[ \t]*["']?value["']?[ \t]*[:=][ \t]*(?<r>["'])(?<v>(?:(?!\k<r>)[^\\\n]|\\.){0,4000})\k<r>/dg;
const VALUE_THEN_NAME =
  /\bvalue["']?[ \t]*[:=][ \t]*(?<r>["'])(?<v>(?:(?!\k<r>)[^\\\n]|\\.){0,4000})\k<r>[ \t]*[,;]?[ \t]*["']?(?:name|key)["']?[ \t]*[:=][ \t]*(?<q>["'])(?<k>[^"'\\\n]{1,100})\k<q>/dg;
/** A name alone on its line (`"name": "Cookie",`, `- name: DB_PASSWORD`): its value comes on one of the next lines. */
const NAME_ALONE = /^\{?[ \t]*["']?(?:name|key)["']?[ \t]*[:=][ \t]*["']?(?<k>[^"'\\\n,]{1,100}?)["']?[ \t]*,?[ \t]*$/;
const VALUE_ALONE = /^["']?value["']?[ \t]*[:=][ \t]*(?:"(?<d>(?:[^"\\\n]|\\.){0,4000})"|'(?<s>[^'\n]{0,4000})'|(?<b>[^\s"'|>][^\n]{0,3999}))/d;
const ECHO_PIPE = /\b(?:echo|printf)[ \t]+(?:-[a-z]+[ \t]+)?(?<v>"[^"\n]{1,300}"|'[^'\n]{1,300}'|[^\s|;'"]{1,300})[ \t]*\|/dg;
const PGPASS = /(?:^|["'\s>])(?<host>[A-Za-z0-9_.*-]{1,253}):(?:\d{1,5}|\*):[^\s:'"]{1,100}:[^\s:'"]{1,100}:(?<v>[^\s'"]{1,300})/dg;
const HTPASSWD =
  /\bhtpasswd[ \t]+-[A-Za-z]*b[A-Za-z]*(?:[ \t]+-[A-Za-z]+)*[ \t]+\S{1,300}[ \t]+\S{1,100}[ \t]+(?<v>"[^"\n]{1,300}"|'[^'\n]{1,300}'|\S{1,300})/dg;
/** A configuration line `requirepass …`, `password …` (redis.conf, .netrc split over lines). */
const SPACE_SEPARATED = /^(?<k>requirepass|masterauth|password|passwd|passphrase)[ \t]+(?<v>[^\s'"`]{6,300})[ \t]*$/dgi;
const NETRC = /\bmachine[ \t]+\S{1,253}[ \t]+login[ \t]+\S{1,200}[ \t]+password[ \t]+(?<v>\S{1,300})/dg;
const REDIS_AUTH = /(?:^|[>`$#][ \t]*|redis-cli\b[^\n]{0,200}?[ \t])AUTH[ \t]+(?:[\w.-]{1,64}[ \t]+)?(?<v>[^\s'"`]{4,300})/dg;
const AUTH_HEADER =
  /\b(?:proxy-)?authorization["']?[ \t]*[:=][ \t]*["']?(?<scheme>bearer|token|bot|apikey|api-key|ssws|basic|digest|key)[ \t]+(?<v>[A-Za-z0-9._~+/=-]{6,})/dgi;
const BEARER = /\bbearer[ \t]+(?<v>[A-Za-z0-9._~+/-]{16,}=*)/dgi;
/** `Basic <base64 of id:secret>` wherever it is written: an nginx `proxy_set_header`, a HAR value, a proxy's configuration. */
const BASIC = /(?<![\w-])basic[ \t]+(?<v>[A-Za-z0-9+/]{8,600}={0,2})(?![\w+/=-])/gi;
const URL_START = /\b[a-zA-Z][a-zA-Z0-9+.-]{1,30}:\/\//g;

/** Hosts reserved for documentation (RFC 2606, 6761): credentials on them are examples. */
const EXAMPLE_HOST =
  /^(?:[\w-]+\.)*(?:example(?:\.(?:com|org|net))?|[\w-]+\.(?:example|test|invalid|localhost))$|^(?:host|hostname|server|myhost|myserver|your-?host|domain|machine|remote)$/i;
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|host\.docker\.internal|db|redis|postgres|mysql|mongo|rabbitmq)$/i;

const PROSE_KEYWORD = new RegExp(String.raw`(?<![\p{L}\d_:/.@?&-])(?<w>${PROSE_PASSWORD}|${PROSE_TOKEN})(?![\p{L}\d_-])`, 'giu');
/** The verbs and the prepositions an open sentence ends on (« le mot de passe est », "the password for"). */
const OPEN_VERBS = "est|sont|is|are|was|c['’]est|sera|vaut|devient";
const OPEN_PREPOSITIONS = "de|du|des|d['’]|of|for|pour";
/** A line that ends on a credential word, with or without its verb: its value is on the next line. */
const OPEN_SENTENCE = new RegExp(
  String.raw`(?<![\p{L}\d_-])(?<w>${PROSE_PASSWORD}|${PROSE_TOKEN})(?:[^\n.;!?:=()]{0,60}?[ \t]+(?:${OPEN_VERBS})|[ \t]+(?:${OPEN_PREPOSITIONS})(?:[ \t]+\S+)?)?[ \t]*(?::|=|→|->)?[ \t]*$`,
  'iu',
);
/** The last word of a sentence OPEN_SENTENCE reads: a verb or a preposition; or the word after a preposition. */
const OPEN_SENTENCE_LAST = new RegExp(`^(?:${OPEN_VERBS}|${OPEN_PREPOSITIONS})$`, 'iu');
const OPEN_SENTENCE_PREPOSITION = new RegExp(`^(?:${OPEN_PREPOSITIONS})$`, 'iu');
const ENDS_ON_CREDENTIAL_WORD = new RegExp(String.raw`(?<![\p{L}\d_-])(?:${PROSE_PASSWORD}|${PROSE_TOKEN})$`, 'iu');
/**
 * Whether OPEN_SENTENCE may match `line`, known from its last two words (most lines end on neither a credential word, a
 * verb nor a preposition): the pattern itself tries each of a long line's last 160 positions. Never false where it matches.
 */
function mayOpenSentence(line: string): boolean {
  let end = line.trimEnd();
  end = (end.endsWith('->') ? end.slice(0, -2) : /[:=→]$/.test(end) ? end.slice(0, -1) : end).trimEnd();
  const lastStart = wordStart(end, end.length);
  if (OPEN_SENTENCE_LAST.test(end.slice(lastStart))) return true;
  let beforeEnd = lastStart;
  while (beforeEnd > 0 && (end[beforeEnd - 1] === ' ' || end[beforeEnd - 1] === '\t')) beforeEnd--;
  if (beforeEnd < lastStart && OPEN_SENTENCE_PREPOSITION.test(end.slice(wordStart(end, beforeEnd), beforeEnd))) return true;
  // The longest credential word (« phrase de passe ») is shorter than this.
  return ENDS_ON_CREDENTIAL_WORD.test(end.slice(-40));
}
/** Where the word that ends at `end` in `text` begins (words are apart by blanks and tabs, as OPEN_SENTENCE's). */
function wordStart(text: string, end: number): number {
  let start = end;
  while (start > 0 && text[start - 1] !== ' ' && text[start - 1] !== '\t') start--;
  return start;
}
/** Between the keyword and its value: a few words of qualifier, then a verb or a sign. */
const CONNECTOR =
  /(?:[ \t]*(?::|=|→|->|=>|–|—|,)[ \t]*|[ \t]+-[ \t]+|[ \t]+(?:est|sont|était|sera|reste|vaut|devient|c['’]est|it['’]s|it is|['’]s|is|was|are|were|will be|remains|set to|changed to|reset to|updated to|en|to)(?![\p{L}])(?:[ \t]+(?:now|maintenant|désormais|toujours|still|currently|actuellement))?[ \t]*:?[ \t]*|['’]s[ \t]+)/gu;
/** What may stand between a credential word and its verb: a few words of qualifier, not a place where it is kept. */
const NOT_A_VALUE_CONTEXT =
  /\b(?:dans|in|sur|on|at|chez|from|de la part|stocké|stored|kept|gardé|rangé|expire|expires|must|doit|should|needs?|faut|example|exemple|e\.g|par ex|such as|comme|like)\b/i;
/** The value right after the keyword, or after "to"/« à »: "password set to …", « mdp soleil42 ». */
const DIRECT = /^[ \t]+(?:(?:set to|changed to|reset to|to|à|de|du|d['’]|c['’]est|utilisé|used|for \w+ is)[ \t]+)?/u;
/** What unlocks or protects: « déverrouiller le coffre : … », "protected by …", "encrypted with …". */
const UNLOCK = new RegExp(
  String.raw`\b(?:d[ée]verrouill\p{L}*|unlock(?:s|ed)?|ouvr(?:ir|e[zs]?)|decrypt(?:s|ed)?|d[ée]chiffr\p{L}*|prot[ée]g[ée]e?s?|protected|chiffr[ée]e?s?|encrypted)\b[^\n.;!?${BT}"«]{0,40}?(?:[ \t]*[:→][ \t]*|[ \t]+(?:avec|with|par|by|using)[ \t]+)(?:(?:le|la|the|mot de passe|password|passphrase)[ \t]+)?(?<v>${BT}[^${BT}\n]{4,200}${BT}|"[^"\n]{4,200}"|«[^»\n]{4,200}»|[^\s${BT}"',;()]{6,200})`,
  'dgiu',
);
/** `user / password` after a service name (« Sentry → svc-backup / comete40biscuit »), the password judged strictly. */
const USER_SLASH_PASSWORD = /(?<![\w/.:-])(?<user>(?!v?\d)[a-z][\w.@-]{1,31})[ \t]+\/[ \t]+(?<v>[^\s`"',;()|]{6,100})/dg;
const PROSE_VALUE = /^(?:`[^`\n]{1,200}`|"[^"\n]{1,200}"|'[^'\n]{1,200}'|«[^»\n]{1,200}»|“[^”\n]{1,200}”|[^\s`"'«»,;()]{1,200})/u;
/** « j'ai mis `…` comme mdp », "use … as the password", "… is the password". */
const VALUE_THEN_KEYWORD = new RegExp(
  String.raw`[ \t]+(?:comme|en tant que|as(?: the| our| my)?|is the|est le|c['’]est le)[ \t]+(?:nouveau[ \t]+|new[ \t]+)?(?:(?<vendor>[A-Z][\w.-]{1,30})[ \t]+(?:(?:app|api|admin|secret|auth|write|master|private)[ \t]+)?(?=key|clé|token)|(?:clé|key)[ \t]+(?=[A-Z]))?(?<w>${PROSE_PASSWORD}|${PROSE_TOKEN}|key|clé)(?![\p{L}])`,
  'gu',
);
/** The value that ends where `end` begins: a quoted string, or the word before it (found by looking back, never by rescanning). */
function valueBefore(text: string, end: number): { value: string; at: number } | undefined {
  const close = text[end - 1];
  if (close === '`' || close === '"' || close === '»') {
    const open = text.lastIndexOf(close === '»' ? '«' : close, end - 2);
    if (open < 0 || end - open > 202 || text.slice(open, end).includes('\n')) return undefined;
    return { value: text.slice(open, end), at: open };
  }
  let start = end;
  while (start > 0 && end - start < 200 && !/[\s`"'«»,;()]/.test(text[start - 1]!)) start--;
  return end - start >= 6 ? { value: text.slice(start, end), at: start } : undefined;
}
/** "log in with admin and …", « connecte-toi avec admin / … », "identifiants : admin / …", "use … to log in". */
const LOGIN_PAIR = new RegExp(
  String.raw`(?<![\w/:.@${BT}-])(?:log ?in|login|sign(?:ed)? in|logged in|connect|connecte[sz]?(?:-toi|-vous)?|connecter|connexion|identifiants?|credentials?|creds|compte|account|user(?:name)?|utilisateur)(?![\p{L}\d_])(?:[ \t]+(?:de|du|des|d['’]|for|of|pour|sur|on|à|la|le|the|with|avec)[ \t]+[\p{L}\w.'’-]{1,30}){0,2}(?:[ \t]+[\p{L}\w.-]{1,30}(?=[ \t]*:))?[ \t]*[:=→]?[ \t]*(?:(?:en|as|comme)[ \t]+)?${BT}?[\w][\w.@+-]{1,63}${BT}?(?:[ \t]*(?:\/|,|\+|,? password|,? mot de passe|,? mdp)[ \t]*|[ \t]+(?:and|et|with|avec)[ \t]+|:(?=[^\s:]))(?<v>${BT}[^${BT}\n]{4,100}${BT}|"[^"\n]{4,100}"|'[^'\n]{4,100}'|[^\s${BT}"',;()]{6,100})`,
  'dgiu',
);
const USE_TO_LOGIN = new RegExp(
  String.raw`\b(?:use|utilise[zr]?|tape[zr]?|type|enter|saisi[sr]?)[ \t]+(?<v>${BT}[^${BT}\n]{4,100}${BT}|"[^"\n]{4,100}"|[^\s${BT}"',;()]{6,100})[ \t]+(?:to log ?in|to sign in|to connect|pour (?:te |vous |se )?connecter|pour (?:la )?connexion|as (?:the )?password)`,
  'dgiu',
);
/**
 * The sentences that give a value after their own words, each with a test of the lower-cased line for the words it
 * cannot match without (a line has none of them, most often, and costs three look-ups instead of three scans).
 */
const VALUE_AFTER_WORDS: Array<[pattern: RegExp, gate: RegExp]> = [
  [LOGIN_PAIR, /log ?in|logged in|sign(?:ed)? in|connect|connexion|identifiant|credential|creds|compte|account|user|utilisateur/],
  [USE_TO_LOGIN, /to log ?in|to sign in|connect|connexion|as (?:the )?password/],
  [UNLOCK, /verrouill|unlock|ouvr|crypt|chiffr|prot[ée]g|protected/],
];
/** « Clé Datadog : … », "Mailgun key: …", "Algolia admin key …": a capitalised name next to a key. */
const VENDOR_KEY = new RegExp(
  String.raw`(?:\b(?:[Cc]l[ée]s?|[Kk]ey)(?:[ \t]+(?:de|du|d['’])[ \t]*\p{L}+)?[ \t]+(?:(?:admin|api|secr[èe]te|priv[ée]e|d['’ ]?api|de l['’]api)[ \t]+)?(?<a>[A-Z][\w.-]{1,30}(?:[ \t]+[A-Z][\w.-]{1,30})?)(?![\w.-])|\b(?<b>[A-Z][\w.-]{1,30}),?(?:[ \t]+(?:admin|api|app|secret|write|master|private|server|license|licence|search|ingest))?[ \t]+(?:key|clé))[^\n:=→${BT}"]{0,40}?(?:[ \t]*(?::|→|->)[ \t]*|[ \t]+[-–—=][ \t]+|[ \t]+(?:est|is|c['’]est)[ \t]+)${VALUE}`,
  'dgu',
);
const NOT_VENDORS =
  /^(?:Redis|S3|SSH|API|GPG|PGP|Cache|Primary|Partition|Sort|Foreign|Idempotency|The|A|La|Le|Une|Un|Ma|Mon|Cette|This|Your|Votre|Public|Publique|USB|JSON|YAML|Map|Object|React|Vue)(?:\s|$)/;

/** The value group `v` and its offset: from the match's indices (`d` flag) when it is not at the match's end. */
function captured(match: RegExpExecArray): { value: string; at: number } {
  const value = match.groups!.v!;
  const indices = match.indices?.groups?.v;
  return { value, at: indices ? indices[0] : match.index + match[0].length - value.length };
}

/** What a line binds: assignments, options, commands, headers, sentences; `nested` for the value of a name/value pair, read once. */
function lineBindings(text: string, nested = false): Binding[] {
  // A value has at least four characters, set apart from its name: a shorter line, or a single word, binds nothing.
  if (text.trim().length < 5 || ONE_WORD.test(text)) return [];
  const found: Binding[] = [];
  const add = (rule: string, role: Role | undefined, setting: Binding['setting'], match: RegExpExecArray) => {
    if (role === undefined) return;
    const { value, at } = captured(match);
    found.push({ rule, role, setting, value, at });
  };
  const lower = text.toLowerCase();

  // Assignments; matching restarts inside each value, so `…;AccountKey=…` and `a=b=c` chains are read too.
  if (/[:=]/.test(text)) {
    ASSIGNMENT.lastIndex = 0;
    let chained = 0;
    const cookies = lower.includes('cookie');
    for (let match = ASSIGNMENT.exec(text); match; match = ASSIGNMENT.exec(text)) {
      const raw = match.groups!.v;
      if (raw === undefined) continue;
      const valueStart = match.index + match[0].length - raw.length;
      // `a=b=c` chains are read again from each value, a bounded number of times: the scan stays linear.
      const quoted = raw[0] === '"' || raw[0] === "'" || raw[0] === '`';
      const chain = !quoted && raw.includes('=') && ++chained <= 32;
      ASSIGNMENT.lastIndex = valueStart + (quoted ? 1 : chain ? 0 : raw.length);
      const key = stripQuotes(match.groups!.k!);
      // `$env:DB_PASSWORD = '…'`, `$global:ApiToken = "…"`: a PowerShell scope, not a key; the variable's name is read again as one.
      if (match.groups!.sign === ':' && text[match.index - 1] === '$' && /^(?:env|global|script|local|private)$/i.test(key)) {
        ASSIGNMENT.lastIndex = valueStart;
        continue;
      }
      const { before, sign, after } = match.groups!;
      // A URL's scheme (`https://…`) or a protocol-relative URL (`//cdn.x.example`), not a value starting with slashes (AWS secret keys can).
      const url = raw.startsWith('//') && ((sign === ':' && after === '') || /^\/\/[\w-]+\.[\w.-]+/.test(raw));
      if (url || (raw.startsWith('[') && /^\[\p{L}/u.test(raw)) || raw.startsWith('**')) continue; // a URL, a Markdown link, emphasis
      if (/^(?:set-)?cookie$/i.test(key) && /^[^\s=;]{1,100}=/.test(raw)) continue; // `Cookie: a=b; c=d`: the cookie rule reads its pairs
      if (sign === '=' && before === '' && after !== '') continue; // `NAME= command`: an empty variable in a shell
      if (text[match.index - 1] === '?' || text[match.index - 1] === '&') {
        if (IMAGE_QUERY.test(text.slice(Math.max(0, match.index - 300), match.index))) continue;
        // A URL's query parameter: its value ends at the next `&`.
        const value = raw.split('&')[0]!;
        const role = roleOfName(key);
        if (role) found.push({ rule: 'affectation', role, setting: 'code', value, at: valueStart });
        continue;
      }
      // A label of words (« id de session : … », « Mot de passe Nexus : … ») is read whole, not by its last word.
      // Only the few words before the name matter (and a bounded look keeps the scan linear).
      const lead = match.index <= 60 ? text.slice(0, match.index) : '';
      const labelled = match.groups!.k === key && (lead.endsWith(' ') || lead.endsWith('\t')) && /^[\p{L}\d'’ -]{1,40}$/u.test(lead);
      const near = text.slice(Math.max(0, match.index - 40), match.index);
      const head = !/\s(?:de|du|des|d['’]|of|for)\s/i.test(near)
        ? undefined
        : /(?<head>\p{L}+)\s+(?:de|du|des|d['’]|of|for)(?:\s+(?:la|le|les|l['’]|the))?\s*$/iu.exec(near)?.groups?.head;
      const role = (labelled ? roleOfLabel(lead + key) : undefined) ?? (head && roleOfName(`${head} of ${key}`) === undefined ? undefined : roleOfName(key));
      // On a line about cookies (`cookies={"sessionid": …}`), a session cookie's name binds its value too.
      const bound = role ?? (cookies && isSessionCookieName(key) ? 'token' : undefined);
      if (bound !== undefined) add('affectation', bound, /phrase/i.test(key) ? 'passphrase' : 'code', match);
    }
  }
  if (/[([][ \t]*["']/.test(text)) {
    NAMED_STRING.lastIndex = 0;
    for (let match = NAMED_STRING.exec(text); match; match = NAMED_STRING.exec(text)) add('affectation', roleOfName(match.groups!.k!), 'code', match);
  }
  if (text.includes('</')) {
    XML_ELEMENT.lastIndex = 0;
    for (let match = XML_ELEMENT.exec(text); match; match = XML_ELEMENT.exec(text)) {
      const role = roleOfName(match.groups!.k!);
      if (role !== 'weak') add('affectation', role, 'code', match); // `<code>…</code>` is HTML, not a key
    }
  }
  if (text.includes('value=')) {
    XML_KEY_VALUE.lastIndex = 0;
    for (let match = XML_KEY_VALUE.exec(text); match; match = XML_KEY_VALUE.exec(text)) add('affectation', roleOfName(match.groups!.k!), 'code', match);
  }
  if (text.includes('--')) {
    LONG_OPTION.lastIndex = 0;
    for (let match = LONG_OPTION.exec(text); match; match = LONG_OPTION.exec(text)) {
      // `--cookie "a=b;c=d"`: the pairs inside are assignments of their own.
      if (!(/cookie/i.test(match.groups!.k!) && /^["']?[\w.-]+=/.test(match.groups!.v!))) add('commande', roleOfName(match.groups!.k!), 'code', match);
    }
  }
  if (lower.includes('pass') && /(?:^|\s)-[a-z]*pass/i.test(text)) {
    SINGLE_DASH_OPTION.lastIndex = 0;
    for (let match = SINGLE_DASH_OPTION.exec(text); match; match = SINGLE_DASH_OPTION.exec(text)) add('commande', 'password', 'code', match);
  }
  const dash = text.includes('-');
  // Every option of the table starts with a dash but rabbitmqctl's subcommands, which hold an underscore.
  for (const [command, option] of (dash || text.includes('_')) && SHORT_PASSWORD_COMMAND.test(lower) ? SHORT_PASSWORD_OPTION : []) {
    if (!command.test(lower)) continue;
    option.lastIndex = 0;
    for (let match = option.exec(text); match; match = option.exec(text)) add('commande', 'password', 'code', match);
  }
  const quote = text.includes("'") || text.includes('"');
  for (const [word, gate, statement, quotedValue] of STATEMENT_WORD.test(lower) ? PASSWORD_STATEMENTS : []) {
    if ((quotedValue && !quote) || !lower.includes(word) || !gate.test(lower)) continue;
    statement.lastIndex = 0;
    for (let match = statement.exec(text); match; match = statement.exec(text)) add('commande', 'password', 'code', match);
  }
  if (dash && /(?:^|[\s"'=])-(?:J-)?[DP][A-Za-z_]/.test(text)) {
    PROPERTY_OPTION.lastIndex = 0;
    for (let match = PROPERTY_OPTION.exec(text); match; match = PROPERTY_OPTION.exec(text)) {
      // `spring.datasource.password`: the whole name, or its last part when the name is long (`javax.net.ssl.trustStore.keyStorePassword`).
      const key = match.groups!.k!;
      add('commande', roleOfName(key) ?? roleOfName(key.slice(key.lastIndexOf('.') + 1)), 'code', match);
    }
  }
  if (dash && POWERSHELL.test(text)) {
    POWERSHELL_PARAMETER.lastIndex = 0;
    for (let match = POWERSHELL_PARAMETER.exec(text); match; match = POWERSHELL_PARAMETER.exec(text)) {
      const role = roleOfName(match.groups!.k!);
      if (role === 'password' || role === 'token') add('commande', role, 'code', match);
    }
  }
  const httpClient = HTTP_CLIENT.test(lower);
  if (httpClient) {
    USER_OPTION.lastIndex = 0;
    for (let match = USER_OPTION.exec(text); match; match = USER_OPTION.exec(text)) {
      const { value, at } = captured(match);
      const inner = stripQuotes(value);
      const colon = inner.indexOf(':');
      if (colon < 0 || /^[a-z][\w+.-]{0,30}:\/\//i.test(inner)) continue; // `pino-couch -U https://…`: a URL, not id:secret
      const innerAt = at + value.indexOf(inner);
      // `-u sk_…:`: the secret is the id. Otherwise what follows the colon is a secret whatever its shape, as in a URL's user info.
      if (colon === inner.length - 1) found.push({ rule: 'commande', role: 'token', setting: 'code', value: inner.slice(0, colon), at: innerAt });
      else found.push({ rule: 'commande', role: 'password', setting: 'userinfo', value: inner.slice(colon + 1), at: innerAt + colon + 1 });
    }
  }
  if (httpClient && /(?:-b|--cookie)\b/.test(text)) {
    COOKIE_OPTION.lastIndex = 0;
    for (let match = COOKIE_OPTION.exec(text); match; match = COOKIE_OPTION.exec(text)) add('entete-auth', 'token', 'code', match);
  }
  if (lower.includes('cookie')) {
    COOKIE_HEADER.lastIndex = 0;
    for (let header = COOKIE_HEADER.exec(text); header; header = COOKIE_HEADER.exec(text)) {
      const pairs = header.groups!.pairs!;
      const pairsAt = header.indices!.groups!.pairs![0];
      COOKIE_PAIR.lastIndex = 0;
      for (let pair = COOKIE_PAIR.exec(pairs); pair; pair = COOKIE_PAIR.exec(pairs)) {
        if (isSessionCookieName(pair.groups!.k!))
          found.push({ rule: 'entete-auth', role: 'token', setting: 'code', value: pair.groups!.v!, at: pairsAt + pair.indices!.groups!.v![0] });
        if (header.groups!.set) break; // `Set-Cookie: name=value; Path=/; HttpOnly`: one cookie, then its attributes
      }
    }
  }
  if (text.includes('\t')) {
    const jar = COOKIE_JAR.exec(text);
    if (jar && isSessionCookieName(jar.groups!.k!)) add('entete-auth', 'token', 'code', jar);
  }
  if (!nested && (lower.includes('name') || lower.includes('key')) && lower.includes('value')) {
    for (const pattern of [NAME_THEN_VALUE, VALUE_THEN_NAME]) {
      pattern.lastIndex = 0;
      for (let match = pattern.exec(text); match; match = pattern.exec(text))
        for (const binding of namedValueBindings(match.groups!.k!, match.groups!.v!, match.indices!.groups!.v![0])) found.push(binding);
    }
  }
  if (
    lower.includes('password-stdin') ||
    lower.includes('passwd --stdin') ||
    lower.includes('chpasswd') ||
    (lower.includes('sudo') && /\bsudo\b[^|\n]{0,40}?(?:-[a-z]*s\b|--stdin)/.test(lower))
  ) {
    ECHO_PIPE.lastIndex = 0;
    for (let match = ECHO_PIPE.exec(text); match; match = ECHO_PIPE.exec(text)) add('commande', 'password', 'code', match);
  }
  if (/:(?:\d{1,5}|\*):/.test(text)) {
    PGPASS.lastIndex = 0;
    for (let match = PGPASS.exec(text); match; match = PGPASS.exec(text)) add('commande', 'password', 'code', match);
  }
  for (const [pattern, role, gate] of CONFIGURATION_LINES) {
    if (!lower.includes(gate)) continue;
    pattern.lastIndex = 0;
    // A .netrc password is the credential by definition: no identifier shape excuses it.
    for (let match = pattern.exec(text); match; match = pattern.exec(text))
      add(
        'commande',
        role ?? roleOfName(match.groups!.k!.replace(/^(?:requirepass|masterauth)$/i, 'password')),
        pattern === NETRC ? 'userinfo' : 'code',
        match,
      );
  }
  if (lower.includes('authorization') || lower.includes('bearer')) {
    AUTH_HEADER.lastIndex = 0;
    for (let match = AUTH_HEADER.exec(text); match; match = AUTH_HEADER.exec(text)) {
      if (match.groups!.scheme!.toLowerCase() === 'basic') {
        if (isBasicCredential(match.groups!.v!)) add('entete-auth', 'token', 'code', match);
      } else add('entete-auth', 'token', 'code', match);
    }
    BEARER.lastIndex = 0;
    for (let match = BEARER.exec(text); match; match = BEARER.exec(text)) add('entete-auth', 'token', 'code', match);
  }
  if (lower.includes('basic')) {
    BASIC.lastIndex = 0;
    for (let match = BASIC.exec(text); match; match = BASIC.exec(text)) if (isBasicCredential(match.groups!.v!)) add('entete-auth', 'token', 'code', match);
  }
  // concat, not push(...): a line may hold a hundred thousand bindings, more than a call's arguments.
  const all = found.concat(urlCredentials(text), proseBindings(text, lower));
  // In a program (`const`, an object literal), a bare name is a variable: `{ token: counter42 }`.
  if (all.length > 0 && JS_CONTEXT.test(text)) return all.filter((binding) => !/^[A-Za-z_$][\w$]*$/.test(binding.value));
  return all;
}

/** Configuration lines, each with the word it needs (lower-cased line): `htpasswd -b`, a .netrc line, Redis' AUTH, `requirepass …`. */
const CONFIGURATION_LINES: Array<[RegExp, Role | undefined, string]> = [
  [HTPASSWD, 'password', 'htpasswd'],
  [NETRC, 'password', 'machine'],
  [REDIS_AUTH, 'password', 'auth'],
  [SPACE_SEPARATED, undefined, ' '],
];

const ONE_WORD = /^[\p{L}\p{N}_]*$/u;
const PLAIN_WORD = /^[\p{L}\p{N}]{1,40}$/u;

/** `Authorization: Basic …` whose base64 decodes to user:password, the password judged as in a URL's user info. */
function isBasicCredential(value: string): boolean {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return /^[^\s:]{1,100}:\S{3,200}$/.test(decoded) && isCredentialValue(decoded.slice(colon + 1), 'password', 'userinfo');
}

/** A name and its value as one line the rules read (`{"name": …, "value": …}`), when the name is a credential's or a session cookie's. */
export function namedPairText(name: string, value: string): string | undefined {
  return roleOfName(name) !== undefined || isSessionCookieName(name) ? JSON.stringify({ name, value }) : undefined;
}

/**
 * What a value given next to its name binds (`{"name": "Authorization",
 * "value": "Basic …"}`, a HAR cookie `{"name": "sessionid", "value": "…"}`):
 * the value read as the header, cookie or assignment it stands for, at
 * `at` in the line.
 */
function namedValueBindings(name: string, value: string, at: number): Binding[] {
  const lead = roleOfName(name) !== undefined ? `${name}: ` : isSessionCookieName(name) ? `Cookie: ${name}=` : undefined;
  if (lead === undefined || value === '') return [];
  const bindings: Binding[] = [];
  for (const binding of lineBindings(lead + value, true)) if (binding.at >= lead.length) bindings.push(movedTo(binding, binding.at - lead.length + at));
  return bindings;
}

/**
 * `scheme://user:password@host` for any scheme. The password may hold an
 * unencoded `@` or `#`: the user info ends at the last `@` before the host.
 */
function urlCredentials(text: string): Binding[] {
  if (!text.includes('://')) return [];
  const found: Binding[] = [];
  URL_START.lastIndex = 0;
  for (let match = URL_START.exec(text); match; match = URL_START.exec(text)) {
    const from = URL_START.lastIndex;
    let to = from;
    while (to < text.length && to - from < 600 && !/[\s"'`<>]/.test(text[to]!)) to++;
    const rest = text.slice(from, to);
    const at = rest.lastIndexOf('@');
    if (at < 0) continue;
    const userinfo = rest.slice(0, at);
    const colon = userinfo.indexOf(':');
    if (colon < 0 || userinfo.slice(0, colon).includes('/')) continue;
    const password = userinfo.slice(colon + 1);
    if (/^\d{1,5}(?:\/|$)/.test(password)) continue; // host:port/path@…
    const host = /^[\w.-]+|^\[[\d:a-f]+\]/i.exec(rest.slice(at + 1))?.[0] ?? '';
    if (!host || EXAMPLE_HOST.test(host)) continue;
    const local = LOCAL_HOST.test(host);
    if (password.length < 3 || isPlaceholder(password) || isDefaultPassword(password)) continue;
    if (local && !/\d/.test(password) && !/[^\w]/.test(password)) continue; // a word on a local service: a development default
    found.push({ rule: 'url-identifiants', role: 'password', setting: 'userinfo', value: password, at: from + colon + 1 });
    URL_START.lastIndex = to;
  }
  return found;
}

/** Sentences: « le mot de passe de la recette est … », "pw for the db: …", « j'ai mis … comme mdp », "log in with admin and …". */
function proseBindings(text: string, lower = text.toLowerCase()): Binding[] {
  const found: Binding[] = [];
  const proseWords = PROSE_WORD_STEMS.test(text);
  PROSE_KEYWORD.lastIndex = 0;
  for (let match = proseWords ? PROSE_KEYWORD.exec(text) : null; match; match = PROSE_KEYWORD.exec(text)) {
    const word = match.groups!.w!.toLowerCase();
    const role = roleOfProseWord(word);
    const after = match.index + match[0].length;
    const window = text.slice(after, after + 120);
    // Each sign or verb within a few words is a candidate: « le mdp c'est le même : Kiwi1991- ».
    const starts: Array<{ from: number; sign: boolean }> = [];
    CONNECTOR.lastIndex = 0;
    for (let connector = CONNECTOR.exec(window); connector && starts.length < 4; connector = CONNECTOR.exec(window)) {
      if (connector.index > 60) break;
      CONNECTOR.lastIndex = connector.index + 1; // signs and verbs may overlap: « , c'est »
      const between = connector.index > 0 ? window.slice(0, connector.index) : '';
      if (between !== '' && (/[`"«.;!?\n[\]]|:\/\//.test(between) || NOT_A_VALUE_CONTEXT.test(between))) break;
      const from = connector.index + connector[0].length;
      const sign = connector[0].includes(':') || connector[0].includes('=');
      // "pass" is a verb too: only a sign or "is" binds it ("the pass is …", "pass: …", not "pass a delay to …").
      if (word === 'pass' && !sign && !/\b(?:is|est)\b/.test(connector[0])) continue;
      if (!starts.some((candidate) => candidate.from === from)) starts.push({ from, sign });
      if (sign) break; // after `:` or `=`, what follows belongs to this word; a later sign to another name
    }
    // Without a verb or a sign, only a password word binds the next word: "pass `--flag`", "secret manager" are not bindings.
    const direct = word !== 'pass' ? DIRECT.exec(window) : null;
    if (direct) starts.push({ from: direct[0].length, sign: false });
    for (const { from, sign } of starts) {
      const value = PROSE_VALUE.exec(window.slice(from))?.[0];
      if (!value || NOT_PROSE_VALUE.test(value)) continue;
      const trimmed = unpunctuated(value);
      const isDirect = from === direct?.[0].length && !sign;
      // Right after the word, the value must not read as a word; after "token" or "key", it must look drawn.
      if (isDirect && !/\d|[^\p{L}\d]/u.test(stripQuotes(trimmed))) continue;
      if (isDirect && role !== 'password' && !looksRandom(stripQuotes(trimmed)) && !/^[0-9a-f]{32,}$/i.test(stripQuotes(trimmed))) continue;
      const setting = word.includes('phrase') ? 'passphrase' : sign ? 'code' : 'prose';
      found.push({ rule: 'prose', role, setting, value: trimmed, at: after + from });
    }
  }
  const candidates: Array<{ match: RegExpExecArray; value: string; at: number }> = [];
  VALUE_THEN_KEYWORD.lastIndex = 0;
  for (let match = proseWords || /cl[ée]/i.test(text) ? VALUE_THEN_KEYWORD.exec(text) : null; match; match = VALUE_THEN_KEYWORD.exec(text)) {
    const before = valueBefore(text, match.index);
    if (before) candidates.push({ match, ...before });
  }
  for (const [pattern, gate] of VALUE_AFTER_WORDS) {
    if (!gate.test(lower)) continue;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) candidates.push({ match, ...captured(match) });
  }
  for (const { match, value, at } of candidates) {
    if (NOT_PROSE_VALUE.test(value)) continue;
    // `redis:redispw@localhost:6379`: what follows `@` is the host, not the password.
    const trimmed = unpunctuated(value).replace(/@[\w.-]+(?::\d+)?(?:\/\S*)?$/, '');
    const role = match.groups!.vendor ? 'token' : match.groups!.w ? roleOfProseWord(match.groups!.w.toLowerCase()) : 'password';
    found.push({ rule: 'prose', role, setting: 'prose', value: trimmed, at });
  }
  if (text.includes(' / ')) {
    USER_SLASH_PASSWORD.lastIndex = 0;
    for (let match = USER_SLASH_PASSWORD.exec(text); match; match = USER_SLASH_PASSWORD.exec(text)) {
      const { value, at } = captured(match);
      // A password may end on `!` or `?` (`Orag3!`): only a sentence's dot or comma ends it.
      const trimmed = value.replace(/[.,;:]+$/, '');
      if (NOT_PROSE_VALUE.test(trimmed)) continue;
      // Without a credential word, only a value that cannot be a name: letters and digits mixed inside, not a series of words;
      // or a word and three digits or more beside a user without any (`deploy / biscuit551`; not `node16 / node18`).
      const user = match.groups!.user!;
      if (
        /\p{L}/u.test(trimmed) &&
        /\d/.test(trimmed) &&
        !/^[\w.-]+\.\w{2,4}$/.test(trimmed) &&
        (!isWordLike(trimmed) || /[^\w.-]/.test(trimmed) || (/\d{3,}$/.test(trimmed) && !/\d/.test(user)))
      )
        found.push({ rule: 'identifiants', role: 'password', setting: 'prose', value: trimmed, at });
    }
  }
  for (const { value, at, setting } of proseCredentials(text, lower)) found.push({ rule: 'prose', role: 'password', setting, value, at });
  if (/cl[ée]|key/i.test(text)) {
    VENDOR_KEY.lastIndex = 0;
    for (let match = VENDOR_KEY.exec(text); match; match = VENDOR_KEY.exec(text)) {
      const vendor = match.groups!.a ?? match.groups!.b!;
      const { value, at } = captured(match);
      if (NOT_VENDORS.test(vendor) || NOT_PROSE_VALUE.test(value)) {
        VENDOR_KEY.lastIndex = match.index + 1; // « La clé Rollbar » : not "La", but "Rollbar" may be the vendor
        continue;
      }
      found.push({ rule: 'prose', role: 'token', setting: 'code', value: unpunctuated(value), at });
    }
  }
  return found;
}

/** A bare value without the punctuation that ends its sentence; a quoted one as it is. */
const unpunctuated = (value: string) => {
  if ('`"\'«“'.includes(value[0] ?? '')) return value;
  const unended = '.,;:!?)*_~'.includes(value.at(-1) ?? '') ? value.replace(/[.,;:!?)*_~]+$/, '') : value;
  return '*_~'.includes(unended[0] ?? '') ? unended.replace(/^[*_~]+/, '') : unended;
};
/** Not a value of prose: a Markdown link or anchor, HTML, a type's parameters. */
const NOT_PROSE_VALUE = /[[\]<>]|^[#(]/;

/** A label made of a credential word, with a few words around it: « Mot de passe recette », "Admin password for staging". */
const LABEL = new RegExp(
  String.raw`^(?:(?:le|la|les|the|our|your|new|old|nouveau|nouvelle|ancien|admin|root|user|db|database|redis|ssh|api|app|wifi|wi-fi|vpn|staging|prod|recette)[ \t]+)?(?<w>${PROSE_PASSWORD}|${PROSE_TOKEN})(?:[ \t]+(?:(?:de|du|des|for|of|d['’])[ \t]*)?[\p{L}\w.'’-]{1,25}){0,3}$`,
  'iu',
);

/** A cell or a label that names a credential (`DB_PW`, « Mot de passe », `pw`). */
function roleOfLabel(label: string): Role | undefined {
  // The same labels come back on every row of a table, every line of a list: each is judged once.
  if (LABEL_ROLES.has(label)) return LABEL_ROLES.get(label);
  const role = judgeLabel(label);
  if (LABEL_ROLES.size > 4096) LABEL_ROLES.clear();
  LABEL_ROLES.set(label, role);
  return role;
}
const LABEL_ROLES = new Map<string, Role | undefined>();

function judgeLabel(label: string): Role | undefined {
  const plain = stripQuotes(
    label
      .replace(/[*_`]/g, '')
      .replace(/\([^)]{0,40}\)|,[^,]{0,40}$/g, '')
      .trim(),
  ).replace(/[ \t]*:$/, '');
  if (plain === '' || plain.length > 40) return undefined;
  const prose = PROSE_WORD_STEMS.test(plain) ? LABEL.exec(plain) : null;
  if (prose) return roleOfProseWord(prose.groups!.w!.toLowerCase());
  if (!/\s/.test(plain)) return roleOfName(plain);
  if (/^(?:(?:nouvelle|new|la|le|the|ma|my|notre|our)\s+)?(?:cl[ée]s?\s+\p{L}+|\p{L}+\s+key)$/iu.test(plain)) return 'weak'; // « Nouvelle clé partenaire », "Partner key": only a drawn value counts
  // A label of words: its head decides, last in English ("Discord credential inside Volt" is about Volt), first before « de ».
  const words = plain.split(/\s+/);
  if (words.length > 4 || roleOfName(plain) === undefined) return undefined; // "PUBLIC KEY", "session id": not a credential as a whole
  return roleOfName(words[words.length - 1]!) ?? (/^(?:de|du|des|d['’]\S*|of|for)$/i.test(words[1] ?? '') ? roleOfName(words[0]!) : undefined);
}

/**
 * Every credential bound in `lines`, in order (and in `bound`, when given, every value bound to a
 * credential, judged a secret or not: what excerpts mask). The state carried from line to
 * line: a table's header, and a role left open at the end of a line
 * (`Mot de passe :`, `password: |`) which the next line's value fills.
 */
export function findBindings(lines: MarkdownLine[], bound?: Hit[]): Hit[] {
  const hits: Hit[] = [];
  let header: Array<Role | undefined> | undefined;
  let pending: { role: Role; word: string; left: number } | undefined;
  /** A credential's name alone on its line (`"name": "Cookie",`, `- name: DB_PASSWORD`), waiting for its `value`. */
  let named: { name: string; left: number } | undefined;
  /** A value alone on its line, whose name may come on the next one. */
  let unnamed: { value: string; at: number; line: MarkdownLine } | undefined;
  /**
   * A binding judged in the line it was read from, with the value as the line goes on: a ciphertext or a public key cut by
   * its own commas or blanks (`ENC[AES256_GCM,data:…`, `ssh-ed25519 AAAA…`), a documented example read in part. Every
   * pattern is bounded, so the scan is linear in the text.
   */
  const judgeIn = (line: MarkdownLine, binding: Binding, shift = 0) => {
    const inner = stripQuotes(binding.value);
    const at = binding.at + Math.max(0, binding.value.indexOf(inner)) - shift;
    // Every value bound to a credential, a secret or not by our judgement, is masked in what a program prints of its line.
    // (A plain word is left: « est dans le coffre », `Bearer` are what most bindings of prose and headers hold; a
    // default such as `"changeme"` is masked all the same, a mask is left as it is.)
    if (bound && at >= 0 && inner.length >= 4 && binding.role !== 'weak' && (inner !== binding.value || !/^\p{L}+$/u.test(inner)) && !/^[*•x]+$/i.test(inner))
      bound.push({ rule: binding.rule, start: line.start + at, end: line.start + at + inner.length });
    if (!isCredentialValue(binding.value, binding.role, binding.setting)) return;
    if (at >= 0 && !isPublicValueAt(line.text, at)) hits.push({ rule: binding.rule, start: line.start + at, end: line.start + at + inner.length });
  };
  for (const line of lines) {
    const { text } = line;
    const trimmed = text.trim();
    if (line.fence) continue;
    if (trimmed === '') {
      header = undefined;
      continue;
    }
    if (pending) {
      judgeContinuation(text, pending, (binding, shift) => judgeIn(line, binding, shift));
      pending = --pending.left > 0 && isLabelOnly(trimmed) ? pending : undefined;
    }
    const value = text.includes('value') ? VALUE_ALONE.exec(text) : null;
    const valueInner = value ? (value.groups!.d ?? value.groups!.s ?? value.groups!.b!.replace(/[ \t,]+$/, '')) : '';
    const valueAt = value ? (value.indices!.groups!.d ?? value.indices!.groups!.s ?? value.indices!.groups!.b!)[0] : 0;
    if (named) {
      if (value) for (const binding of namedValueBindings(named.name, valueInner, valueAt)) judgeIn(line, binding);
      named = value || --named.left <= 0 ? undefined : named;
    }
    const alone = text.includes('name') || text.includes('key') ? NAME_ALONE.exec(text) : null;
    // Another name, of a credential or not, ends the wait: its own value comes next.
    if (alone) named = roleOfName(alone.groups!.k!) !== undefined || isSessionCookieName(alone.groups!.k!) ? { name: alone.groups!.k!, left: 3 } : undefined;
    // `"value": "…",` then `"name": "sessionid"`: the value waits one line for its name.
    if (alone && unnamed && named) for (const binding of namedValueBindings(named.name, unnamed.value, unnamed.at)) judgeIn(unnamed.line, binding);
    unnamed = value && !alone ? { value: valueInner, at: valueAt, line } : undefined;
    const cells = tableCells(text);
    if (cells) {
      if (isTableDelimiter(text)) continue;
      if (!header) {
        header = cells.map((cell) => roleOfLabel(cell.text));
        const rowLabel = roleOfLabel(cells[0]!.text);
        if (rowLabel && cells.length >= 2)
          judgeIn(line, {
            rule: 'tableau',
            role: rowLabel,
            setting: 'code',
            value: cells[1]!.text.trim(),
            at: cells[1]!.at + cells[1]!.text.indexOf(cells[1]!.text.trim()),
          });
      } else {
        cells.forEach((cell, index) => {
          const role = index > 0 ? (roleOfLabel(cells[index - 1]!.text) ?? header![index]) : header![index];
          const value = cell.text.trim();
          if (role && value) judgeIn(line, { rule: 'tableau', role, setting: 'code', value, at: cell.at + cell.text.indexOf(value) });
        });
      }
      // A cell is also a line of its own: `ci-bot / Knight2004.`, `--password=…`.
      for (const cell of cells) for (const binding of lineBindings(cell.text)) judgeIn(line, movedTo(binding, binding.at + cell.at));
      continue;
    }
    header = undefined;
    for (const binding of lineBindings(text)) judgeIn(line, binding);
    pending = openRole(trimmed, line.fenced);
  }
  return hits;
}

/** A line that is only a label, HTML around it or not: `**Mdp du compte**`, `<summary>Password</summary>`. */
const isLabelOnly = (line: string) =>
  roleOfLabel(
    line
      .replace(/<[^>]{1,80}>/g, '')
      .replace(/[*_]/g, '')
      .replace(/[ \t]*[:=][ \t]*(?:[|>][+-]?)?$/, ''),
  ) !== undefined;

/** A label of at most 40 characters, then blanks, a sign and a block marker (`Mot de passe :`, `password: |`). */
const LABEL_ONLY = /^(?<label>[^:=|{]{1,40}?)[ \t]*(?:(?::|=)[ \t]*(?:[|>][+-]?|\{)?)?[ \t]*$/;
/** Whether LABEL_ONLY may match: past its label's 40 characters, a line has nothing but blanks, signs and markers. Never false where it matches. */
function mayBeLabelOnly(line: string): boolean {
  for (let index = 40; index < line.length; index++) if (!' \t:=|>+-{'.includes(line[index]!)) return false;
  return true;
}

/**
 * A role left open at the end of a line: a label (`Mot de passe :`,
 * `**Password:**`, `password: |`, `"adminPassword": {`, `<summary>Mot de
 * passe</summary>`), or a sentence cut before its value (« le mot de passe du »).
 */
function openRole(line: string, inFence: boolean): { role: Role; word: string; left: number } | undefined {
  // A line of one plain word is its own label (`Password`, `mdp`): read as such, the rest below can find nothing more.
  if (PLAIN_WORD.test(line)) {
    const role = roleOfLabel(line);
    return role ? { role, word: '', left: inFence ? 1 : 2 } : undefined;
  }
  if (line.startsWith('-----')) return undefined; // PEM armour: private-keys.ts reads it
  const tagged = line.includes('<') ? line.replace(/<[^>]{1,80}>/g, ' ') : line;
  const bare = (tagged.includes('**') || tagged.includes('__') ? tagged.replace(/\*\*|__/g, '') : tagged).trim();
  const open = mayBeLabelOnly(bare) ? LABEL_ONLY.exec(bare) : null;
  const labelRole = open ? roleOfLabel(open.groups!.label!) : undefined;
  if (labelRole) return { role: labelRole, word: '', left: inFence ? 1 : 2 };
  if (!PROSE_WORD_STEMS.test(bare)) return undefined;
  const sentence = mayOpenSentence(bare) ? OPEN_SENTENCE.exec(bare.slice(-160)) : null;
  if (sentence) return { role: roleOfProseWord(sentence.groups!.w!.toLowerCase()), word: sentence.groups!.w!, left: 1 };
  // A sentence that announces its value with a colon: "the password is on the next line, no trailing space:".
  if (/:$/.test(bare) && !NOT_A_VALUE_CONTEXT.test(bare.replace(/\bnext line\b|ligne suivante/gi, ''))) {
    PROSE_KEYWORD.lastIndex = 0;
    const word = PROSE_KEYWORD.exec(bare)?.groups?.w;
    if (word) return { role: roleOfProseWord(word.toLowerCase()), word: '', left: 1 };
  }
  return undefined;
}

/** The line after an open role: its value alone (`: Tresor!159` in a definition list), `"value": "…"`, or the rest of the sentence. */
function judgeContinuation(text: string, pending: { role: Role; word: string }, judge: (binding: Binding, shift?: number) => void): void {
  const trimmed = text.trim();
  const at = text.indexOf(trimmed);
  const single = /^(?::[ \t]+)?(?<v>`[^`]+`|"[^"]+"|'[^']+'|[^\s<>()[\]]+)$/.exec(trimmed.replace(/^(?:\*\*|__)|(?:\*\*|__)$/g, ''));
  // Not another name (`NAME=value`, `key:`), a heading or a list of code: `Pumpkin2935=2oJDU` is a password, `HOST=db` is not.
  if (single && !/^[A-Za-z_-]+[:=]/.test(single.groups!.v!) && !/^#|[:={,;]$/.test(single.groups!.v!)) {
    const value = single.groups!.v!;
    judge({ rule: 'ligne-suivante', role: pending.role, setting: 'code', value, at: at + trimmed.length - value.length });
    return;
  }
  const keyed = /^["']?(?<k>[A-Za-z0-9_+/=-]{20,})["']?[ \t]*:/.exec(trimmed);
  if (keyed) judge({ rule: 'ligne-suivante', role: 'weak', setting: 'code', value: keyed.groups!.k!, at: at + trimmed.indexOf(keyed.groups!.k!) });
  const wrapped = /^["']?(?:value|default|defaultValue|secretValue|val)["']?[ \t]*[:=][ \t]*/i.exec(trimmed);
  if (wrapped) {
    const value = trimmed.slice(wrapped[0].length).replace(/[,;]$/, '');
    judge({ rule: 'ligne-suivante', role: pending.role, setting: 'code', value, at: at + wrapped[0].length });
    return;
  }
  // A sentence cut by a line break goes on in lower case, without a sign of its own (`deps: …` is another line).
  if (pending.word && /^[a-zà-ÿ]/.test(trimmed) && !/[:=]/.test(trimmed)) {
    // The sentence goes on: read it as if the credential word began this line.
    const joined = `${pending.word} ${text}`;
    for (const binding of proseBindings(joined)) judge(binding, pending.word.length + 1);
  }
}
