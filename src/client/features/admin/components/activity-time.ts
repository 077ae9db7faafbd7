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

/** "5 minutes ago", "yesterday", "last month" for `iso` seen at `now`; '—' when it is not a date. */
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

// The full date in UTC, like the rest of the admin area: every admin reads the same day.
const fullDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });

/** "Saturday, 21 November 2026 at 11:55 UTC"; '—' when it is not a date. */
export function formatFullDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : `${fullDate.format(date)} UTC`;
}
