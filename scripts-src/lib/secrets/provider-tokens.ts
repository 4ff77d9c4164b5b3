/**
 * Provider formats: a prefix the provider chose so that leaks can be found
 * (gitleaks' and secretlint's rule sets list them). They are matched on the
 * revealed view of a line, so a zero-width space, a soft hyphen, a Markdown
 * escape or a fullwidth low line inside `ghp_…` does not hide the token, and
 * on their disguises: split into literals, cut, spaced or encoded.
 */

import type { MarkdownLine } from '../text/markdown-model.js';
import { entropy, isPlaceholder, looksRandom } from './credential-values.js';
import type { Hit } from './hits.js';
import { isDocumentedExample } from './public-values.js';

const B = '(?<![A-Za-z0-9_])'; // left boundary
const E = '(?![A-Za-z0-9_])'; // right boundary

/**
 * Provider formats: the token's pattern and, when the provider chose one, its
 * public prefix (a regex source). The prefix is what a report may show of the
 * token (`ghp_****`) and what the disguise detector keys on (`"ghp_" + "…"`,
 * a token cut at the end of a line, encoded); a format without a distinctive
 * prefix of its own (a suffix, an infix, a plain word such as `key-`, two
 * letters such as `SK`) has none.
 */
const PROVIDER_TOKENS: Array<[provider: string, pattern: string, prefix?: string]> = [
  [
    'aws',
    `${B}(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA|ASCA)[A-Z0-9]{16}${E}`,
    String.raw`(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA|ASCA)`,
  ],
  ['github', `${B}(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}${E}`, String.raw`gh[pousr]_`],
  ['github', `${B}github_pat_[A-Za-z0-9_]{40,255}`, String.raw`github_pat_`],
  // A GitHub App installation token: ghs_, the installation id, then three JWT-like parts (its public prefix is ghs_, above;
  // a prefix with a quantifier here would slow every prefix test on a large export by seconds).
  ['github', `${B}ghs_\\d{1,20}_[A-Za-z0-9_-]{1,1000}\\.[A-Za-z0-9_-]{1,10000}\\.[A-Za-z0-9_-]{1,1000}`],
  [
    'gitlab',
    `${B}(?:glpat|glptt|gldt|glrt|glcbt|gloas|glsoat|glft|glimt|glagent)-[A-Za-z0-9_-]{20,}`,
    String.raw`gl(?:pat|ptt|dt|rt|cbt|oas|soat|ft|imt|agent)-`,
  ],
  ['slack', `${B}xox[abposre]-[A-Za-z0-9-]{10,}`, String.raw`xox[abposre]-`],
  ['slack', `${B}xapp-\\d-[A-Z0-9]+-\\d+-[a-z0-9]+${E}`, String.raw`xapp-`],
  ['notion', `${B}ntn_[0-9]{11}[A-Za-z0-9]{32}[A-Za-z0-9]{3}${E}`, String.raw`ntn_`],
  ['slack', `https://hooks\\.slack\\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/-]{20,}`],
  ['discord', `https://(?:ptb\\.|canary\\.)?discord(?:app)?\\.com/api/webhooks/\\d+/[A-Za-z0-9_-]{30,}`],
  ['stripe', `${B}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,}`, String.raw`[sr]k_(?:live|test)_`],
  ['openai', `${B}sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}`, String.raw`sk-(?:proj|svcacct|admin)-`],
  ['openai', `${B}sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}${E}`, String.raw`sk-`],
  ['anthropic', `${B}sk-ant-(?:api|admin|oat|sid)\\d{0,2}-[A-Za-z0-9_-]{20,}`, String.raw`sk-ant-(?:api|admin|oat|sid)\d{0,2}-`],
  ['cle-sk', `${B}sk-[A-Za-z0-9_-]{32,}`, String.raw`sk-`],
  ['google', `${B}AIza[0-9A-Za-z_-]{30,40}${E}`, String.raw`AIza`],
  ['google', `${B}GOCSPX-[A-Za-z0-9_-]{20,}`, String.raw`GOCSPX-`],
  ['google', `${B}ya29\\.[A-Za-z0-9_-]{30,}`, String.raw`ya29\.`],
  ['jwt', `${B}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}(?:\\.[A-Za-z0-9_-]*)?`],
  ['npm', `${B}npm_[A-Za-z0-9_]{36}${E}`, String.raw`npm_`],
  ['pypi', `${B}pypi-AgE[A-Za-z0-9_-]{50,}`, String.raw`pypi-`],
  ['huggingface', `${B}hf_[A-Za-z0-9]{30,}${E}`, String.raw`hf_`],
  ['sendgrid', `${B}SG\\.[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{16,}`, String.raw`SG\.`],
  ['telegram', `${B}\\d{8,10}:AA[A-Za-z0-9_-]{30,}`],
  ['vault', `${B}hv[sbr]\\.[A-Za-z0-9_-]{24,}`, String.raw`hv[sbr]\.`],
  ['digitalocean', `${B}do[por]_v1_[a-f0-9]{64}${E}`, String.raw`do[por]_v1_`],
  ['shopify', `${B}shp(?:at|ca|pa|ss)_[A-Za-z0-9]{32,64}${E}`, String.raw`shp(?:at|ca|pa|ss)_`],
  ['linear', `${B}lin_(?:api|oauth)_[A-Za-z0-9_]{32,128}${E}`, String.raw`lin_(?:api|oauth)_`],
  ['doppler', `${B}dp\\.(?:pt|st|sa|ct|scim|audit)\\.[A-Za-z0-9]{40,}`, String.raw`dp\.(?:pt|st|sa|ct|scim|audit)\.`],
  ['docker', `${B}dckr_pat_[A-Za-z0-9_-]{20,}`, String.raw`dckr_pat_`],
  ['grafana', `${B}glsa_[A-Za-z0-9]{32}_[a-fA-F0-9]{8}${E}`, String.raw`glsa_`],
  ['grafana', `${B}glc_[A-Za-z0-9+/]{32,}={0,2}`, String.raw`glc_`],
  ['sentry', `${B}sntr(?:ys|yu|[ysu])_[A-Za-z0-9+/=_-]{40,}`, String.raw`sntr(?:ys|yu|[ysu])_`],
  ['newrelic', `${B}NRAK-[A-Z0-9]{27}${E}`, String.raw`NRAK-`],
  ['databricks', `${B}dapi[a-f0-9]{32}(?:-\\d)?${E}`, String.raw`dapi`],
  ['atlassian', `${B}ATATT3[A-Za-z0-9_=-]{100,}`, String.raw`ATATT3`],
  ['postman', `${B}PMAK-[a-f0-9]{24}-[a-f0-9]{34}${E}`, String.raw`PMAK-`],
  ['age', `${B}AGE-SECRET-KEY-1[0-9A-Z]{58}${E}`, String.raw`AGE-SECRET-KEY-`],
  ['planetscale', `${B}pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,}`, String.raw`pscale_(?:tkn|pw|oauth)_`],
  ['supabase', `${B}sbp_[a-f0-9]{40}${E}`, String.raw`sbp_`],
  ['square', `${B}sq0(?:atp|csp)-[A-Za-z0-9_-]{22,}`, String.raw`sq0(?:atp|csp)-`],
  ['mailgun', `${B}key-[a-f0-9]{32}${E}`],
  ['twilio', `${B}SK[a-f0-9]{32}${E}`],
  ['rubygems', `${B}rubygems_[a-f0-9]{48}${E}`, String.raw`rubygems_`],
  ['pulumi', `${B}pul-[a-f0-9]{40}${E}`, String.raw`pul-`],
  ['terraform', `${B}[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,}`],
  ['gitlab', `${B}GR1348941[A-Za-z0-9_-]{20}`, String.raw`GR1348941`],
  ['gitlab', `_gitlab_session=(?<v>[0-9a-f]{32})${E}`],
  ['huggingface', `${B}api_org_[A-Za-z]{34}${E}`, String.raw`api_org_`],
  ['perplexity', `${B}pplx-[A-Za-z0-9]{48}${E}`, String.raw`pplx-`],
  ['aws', `${B}ABSK[A-Za-z0-9+/]{109,269}={0,2}`, String.raw`ABSK`],
  ['aws', `${B}bedrock-api-key-[A-Za-z0-9+/]{60,}={0,2}`, String.raw`bedrock-api-key-`],
  ['azure', `(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])`],
  ['alibaba', `${B}LTAI[A-Za-z0-9]{20}${E}`, String.raw`LTAI`],
  ['cloudflare', `${B}v1\\.0-[a-f0-9]{24}-[a-f0-9]{146}${E}`],
  ['cloudflare', `${B}cf(?:k|ut|at)_[A-Za-z0-9]{40}[0-9a-f]{8}${E}`, String.raw`cf(?:k|ut|at)_`],
  ['groq', `${B}gsk_[A-Za-z0-9]{52}${E}`, String.raw`gsk_`],
  ['vercel', `${B}vc[pikar]_[A-Za-z0-9]{20,60}${E}`, String.raw`vc[pikar]_`],
  ['figma', `${B}figd_[A-Za-z0-9_-]{40,200}(?![A-Za-z0-9_-])`, String.raw`figd_`],
  ['tailscale', `${B}tskey-[a-z]{2,20}-[0-9A-Za-z_]{8,40}-[0-9A-Za-z_]{16,60}${E}`, String.raw`tskey-`],
  ['heroku', `${B}HRKU-AA[A-Za-z0-9_-]{58}`, String.raw`HRKU-`],
  ['flyio', `${B}fm[12][ar]?_[A-Za-z0-9+/]{100,}={0,3}`, String.raw`fm[12][ar]?_`],
  ['openshift', `${B}sha256~[A-Za-z0-9_-]{43}`, String.raw`sha256~`],
  ['clickhouse', `${B}4b1d[A-Za-z0-9]{38}${E}`],
  ['scalingo', `${B}tk-us-[A-Za-z0-9_-]{48}`, String.raw`tk-us-`],
  ['dynatrace', `${B}dt0c01\\.[A-Z0-9]{24}\\.[A-Z0-9]{64}${E}`, String.raw`dt0c01\.`],
  ['grafana', `${B}eyJrIjoi[A-Za-z0-9]{70,400}={0,2}`, String.raw`eyJrIjoi`],
  ['clojars', `${B}CLOJARS_[A-Za-z0-9]{60}${E}`, String.raw`CLOJARS_`],
  ['artifactory', `${B}AKCp[A-Za-z0-9]{69}${E}`, String.raw`AKCp`],
  ['prefect', `${B}pnu_[A-Za-z0-9]{36}${E}`, String.raw`pnu_`],
  ['readme', `${B}rdme_[a-z0-9]{70}${E}`, String.raw`rdme_`],
  ['sourcegraph', `${B}sgp_(?:[a-f0-9]{16}|local)_[a-f0-9]{40}${E}`, String.raw`sgp_`],
  ['infracost', `${B}ico-[A-Za-z0-9]{32}${E}`, String.raw`ico-`],
  ['harness', `${B}pat\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20}${E}`, String.raw`pat\.`],
  ['octopus', `${B}API-[A-Z0-9]{26}${E}`],
  ['frameio', `${B}fio-u-[A-Za-z0-9_=-]{64}`, String.raw`fio-u-`],
  ['adobe', `${B}p8e-[A-Za-z0-9]{32}${E}`, String.raw`p8e-`],
  ['square', `${B}EAAA[A-Za-z0-9_-]{22,60}${E}`, String.raw`EAAA`],
  ['meta', `${B}EAA[A-Z][A-Za-z0-9]{100,}${E}`],
  ['meta', `${B}\\d{15,16}\\|[0-9A-Za-z_-]{27,40}${E}`],
  ['flutterwave', `${B}FLWSECK(?:_TEST)?-[a-h0-9]{32}-X`, String.raw`FLWSECK(?:_TEST)?-`],
  ['duffel', `${B}duffel_(?:test|live)_[A-Za-z0-9_=-]{43}`, String.raw`duffel_(?:test|live)_`],
  ['shippo', `${B}shippo_(?:live|test)_[a-f0-9]{40}${E}`, String.raw`shippo_(?:live|test)_`],
  ['easypost', `${B}EZ[AT]K[A-Za-z0-9]{54}${E}`, String.raw`EZ[AT]K`],
  ['brevo', `${B}xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}${E}`, String.raw`xkeysib-`],
  ['teams', `https://[a-z0-9-]+\\.webhook\\.office\\.com/webhookb2/[a-z0-9-]{36}@[a-z0-9-]{36}/IncomingWebhook/[a-z0-9]{32}/[a-z0-9-]{36}`],
  ['1password', `${B}A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}${E}`],
  ['1password', `${B}ops_eyJ[A-Za-z0-9+/]{100,}={0,3}`, String.raw`ops_`],
  ['mailchimp', `${B}[0-9a-f]{32}-us\\d{1,2}${E}`],
  ['maxmind', `${B}[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk${E}`],
  ['airtable', `${B}pat[A-Za-z0-9]{14}\\.[a-f0-9]{64}${E}`],
  ['lob', `${B}(?:live|test)_[a-f0-9]{35}${E}`],
  ['azure', `AccountKey=(?<v>[A-Za-z0-9+/]{40,}={0,2})`],
  ['azure', `SharedAccessSignature=(?<v>[^;\\s"']{20,})`],
  ['azure', `[?&]sig=(?<v>[A-Za-z0-9%+/]{30,}={0,2})`],
];

