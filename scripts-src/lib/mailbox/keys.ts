/**
 * Every name the mailbox uses, in one place: the keys of notes (the workshop's
 * convention, `contexte:<equipe>:<auteur>:<horodatage>`, with `session:…` for the
 * export and `modifs:…` for the work in progress published with it), and on Redis the keys of a team's members, each
 * author's index and journal, with the glob patterns the ACLs grant.
 */

import { MAX_CHANGES_BYTES, MAX_NOTE_BYTES, MAX_SESSION_BYTES } from '../io/read-input-file.js';
import { fail } from '../messages/failure.js';

export type KeyKind = 'contexte' | Companion;
/** What a publication may carry beside its note, under the same stamp: the session export, the work in progress (a patch). */
export type Companion = 'session' | 'modifs';
export const COMPANIONS: readonly Companion[] = ['session', 'modifs'];

export interface KeyParts {
  kind: KeyKind;
  team: string;
  author: string;
  /** `YYYYMMDD-HHMM` (UTC), with `-N` appended when that minute was already taken. */
  stamp: string;
}

/** Short ASCII identifiers: no `:`, no glob character, no space, no path separator, no leading dot. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** Names the folder mailbox uses for its own files beside teams and authors. */
const RESERVED = /^(?:journal\.jsonl$|resume-)/i;
const STAMP = /^\d{8}-\d{4}(?:-[1-9]\d{0,3})?$/;
const KEY = /^(contexte|session|modifs):([^:]+):([^:]+):([^:]+)$/;

export function isValidName(value: string): boolean {
  return NAME.test(value) && !RESERVED.test(value);
}

export function validateName(value: string, label: 'equipe' | 'auteur'): string {
  if (!isValidName(value)) {
    throw fail(RESERVED.test(value) && NAME.test(value) ? 'nom-reserve' : 'nom-invalide', { what: label, value });
  }
  return value;
}

