import { describe, expect, it } from 'vitest';
import { isTimeZone, isUpcoming, localDate, releaseMoment } from './release-day.js';

describe('release day', () => {
  it('is midnight UTC in UTC', () => {
    expect(new Date(releaseMoment('2026-12-04', 'UTC')).toISOString()).toBe('2026-12-04T00:00:00.000Z');
  });

  it('is midnight of the label time zone, summer and winter', () => {
    expect(new Date(releaseMoment('2026-12-04', 'Europe/Amsterdam')).toISOString()).toBe('2026-12-03T23:00:00.000Z');
    expect(new Date(releaseMoment('2026-07-04', 'Europe/Amsterdam')).toISOString()).toBe('2026-07-03T22:00:00.000Z');
    expect(new Date(releaseMoment('2026-07-04', 'America/Los_Angeles')).toISOString()).toBe('2026-07-04T07:00:00.000Z');
    expect(new Date(releaseMoment('2026-03-29', 'Europe/London')).toISOString()).toBe('2026-03-29T00:00:00.000Z');
  });

  it('is upcoming until that moment and public from it', () => {
    const moment = releaseMoment('2026-12-04', 'Europe/Amsterdam');
    expect(isUpcoming('2026-12-04', new Date(moment - 1), 'Europe/Amsterdam')).toBe(true);
    expect(isUpcoming('2026-12-04', new Date(moment), 'Europe/Amsterdam')).toBe(false);
    expect(isUpcoming(null, new Date(moment), 'UTC')).toBe(false);
    expect(localDate(new Date(moment), 'Europe/Amsterdam')).toBe('2026-12-04');
  });

  it('knows time zones', () => {
    expect(isTimeZone('Europe/Amsterdam')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