/**
 * The longest run of literal characters a pattern always contains (outside
 * groups, classes and quantified atoms): `_mmk`, `Q~`, `.atlasv1.`. A text
 * without it cannot match, and `includes` is much cheaper than the regex.
 */
function requiredLiteral(source: string): string {
  let best = '';
  let run = '';
  let depth = 0;
  for (let index = 0; index < source.length; index++) {
    let char = source[index]!;
    let literal = false;
    if (char === '\\') {
      const escaped = source[++index]!;
      literal = !/[a-zA-Z0-9]/.test(escaped);
      char = escaped;
    } else if (char === '[') {
      while (index < source.length && source[index] !== ']') index += source[index] === '\\' ? 2 : 1;
    } else if (char === '{') {
      index = source.indexOf('}', index);
    } else if (char === '(') depth++;
    else if (char === ')') depth--;
    else literal = depth === 0 && !/[|.^$*+?{}]/.test(char);
    const quantified = /[*+?{]/.test(source[index + 1] ?? '');
    if (literal && !quantified) run += char;
    else {
      if (run.length > best.length) best = run;
      run = '';
    }
    if (char === '|' && depth === 0) return ''; // alternatives at the top: no single literal
  }
  return run.length > best.length ? run : best;
}

/** A pair of UTF-16 units as a bit position: the low byte of each (a collision only lets a literal through to `includes`). */
const pairKey = (first: number, second: number) => ((first & 0xff) << 8) | (second & 0xff);

const PROVIDER_PATTERNS = PROVIDER_TOKENS.map(([provider, source]) => {
  const needle = requiredLiteral(source);
  const needlePairs = Array.from({ length: Math.max(0, needle.length - 1) }, (_, index) => pairKey(needle.charCodeAt(index), needle.charCodeAt(index + 1)));
  return { rule: `jeton-${provider}`, pattern: new RegExp(source, 'g'), needle, needlePairs };
});

/**
 * The formats that may occur in `text`: those whose required literal it holds. Most literals are absent from most text,
 * and `includes` reads the whole text to say so (a hundred times a batch of a large export): a literal holding a pair
 * of characters the text never shows side by side is known absent from one pass that records the text's pairs.
 */
function patternsIn(text: string): typeof PROVIDER_PATTERNS {
  // On a line, the literals' own look-ups cost less than recording its pairs.
  const pairs = text.length >= PAIRS_FROM ? pairsOf(text) : undefined;
  return PROVIDER_PATTERNS.filter(
    ({ needle, needlePairs }) => needle.length < 2 || ((pairs === undefined || needlePairs.every((pair) => hasPair(pairs, pair))) && text.includes(needle)),
  );
}
const PAIRS_FROM = 4096;

const hasPair = (pairs: Uint32Array, key: number) => (pairs[key >>> 5]! & (1 << (key & 31))) !== 0;
/** Every pair of adjacent units in `text`, as bits. */
function pairsOf(text: string): Uint32Array {
  const pairs = new Uint32Array(2048);
  let previous = text.charCodeAt(0);
  for (let index = 1; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const key = pairKey(previous, unit);
    pairs[key >>> 5]! |= 1 << (key & 31);
    previous = unit;
  }
  return pairs;
}

/** Provider tokens in `text`; the value is never kept. `patterns`: the formats that may occur in it. */
export function findProviderTokens(text: string, patterns = patternsIn(text)): Hit[] {
  const hits: Hit[] = [];
  for (const { rule, pattern } of patterns) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const value = match.groups?.v ?? match[0];
      const start = match.index + (match.groups?.v === undefined ? 0 : match[0].indexOf(value));
      // The provider's prefix is public and may spell a word (`AGE-SECRET-KEY-`): only the rest can be a stand-in.
      // The documentation's own example tokens (jwt.io's sample, a provider's published test key) are not secrets.
      if (!isPlaceholder(value.slice(publicPrefix(value).length)) && !isDocumentedExample(value)) hits.push({ rule, start, end: start + value.length });
    }
  }
  return hits;
}