/** The workshop's `date +%Y%m%d-%H%M`, in UTC so that keys sort the same for every team. */
export function minuteStamp(date: Date): string {
  const year = date.getUTCFullYear();
  // Four digits or no key: a clock that far off would make keys nobody can read back.
  if (!(year >= 1000 && year <= 9999)) throw fail('horloge', { year });
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` + `-${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}`;
}

/** The n-th candidate stamp for a minute: the stamp itself, then `-2`, `-3`… */
export function candidateStamp(minute: string, attempt: number): string {
  return attempt <= 1 ? minute : `${minute}-${attempt}`;
}

export function buildKey(parts: KeyParts): string {
  return `${parts.kind}:${parts.team}:${parts.author}:${parts.stamp}`;
}

/**
 * Most recent first: by the minute a key names, then by the `-N` a busy minute adds, then by key (the order `list`
 * shows; localeCompare would cost half a second on 10,000 notes).
 */
export function newerFirst(a: { parts: KeyParts; key: string }, b: { parts: KeyParts; key: string }): number {
  const minuteA = a.parts.stamp.slice(0, 13);
  const minuteB = b.parts.stamp.slice(0, 13);
  if (minuteA !== minuteB) return minuteA < minuteB ? 1 : -1;
  const suffix = (stamp: string) => Number(stamp.slice(14) || 1);
  return suffix(b.parts.stamp) - suffix(a.parts.stamp) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** Parses a key of our convention; returns undefined for anything else. */
export function parseKey(key: string): KeyParts | undefined {
  const match = KEY.exec(key);
  if (!match) return undefined;
  const [, kind, team, author, stamp] = match as unknown as [string, KeyKind, string, string, string];
  if (!isValidName(team) || !isValidName(author) || !STAMP.test(stamp)) return undefined;
  return { kind, team, author, stamp };
}

export function requireKey(key: string): KeyParts {
  const parts = parseKey(key);
  if (!parts) {
    throw fail('cle-invalide', { key });
  }
  return parts;
}

/** The note and what was published with it: same team, author and stamp. */
export const noteKeyOf = (parts: KeyParts): string => keyOfKind(parts, 'contexte');
export const companionKeyOf = (parts: KeyParts, kind: Companion): string => keyOfKind(parts, kind);
/** Not `{ ...parts, kind }`: on Node 18 to 22 a spread followed by a property takes V8's slow path (a list of 10,000 notes builds a key per note). */
const keyOfKind = (parts: KeyParts, kind: KeyKind): string => buildKey({ kind, team: parts.team, author: parts.author, stamp: parts.stamp });
/** Every key one publication may have written: the note, then its companions. */
export const publicationKeysOf = (parts: KeyParts): string[] => [noteKeyOf(parts), ...COMPANIONS.map((kind) => companionKeyOf(parts, kind))];

/** The keys of what was published with a note, as listings and publications name them. */
export function companionKeysOf(parts: KeyParts, companions: readonly Companion[]): { sessionKey?: string; changesKey?: string } {
  return {
    ...(companions.includes('session') ? { sessionKey: companionKeyOf(parts, 'session') } : {}),
    ...(companions.includes('modifs') ? { changesKey: companionKeyOf(parts, 'modifs') } : {}),
  };
}

const EXTENSIONS: Record<KeyKind, string> = { contexte: 'md', session: 'json', modifs: 'patch' };
/** The most a value of each kind may weigh as published; stored, a sealed team's envelope adds its signature and a wrapped key per member (64 KiB covers a thousand). */
export const MAX_BYTES: Record<KeyKind, number> = { contexte: MAX_NOTE_BYTES, session: MAX_SESSION_BYTES, modifs: MAX_CHANGES_BYTES };
export const MAX_STORED_BYTES = (kind: KeyKind): number => MAX_BYTES[kind] + 64 * 1024;

/** The file name the workshop's skill uses: the key with `:` replaced, plus an extension. */
export function flattenKey(parts: KeyParts): string {
  return `${parts.kind}_${parts.team}_${parts.author}_${parts.stamp}.${EXTENSIONS[parts.kind]}`;
}

/**
 * Redis keys beside the notes. The hash tag `{<equipe>}` puts a team's members,
 * indexes and journals in one Cluster slot; notes keep the workshop's names, so
 * they live in other slots. Each author writes only their own index and journal:
 * whoever can write a key can rewrite it, so nothing is shared for writing.
 */
export const redisKeys = {
  /** Set of the team's authors, written by the administrator (or by publier on a Redis without ACL users). */
  members: (team: string) => `contexte-membres:{${team}}`,
  /** Hash: note key → index entry (JSON), written by the author only. */
  index: (team: string, author: string) => `contexte-index:{${team}}:${author}`,
  /** Stream of what `user` did in the team; its owner is the only writer, so its owner is who did it. */
  journal: (team: string, user: string) => `contexte-journal:{${team}}:${user}`,
  /** Glob patterns, for SCAN and for the ACL rules of `admin utilisateur`: every key a publication writes (note, export, work in progress). */
  publicationsOf: (team: string, author = '*') => (['contexte', ...COMPANIONS] as const).map((kind) => `${kind}:${team}:${author}:*`),
  journalsOf: (team: string) => `contexte-journal:{${team}}:*`,
  indexesOf: (team: string) => `contexte-index:{${team}}:*`,
  /** Whose index or journal a key found by scanning `indexesOf(team)` or `journalsOf(team)` is. */
  authorOfIndex: (team: string, key: string) => key.slice(`contexte-index:{${team}}:`.length),
  ownerOfJournal: (team: string, key: string) => key.slice(`contexte-journal:{${team}}:`.length),
  /** Hash: author → public identity line (`contexte-id1:…`), written by the administrator only, read by the team. */
  identities: (team: string) => `contexte-identites:{${team}}`,
  /** Present when the team is sealed (its notes signed and encrypted for its members), written by the administrator only. */
  sealed: (team: string) => `contexte-scellee:{${team}}`,
  /** Set of the authors `admin revoquer` removed from the team: audit does not make them members again; `admin utilisateur` takes them back. */
  revoked: (team: string) => `contexte-revoques:{${team}}`,
  /** Set of the teams, written with their members: what `list` offers when a team is unknown (only to whoever may read it). */
  teams: 'contexte-equipes',
};
