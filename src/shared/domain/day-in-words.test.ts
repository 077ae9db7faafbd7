import { describe, expect, it } from 'vitest';
import { dayInWords } from './day-in-words.js';

describe('dayInWords', () => {
  it('says the UTC day of an instant or an ISO string, the month in full or short', () => {
    expect(dayInWords(new Date('2026-11-21T23:59:59Z'))).toBe('21 November 2026');
    expect(dayInWords('2026-11-22T00:00:00.000Z')).toBe('22 November 2026');
    // Ten hours ahead of UTC it is already the 22nd there; the day said is UTC's.
    expect(dayInWords('2026-11-22T08:00:00+10:00')).toBe('21 November 2026');
    expect(dayInWords('2027-03-01T12:00:00Z', 'short')).toBe('1 Mar 2027');
  });
});