/** Provider tokens on each of `lines` of `text`, at their offsets in `text`; the formats are chosen once, for the whole text. */
export function findLineTokens(text: string, lines: MarkdownLine[]): Hit[] {
  const patterns = patternsIn(text);
  const hits: Hit[] = [];
  for (const line of lines) {
    for (const hit of findProviderTokens(line.text, patterns)) hits.push({ rule: hit.rule, start: line.start + hit.start, end: line.start + hit.end });
  }
  return hits;
}

/** A line that starts by giving a name a value: `NAME=value`, `name: value`. */
const ASSIGNS_A_NAME = /^[A-Za-z_][\w-]*[ \t]*[=:](?!=)[ \t]*[^\s=]/;

/** PEM armour, which a report may show whole: `-----BEGIN RSA PRIVATE KEY-----`. */
const ARMOUR = '-----BEGIN [A-Z0-9 ]+-----';
/**
 * The public beginning of a provider token, which a report may show (`ghp_`,
 * `sk-ant-api03-`, `AKIA`): the table's prefixes, the longest first so that
 * `sk-ant-api03-` wins over `sk-`.
 */
const PREFIXES = `(?:${[...new Set(PROVIDER_TOKENS.flatMap(([, , prefix]) => (prefix === undefined ? [] : [prefix])))]
  .sort((a, b) => b.length - a.length)
  .concat(ARMOUR)
  .join('|')})`;
