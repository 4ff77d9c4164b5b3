/**
 * Fake credentials of the right shape, made at test time from random
 * characters: no secret-shaped value is ever written in the repository.
 * Each maker returns the value and its random part (what a report must never
 * show, even in part).
 */
import { randomInt, randomUUID } from 'node:crypto';

export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const DIGITS = '0123456789';
export const HEX = '0123456789abcdef';
export const ALNUM = LOWER + UPPER + DIGITS;
export const UPPER_DIGITS = UPPER + DIGITS;
export const BASE64 = `${ALNUM}+/`;
export const BASE64URL = `${ALNUM}-_`;
export const SYMBOLS = '!@#%&*+=?';

/** Runs that a scanner may rightly read as a mask or an example: never produced. */
const LOOKS_PLACEHOLDER = /(.)\1{3}|example|exemple|dummy|placeholder|redacted|secret|token|passw|fake|test|changeme/i;

function pick(alphabet: string): string {
  return alphabet[randomInt(alphabet.length)]!;
}

/** A random string of `length` characters of `alphabet`. */
export function random(alphabet: string, length: number): string {
  for (;;) {
    const value = Array.from({ length }, () => pick(alphabet)).join('');
    if (!LOOKS_PLACEHOLDER.test(value)) return value;
  }
}

/** Random letters and digits with at least one lower-case letter, one capital and one digit. */
export function mixed(length: number, alphabet = ALNUM): string {
  for (;;) {
    const value = random(alphabet, length);
    if (/[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value)) return value;
  }
}

export interface Fake {
  /** The whole credential, as it would be pasted. */
  value: string;
  /** Its random part: no 6 characters of it may appear in a report. */
  secret: string;
}

const fake = (prefix: string, secret: string, suffix = ''): Fake => ({ value: `${prefix}${secret}${suffix}`, secret });

export const awsKeyId = () => fake('AKIA', random(UPPER_DIGITS, 16));
export const awsSecretKey = () => fake('', mixed(40, `${ALNUM}+/`));
export const githubClassic = () => fake('ghp_', mixed(36));
export const githubFineGrained = () => fake('github_pat_', `${mixed(22)}_${mixed(59)}`);
export const gitlab = () => fake('glpat-', mixed(20, `${ALNUM}-_`));
export const slackBot = () => fake(`xoxb-${random(DIGITS, 12)}-${random(DIGITS, 13)}-`, mixed(24));
export const stripeLive = () => fake('sk_live_', mixed(24));
export const openaiProject = () => fake('sk-proj-', mixed(64, `${ALNUM}-_`));
export const anthropic = () => fake('sk-ant-api03-', mixed(93, `${ALNUM}-_`), 'AA');
export const google = () => fake('AIza', mixed(35, `${ALNUM}-_`));
export const npm = () => fake('npm_', mixed(36));
export const huggingface = () => fake('hf_', mixed(34));
export const sendgrid = () => {
  const id = mixed(22, `${ALNUM}-_`);
  const key = mixed(43, `${ALNUM}-_`);
  return { value: `SG.${id}.${key}`, secret: `${id}.${key}` };
};
export const telegram = () => fake(`${random('123456789', 1)}${random(DIGITS, 8)}:AA`, mixed(33, `${ALNUM}-_`));
export const vault = () => fake('hvs.', mixed(90, `${ALNUM}-_`));
export const groq = () => fake('gsk_', mixed(52));
export const vercel = () => fake('vcp_', mixed(24));
export const figma = () => fake('figd_', mixed(40, `${ALNUM}-_`));
export const cloudflare = () => fake('cfut_', `${mixed(40)}${random(HEX, 8)}`);
export const tailscale = () => fake('tskey-auth-', `${mixed(12)}-${mixed(30)}`);
export const githubInstallation = () => fake(`ghs_${random(DIGITS, 8)}_`, `${mixed(36, BASE64URL)}.${mixed(120, BASE64URL)}.${mixed(43, BASE64URL)}`);
export const slackWebhook = () => {
  const secret = `T${random(UPPER_DIGITS, 8)}/B${random(UPPER_DIGITS, 10)}/${mixed(24)}`;
  return { value: `https://hooks.slack.com/services/${secret}`, secret };
};

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** A signed-looking JWT: base64url JSON header and payload, random signature. */
export function jwt(): Fake {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ sub: mixed(16), name: 'Camille Martin', iat: 1718100000 + randomInt(100000) }));
  const signature = mixed(43, `${ALNUM}-_`);
  return { value: `${header}.${payload}.${signature}`, secret: `${payload}.${signature}` };
}

