/**
 * Values that are not credentials whatever name they are given: ciphertexts
 * (`password: ENC[AES256_GCM,…]`, `secret: vault:v1:…`, a SealedSecret's
 * `AgB…`), public keys (`ssh-ed25519 AAAA…`, `age1…`, PEM armour of a public
 * key or a message), keys a provider made public on purpose (Stripe's
 * `pk_live_…`) and the documentation's own example tokens. Reading one is
 * harmless: the secret that opens it lives elsewhere.
 *
 * Knowledge is in the two tables below; every pattern is bounded and is tried
 * anchored at one offset, so a check costs at most the longest shape.
 */
import { createHash, createHmac } from 'node:crypto';

export type PublicKind = 'ciphertext' | 'public-key' | 'publishable-key';

export interface PublicShape {
  what: string;
  kind: PublicKind;
  /** A regex source, matched from the value's first character. */
  pattern: string;
}

const B64 = '[A-Za-z0-9+/]';
const B64URL = '[A-Za-z0-9_-]';
/** Bech32's data alphabet (no 1, b, i, o). */
const BECH32 = '[02-9ac-hj-np-z]';
/** PEM and PGP armour of what is not secret: a public key, a certificate, a signature, a message encrypted to someone. */
const PUBLIC_ARMOUR =
  'PUBLIC KEY|RSA PUBLIC KEY|EC PUBLIC KEY|OPENSSH PUBLIC KEY|SSH2 PUBLIC KEY|PGP PUBLIC KEY BLOCK|PGP MESSAGE|PGP SIGNATURE|PGP SIGNED MESSAGE|AGE ENCRYPTED FILE|CERTIFICATE|TRUSTED CERTIFICATE|CERTIFICATE REQUEST|NEW CERTIFICATE REQUEST|X509 CRL|PKCS7|CMS|ENCRYPTED MESSAGE';

/** The ciphertext and public-key shapes: one table, read by every rule that judges a value. */
export const PUBLIC_SHAPES: readonly PublicShape[] = [
  // Ciphertexts: the key that decrypts them is kept elsewhere (KMS, a controller, a vault, a recipient's private key).
  {
    what: 'sops, hiera-eyaml (ENC[AES256_GCM,data:…,iv:…,tag:…,type:str], ENC[PKCS7,…])',
    kind: 'ciphertext',
    pattern: String.raw`ENC\[[A-Z][A-Z0-9_]{1,20},[A-Za-z0-9+/=:]{4}`,
  },
  {
    what: 'Jasypt (ENC(…)), Spring Cloud Config ({cipher}…)',
    kind: 'ciphertext',
    pattern: String.raw`ENC\(${B64}{8,4000}={0,2}\)|\{cipher\}(?:\{[^}\n]{1,100}\})?[A-Za-z0-9+/=]{16,8000}`,
  },
  { what: 'Vault transit ciphertext (vault:v1:…)', kind: 'ciphertext', pattern: String.raw`vault:v\d{1,5}:${B64}{8,20000}={0,2}` },
  { what: 'ansible-vault ($ANSIBLE_VAULT;1.1;AES256)', kind: 'ciphertext', pattern: String.raw`\$ANSIBLE_VAULT;1\.[0-9];AES(?:256)?(?:;[\w.-]{1,64})?` },
  // The length of the session key wrapped by the controller's default 4096-bit RSA key (0x0200) spells `Ag`, then 512 bytes and the data.
  { what: 'Bitnami SealedSecret value (Ag…, 700 characters or more)', kind: 'ciphertext', pattern: String.raw`Ag[A-D]${B64}{300,20000}={0,2}` },
  { what: 'AWS KMS ciphertext blob (AQICAH…)', kind: 'ciphertext', pattern: String.raw`AQI[BCD]AH${B64}{80,20000}={0,2}` },
  {
    what: 'Windows DPAPI blob, as ConvertFrom-SecureString writes it (01000000d08c9ddf…)',
    kind: 'ciphertext',
    pattern: String.raw`01000000d08c9ddf0115d1118c7a00c04fc297eb[0-9a-fA-F]{16,20000}`,
  },
  {
    what: 'armour of a public key, a certificate, a signature or an encrypted message',
    kind: 'ciphertext',
    pattern: String.raw`-----BEGIN (?:${PUBLIC_ARMOUR})-----`,
  },
  // Public keys: made to be handed out.
  {
    what: 'OpenSSH public key (ssh-ed25519 AAAA…, ssh-rsa, ecdsa-sha2-…, sk-…@openssh.com)',
    kind: 'public-key',
    pattern: String.raw`(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp(?:256|384|521)|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)(?:-cert-v01@openssh\.com)?[ \t]+AAAA${B64}{20,8000}={0,3}`,
  },
  {
    what: 'OpenSSH public key blob without its type (AAAAC3NzaC1lZDI1NTE5…, AAAAB3NzaC1yc2E…)',
    kind: 'public-key',
    pattern: String.raw`AAAA(?:B3NzaC1yc2E|C3NzaC1lZDI1NTE5|E2VjZHNhLXNoYTItbmlzdHA|B3NzaC1kc3M|GnNrLXNzaC1lZDI1NTE5|InNrLWVjZHNhLXNoYTItbmlzdHAyNTZ)${B64}{20,8000}={0,3}`,
  },
  { what: 'age recipient (age1…, age1yubikey1…)', kind: 'public-key', pattern: String.raw`age1(?:[a-z0-9]{2,20}1)?${BECH32}{50,120}(?![A-Za-z0-9])` },
  // Keys a provider made public on purpose: shipped in web pages and mobile apps. (A prefix's last `_` is optional: the revealed
  // view of a line drops a `_` that reads as emphasis, as in `sb_publishable_-…`.)
  { what: 'Stripe and Clerk publishable keys (pk_live_…, pk_test_…)', kind: 'publishable-key', pattern: String.raw`pk_(?:live|test)_?${B64URL}{10,400}` },
  { what: 'Supabase publishable key (sb_publishable_…)', kind: 'publishable-key', pattern: String.raw`sb_publishable_?${B64URL}{10,200}` },
  { what: 'Mapbox public token (pk.eyJ…)', kind: 'publishable-key', pattern: String.raw`pk\.eyJ${B64URL}{10,400}\.${B64URL}{10,200}` },
  { what: 'PostHog project key (phc_…)', kind: 'publishable-key', pattern: String.raw`phc_?[A-Za-z0-9_-]{20,100}` },
  { what: 'Razorpay key id (rzp_live_…, rzp_test_…)', kind: 'publishable-key', pattern: String.raw`rzp_(?:live|test)_?[A-Za-z0-9]{10,40}` },
  { what: 'Square application id (sq0idp-…, sandbox-sq0idb-…)', kind: 'publishable-key', pattern: String.raw`(?:sandbox-)?sq0id[pb]-${B64URL}{10,100}` },
];