const PUBLIC_PREFIX = new RegExp(`^${PREFIXES}`);
/** A prefix alone, as a literal or a code span of its own (`"sk-ant-"`, `` `ghp_` ``, `"glpat"` joined by "-"). */
const isPrefixAlone = (value: string) => value.length >= 3 && [value, `${value}_`, `${value}-`].some((candidate) => publicPrefix(candidate) === candidate);
const PREFIX_ANYWHERE = new RegExp(PREFIXES);

export function publicPrefix(value: string): string {
  return PUBLIC_PREFIX.exec(value)?.[0] ?? '';
}

/**
 * A piece that may complete a provider's prefix written alone: drawn, or at least long, varied and mixing small
 * letters, capitals and digits (`'sk-admin-token'` then `'1'`, `"glpat-" + "your-token-goes-here"`, a key's name then
 * `'integration-1'` are not: the three kinds are counted without symbols, which a name's hyphen would add). Not read
 * as words the way a value alone is (looksRandom): the prefix and the format the joined pieces must fit are facts, and
 * a drawn part of twenty characters reads as camel-case words once in about 170 (`teq1BiIme1VM8ZoZuKwo`), which let a
 * split GitLab token through as often.
 */
function completesAPrefix(piece: string): boolean {
  if (looksRandom(piece, 12)) return true;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((kind) => kind.test(piece)).length;
  return piece.length >= 12 && kinds === 3 && entropy(piece) >= 3 && !isPlaceholder(piece);
}

