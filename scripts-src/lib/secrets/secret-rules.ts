/**
 * Our own secret rules: what the standard scanners miss on handoff notes
 * (credentials in URLs of any scheme, Redis/database/CLI password forms,
 * assignments whose name says "password", auth headers, French and English
 * prose, Markdown tables, private keys of any type) plus provider token formats.
 * Each rule reports where the secret value is; it never keeps the value.
 */
import { isDefaultPassword, isPlaceholder, looksLikeSecret, namesCredential, namesPassword, stripQuotes } from './secret-values.js';

export interface Hit {
  rule: string;
  /** Offsets of the secret value in the scanned text. */
  start: number;
  end: number;
}

export interface Rule {
  id: string;
  find(text: string): Hit[];
}

/** Builds a rule from a global regex whose named group `v` is the secret value. */
function patternRule(id: string, pattern: RegExp, accept: (value: string, match: RegExpExecArray) => boolean = () => true): Rule {
  return {
    id,
    find(text) {
      const hits: Hit[] = [];
      const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
      for (let match = re.exec(text); match; match = re.exec(text)) {
        const value = match.groups?.v ?? match[0];
        const start = match.index + (match.groups?.v === undefined ? 0 : match[0].indexOf(value));
        if (value && accept(value, match)) hits.push({ rule: id, start, end: start + value.length });
        if (match[0].length === 0) re.lastIndex++;
      }
      return hits;
    },
  };
}

const B = '(?<![A-Za-z0-9_])'; // left boundary
const E = '(?![A-Za-z0-9_])'; // right boundary
/** A value after a flag or keyword: quoted, or up to the next blank. */
const VALUE = `(?<v>"[^"\\n]{1,300}"|'[^'\\n]{1,300}'|[^\\s'"\`|)]{1,300})`;

