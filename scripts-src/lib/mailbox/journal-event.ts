/**
 * The journal event: one type, one set of field names (French, as shown by
 * `recuperer journal --json`), read back defensively since a journal is
 * written by teammates. Who did it (`user`) is not a field of the record: each
 * driver says it from where the record was found (the owner of a Redis stream).
 */

/** `prise`: a reader took the handoff (recuperer prendre), in their own journal, so nobody takes a note in another's name. */
export const EVENT_KINDS = ['publication', 'refus', 'lecture', 'prise', 'suppression', 'purge', 'audit'] as const;
export type JournalEventKind = (typeof EVENT_KINDS)[number];

export interface JournalEvent {
  kind: JournalEventKind;
  team: string;
  /** Who did it: the Redis user that owns the journal, or the system user for a folder. */
  user: string;
  /** The author the key (or the command line) names. */
  author?: string;
  key?: string;
  sha256?: string;
  size?: number;
  /** For a refusal: the rules that refused and their lines, never a secret. */
  detail?: string;
  at: Date;
}

/** What a caller asks to journal; the driver adds who and when. */
export type NewEvent = Omit<JournalEvent, 'user' | 'at'>;

/** The record's fields, in a fixed order. */
export function eventFields(event: NewEvent): Array<[string, string]> {
  const fields: Array<[string, string]> = [['evenement', event.kind]];
  if (event.author) fields.push(['auteur', event.author]);
  if (event.key) fields.push(['cle', event.key]);
  if (event.sha256) fields.push(['sha256', event.sha256]);
  if (event.size !== undefined) fields.push(['octets', String(event.size)]);
  if (event.detail) fields.push(['detail', event.detail]);
  return fields;
}

/** The event a record holds, or undefined when it is not one of ours. */
export function eventFromFields(fields: ReadonlyMap<string, unknown>, context: { team: string; user: string; at: Date }): JournalEvent | undefined {
  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const kind = text('evenement');
  if (!kind || !(EVENT_KINDS as readonly string[]).includes(kind) || Number.isNaN(context.at.getTime())) return undefined;
  const size = Number(fields.get('octets'));
  return {
    kind: kind as JournalEventKind,
    team: context.team,
    user: context.user,
    ...(text('auteur') ? { author: text('auteur') } : {}),
    ...(text('cle') ? { key: text('cle') } : {}),
    ...(text('sha256') ? { sha256: text('sha256') } : {}),
    ...(fields.has('octets') && Number.isSafeInteger(size) ? { size } : {}),
    ...(text('detail') ? { detail: text('detail') } : {}),
    at: context.at,
  };
}

/** A purge is journaled with the number of keys it deleted; the journal itself is kept. */
export const purgeEvent = (team: string, deleted: number): NewEvent => ({ kind: 'purge', team, detail: `${deleted} clé(s)` });
