import { findLabel } from '../../../../shared/labels.js';

// Dates of the admin inbox, in UTC like the rest of the site, so that every admin reads the same day.
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayAndTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** "21 Nov 2026"; '—' when the value is not a date. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : day.format(date);
}

/** "21 Nov 2026, 09:30 UTC". */
export function formatDayAndTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : `${dayAndTime.format(date)} UTC`;
}

/** A label's name from its id. */
export function labelName(id: string): string {
  return findLabel(id)?.name ?? id;
}
