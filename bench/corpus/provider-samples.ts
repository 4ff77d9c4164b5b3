/**
 * Provider token formats, for a "gitleaks-style provider coverage" figure: the
 * share of known provider credential formats that the secret guard refuses.
 *
 * The list is modelled on gitleaks' rule set (config/gitleaks.toml of
 * gitleaks/gitleaks at commit b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b,
 * v8.30.0 + 27 commits, config generated for gitleaks >= 8.25.0). Each entry
 * names the gitleaks rule id whose regex its sample satisfies, and describes the
 * format in a comment. The gitleaks regexes themselves are deliberately not
 * copied here: the samples are built from the shape (prefix, alphabet, length),
 * and were checked once, outside this repository, against the real rules
 * (regex, keywords, entropy threshold and allowlists).
 *
 * Rules chosen: those with a distinctive format (a prefix or a fixed
 * structure). Rules that gitleaks only applies when a keyword stands next to the
 * value (for instance "heroku" + a UUID) have `needsContext: true`, and their
 * sample is a `NAME=value` assignment whose name carries the keyword. Generic
 * rules (generic-api-key, jwt, private-key, curl, kubernetes-secret-yaml),
 * client ids and public keys are left out: they are not provider secrets.
 *
 * Every sample is drawn from a seeded PRNG; no full token is written in this
 * file, only the fixed prefixes of the formats. Outside those fixed parts, a
 * sample never contains a run of four identical characters or a placeholder word
 * (example, test, secret, fake, dummy, xxxx, ...), and its random draws are
 * varied enough to pass gitleaks' entropy thresholds, so that a guard cannot
 * skip them as obvious fakes. None of the values is a real credential.
 */

export interface ProviderSample {
  /** Vendor, as a person would name it ("GitHub", "AWS"). */
  provider: string;
  /** The gitleaks rule id this sample is modelled on. */
  rule: string;
  /** True when gitleaks needs a keyword next to the value to report it. */
  needsContext: boolean;
  /** The token alone, or `NAME=token` when `needsContext`. */
  sample(random: () => number): string;
  /** The part of a sample that is secret. */
  secret(sampleText: string): string;
}

// ---------------------------------------------------------------------------
// Alphabets (built from code point ranges, so the source holds no long runs).
// ---------------------------------------------------------------------------

const span = (from: string, to: string): string => {
  let out = '';
  for (let code = from.charCodeAt(0); code <= to.charCodeAt(0); code++) out += String.fromCharCode(code);
  return out;
};

const DIGITS = span('0', '9');
const LOWER = span('a', 'z');
const UPPER = span('A', 'Z');
const LETTERS = LOWER + UPPER;
const HEX = DIGITS + span('a', 'f');
const HEX_UPPER = DIGITS + span('A', 'F');
const ALNUM = DIGITS + LETTERS;
const LOWER_ALNUM = DIGITS + LOWER;
const UPPER_ALNUM = DIGITS + UPPER;
/** RFC 4648 base32 (what AWS key ids use). */
const BASE32 = UPPER + span('2', '7');
/** Base64url: letters, digits, `-` and `_`. */
const URLSAFE = ALNUM + '-_';
/** Bech32 data characters (lower-case alphanumerics but 1, b, i, o), upper-cased as age prints them. */
const BECH32_UPPER = [...LOWER_ALNUM].filter((char) => !'1bio'.includes(char)).join('').toUpperCase();

// ---------------------------------------------------------------------------
// Drawing helpers.
// ---------------------------------------------------------------------------

type Random = () => number;

/** What a guard could fairly dismiss as a placeholder rather than a token. */
const PLACEHOLDER =
  /(.)\1{3}|example|test|secret|passw|fake|dummy|sample|placeholder|changeme|redacted|null|false|^true/i;

const plausible = (text: string): boolean => !PLACEHOLDER.test(text);

/** A draw with too few distinct characters (say AKIA + "TSAXTSXAPPXTTTB3") reads as low entropy. */
const varied = (text: string, alphabet: string): boolean =>
  new Set(text).size >= 0.6 * Math.min(text.length, alphabet.length);

/** An integer in [min, max]. */
const between = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

/** Draws `make` again until `accept` holds (plausible by default). */
function until(
  random: Random,
  make: (random: Random) => string,
  accept: (text: string) => boolean = plausible,
): string {
  for (;;) {
    const text = make(random);
    if (accept(text)) return text;
  }
}

/** `length` characters from `alphabet`, varied enough and with no placeholder-looking run. */
const chars = (random: Random, alphabet: string, length: number): string =>
  until(
    random,
    () => {
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
      return out;
    },
    (text) => plausible(text) && varied(text, alphabet),
  );

/** `length` characters from `alphabet`, the last one alphanumeric (tokens that end on a word boundary). */
const charsEndingAlnum = (random: Random, alphabet: string, length: number): string =>
  until(random, () => chars(random, alphabet, length - 1) + chars(random, ALNUM, 1));

const bytes = (random: Random, length: number): Buffer =>
  Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));

const base64 = (data: Buffer | string): string => Buffer.from(data).toString('base64');
const base64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

/** A decimal id of `length` digits, not starting with 0 (account, app and bot ids). */
const id = (random: Random, length: number): string =>
  chars(random, span('1', '9'), 1) + chars(random, DIGITS, length - 1);

/** A random (version 4) UUID in lower case. */
const uuid = (random: Random): string =>
  until(random, () => {
    const hex = chars(random, HEX, 32).split('');
    hex[12] = '4';
    hex[16] = '89ab'[between(random, 0, 3)]!;
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  });

