/**
 * What the mailbox checks when it reads back what teammates wrote: an index
 * entry against the key it names, a key against the retention, a journal
 * against its own bookkeeping. Pure: the drivers gather the facts.
 */
import { quoteForMessage } from '../text/quote.js';
import { MAX_ENTRY_CHARS } from './entry.js';
import type { KeyKind } from './keys.js';
import { formatDuration } from './ttl.js';

export type VigilanceCode =
  | 'cle-absente' // the index names a key that no longer exists
  | 'sans-expiration' // the key has no TTL
  | 'expiration-trop-longue' // the key lives longer than the maximum
  | 'taille-differente' // the stored size is not the indexed one
  | 'empreinte-differente' // the stored bytes are not the indexed ones
  | 'non-indexee' // no index entry names the key
  | 'entree-etrangere' // an index holds an entry for a key its owner may not write
  | 'entree-trop-longue' // an index entry beyond MAX_ENTRY_CHARS: not decoded
  | 'autre-base' // a key of the team in a database our programs never read (SELECT)
  | 'membre-absent' // an author with notes or an index is not among the team's members
  | 'membre-revoque' // an author admin revoquer removed still has notes or an index: not re-added
  | 'journal-tronque' // recent journal events were deleted
  | 'journal-futur' // journal ids (or dates) lie in the future
  | 'identite-changee' // the registry's key for an author is not the one this reader pinned (sealed/pinned-keys.ts)
  // The folder mailbox (folder/folder-vigilance.ts):
  | 'proprietaire-different' // a file of an author folder not owned by the folder's owner
  | 'groupe-different' // a file of a shared box whose group is not the box's: unreadable to the other members
  | 'dossier-modifiable' // an author folder writable by others, or a team folder without the sticky bit
  | 'fichier-non-ordinaire' // a link, a FIFO, a folder in a file's place, or a file the reader may not open
  | 'fichier-trop-gros' // a file beyond its size bound
  | 'journal-commun'; // the team-wide journal of the previous version

export interface Vigilance {
  code: VigilanceCode;
  /** French, one line, for the user and the agent; never a secret. */
  message: string;
}

/** What the store says of a key. */
export interface KeyFacts {
  exists: boolean;
  /** Seconds left; -1 when the key has no expiry. */
  ttlSeconds: number;
  size: number;
  /** Only when the bytes were read (get). */
  sha256?: string;
}

export interface IndexedFacts {
  size: number;
  sha256: string;
}

/** An index entry whose key is gone. */
export const GHOST_ENTRY: Vigilance = {
  code: 'cle-absente',
  message: 'la clé n’existe plus (expirée ou supprimée hors de nos programmes) : entrée d’index retirée',
};

/**
 * Differences between a key, its index entry (if any) and the retention. A
 * session export or a work in progress has no entry of its own (its note's
 * entry describes the publication): only its retention is checked.
 */
export function checkKey(kind: KeyKind, facts: KeyFacts, indexed: IndexedFacts | undefined, ttlMaxSeconds: number): Vigilance[] {
  if (!facts.exists) return [GHOST_ENTRY];
  const found: Vigilance[] = [];
  if (facts.ttlSeconds < 0)
    found.push({ code: 'sans-expiration', message: 'la clé n’a pas de durée de vie : elle resterait indéfiniment (admin audit --corriger la borne)' });
  // A second of slack: a TTL is rounded up by the store.
  else if (facts.ttlSeconds > ttlMaxSeconds + 1) {
    found.push({
      code: 'expiration-trop-longue',
      message: `la clé vivra encore ${formatDuration(facts.ttlSeconds)}, plus que le maximum de ${formatDuration(ttlMaxSeconds)}`,
    });
  }
  if (kind !== 'contexte') return found;
  if (!indexed) {
    found.push({
      code: 'non-indexee',
      message: 'aucune entrée d’index ne décrit cette clé (publiée par un ancien script, ou entrée perdue) : taille et empreinte non vérifiables',
    });
    return found;
  }
  if (facts.size !== indexed.size)
    found.push({
      code: 'taille-differente',
      message: `la valeur fait ${facts.size} octets, l’index en annonce ${indexed.size} : elle a changé depuis la publication`,
    });
  else if (facts.sha256 !== undefined && facts.sha256 !== indexed.sha256) {
    found.push({
      code: 'empreinte-differente',
      message: `le sha256 de la valeur (${facts.sha256.slice(0, 12)}…) n’est pas celui de l’index (${indexed.sha256.slice(0, 12)}…) : elle a été réécrite depuis la publication`,
    });
  }
  return found;
}

/** An entry filed in one author's index for a key of someone else; the field name is the owner's choice: quoted short and escaped. */
export function foreignEntry(owner: string, key: string): Vigilance {
  return { code: 'entree-etrangere', message: `l’index de ${owner} décrit ${quoteForMessage(key, 120)}, qui n’est pas une de ses clés : entrée ignorée` };
}

/** The finding for an index entry too long to be one of ours (left undecoded, so that its size costs a reader nothing); undefined for one of a normal length. */
export function oversizedEntry(owner: string, text: string): Vigilance | undefined {
  if (text.length <= MAX_ENTRY_CHARS) return undefined;
  return {
    code: 'entree-trop-longue',
    message: `l’index de ${owner} décrit cette note en ${text.length} caractères (au plus ${MAX_ENTRY_CHARS}) : entrée ignorée, taille et empreinte non vérifiables`,
  };
}

/** A key of the team in another database than 0: no program reads it there, so neither the index nor the audit of database 0 sees it. */
export function otherDatabase(database: number, ttlSeconds: number): Vigilance {
  return {
    code: 'autre-base',
    message: `la clé est dans la base ${database}, que nos programmes ne lisent pas${ttlSeconds < 0 ? ', sans durée de vie' : ''} : elle échappe à l’index et à la rétention`,
  };
}

const FUTURE_SLACK_MS = 5 * 60_000;

/** A journal whose latest id or date is ahead of the clock dates every later event wrongly. */
export function futureJournal(owner: string, latest: number, now: number): Vigilance | undefined {
  if (latest <= now + FUTURE_SLACK_MS) return undefined;
  return {
    code: 'journal-futur',
    message: `le journal de ${owner} porte des identifiants datés du ${new Date(latest).toISOString().slice(0, 10)}, dans le futur : ses événements suivants sont mal datés`,
  };
}

/** What a Redis stream says of itself (XINFO STREAM). */
export interface StreamBookkeeping {
  length: number;
  entriesAdded: number;
  /** Milliseconds of the highest id deleted by XDEL (0 when none). */
  lastDeleted: number;
}

/**
 * A journal trimmed by hand. Our writers trim only by age and always add an
 * event when they do, so a journal is never empty once written: an empty one
 * was wiped (`XADD … MAXLEN 0`). An entry deleted one by one (XDEL) inside the
 * retention is a gap too.
 */
export function trimmedJournal(owner: string, stream: StreamBookkeeping, now: number, keptDays: number): Vigilance | undefined {
  if (stream.length === 0 && stream.entriesAdded > 0) {
    return { code: 'journal-tronque', message: `le journal de ${owner} a été vidé : ${stream.entriesAdded} événement(s) effacé(s) (tronqué à la main)` };
  }
  if (stream.lastDeleted <= 0 || stream.lastDeleted < now - keptDays * 86_400_000) return undefined;
  return {
    code: 'journal-tronque',
    message: `le journal de ${owner} a perdu des événements récents (jusqu’au ${new Date(stream.lastDeleted).toISOString().slice(0, 16).replace('T', ' ')} UTC) : il a été tronqué`,
  };
}