/** Provider formats: a prefix the provider chose so that leaks can be found. */
const PROVIDER_TOKENS: Array<[string, string]> = [
  ['aws', `${B}(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA|ASCA)[A-Z0-9]{16}${E}`],
  ['github', `${B}(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}${E}`],
  ['github', `${B}github_pat_[A-Za-z0-9_]{40,255}`],
  ['gitlab', `${B}(?:glpat|glptt|gldt|glrt|glcbt|gloas|glsoat|glft|glimt|glagent)-[A-Za-z0-9_-]{20,}`],
  ['slack', `${B}xox[abposre]-[A-Za-z0-9-]{10,}`],
  ['slack', `https://hooks\\.slack\\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/-]{20,}`],
  ['discord', `https://(?:ptb\\.|canary\\.)?discord(?:app)?\\.com/api/webhooks/\\d+/[A-Za-z0-9_-]{30,}`],
  ['stripe', `${B}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,}`],
  ['openai', `${B}sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}`],
  ['openai', `${B}sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}${E}`],
  ['anthropic', `${B}sk-ant-(?:api|admin|oat|sid)\\d{0,2}-[A-Za-z0-9_-]{20,}`],
  ['cle-sk', `${B}sk-[A-Za-z0-9_-]{32,}`],
  ['google', `${B}AIza[0-9A-Za-z_-]{30,40}${E}`],
  ['google', `${B}GOCSPX-[A-Za-z0-9_-]{20,}`],
  ['google', `${B}ya29\\.[A-Za-z0-9_-]{30,}`],
  ['jwt', `${B}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}(?:\\.[A-Za-z0-9_-]*)?`],
  ['npm', `${B}npm_[A-Za-z0-9]{36}${E}`],
  ['pypi', `${B}pypi-AgE[A-Za-z0-9_-]{50,}`],
  ['huggingface', `${B}hf_[A-Za-z0-9]{30,}${E}`],
  ['sendgrid', `${B}SG\\.[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{16,}`],
  ['telegram', `${B}\\d{8,10}:AA[A-Za-z0-9_-]{30,}`],
  ['vault', `${B}hv[sbr]\\.[A-Za-z0-9_-]{24,}`],
  ['digitalocean', `${B}do[por]_v1_[a-f0-9]{64}${E}`],
  ['shopify', `${B}shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}${E}`],
  ['linear', `${B}lin_(?:api|oauth)_[A-Za-z0-9]{40}${E}`],
  ['doppler', `${B}dp\\.(?:pt|st|sa|ct|scim|audit)\\.[A-Za-z0-9]{40,}`],
  ['docker', `${B}dckr_pat_[A-Za-z0-9_-]{20,}`],
  ['grafana', `${B}glsa_[A-Za-z0-9]{32}_[a-fA-F0-9]{8}${E}`],
  ['grafana', `${B}glc_[A-Za-z0-9+/]{32,}={0,2}`],
  ['sentry', `${B}sntr[ysu]_[A-Za-z0-9+/=_-]{40,}`],
  ['newrelic', `${B}NRAK-[A-Z0-9]{27}${E}`],
  ['databricks', `${B}dapi[a-f0-9]{32}(?:-\\d)?${E}`],
  ['atlassian', `${B}ATATT3[A-Za-z0-9_=-]{100,}`],
  ['postman', `${B}PMAK-[a-f0-9]{24}-[a-f0-9]{34}${E}`],
  ['age', `${B}AGE-SECRET-KEY-1[0-9A-Z]{58}${E}`],
  ['planetscale', `${B}pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,}`],
  ['supabase', `${B}sbp_[a-f0-9]{40}${E}`],
  ['square', `${B}sq0(?:atp|csp)-[A-Za-z0-9_-]{22,}`],
  ['mailgun', `${B}key-[a-f0-9]{32}${E}`],
  ['twilio', `${B}SK[a-f0-9]{32}${E}`],
  ['rubygems', `${B}rubygems_[a-f0-9]{48}${E}`],
  ['pulumi', `${B}pul-[a-f0-9]{40}${E}`],
  ['terraform', `${B}[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,}`],
  ['azure', `AccountKey=(?<v>[A-Za-z0-9+/]{40,}={0,2})`],
  ['azure', `SharedAccessSignature=(?<v>[^;\\s"']{20,})`],
  ['azure', `[?&]sig=(?<v>[A-Za-z0-9%+/]{30,}={0,2})`],
];

/** `scheme://user:password@host` for any scheme (postgres, redis, mongodb+srv, https, amqp…). */
const urlCredentials: Rule = {
  id: 'url-identifiants',
  find(text) {
    const hits: Hit[] = [];
    const re = /\b[a-zA-Z][a-zA-Z0-9+.-]{1,30}:\/\/([^\s/?#"'`<>]{1,300})@(?=[A-Za-z0-9[])/g;
    for (let match = re.exec(text); match; match = re.exec(text)) {
      const authority = match[1]!;
      const colon = authority.indexOf(':');
      if (colon < 0) continue;
      const password = authority.slice(colon + 1);
      if (!password || isPlaceholder(password) || isDefaultPassword(password) || password.length < 3) continue;
      const start = match.index + match[0].indexOf(authority) + colon + 1;
      hits.push({ rule: 'url-identifiants', start, end: start + password.length });
    }
    return hits;
  },
};

/** `curl -u user:password`, `--user user:password`. */
const userPasswordFlag: Rule = {
  id: 'option-utilisateur',
  find(text) {
    const hits: Hit[] = [];
    const re = /\b(?:curl|wget|http|httpie|xh)\b[^\n]*?\s(?:-u|--user)(?:\s+|=)("[^"\n]+"|'[^'\n]+'|[^\s'"]+)/g;
    for (let match = re.exec(text); match; match = re.exec(text)) {
      const raw = match[1]!;
      const credentials = stripQuotes(raw);
      const colon = credentials.indexOf(':');
      if (colon < 0) continue;
      const password = credentials.slice(colon + 1);
      if (!password || isPlaceholder(password) || isPlaceholder(credentials)) continue;
      const start = match.index + match[0].lastIndexOf(raw) + raw.indexOf(credentials) + colon + 1;
      hits.push({ rule: 'option-utilisateur', start, end: start + password.length });
    }
    return hits;
  },
};