/** A 1Password account secret key: A3- + 32 upper-case alphanumerics in groups of 6, 6, 5, 5, 5, 5. */
const onePasswordKey = (random: Random): string => {
  const key = chars(random, UPPER_ALNUM, 32);
  return key.replace(/^(.{6})(.{6})(.{5})(.{5})(.{5})(.{5})$/, 'A3-$1-$2-$3-$4-$5-$6');
};

/** A short lower-case name (an org slug, a stack name). */
const slug = (random: Random, length: number): string => chars(random, LOWER, length);

/** GitLab routable tokens: `<payload>.<payload length, base 36, 2 chars><crc, base 36, 7 chars>`. */
const routable = (random: Random, payloadLength: number): string => {
  const payload = chars(random, URLSAFE, payloadLength);
  return `${payload}.${payloadLength.toString(36).padStart(2, '0')}${chars(random, LOWER_ALNUM, 7)}`;
};

// ---------------------------------------------------------------------------
// Formats.
// ---------------------------------------------------------------------------

interface Format {
  provider: string;
  rule: string;
  /** Variable name the token is assigned to, when gitleaks needs a keyword next to it. */
  context?: string;
  token(random: Random): string;
  /** The secret inside the token, when it is not the whole token. */
  secretOf?(token: string): string;
}