export type PemType = 'RSA' | 'EC' | 'OPENSSH' | 'PKCS8' | 'ENCRYPTED' | 'DSA' | 'PGP';

/** A PEM private key block with a random base64 body (lines of 64). */
export function privateKey(type: PemType, lines = 8): Fake & { body: string } {
  const label =
    type === 'PKCS8' ? 'PRIVATE KEY' : type === 'ENCRYPTED' ? 'ENCRYPTED PRIVATE KEY' : type === 'PGP' ? 'PGP PRIVATE KEY BLOCK' : `${type} PRIVATE KEY`;
  const bodyLines = Array.from({ length: lines }, () => mixed(64, BASE64));
  bodyLines.push(`${mixed(40, BASE64)}==`);
  const body = bodyLines.join('\n');
  const blank = type === 'PGP' ? '\n' : '';
  return { value: `-----BEGIN ${label}-----\n${blank}${body}\n-----END ${label}-----`, secret: body, body };
}

/** A password people choose: a word, digits, a symbol, letters (`Soleil42!xkQz`). */
export function humanPassword(symbols = SYMBOLS): Fake {
  const words = ['Soleil', 'Marmotte', 'Brioche', 'Falaise', 'Lanterne', 'Harbor', 'Velvet', 'Pumpkin', 'Glacier', 'Tornado'];
  const word = words[randomInt(words.length)]!;
  const value = `${word}${random(DIGITS, 2 + randomInt(3))}${pick(symbols)}${mixed(5, LOWER + UPPER + DIGITS)}`;
  return { value, secret: value };
}

/** A random password safe inside a URL's user info. */
export function urlPassword(): Fake {
  const value = `${mixed(10)}${pick('-_.~!*')}${mixed(6)}`;
  return { value, secret: value };
}

/** A plain random credential of letters and digits. */
export const opaque = (length = 32): Fake => fake('', mixed(length));

/**
 * Where a report shows part of a secret, by position only (a failure message
 * must not leak it either): the secret whole, or one of its 6-character
 * windows. A window the note also holds outside its secrets (`nterne` in
 * « recette.interne » and in `Lanterne42!…`) proves nothing and is skipped.
 */
export function shownWindow(shown: string, secrets: Fake[], note = ''): string | undefined {
  const around = secrets.reduce((text, secret) => text.split(secret.value).join('\n'), note);
  for (const [index, secret] of secrets.entries()) {
    if (shown.includes(secret.value)) return `secret #${index} shown whole`;
    const at = windows(secret.secret).findIndex((window) => shown.includes(window) && !around.includes(window));
    if (at >= 0) return `secret #${index}: 6 characters at offset ${at} of its random part shown`;
  }
  return undefined;
}

/** The 6-character windows of a secret: none may appear in what a report shows. */
export function windows(secret: string, size = 6): string[] {
  const parts = secret.split(/\n/).filter((part) => part.length >= size);
  const result = new Set<string>();
  for (const part of parts) for (let i = 0; i + size <= part.length; i++) result.add(part.slice(i, i + size));
  return [...result];
}

// Non-secrets of random shape, for hard negatives.
export const gitSha = () => random(HEX, 40);
export const sha256 = () => random(HEX, 64);
export const nanoid = () => random(`${ALNUM}_-`, 21);
export const opencodeId = (prefix: 'ses' | 'msg' | 'prt') => `${prefix}_${random(HEX, 12)}${mixed(14)}`;
export const base64Blob = (length: number) => random(BASE64, length);

/** Credentials that are plain hex (Datadog, Twilio, Rails) or UUID-shaped (Heroku). */
export const hexKey = (length = 32): Fake => fake('', random(HEX, length));
export const uuidKey = (): Fake => fake('', randomUUID());