/** `Authorization: Basic …` whose base64 decodes to user:password. */
function isBasicCredential(value: string): boolean {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  return /^[^\s:]{1,100}:\S{1,200}$/.test(decoded);
}

/** A line of a private key block, or a key inside a JSON string (`\n` escapes). */
const privateKey: Rule = {
  id: 'cle-privee',
  find(text) {
    const hits: Hit[] = [];
    const re = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
    for (let match = re.exec(text); match; match = re.exec(text)) {
      const after = text.slice(re.lastIndex, re.lastIndex + 400).replace(/\\[nr]|\s|[A-Za-z-]+: [^\n]*\n/g, '');
      // A header alone (in prose about keys) is not a key: a body must follow.
      if (!/^[A-Za-z0-9+/=]{24,}/.test(after)) continue;
      hits.push({ rule: 'cle-privee', start: match.index, end: re.lastIndex });
    }
    const putty = /PuTTY-User-Key-File-\d+:[^\n]*\n(?:[^\n]*\n){0,6}?Private-Lines:\s*\d+/g;
    for (let match = putty.exec(text); match; match = putty.exec(text)) hits.push({ rule: 'cle-privee', start: match.index, end: putty.lastIndex });
    return hits;
  },
};

/**
 * `NAME=value`, `NAME: value`, `"name": "value"`, `name = "value"` where NAME
 * names a credential. Matching restarts inside each value, so an assignment
 * nested in a connection string (`…;AccountKey=…`) is found too.
 */