const SHAPES = new RegExp(PUBLIC_SHAPES.map((shape) => `(?:${shape.pattern})`).join('|'), 'y');

/** The shape of a ciphertext, a public key or a publishable key begins at `at` in `text` (each shape starts with a literal: a failed try is cheap). */
export function isPublicShapeAt(text: string, at: number): boolean {
  SHAPES.lastIndex = at;
  return SHAPES.test(text);
}

/**
 * Example tokens from documentation, published on purpose and found in every
 * tutorial. Kept as digests, not as values: the repository holds nothing
 * shaped like a secret, and a value matches only when it is that exact token.
 */
const DOCUMENTED_EXAMPLES: ReadonlyArray<{ what: string; length: number; sha256: string }> = [
  { what: "jwt.io's sample token (HS256, John Doe)", length: 155, sha256: '7f75367e7881255134e1375e723d1dea8ad5f6a4fdb79d938df1f1754a830606' },
  { what: "Stripe's API reference test key", length: 32, sha256: '2cafc0970149a84f3b9e62eaf169f36f59907a3b3e31f7b82e68c69cd27f7326' },
  { what: "Stripe's older documentation test key", length: 32, sha256: 'f2d6ca16515033e5dce14eba840b979d27b5cbae24bb3e5bf484339667f86397' },
];
const EXAMPLE_LENGTHS = new Set(DOCUMENTED_EXAMPLES.map((example) => example.length));
const EXAMPLE_DIGESTS = new Set(DOCUMENTED_EXAMPLES.map((example) => example.sha256));

/** The keys documentation tools sign their sample tokens with: a token they sign is an example anyone can forge. */
const DOCUMENTED_SIGNING_KEYS = ['your-256-bit-secret', 'your-384-bit-secret', 'your-512-bit-secret'];
const HMAC = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' } as const;

/** A JWT signed with a documentation tool's placeholder key (jwt.io's `your-256-bit-secret`). */
function isSignedWithDocumentedKey(value: string): boolean {
  const parts = value.split('.');
  if (parts.length !== 3 || parts[2]!.length < 20 || value.length > 8000) return false;
  let algorithm: string | undefined;
  try {
    algorithm = (JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as { alg?: string }).alg;
  } catch {
    return false;
  }
  const hash = HMAC[algorithm as keyof typeof HMAC];
  if (hash === undefined) return false;
  const signed = `${parts[0]}.${parts[1]}`;
  // Compared without `_`: the revealed view of a line may have dropped one that read as emphasis (`…-_x…`).
  const signature = parts[2]!.replace(/_/g, '');
  return DOCUMENTED_SIGNING_KEYS.some((key) => createHmac(hash, key).update(signed).digest('base64url').replace(/_/g, '') === signature);
}

/** A token the documentation publishes as its example, or one made with a documentation tool's placeholder key. */
export function isDocumentedExample(value: string): boolean {
  if (EXAMPLE_LENGTHS.has(value.length) && EXAMPLE_DIGESTS.has(createHash('sha256').update(value).digest('hex'))) return true;
  return value.startsWith('eyJ') && isSignedWithDocumentedKey(value);
}

/** Not a credential whatever its role: a ciphertext, a public or publishable key, a documented example. */
export function isPublicValue(value: string): boolean {
  return isPublicShapeAt(value, 0) || isDocumentedExample(value);
}

const TOKEN_RUN = /[A-Za-z0-9_.+/=~-]{1,8000}/y;

/** Where the word holding `at` begins: `vault:v1:…` for a rule that read only `v1:…` after its colon. */
function wordStart(text: string, at: number): number {
  let start = at;
  while (start > 0 && at - start < 100 && !/[\s"'`«»(),;=|<>{}]/.test(text[start - 1]!)) start--;
  return start;
}

/**
 * The same, for the value that begins at `at` in `text` (a rule may have read
 * only part of it): from `at` as far as its line goes, or from the beginning
 * of the word that holds it.
 */
export function isPublicValueAt(text: string, at: number): boolean {
  const word = wordStart(text, at);
  if (isPublicShapeAt(text, at) || (word < at && isPublicShapeAt(text, word))) return true;
  TOKEN_RUN.lastIndex = at;
  const run = TOKEN_RUN.exec(text)?.[0];
  return run !== undefined && isDocumentedExample(run);
}