const formats: Format[] = [
  // --- GitHub -------------------------------------------------------------
  // ghp_ + 36 alphanumerics
  { provider: 'GitHub', rule: 'github-pat', token: (r) => 'ghp_' + chars(r, ALNUM, 36) },
  // gho_ + 36 alphanumerics
  { provider: 'GitHub', rule: 'github-oauth', token: (r) => 'gho_' + chars(r, ALNUM, 36) },
  // ghu_ + 36 alphanumerics (GitHub App user-to-server token)
  { provider: 'GitHub', rule: 'github-app-token', token: (r) => 'ghu_' + chars(r, ALNUM, 36) },
  // ghs_ + 36 alphanumerics (GitHub App installation token)
  { provider: 'GitHub', rule: 'github-app-token', token: (r) => 'ghs_' + chars(r, ALNUM, 36) },
  // ghr_ + 36 alphanumerics
  { provider: 'GitHub', rule: 'github-refresh-token', token: (r) => 'ghr_' + chars(r, ALNUM, 36) },
  // github_pat_ + 11 + 20 upper-case alphanumerics + _ + 59 alphanumerics (82 word characters)
  {
    provider: 'GitHub',
    rule: 'github-fine-grained-pat',
    token: (r) => 'github_pat_11' + chars(r, UPPER_ALNUM, 20) + '_' + chars(r, ALNUM, 59),
  },

  // --- GitLab -------------------------------------------------------------
  // glpat- + 20 base64url characters (legacy personal access token)
  { provider: 'GitLab', rule: 'gitlab-pat', token: (r) => 'glpat-' + chars(r, URLSAFE, 20) },
  // glpat- + 27..300 base64url payload + . + 2 (length, base 36) + 7 (crc, base 36)
  { provider: 'GitLab', rule: 'gitlab-pat-routable', token: (r) => 'glpat-' + routable(r, between(r, 31, 40)) },
  // glptt- + 40 hex (pipeline trigger token)
  { provider: 'GitLab', rule: 'gitlab-ptt', token: (r) => 'glptt-' + chars(r, HEX, 40) },
  // gldt- + 20 base64url characters (deploy token)
  { provider: 'GitLab', rule: 'gitlab-deploy-token', token: (r) => 'gldt-' + chars(r, URLSAFE, 20) },
  // glrt- + 20 base64url characters (runner authentication token)
  { provider: 'GitLab', rule: 'gitlab-runner-authentication-token', token: (r) => 'glrt-' + chars(r, URLSAFE, 20) },
  // glrt-t<digit>_ + 27..300 base64url payload + . + 2 + 7 base-36 characters
  {
    provider: 'GitLab',
    rule: 'gitlab-runner-authentication-token-routable',
    token: (r) => `glrt-t${between(r, 1, 3)}_` + routable(r, between(r, 30, 40)),
  },
  // glcbt- + 1..5 alphanumerics + _ + 20 base64url characters (CI/CD job token)
  {
    provider: 'GitLab',
    rule: 'gitlab-cicd-job-token',
    token: (r) => 'glcbt-' + chars(r, LOWER_ALNUM, 2) + '_' + chars(r, URLSAFE, 20),
  },
  // glft- + 20 base64url characters (feed token)
  { provider: 'GitLab', rule: 'gitlab-feed-token', token: (r) => 'glft-' + chars(r, URLSAFE, 20) },
  // gloas- + 64 base64url characters (OAuth application secret)
  { provider: 'GitLab', rule: 'gitlab-oauth-app-secret', token: (r) => 'gloas-' + chars(r, URLSAFE, 64) },
  // glsoat- + 20 base64url characters (SCIM token)
  { provider: 'GitLab', rule: 'gitlab-scim-token', token: (r) => 'glsoat-' + chars(r, URLSAFE, 20) },
  // GR1348941 + 20 base64url characters (runner registration token)
  { provider: 'GitLab', rule: 'gitlab-rrt', token: (r) => 'GR1348941' + chars(r, URLSAFE, 20) },
  // _gitlab_session= + 32 lower-case hex (session cookie)
  {
    provider: 'GitLab',
    rule: 'gitlab-session-cookie',
    token: (r) => '_gitlab_session=' + chars(r, HEX, 32),
    secretOf: (token) => token.slice(token.indexOf('=') + 1),
  },

  // --- Slack --------------------------------------------------------------
  // xoxb- + 10..13 digits + - + 10..13 digits + - + 24 alphanumerics
  {
    provider: 'Slack',
    rule: 'slack-bot-token',
    token: (r) => `xoxb-${id(r, 12)}-${id(r, 13)}-${chars(r, ALNUM, 24)}`,
  },
  // xoxp- + three groups of 10..13 digits + - + 32 hex
  {
    provider: 'Slack',
    rule: 'slack-user-token',
    token: (r) => `xoxp-${id(r, 12)}-${id(r, 12)}-${id(r, 13)}-${chars(r, HEX, 32)}`,
  },
  // xapp-<digit>- + A + upper-case alphanumerics + - + digits + - + 64 hex
  {
    provider: 'Slack',
    rule: 'slack-app-token',
    token: (r) => `xapp-1-A${chars(r, UPPER_ALNUM, 10)}-${id(r, 13)}-${chars(r, HEX, 64)}`,
  },
  // xoxe.xoxp-<digit>- + 163..166 alphanumerics (configuration access token)
  {
    provider: 'Slack',
    rule: 'slack-config-access-token',
    token: (r) => 'xoxe.xoxp-1-' + chars(r, ALNUM, between(r, 163, 166)),
  },
  // xoxe-<digit>- + 146 alphanumerics (configuration refresh token)
  { provider: 'Slack', rule: 'slack-config-refresh-token', token: (r) => 'xoxe-1-' + chars(r, ALNUM, 146) },
  // xoxa-2- + 8..48 alphanumerics (legacy workspace token)
  { provider: 'Slack', rule: 'slack-legacy-workspace-token', token: (r) => 'xoxa-2-' + chars(r, ALNUM, 40) },
  // https://hooks.slack.com/services/T<8>/B<10>/<24 alphanumerics>
  {
    provider: 'Slack',
    rule: 'slack-webhook-url',
    token: (r) => {
      const [team, hook] = [chars(r, UPPER_ALNUM, 8), chars(r, UPPER_ALNUM, 10)];
      return `https://hooks.slack.com/services/T${team}/B${hook}/${chars(r, ALNUM, 24)}`;
    },
  },

  // --- AI providers ---------------------------------------------------------
  // sk-proj- + 74 base64url + T3BlbkFJ + 74 base64url (last one alphanumeric)
  {
    provider: 'OpenAI',
    rule: 'openai-api-key',
    token: (r) => 'sk-proj-' + chars(r, URLSAFE, 74) + 'T3BlbkFJ' + charsEndingAlnum(r, URLSAFE, 74),
  },
  // sk-admin- + 58 base64url + T3BlbkFJ + 58 base64url (admin key)
  {
    provider: 'OpenAI',
    rule: 'openai-api-key',
    token: (r) => 'sk-admin-' + chars(r, URLSAFE, 58) + 'T3BlbkFJ' + charsEndingAlnum(r, URLSAFE, 58),
  },
  // sk-ant-api03- + 93 base64url + AA
  { provider: 'Anthropic', rule: 'anthropic-api-key', token: (r) => 'sk-ant-api03-' + chars(r, URLSAFE, 93) + 'AA' },
  // sk-ant-admin01- + 93 base64url + AA
  {
    provider: 'Anthropic',
    rule: 'anthropic-admin-api-key',
    token: (r) => 'sk-ant-admin01-' + chars(r, URLSAFE, 93) + 'AA',
  },
  // hf_ + 34 letters
  { provider: 'Hugging Face', rule: 'huggingface-access-token', token: (r) => 'hf_' + chars(r, LETTERS, 34) },
  // api_org_ + 34 letters
  {
    provider: 'Hugging Face',
    rule: 'huggingface-organization-api-token',
    token: (r) => 'api_org_' + chars(r, LETTERS, 34),
  },
  // pplx- + 48 alphanumerics
  { provider: 'Perplexity', rule: 'perplexity-api-key', token: (r) => 'pplx-' + chars(r, ALNUM, 48) },

  // --- Cloud providers ------------------------------------------------------
  // AKIA + 16 base32 characters (access key id; the whole id must look varied, prefix included)
  {
    provider: 'AWS',
    rule: 'aws-access-token',
    token: (r) => until(r, () => 'AKIA' + chars(r, BASE32, 16), (id) => varied(id, BASE32)),
  },
  // ABSK + base64("BedrockAPIKey-<id>-at-<account>:<key>"), 109..269 base64 characters
  {
    provider: 'AWS',
    rule: 'aws-amazon-bedrock-api-key-long-lived',
    token: (r) => {
      const account = id(r, 12);
      return 'ABSK' + base64(`BedrockAPIKey-${chars(r, LOWER_ALNUM, 4)}-at-${account}:${chars(r, ALNUM + '+/', 60)}`);
    },
  },
  // bedrock-api-key- + base64 of a presigned bedrock.amazonaws.com URL (short-lived key)
  {
    provider: 'AWS',
    rule: 'aws-amazon-bedrock-api-key-short-lived',
    token: (r) => {
      const two = (n: number) => String(n).padStart(2, '0');
      const day = `2025${two(between(r, 1, 12))}${two(between(r, 1, 28))}`;
      const time = `${two(between(r, 0, 23))}${two(between(r, 0, 59))}${two(between(r, 0, 59))}`;
      const url =
        'bedrock.amazonaws.com/?Action=CallWithBearerToken&X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        `&X-Amz-Credential=ASIA${chars(r, BASE32, 16)}%2F${day}%2Fus-east-1%2Fbedrock%2Faws4_request` +
        `&X-Amz-Date=${day}T${time}Z&X-Amz-Expires=43200` +
        `&X-Amz-Security-Token=${chars(r, ALNUM, 280)}` +
        `&X-Amz-Signature=${chars(r, HEX, 64)}&X-Amz-SignedHeaders=host&Version=1`;
      return 'bedrock-api-key-' + base64(url);
    },
  },
  // AIza + 35 base64url characters (here AIzaSy + 33)
  { provider: 'Google Cloud', rule: 'gcp-api-key', token: (r) => 'AIzaSy' + chars(r, URLSAFE, 33) },
  // 3 characters + digit + Q~ + 31..34 characters of [A-Za-z0-9_~.-]
  {
    provider: 'Azure',
    rule: 'azure-ad-client-secret',
    token: (r) => chars(r, ALNUM, 3) + chars(r, DIGITS, 1) + 'Q~' + chars(r, ALNUM + '_~.-', 34),
  },
  // LTAI + 20 alphanumerics (access key id)
  { provider: 'Alibaba Cloud', rule: 'alibaba-access-key-id', token: (r) => 'LTAI' + chars(r, ALNUM, 20) },
  // dop_v1_ + 64 hex (personal access token)
  { provider: 'DigitalOcean', rule: 'digitalocean-pat', token: (r) => 'dop_v1_' + chars(r, HEX, 64) },
  // doo_v1_ + 64 hex (OAuth access token)
  { provider: 'DigitalOcean', rule: 'digitalocean-access-token', token: (r) => 'doo_v1_' + chars(r, HEX, 64) },
  // dor_v1_ + 64 hex (OAuth refresh token)
  { provider: 'DigitalOcean', rule: 'digitalocean-refresh-token', token: (r) => 'dor_v1_' + chars(r, HEX, 64) },
  // v1.0- + 24 hex + - + 146 hex (origin CA key)
  {
    provider: 'Cloudflare',
    rule: 'cloudflare-origin-ca-key',
    token: (r) => 'v1.0-' + chars(r, HEX, 24) + '-' + chars(r, HEX, 146),
  },
  // 40 characters of [a-z0-9_-], next to "cloudflare"
  {
    provider: 'Cloudflare',
    rule: 'cloudflare-api-key',
    context: 'CLOUDFLARE_API_TOKEN',
    token: (r) => chars(r, ALNUM + '_-', 40),
  },
  // HRKU-AA + 58 base64url characters (current API key format)
  { provider: 'Heroku', rule: 'heroku-api-key-v2', token: (r) => 'HRKU-AA' + chars(r, URLSAFE, 58) },
  // UUID next to "heroku" (legacy API key)
  { provider: 'Heroku', rule: 'heroku-api-key', context: 'HEROKU_API_KEY', token: (r) => uuid(r) },
  // fm2_ + 100+ base64 characters (macaroon token, as printed after "FlyV1 ")
  { provider: 'Fly.io', rule: 'flyio-access-token', token: (r) => 'fm2_' + base64(bytes(r, between(r, 110, 150))) },
  // 14 alphanumerics + .atlasv1. + 60..70 base64url characters (Terraform Cloud / HCP)
  {
    provider: 'HashiCorp Terraform',
    rule: 'hashicorp-tf-api-token',
    token: (r) => chars(r, ALNUM, 14) + '.atlasv1.' + chars(r, URLSAFE, 67),
  },
  // hvs. + 90..120 base64url characters (Vault service token; here hvs.CAESI + 86)
  {
    provider: 'HashiCorp Vault',
    rule: 'vault-service-token',
    token: (r) => 'hvs.CAESI' + until(r, () => chars(r, URLSAFE, 86), (body) => /[^A-Za-z]/.test(body.slice(0, 12))),
  },
  // hvb. + 138..300 base64url characters (Vault batch token; here hvb.AAAAAQ + 150)
  { provider: 'HashiCorp Vault', rule: 'vault-batch-token', token: (r) => 'hvb.AAAAAQ' + chars(r, URLSAFE, 150) },
  // pul- + 40 hex
  { provider: 'Pulumi', rule: 'pulumi-api-token', token: (r) => 'pul-' + chars(r, HEX, 40) },
  // sha256~ + 43 base64url characters (OpenShift user token)
  { provider: 'OpenShift', rule: 'openshift-user-token', token: (r) => 'sha256~' + chars(r, URLSAFE, 43) },
  // dp.pt. + 43 alphanumerics (personal token)
  { provider: 'Doppler', rule: 'doppler-api-token', token: (r) => 'dp.pt.' + chars(r, ALNUM, 43) },
  // dapi + 32 hex
  { provider: 'Databricks', rule: 'databricks-api-token', token: (r) => 'dapi' + chars(r, HEX, 32) },
  // 4b1d + 38 alphanumerics
  {
    provider: 'ClickHouse Cloud',
    rule: 'clickhouse-cloud-api-secret-key',
    token: (r) => '4b1d' + chars(r, ALNUM, 38),
  },
  // pscale_tkn_ + 32..64 characters of [\w=.-] (service token)
  { provider: 'PlanetScale', rule: 'planetscale-api-token', token: (r) => 'pscale_tkn_' + chars(r, URLSAFE, 43) },
  // pscale_oauth_ + 32..64 characters of [\w=.-]
  { provider: 'PlanetScale', rule: 'planetscale-oauth-token', token: (r) => 'pscale_oauth_' + chars(r, URLSAFE, 43) },
  // pscale_pw_ + 32..64 characters of [\w=.-] (database password)
  { provider: 'PlanetScale', rule: 'planetscale-password', token: (r) => 'pscale_pw_' + chars(r, URLSAFE, 43) },
  // tk-us- + 48 base64url characters
  { provider: 'Scalingo', rule: 'scalingo-api-token', token: (r) => 'tk-us-' + chars(r, URLSAFE, 48) },
  // dt0c01. + 24 upper-case alphanumerics + . + 64 upper-case alphanumerics
  {
    provider: 'Dynatrace',
    rule: 'dynatrace-api-token',
    token: (r) => 'dt0c01.' + chars(r, UPPER_ALNUM, 24) + '.' + chars(r, UPPER_ALNUM, 64),
  },
  // 40 hex next to "datadog" (application key)
  { provider: 'Datadog', rule: 'datadog-access-token', context: 'DATADOG_APP_KEY', token: (r) => chars(r, HEX, 40) },
  // NRAK- + 27 upper-case alphanumerics, next to "newrelic" (user API key)
  {
    provider: 'New Relic',
    rule: 'new-relic-user-api-key',
    context: 'NEW_RELIC_API_KEY',
    token: (r) => 'NRAK-' + chars(r, UPPER_ALNUM, 27),
  },
  // glsa_ + 32 alphanumerics + _ + 8 hex (service account token)
  {
    provider: 'Grafana',
    rule: 'grafana-service-account-token',
    token: (r) => 'glsa_' + chars(r, ALNUM, 32) + '_' + chars(r, HEX, 8),
  },
  // glc_ + base64 of {"o":...,"n":...,"k":...,"m":{"r":...}} (Grafana Cloud token)
  {
    provider: 'Grafana',
    rule: 'grafana-cloud-api-token',
    token: (r) => {
      const stack = chars(r, DIGITS, 6);
      const json = JSON.stringify({
        o: chars(r, DIGITS, 6),
        n: `stack-${stack}-hm-write-${slug(r, 6)}`,
        k: chars(r, ALNUM, 24),
        m: { r: 'prod-eu-west-2' },
      });
      return 'glc_' + base64(json);
    },
  },
  // eyJrIjoi + 70..400 alphanumerics: base64 of {"k":...,"n":...,"id":...} (legacy API key)
  {
    provider: 'Grafana',
    rule: 'grafana-api-key',
    token: (r) =>
      until(r, () => {
        const json = JSON.stringify({ k: chars(r, ALNUM, 32), n: `${slug(r, 5)}-deploy`, id: between(r, 1, 9) });
        return base64(json);
      }, (token) => plausible(token) && !/[+/]/.test(token)),
  },
  // sntryu_ + 64 hex (user auth token)
  { provider: 'Sentry', rule: 'sentry-user-token', token: (r) => 'sntryu_' + chars(r, HEX, 64) },
  // sntrys_ + base64 of {"iat":...,"url":...,"region_url":...,"org":...} + _ + 43 base64 characters (org token)
  {
    provider: 'Sentry',
    rule: 'sentry-org-token',
    token: (r) => {
      const json =
        `{"iat":${between(r, 1700000000, 1760000000)}.${chars(r, DIGITS, 6)},"url":"https://sentry.io",` +
        `"region_url":"https://us.sentry.io","org":"${slug(r, 7)}"}`;
      return 'sntrys_' + base64(json).replace(/=+$/, '') + '_' + chars(r, ALNUM + '+/', 43);
    },
  },

  // --- Package registries and developer tools -------------------------------
  // npm_ + 36 alphanumerics
  { provider: 'npm', rule: 'npm-access-token', token: (r) => 'npm_' + chars(r, ALNUM, 36) },
  // pypi-AgEIcHlwaS5vcmc + 50..1000 base64url characters: a base64url macaroon for pypi.org
  {
    provider: 'PyPI',
    rule: 'pypi-upload-token',
    token: (r) => {
      const macaroon = Buffer.concat([
        Buffer.from([0x02, 0x01, 0x08]),
        Buffer.from('pypi.org'),
        Buffer.from([0x02, 0x24]),
        Buffer.from(uuid(r)),
        Buffer.from([0x00, 0x02, 0x06]),
        bytes(r, 60),
        Buffer.from([0x00, 0x00, 0x06, 0x20]),
        bytes(r, 32),
      ]);
      return 'pypi-' + base64url(macaroon);
    },
  },
  // rubygems_ + 48 hex
  { provider: 'RubyGems', rule: 'rubygems-api-token', token: (r) => 'rubygems_' + chars(r, HEX, 48) },
  // CLOJARS_ + 60 alphanumerics
  { provider: 'Clojars', rule: 'clojars-api-token', token: (r) => 'CLOJARS_' + chars(r, LOWER_ALNUM, 60) },
  // AKCp + 69 alphanumerics (Artifactory API key)
  { provider: 'JFrog', rule: 'artifactory-api-key', token: (r) => 'AKCp' + chars(r, ALNUM, 69) },
  // PMAK- + 24 hex + - + 34 hex
  {
    provider: 'Postman',
    rule: 'postman-api-token',
    token: (r) => 'PMAK-' + chars(r, HEX, 24) + '-' + chars(r, HEX, 34),
  },
  // pnu_ + 36 alphanumerics
  { provider: 'Prefect', rule: 'prefect-api-token', token: (r) => 'pnu_' + chars(r, ALNUM, 36) },
  // rdme_ + 70 lower-case alphanumerics
  { provider: 'ReadMe', rule: 'readme-api-token', token: (r) => 'rdme_' + chars(r, LOWER_ALNUM, 70) },
  // sgp_ + 16 hex + _ + 40 hex
  {
    provider: 'Sourcegraph',
    rule: 'sourcegraph-access-token',
    token: (r) => 'sgp_' + chars(r, HEX, 16) + '_' + chars(r, HEX, 40),
  },
  // lin_api_ + 40 alphanumerics
  { provider: 'Linear', rule: 'linear-api-key', token: (r) => 'lin_api_' + chars(r, ALNUM, 40) },
  // ico- + 32 alphanumerics
  { provider: 'Infracost', rule: 'infracost-api-token', token: (r) => 'ico-' + chars(r, ALNUM, 32) },
  // pat. + 22 base64url + . + 24 alphanumerics + . + 20 alphanumerics
  {
    provider: 'Harness',
    rule: 'harness-api-key',
    token: (r) => `pat.${chars(r, URLSAFE, 22)}.${chars(r, ALNUM, 24)}.${chars(r, ALNUM, 20)}`,
  },
  // API- + 26 upper-case alphanumerics
  { provider: 'Octopus Deploy', rule: 'octopus-deploy-api-key', token: (r) => 'API-' + chars(r, UPPER_ALNUM, 26) },
  // ATATT3 + 186 characters of [A-Za-z0-9_=-] (here ATATT3xFfGF0 + 171 + = + 8 upper-case hex)
  {
    provider: 'Atlassian',
    rule: 'atlassian-api-token',
    token: (r) => 'ATATT3xFfGF0' + chars(r, URLSAFE, 171) + '=' + chars(r, HEX_UPPER, 8),
  },
  // 64 base64url characters next to "bitbucket" (OAuth consumer secret)
  {
    provider: 'Bitbucket',
    rule: 'bitbucket-client-secret',
    context: 'BITBUCKET_CLIENT_SECRET',
    token: (r) => chars(r, URLSAFE, 64),
  },
  // 00 + 40 characters of [\w=-], next to "okta" (SSWS API token)
  {
    provider: 'Okta',
    rule: 'okta-access-token',
    context: 'OKTA_API_TOKEN',
    token: (r) => '00' + chars(r, URLSAFE, 40),
  },
  // UUID next to "snyk" + key/token
  { provider: 'Snyk', rule: 'snyk-api-token', context: 'SNYK_TOKEN', token: (r) => uuid(r) },
  // 32 characters of [a-z0-9=_-] next to "fastly"
  { provider: 'Fastly', rule: 'fastly-api-token', context: 'FASTLY_API_TOKEN', token: (r) => chars(r, URLSAFE, 32) },
  // nfp_ + 40 alphanumerics next to "netlify" (rule: 40..46 characters of [a-z0-9=_-])
  {
    provider: 'Netlify',
    rule: 'netlify-access-token',
    context: 'NETLIFY_AUTH_TOKEN',
    token: (r) => 'nfp_' + chars(r, ALNUM, 40),
  },
  // fio-u- + 64 base64url characters
  { provider: 'Frame.io', rule: 'frameio-api-token', token: (r) => 'fio-u-' + chars(r, URLSAFE, 64) },
  // p8e- + 32 alphanumerics (client secret)
  { provider: 'Adobe', rule: 'adobe-client-secret', token: (r) => 'p8e-' + chars(r, ALNUM, 32) },
  // 43 base64url characters next to "contentful" (delivery API token)
  {
    provider: 'Contentful',
    rule: 'contentful-delivery-api-token',
    context: 'CONTENTFUL_DELIVERY_TOKEN',
    token: (r) => chars(r, URLSAFE, 43),
  },
  // 64 alphanumerics next to "confluent" (API secret)
  {
    provider: 'Confluent',
    rule: 'confluent-secret-key',
    context: 'CONFLUENT_API_SECRET',
    token: (r) => chars(r, ALNUM, 64),
  },

  // --- Payments and commerce ------------------------------------------------
  // sk_live_ + 10..99 alphanumerics (here 51 + 97)
  { provider: 'Stripe', rule: 'stripe-access-token', token: (r) => 'sk_live_51' + chars(r, ALNUM, 97) },
  // rk_live_ + 10..99 alphanumerics (restricted key)
  { provider: 'Stripe', rule: 'stripe-access-token', token: (r) => 'rk_live_51' + chars(r, ALNUM, 97) },
  // EAAA + 22..60 base64url characters (here 60)
  { provider: 'Square', rule: 'square-access-token', token: (r) => 'EAAA' + chars(r, URLSAFE, 60) },
  // shpat_ + 32 hex
  { provider: 'Shopify', rule: 'shopify-access-token', token: (r) => 'shpat_' + chars(r, HEX, 32) },
  // shpca_ + 32 hex
  { provider: 'Shopify', rule: 'shopify-custom-access-token', token: (r) => 'shpca_' + chars(r, HEX, 32) },
  // shppa_ + 32 hex
  { provider: 'Shopify', rule: 'shopify-private-app-access-token', token: (r) => 'shppa_' + chars(r, HEX, 32) },
  // shpss_ + 32 hex
  { provider: 'Shopify', rule: 'shopify-shared-secret', token: (r) => 'shpss_' + chars(r, HEX, 32) },
  // FLWSECK_TEST- + 32 hex + -X (the only secret-key shape gitleaks knows is the test-mode one)
  {
    provider: 'Flutterwave',
    rule: 'flutterwave-secret-key',
    token: (r) => 'FLWSECK_TEST-' + chars(r, HEX, 32) + '-X',
  },
  // live_ + 40 characters of [a-z0-9_=-], next to "gocardless"
  {
    provider: 'GoCardless',
    rule: 'gocardless-api-token',
    context: 'GOCARDLESS_ACCESS_TOKEN',
    token: (r) => 'live_' + chars(r, URLSAFE, 40),
  },
  // duffel_live_ + 43 characters of [a-z0-9_=-]
  { provider: 'Duffel', rule: 'duffel-api-token', token: (r) => 'duffel_live_' + chars(r, URLSAFE, 43) },
  // shippo_live_ + 40 hex
  { provider: 'Shippo', rule: 'shippo-api-token', token: (r) => 'shippo_live_' + chars(r, HEX, 40) },
  // EZAK + 54 alphanumerics (production key)
  { provider: 'EasyPost', rule: 'easypost-api-token', token: (r) => 'EZAK' + chars(r, ALNUM, 54) },
  // live_ + 35 hex, next to "lob"
  { provider: 'Lob', rule: 'lob-api-key', context: 'LOB_API_KEY', token: (r) => 'live_' + chars(r, HEX, 35) },
  // 32 hex next to "finicity" (API token)
  { provider: 'Finicity', rule: 'finicity-api-token', context: 'FINICITY_APP_KEY', token: (r) => chars(r, HEX, 32) },
  // pat + 14 alphanumerics + . + 64 hex; gitleaks' only keyword for it is "airtable"
  {
    provider: 'Airtable',
    rule: 'airtable-personnal-access-token',
    context: 'AIRTABLE_TOKEN',
    token: (r) => 'pat' + chars(r, ALNUM, 14) + '.' + chars(r, HEX, 64),
  },

  // --- Messaging, e-mail and communication ----------------------------------
  // SG. + 22 base64url + . + 43 base64url (66 characters after SG.)
  {
    provider: 'SendGrid',
    rule: 'sendgrid-api-token',
    token: (r) => 'SG.' + chars(r, URLSAFE, 22) + '.' + chars(r, URLSAFE, 43),
  },
  // SK + 32 hex (API key SID)
  { provider: 'Twilio', rule: 'twilio-api-key', token: (r) => 'SK' + chars(r, HEX, 32) },
  // xkeysib- + 64 hex + - + 16 alphanumerics
  {
    provider: 'Brevo (Sendinblue)',
    rule: 'sendinblue-api-token',
    token: (r) => 'xkeysib-' + chars(r, HEX, 64) + '-' + chars(r, ALNUM, 16),
  },
  // key- + 32 hex next to "mailgun" (private API key)
  {
    provider: 'Mailgun',
    rule: 'mailgun-private-api-token',
    context: 'MAILGUN_API_KEY',
    token: (r) => 'key-' + chars(r, HEX, 32),
  },
  // 32 hex + -us + 2 digits, next to "mailchimp"
  {
    provider: 'Mailchimp',
    rule: 'mailchimp-api-key',
    context: 'MAILCHIMP_API_KEY',
    token: (r) => chars(r, HEX, 32) + '-us' + String(between(r, 1, 21)).padStart(2, '0'),
  },
  // 5..16 digits + :A + 34 base64url characters, next to "telegram"
  {
    provider: 'Telegram',
    rule: 'telegram-bot-api-token',
    context: 'TELEGRAM_BOT_TOKEN',
    token: (r) => id(r, 10) + ':AA' + chars(r, URLSAFE, 33),
  },
  // 32 base64url characters next to "discord" (OAuth client secret)
  {
    provider: 'Discord',
    rule: 'discord-client-secret',
    context: 'DISCORD_CLIENT_SECRET',
    token: (r) => chars(r, URLSAFE, 32),
  },
  // https://<tenant>.webhook.office.com/webhookb2/<uuid>@<uuid>/IncomingWebhook/<32 hex>/<uuid>
  {
    provider: 'Microsoft Teams',
    rule: 'microsoft-teams-webhook',
    token: (r) => {
      const [group, tenant, connector, owner] = [uuid(r), uuid(r), chars(r, HEX, 32), uuid(r)];
      const host = `https://${slug(r, 8)}.webhook.office.com`;
      return `${host}/webhookb2/${group}@${tenant}/IncomingWebhook/${connector}/${owner}`;
    },
  },
  // 25 alphanumerics next to "messagebird" (access key)
  {
    provider: 'MessageBird',
    rule: 'messagebird-api-token',
    context: 'MESSAGEBIRD_ACCESS_KEY',
    token: (r) => chars(r, ALNUM, 25),
  },
  // 60 characters of [a-z0-9=_-] next to "intercom" (access token)
  {
    provider: 'Intercom',
    rule: 'intercom-api-key',
    context: 'INTERCOM_ACCESS_TOKEN',
    token: (r) => chars(r, URLSAFE, 60),
  },
  // 40 alphanumerics next to "zendesk" (API token)
  { provider: 'Zendesk', rule: 'zendesk-secret-key', context: 'ZENDESK_API_TOKEN', token: (r) => chars(r, ALNUM, 40) },
  // b_ + 44 characters of [a-z0-9=_-], next to "beamer"
  {
    provider: 'Beamer',
    rule: 'beamer-api-token',
    context: 'BEAMER_API_KEY',
    token: (r) => 'b_' + chars(r, URLSAFE, 44),
  },
  // 32 lower-case alphanumerics next to "asana" (OAuth client secret)
  {
    provider: 'Asana',
    rule: 'asana-client-secret',
    context: 'ASANA_CLIENT_SECRET',
    token: (r) => chars(r, LOWER_ALNUM, 32),
  },
  // ntn_ + 11 digits + 35 alphanumerics (integration token)
  { provider: 'Notion', rule: 'notion-api-token', token: (r) => 'ntn_' + chars(r, DIGITS, 11) + chars(r, ALNUM, 35) },
  // tfp_ + 59 characters of [a-z0-9._=-], next to "typeform" (personal token)
  {
    provider: 'Typeform',
    rule: 'typeform-api-token',
    context: 'TYPEFORM_TOKEN',
    token: (r) => 'tfp_' + chars(r, ALNUM, 44) + '_' + chars(r, ALNUM, 14),
  },
  // sl. + 135 characters of [a-z0-9=_-], next to "dropbox" (short-lived token)
  {
    provider: 'Dropbox',
    rule: 'dropbox-short-lived-api-token',
    context: 'DROPBOX_ACCESS_TOKEN',
    token: (r) => 'sl.' + chars(r, URLSAFE, 135),
  },
  // EAAM + 100+ alphanumerics (page access token)
  { provider: 'Meta (Facebook)', rule: 'facebook-page-access-token', token: (r) => 'EAAM' + chars(r, ALNUM, 180) },
  // 15..16 digits + | + 27..40 characters of [0-9a-z_-], next to "facebook" (app id | app secret)
  {
    provider: 'Meta (Facebook)',
    rule: 'facebook-access-token',
    context: 'FACEBOOK_ACCESS_TOKEN',
    token: (r) => id(r, 16) + '|' + chars(r, HEX, 32),
  },
  // AQVN + 35..38 base64url characters, next to "yandex" (API key)
  {
    provider: 'Yandex',
    rule: 'yandex-api-key',
    context: 'YANDEX_API_KEY',
    token: (r) => 'AQVN' + chars(r, URLSAFE, 36),
  },

  // --- Secrets managers, keys and miscellaneous -----------------------------
  // A3- + 6-6-5-5-5-5 upper-case alphanumerics (account secret key)
  { provider: '1Password', rule: '1password-secret-key', token: (r) => onePasswordKey(r) },
  // ops_eyJ + 250+ base64 characters: base64 of the service account's JSON
  {
    provider: '1Password',
    rule: '1password-service-account-token',
    token: (r) => {
      const json = JSON.stringify({
        signInAddress: 'my.1password.com',
        userAuth: { method: 'SRPg-4096', alg: 'PBES2g-HS256', iterations: 650000, salt: chars(r, URLSAFE, 22) },
        email: `${chars(r, LOWER_ALNUM, 13)}@1passwordserviceaccounts.com`,
        srpX: chars(r, HEX, 64),
        muk: {
          alg: 'A256GCM',
          ext: true,
          k: chars(r, URLSAFE, 43),
          key_ops: ['encrypt', 'decrypt'],
          kty: 'oct',
          kid: 'mp',
        },
        secretKey: onePasswordKey(r),
        throttleSecret: { seed: chars(r, HEX, 64), uuid: chars(r, UPPER_ALNUM, 26) },
        deviceUuid: chars(r, LOWER_ALNUM, 26),
      });
      return 'ops_' + base64(json).replace(/=+$/, '');
    },
  },
  // AGE-SECRET-KEY-1 + 58 upper-case bech32 characters
  { provider: 'age', rule: 'age-secret-key', token: (r) => 'AGE-SECRET-KEY-1' + chars(r, BECH32_UPPER, 58) },
  // 6 alphanumerics + _ + 29 alphanumerics + _mmk (license key)
  {
    provider: 'MaxMind',
    rule: 'maxmind-license-key',
    token: (r) => chars(r, ALNUM, 6) + '_' + chars(r, ALNUM, 29) + '_mmk',
  },
  // https://<8 hex>:<8 hex>@gems.contribsys.com/ (Sidekiq Enterprise gem source)
  {
    provider: 'Sidekiq',
    rule: 'sidekiq-sensitive-url',
    token: (r) => `https://${chars(r, HEX, 8)}:${chars(r, HEX, 8)}@gems.contribsys.com/`,
    secretOf: (token) => token.slice(token.indexOf('://') + 3, token.indexOf('@')),
  },
];

/** Fixed parts of some formats that would otherwise read as placeholders. */
const FIXED_PARTS = /AGE-SECRET-KEY|FLWSECK_TEST|hvb\.AAAAAQ/g;

const toSample = (format: Format): ProviderSample => ({
  provider: format.provider,
  rule: format.rule,
  needsContext: format.context !== undefined,
  sample: (random) => {
    // Encoded parts (base64 of JSON or bytes) and joins between parts are checked here as a whole.
    const token = until(random, format.token, (text) => plausible(text.replace(FIXED_PARTS, '')));
    return format.context === undefined ? token : `${format.context}=${token}`;
  },
  secret: (sampleText) => {
    const token = format.context === undefined ? sampleText : sampleText.slice(sampleText.indexOf('=') + 1);
    return format.secretOf ? format.secretOf(token) : token;
  },
});

export const providerSamples: ProviderSample[] = formats.map(toSample);