/**
 * Provider tokens written so that a scanner misses them: split into literals
 * or code spans (`"sk-ant-" + …` over several lines, `["glpat", "…"].join("-")`,
 * « `ghp_` suivi de `…` »), cut by a line break, spaced in groups of four,
 * or encoded in base64 or hex. Each is joined or decoded, then read again.
 */
export function findDisguisedTokens(lines: MarkdownLine[]): Hit[] {
  const hits: Hit[] = [];
  const found = (text: string) => findProviderTokens(text).length > 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const { text, start } = line;
    // Each shape below is longer than this: most short lines are read no further.
    if (text.length < 3) continue;
    // Literals and code spans, from a prefix alone on, over this line and the next three.
    for (const literal of QUOTE.test(text) ? text.matchAll(LITERAL) : []) {
      if (!isPrefixAlone(literal[2]!) && !(PUBLIC_PREFIX.test(literal[2]!) && !found(literal[2]!))) continue;
      const pieces: Array<{ value: string; end: number }> = [];
      // At most ten pieces, read lazily: a line of a million literals costs its length, not its square.
      for (const next of lines.slice(index, index + 4)) {
        const from = next === line ? literal.index! : 0;
        for (const piece of next.text.slice(from, from + 2000).matchAll(LITERAL)) {
          pieces.push({ value: piece[2]!, end: next.start + from + piece.index! + piece[0].length });
          if (pieces.length >= 10) break;
        }
        if (pieces.length >= 10) break;
      }
      // The pieces after the prefix must look drawn: `'sk-admin-token'` followed by `'1'` is not a token.
      const drawn = pieces.findIndex((piece, at) => at > 0 && completesAPrefix(piece.value));
      if (drawn < 0) continue;
      for (let count = drawn + 1; count <= pieces.length; count++) {
        const parts = pieces.slice(0, count).map((piece) => piece.value);
        if (['', '-', '_'].some((joint) => found(parts.join(joint)))) {
          hits.push({ rule: 'jeton-deguise', start: start + literal.index!, end: pieces[count - 1]!.end });
          break;
        }
      }
    }
    // A token cut at the end of the line, or spaced in groups: `sk_live_ 51MB L4F6 …`.
    const nextLine = lines[index + 1];
    const tail = nextLine ? tokenAtEnd(text) : undefined;
    // The next line goes on with the token, unless it assigns a name of its own (`SLACK_SIGNING_SECRET=<…>`; base64 padding `==` assigns nothing).
    if (tail && nextLine && PREFIX_ANYWHERE.test(tail) && !ASSIGNS_A_NAME.test(nextLine.text)) {
      const head = /^[\w-]{4,120}/.exec(nextLine.text)?.[0];
      if (head && tail.length + head.length >= 20 && !found(tail) && found(tail + head))
        hits.push({ rule: 'jeton-deguise', start: start + text.length - tail.length, end: nextLine.start + head.length });
    }
    if (text.length < SHORTEST_SPACED) continue;
    // (exec, not matchAll: matchAll copies the pattern at each call, once per line.)
    SPACED_GROUPS.lastIndex = 0;
    // A spaced token's prefix ends on `_` or `-`, then a blank: a line without one has none.
    for (let spaced = SPACED_AFTER_PREFIX.test(text) ? SPACED_GROUPS.exec(text) : null; spaced; spaced = SPACED_GROUPS.exec(text)) {
      if (PREFIX_ANYWHERE.test(spaced[1]!) && found(spaced[0].replace(/[ \t]+/g, '')))
        hits.push({ rule: 'jeton-deguise', start: start + spaced.index, end: start + spaced.index + spaced[0].length });
    }
    // Encoded: base64 or hex that decodes to a token.
    ENCODED_RUN.lastIndex = 0;
    for (let run = text.length < SHORTEST_ENCODED ? null : ENCODED_RUN.exec(text); run; run = ENCODED_RUN.exec(text)) {
      const encoded = run[0];
      const decoded = /^(?:[0-9a-f]{2})+$/i.test(encoded) ? Buffer.from(encoded, 'hex').toString('latin1') : Buffer.from(encoded, 'base64').toString('latin1');
      if (/^[\x20-\x7e]+$/.test(decoded) && PREFIX_ANYWHERE.test(decoded) && found(decoded))
        hits.push({ rule: 'jeton-deguise', start: start + run.index!, end: start + run.index! + encoded.length });
    }
  }
  return hits;
}

