/**
 * All mailbox key names are built and parsed here, following the workshop's
 * convention: `contexte:<equipe>:<auteur>:<horodatage>` for a note and
 * `session:<equipe>:<auteur>:<horodatage>` for the session export published with it.
 */
import { UsageError } from './errors.js';

export type KeyKind = 'contexte' | 'session';

export interface KeyParts {
  kind: KeyKind;
  team: string;
  author: string;
  /** `YYYYMMDD-HHMM` (UTC), with `-N` appended when that minute was already taken. */
  stamp: string;
}

/** Short ASCII identifiers: no `:`, no glob character, no space, no path separator. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const STAMP = /^\d{8}-\d{4}(?:-[1-9]\d{0,3})?$/;
const KEY = /^(contexte|session):([^:]+):([^:]+):([^:]+)$/;

export function isValidName(value: string): boolean {
  return NAME.test(value);
}

export function validateName(value: string, label: 'equipe' | 'auteur'): string {
  if (!NAME.test(value)) {
    throw new UsageError(
      `nom ${label === 'equipe' ? 'd’équipe' : 'd’auteur'} invalide : ${quoteForMessage(value)}`,
      'Utilisez 1 à 64 caractères parmi lettres ASCII, chiffres, « . », « _ » et « - », en commençant par une lettre ou un chiffre (exemple : catalogue, alice).',
    );
  }
  return value;
}

/** The workshop's `date +%Y%m%d-%H%M`, in UTC so that keys sort the same for every team. */
export function minuteStamp(date: Date): string {
  const year = date.getUTCFullYear();
  // Four digits or no key: a clock that far off would make keys nobody can read back.
  if (!(year >= 1000 && year <= 9999)) throw new UsageError(`l’horloge du poste indique l’an ${year} : corrigez-la avant de publier`);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `-${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}`
  );
}

/** The n-th candidate stamp for a minute: the stamp itself, then `-2`, `-3`… */
export function candidateStamp(minute: string, attempt: number): string {
  return attempt <= 1 ? minute : `${minute}-${attempt}`;
}

export function buildKey(parts: KeyParts): string {
  return `${parts.kind}:${parts.team}:${parts.author}:${parts.stamp}`;
}

/** Parses a key of our convention; returns undefined for anything else. */
export function parseKey(key: string): KeyParts | undefined {
  const match = KEY.exec(key);
  if (!match) return undefined;
  const [, kind, team, author, stamp] = match as unknown as [string, KeyKind, string, string, string];
  if (!NAME.test(team) || !NAME.test(author) || !STAMP.test(stamp)) return undefined;
  return { kind, team, author, stamp };
}

export function requireKey(key: string): KeyParts {
  const parts = parseKey(key);
  if (!parts) {
    throw new UsageError(
      `clé invalide : ${quoteForMessage(key)}`,
      'Une clé a la forme contexte:<equipe>:<auteur>:<horodatage> (ou session:…), par exemple contexte:catalogue:alice:20261202-1412 ; « list » les affiche.',
    );
  }
  return parts;
}

/**
 * A team's index and journal. The hash tag `{<equipe>}` puts both in one Cluster
 * slot; notes keep the workshop's names, so they live in other slots.
 */
export const indexKey = (team: string) => `contexte-index:{${team}}`;
export const journalKey = (team: string) => `contexte-journal:{${team}}`;

/** The session export published with a note: same team, author and stamp. */
export function sessionKeyOf(parts: KeyParts): string {
  return buildKey({ ...parts, kind: 'session' });
}

/** The file name the workshop's skill uses: the key with `:` replaced, plus an extension. */
export function flattenKey(parts: KeyParts): string {
  const extension = parts.kind === 'session' ? 'json' : 'md';
  return `${parts.kind}_${parts.team}_${parts.author}_${parts.stamp}.${extension}`;
}

/** A user-supplied value with its control characters escaped (\x1b, \x0a…): it cannot break a line or drive a terminal. */
export function escapeControls(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Shows a user-supplied value in a message, quoted, escaped and shortened. */
export function quoteForMessage(value: string, max = 80): string {
  const visible = escapeControls(value);
  return `« ${visible.length > max ? `${visible.slice(0, max)}…` : visible} »`;
}