const assignment: Rule = {
  id: 'affectation',
  find(text) {
    const hits: Hit[] = [];
    const re =
      /(?<key>[A-Za-z_][A-Za-z0-9_.-]{0,80}|"[^"\n]{1,80}"|'[^'\n]{1,80}')[ \t]*(?::=|=>|=|:)[ \t]*(?<v>"(?:[^"\\\n]|\\.){1,500}"|'[^'\n]{1,500}'|`[^`\n]{1,500}`|[^\s,;'"`<>|)\]}]{1,500})/g;
    for (let match = re.exec(text); match; match = re.exec(text)) {
      const key = stripQuotes(match.groups!.key!);
      const raw = match.groups!.v!;
      const valueStart = match.index + match[0].length - raw.length;
      // Look inside quoted values and unquoted `a=b=c` chains for nested assignments.
      re.lastIndex = valueStart + (/^["'`]/.test(raw) ? 1 : raw.includes('=') ? 0 : raw.length);
      if (/^[a-z][a-z0-9+.-]*$/i.test(key) && raw.startsWith('//')) continue; // a URL's scheme
      if (!namesCredential(key)) continue;
      const value = stripQuotes(raw.replace(/\\(["\\])/g, '$1'));
      if (!looksLikeSecret(value, namesPassword(key) ? 'password-key' : 'key')) continue;
      const offset = raw.indexOf(stripQuotes(raw));
      hits.push({ rule: 'affectation', start: valueStart + offset, end: valueStart + offset + stripQuotes(raw).length });
    }
    return hits;
  },
};

const TABLE_ROW = /^[ \t]*\|.*\|[ \t]*$/;
const namesCredentialInProse = (text: string) => namesCredential(text) || /mot de passe|mdp|jeton|cl[ée] (?:d['’])?api|identifiant|secret/i.test(text);

/**
 * Markdown tables: a cell that names a credential with the secret in the next
 * cell (`| REDIS_PASSWORD | s3cr3t-Pa55 |`), or a column whose header names a
 * credential (`| service | password |` then `| db | s3cr3t-Pa55 |`).
 */
const markdownTable: Rule = {
  id: 'tableau',
  find(text) {
    const hits: Hit[] = [];
    let header: string[] | undefined;
    let offset = 0;
    for (const line of text.split('\n')) {
      const lineStart = offset;
      offset += line.length + 1;
      if (!TABLE_ROW.test(line)) {
        header = undefined;
        continue;
      }
      const cells: Array<{ text: string; offset: number }> = [];
      let position = line.indexOf('|') + 1;
      for (const cell of line.slice(position).replace(/\|[ \t]*$/, '').split('|')) {
        cells.push({ text: cell, offset: lineStart + position });
        position += cell.length + 1;
      }
      if (cells.every((cell) => /^\s*:?-{2,}:?\s*$/.test(cell.text))) continue; // the separator row
      const report = (cell: { text: string; offset: number }) => {
        const value = stripQuotes(cell.text);
        if (!value || /\s/.test(value) || !looksLikeSecret(value, 'key')) return;
        const start = cell.offset + cell.text.indexOf(value);
        hits.push({ rule: 'tableau', start, end: start + value.length });
      };
      cells.forEach((cell, index) => {
        if (index + 1 < cells.length && namesCredentialInProse(stripQuotes(cell.text))) report(cells[index + 1]!);
        else if (header && header[index] !== undefined && namesCredentialInProse(header[index]!)) report(cell);
      });
      header ??= cells.map((cell) => stripQuotes(cell.text));
    }
    return hits;
  },
};

const keyValue = (value: string) => looksLikeSecret(value, 'key');

/** Sentences: « le mot de passe de la recette est `…` », "the password is …". */
const PROSE_KEYWORDS =
  "mot de passe|mots de passe|mdp|password|passwd|passphrase|pass ?phrase|pwd|token|jeton|cl[ée]s? (?:d['’])?api|cl[ée] secr[èe]te|cl[ée] priv[ée]e|cl[ée] de signature|api[ _-]?key|secret|identifiants?|credentials?|code d['’]acc[èe]s|access key|secret key|private key|signing key";
const prose = patternRule(
  'prose',
  new RegExp(
    `\\b(?:${PROSE_KEYWORDS})\\b[^\\n.;!?:=]{0,80}?(?:\\b(?:est|sont|était|vaut|is|was|are|were)\\b\\s*:?\\s*|\\s*[:=→]\\s*|\\s*->\\s*)(?<v>\`[^\`\\n]{4,200}\`|"[^"\\n]{4,200}"|«\\s*[^»\\n]{4,200}\\s*»|[^\\s\`"',;()]{8,200})`,
    'gi',
  ),
  (value) => looksLikeSecret(value, 'prose'),
);

/**
 * The value right after the word, or after one connector: « j'ai utilisé le mot de
 * passe … pour », "password set to …", « mdp … ». Only a value that looks random counts.
 */
const proseDirect = patternRule(
  'prose',
  new RegExp(
    `\\b(?:${PROSE_KEYWORDS})\\b(?:\\s+(?:set to|changed to|reset to|to|c['’]est|à|de|du|utilisé|used|was|were|is|est))?\\s+(?<v>\`[^\`\\n]{4,200}\`|"[^"\\n]{4,200}"|[^\\s\`"',;()]{8,200})`,
    'gi',
  ),
  (value) => looksLikeSecret(value, 'prose'),
);

/** A Kubernetes or Compose env entry: `- name: DB_PASSWORD` then `value: "…"`. */
const namedValue = patternRule(
  'affectation',
  new RegExp(`\\bname["']?[ \\t]*:[ \\t]*["']?(?<k>[A-Za-z_][\\w.-]*)["']?[ \\t]*,?[ \\t]*\\r?\\n?[ \\t-]*["']?value["']?[ \\t]*:[ \\t]*${VALUE}`, 'g'),
  (value, match) => namesCredential(match.groups!.k!) && looksLikeSecret(value, 'key'),
);

/** « identifiants : admin / S3cret!x », "credentials: admin:S3cret!x". */
const loginPair = patternRule(
  'identifiants',
  /\b(?:identifiants?|credentials?|login|compte|account|connexion)\b\s*(?:de [\wÀ-ÿ' -]{1,30})?\s*[:=]\s*`?[\w.@+-]{2,64}`?\s*(?:\/|:)\s*(?<v>`[^`\n]{4,100}`|"[^"\n]{4,100}"|'[^'\n]{4,100}'|[^\s`"',;()]{6,100})/gi,
  (value) => looksLikeSecret(value, 'key'),
);

export const rules: Rule[] = [
  ...PROVIDER_TOKENS.map(([id, source]) => patternRule(`jeton-${id}`, new RegExp(source, 'g'), (value) => !isPlaceholder(value))),
  privateKey,
  urlCredentials,
  userPasswordFlag,
  assignment,
  markdownTable,
  prose,
  proseDirect,
  namedValue,
  loginPair,
  patternRule('redis-requirepass', new RegExp(`\\b(?:requirepass|masterauth)[ \\t]+${VALUE}`, 'g'), (value) => !isPlaceholder(value)),
  patternRule('redis-cli-a', new RegExp(`\\bredis-cli\\b[^\\n|;&]*?\\s(?:-a|--pass)[ \\t]+${VALUE}`, 'g'), (value) => !isPlaceholder(value)),
  patternRule('redis-auth', new RegExp(`(?:^|[>\`]\\s*|redis-cli\\b[^\\n]*?\\s)AUTH[ \\t]+(?:[A-Za-z0-9_.-]+[ \\t]+)?${VALUE}`, 'gm'), keyValue),
  patternRule('option-mot-de-passe', new RegExp(`--(?:password|passwd|pass|token|api[-_]?key|secret|auth[-_]?token|client[-_]?secret|access[-_]?token)(?:=|[ \\t]+)${VALUE}`, 'gi'), keyValue),
  patternRule('option-mot-de-passe', new RegExp(`\\bldap\\w*\\b[^\\n]*?\\s-w[ \\t]+${VALUE}`, 'g'), keyValue),
  patternRule('mysql-p', /\bmysql(?:dump|admin|sh)?\b[^\n]*?\s-p(?<v>[^\s'"-][^\s'"]*|'[^'\n]+'|"[^"\n]+")/g, keyValue),
  patternRule('option-mot-de-passe', new RegExp(`\\b(?:sshpass|docker[ \\t]+login|podman[ \\t]+login|helm[ \\t]+registry[ \\t]+login)\\b[^\\n]*?\\s(?:-p|--password)(?:=|[ \\t]+)${VALUE}`, 'g'), keyValue),
  patternRule('option-mot-de-passe', /-pass(?:in|out)?[ \t]+pass:(?<v>[^\s'"]+)/g, keyValue),
  patternRule('pgpass', /^[^\s:#|]+:(?:\d{1,5}|\*):[^\s:]+:[^\s:]+:(?<v>[^\s]+)$/gm, keyValue),
  patternRule('netrc', /\bmachine\s+\S+\s+login\s+\S+\s+password\s+(?<v>\S+)/g, (value) => !isPlaceholder(value)),
  patternRule('entete-auth', /\bAuthorization\s*[:=]\s*["']?(?:Bearer|Token|Bot|ApiKey|Api-Key|SSWS|token|bearer)\s+(?<v>[A-Za-z0-9._~+/=-]{8,})/g, (value) => !isPlaceholder(value) && !/^[A-Za-z]+$/.test(value)),
  patternRule('entete-auth', /\bAuthorization\s*[:=]\s*["']?(?:Basic|basic)\s+(?<v>[A-Za-z0-9+/]{6,}={0,2})/g, isBasicCredential),
  patternRule('entete-auth', /\b(?:X-)?(?:Api-Key|Auth-Token|Access-Token|API-Token|Private-Token|Gitlab-Token|Vault-Token)\s*:\s*(?<v>[^\s'"]{8,})/gi, keyValue),
  patternRule('entete-auth', /\bBearer\s+(?<v>[A-Za-z0-9._~+/-]{16,}=*)/g, keyValue),
];