const LITERAL = /(["'`])([\w\-.+/=~]{1,200})\1/g;
const QUOTE = /["'`]/;
const SPACED_GROUPS = /(?<![\w-])([A-Za-z][\w-]{1,12}[_-])((?:[ \t]+[A-Za-z0-9]{2,8}){4,60})/g;
/** The shortest text SPACED_GROUPS matches: a prefix of three characters, then four groups of two. */
const SHORTEST_SPACED = 15;
const ENCODED_RUN = /(?<![A-Za-z0-9+/=_-])(?:[A-Za-z0-9+/_-]{24,600}={0,2})(?![A-Za-z0-9+/=_-])/g;
const SHORTEST_ENCODED = 24;
const SPACED_AFTER_PREFIX = /[_-][ \t]/;
/** A character of the token tokenAtEnd reads: `[\w.-]`. */
const isTailCode = (code: number) =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 46 || code === 45;

/**
 * The token of 3 to 120 characters of `[\w.-]` that ends `text` (not preceded by a word character or `-`), read back
 * from the end: what `/(?<![\w-])[\w.-]{3,120}$/` finds, without trying each of the line's positions.
 */
function tokenAtEnd(text: string): string | undefined {
  let start = text.length;
  while (start > 0 && text.length - start < 120 && isTailCode(text.charCodeAt(start - 1))) start--;
  // The longest run is 120 characters; a longer one is matched from a position after a `.` inside it, or not at all
  // (then `start` reaches the end).
  while (start < text.length && start > 0 && isTailCode(text.charCodeAt(start - 1)) && text.charCodeAt(start - 1) !== 46) start++;
  return text.length - start >= 3 ? text.slice(start) : undefined;
}
