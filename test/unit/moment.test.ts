import { afterEach, describe, expect, it } from 'vitest';
import { formatMoment } from '../../scripts-src/lib/cli/report.js';

const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
});

describe('formatMoment', () => {
  const moment = new Date('2026-12-03T06:07:32Z');

  it('says UTC, and the local time beside it where the zone differs', () => {
    process.env.TZ = 'Europe/Paris';
    expect(formatMoment(moment)).toBe('2026-12-03 06:07 UTC (07:07 heure locale)');
    expect(formatMoment(moment, true)).toBe('2026-12-03 06:07:32 UTC (07:07:32 heure locale)');
  });

  it('says UTC alone where local time is UTC', () => {
    process.env.TZ = 'UTC';
    expect(formatMoment(moment)).toBe('2026-12-03 06:07 UTC');
  });
});
