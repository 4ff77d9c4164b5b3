import { fail } from '../messages/failure.js';

/** The workshop's 8 h: long enough for a handover within a working day. */
export const DEFAULT_TTL_SECONDS = 8 * 3600;
/** Retention cap when the deployment sets none (CONTEXTE_TTL_MAX). */
export const DEFAULT_TTL_MAX_SECONDS = 7 * 24 * 3600;

const SECONDS = /^[1-9]\d{0,9}$/;

/** Reads CONTEXTE_TTL_MAX (seconds); an invalid value is a configuration error, not a silent default. */
export function parseTtlMax(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_TTL_MAX_SECONDS;
  if (!SECONDS.test(raw)) {
    throw fail('reglage-invalide', {
      variable: 'CONTEXTE_TTL_MAX',
      raw,
      expected: 'un nombre entier de secondes supérieur à 0, par exemple 604800 pour 7 jours',
    });
  }
  return Number(raw);
}

/** --ttl: seconds (`3600`) or a duration (`8h`, `90min`, `2j`). */
export function parseTtl(raw: string | undefined, max: number): number {
  if (raw === undefined) return Math.min(DEFAULT_TTL_SECONDS, max);
  const text = raw.trim();
  const ttl = SECONDS.test(text) ? Number(text) : DURATION.test(text) ? parseDuration(text) : 0;
  if (ttl <= 0) {
    throw fail('ttl-invalide', { raw, max: formatDuration(max) });
  }
  if (ttl > max) {
    throw fail('ttl-trop-long', { ttl, max, maxShown: formatDuration(max) });
  }
  return ttl;
}

/** "7 h 59 min", "12 min", "45 s", "2 j 3 h". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return hours > 0 ? `${days} j ${hours} h` : `${days} j`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return `${minutes} min`;
  return `${s} s`;
}

/** A number (a decimal with « . » or « , »: 1.5h, 1,5h) and a unit, in any case: 8H, 90Min, 2J. */
const DURATION = /^(\d{1,6}(?:[.,]\d{1,3})?)\s*(s|sec|min|m|h|j|d)$/i;
const UNITS: Record<string, number> = { s: 1, sec: 1, min: 60, m: 60, h: 3600, j: 86400, d: 86400 };

/** "30min", "2h", "1.5h", "8H", "7j" (or "7d"), "90s" → whole seconds. */
export function parseDuration(raw: string): number {
  const match = DURATION.exec(raw.trim());
  if (!match) throw fail('duree-invalide', { raw });
  return Math.round(Number(match[1]!.replace(',', '.')) * UNITS[match[2]!.toLowerCase()]!);
}
