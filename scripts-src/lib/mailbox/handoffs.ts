/**
 * Who took a handoff and who read it, from the team's journals: each event is
 * in the journal of whoever did it (its owner says who), so a note is taken
 * only in one's own name. Pure: the drivers read the journals.
 */
import type { JournalEvent } from './journal-event.js';
import type { KeyParts } from './keys.js';

export interface Handoff {
  /** The latest taker (a forced taking replaces the previous one), and when. */
  takenBy?: string;
  takenAt?: Date;
  /** Everyone who fetched the note, in the order of their first reading. */
  readBy: string[];
}

const NOBODY: Handoff = Object.freeze({ readBy: [] as string[] }) as Handoff;

/** The handoff of each note key the events name. */
export function handoffsByKey(events: readonly JournalEvent[]): Map<string, Handoff> {
  const byKey = new Map<string, Handoff>();
  for (const event of events) {
    if (event.key === undefined || (event.kind !== 'prise' && event.kind !== 'lecture')) continue;
    const handoff = byKey.get(event.key) ?? byKey.set(event.key, { readBy: [] }).get(event.key)!;
    if (event.kind === 'prise' && (handoff.takenAt === undefined || event.at >= handoff.takenAt)) {
      handoff.takenBy = event.user;
      handoff.takenAt = event.at;
    } else if (event.kind === 'lecture' && !handoff.readBy.includes(event.user)) handoff.readBy.push(event.user);
  }
  return byKey;
}

export const handoffOf = (byKey: ReadonlyMap<string, Handoff> | undefined, key: string): Handoff => byKey?.get(key) ?? NOBODY;

/** The minute a key's stamp names (`20261206-1403`, `-2` for a busy minute), in UTC: nothing about the note is journaled before it. */
export function stampDate(parts: KeyParts): Date {
  const [, year, month, day, hour, minute] = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})/.exec(parts.stamp)!.map(Number) as number[];
  return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!));
}
