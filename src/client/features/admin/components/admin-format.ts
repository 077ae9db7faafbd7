import { findLabel } from '../../../../shared/labels.js';

// How the admin area writes dates, counts and label names. Dates are in UTC, like the rest of the
// site, so that every admin reads the same day; a value that is not a date reads '—'.

/** A formatter of ISO dates in UTC; a time is marked "UTC", since the admin's clock may differ. */
function utcDateFormat(options: Intl.DateTimeFormatOptions): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
  const suffix = options.hour || options.timeStyle ? ' UTC' : '';
  return (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '—' : `${format.format(date)}${suffix}`;
  };
}

/** "21 Nov 2026". */
export const formatDay = utcDateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
/** "21 Nov 2026, 09:30 UTC". */
export const formatDayAndTime = utcDateFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** "Saturday, 21 November 2026 at 11:55 UTC". */
export const formatFullDate = utcDateFormat({ dateStyle: 'full', timeStyle: 'short' });

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

// Each unit, and how many of it make the next one.
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 365.25 / 12 / 7],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday", "last month" for `iso` seen at `now`. */
export function formatTimeAgo(iso: string, now: number): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '—';
  let amount = (time - now) / 1000;
  // Under a minute reads as "now": seconds that keep changing say nothing useful here.
  if (Math.abs(amount) < 60) return relative.format(0, 'second');
  for (const [unit, perNext] of units) {
    const rounded = Math.round(amount);
    if (Math.abs(rounded) < perNext) return relative.format(rounded, unit);
    amount /= perNext;
  }
  return '—';
}

/** "1,234". */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** "1 track", "1,234 tracks". */
export const formatCounted = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

/** A label's name from its id; the id itself for a label the site no longer has. */
export function labelName(id: string): string {
  return findLabel(id)?.name ?? id;
}
