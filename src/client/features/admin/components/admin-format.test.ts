import { describe, expect, it } from 'vitest';
import { formatFullDate, formatTimeAgo } from './admin-format.js';

const now = Date.parse('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('formatTimeAgo', () => {
  it.each([
    [ago(20_000), 'now'],
    [ago(minute), '1 minute ago'],
    [ago(5 * minute), '5 minutes ago'],
    [ago(59 * minute), '59 minutes ago'],
    [ago(60 * minute), '1 hour ago'],
    [ago(23 * hour), '23 hours ago'],
    [ago(day), 'yesterday'],
    [ago(3 * day), '3 days ago'],
    [ago(14 * day), '2 weeks ago'],
    [ago(60 * day), '2 months ago'],
    [ago(400 * day), 'last year'],
    [ago(3 * 365 * day), '3 years ago'],
  ])('%s reads %s', (iso, expected) => {
    expect(formatTimeAgo(iso, now)).toBe(expected);
  });

  it('shows — for what is not a date', () => {
    expect(formatTimeAgo('soon', now)).toBe('—');
    expect(formatFullDate('soon')).toBe('—');
  });
});

describe('formatFullDate', () => {
  it('gives the day, date and time in UTC', () => {
    expect(formatFullDate('2026-11-21T11:55:00Z')).toBe('Saturday, 21 November 2026 at 11:55 UTC');
  });
});
