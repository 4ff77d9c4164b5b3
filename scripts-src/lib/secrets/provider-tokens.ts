/**
 * Provider formats: a prefix the provider chose so that leaks can be found
 * (gitleaks' and secretlint's rule sets list them). They are matched on the
 * revealed view of a line, so a zero-width space, a soft hyphen, a Markdown
 * escape or a fullwidth low line inside `ghp_…` does not hide the token, and
 * on string literals joined by `+` in code (`"ghp_" + "…"`).
 */
import { isPlaceholder } from './credential-values.js';
import type { Hit } from './hits.js';

const B = '(?<![A-Za-z0-9_])'; // left boundary
const E = '(?![A-Za-z0-9_])'; // right boundary

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

const PROVIDER_PATTERNS = PROVIDER_TOKENS.map(([provider, source]) => ({ rule: `jeton-${provider}`, pattern: new RegExp(source, 'g') }));

/** Provider tokens in `text`; the value is never kept. */
export function findProviderTokens(text: string): Hit[] {
  const hits: Hit[] = [];
  for (const { rule, pattern } of PROVIDER_PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const value = match.groups?.v ?? match[0];
      const start = match.index + (match.groups?.v === undefined ? 0 : match[0].indexOf(value));
      if (!isPlaceholder(value)) hits.push({ rule, start, end: start + value.length });
    }
  }
  return hits;
}

/** String literals joined by `+` or `.`, or juxtaposed as in Python: `"ghp_" + "aB3…" + "…"`. */
const CONCATENATION = /(["'`])[\w\-.+/=]{1,200}\1(?:[ \t]*[+.]?[ \t]*(["'`])[\w\-.+/=]{1,200}\2){1,8}/g;
const JOINT = /["'`][ \t]*[+.]?[ \t]*["'`]/g;

/** Provider tokens spelled as a concatenation of literals: the hit covers the whole expression. */
export function findConcatenatedTokens(text: string): Hit[] {
  JOINT.lastIndex = 0;
  if (!JOINT.test(text)) return [];
  const hits: Hit[] = [];
  CONCATENATION.lastIndex = 0;
  for (let match = CONCATENATION.exec(text); match; match = CONCATENATION.exec(text)) {
    const joined = match[0].slice(1, -1).replace(JOINT, '');
    const found = findProviderTokens(joined);
    if (found.length > 0) hits.push({ rule: found[0]!.rule, start: match.index, end: match.index + match[0].length });
  }
  return hits;
}

/** The public beginning of a provider token, which a report may show (`ghp_`, `sk-ant-api03-`, `AKIA`). */
const PUBLIC_PREFIX =
  /^(?:gh[pousr]_|github_pat_|gl[a-z]{2,6}-|glsa_|glc_|xox[a-z]-|sk-ant-(?:api|admin|oat|sid)\d{0,2}-|sk-(?:proj|svcacct|admin)-|sk-|[sr]k_(?:live|test)_|AKIA|ASIA|AIza|GOCSPX-|ya29\.|npm_|pypi-|hf_|SG\.|hv[sbr]\.|do[por]_v1_|shp(?:at|ca|pa|ss)_|lin_(?:api|oauth)_|dckr_pat_|sntr[ysu]_|NRAK-|dapi|PMAK-|AGE-SECRET-KEY-|pscale_(?:tkn|pw|oauth)_|sbp_|sq0(?:atp|csp)-|rubygems_|pul-|-----BEGIN [A-Z0-9 ]+-----)/;

export function publicPrefix(value: string): string {
  return PUBLIC_PREFIX.exec(value)?.[0] ?? '';
}
