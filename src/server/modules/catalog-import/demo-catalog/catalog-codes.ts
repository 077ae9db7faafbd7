import type { Random } from '../../../lib/random.js';

/** Identifiers and values in the shapes the distributor uses: UPC-A, ISRC, ISO dates, mm:ss. */

const DAY_MS = 86_400_000;
const FRIDAY = 5;

export function toDayNumber(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / DAY_MS;
}

export function fromDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

const weekday = (dayNumber: number): number => new Date(dayNumber * DAY_MS).getUTCDay();
const fridayOnOrBefore = (dayNumber: number): number => dayNumber - ((weekday(dayNumber) - FRIDAY + 7) % 7);
const fridayAfter = (dayNumber: number): number => dayNumber + ((FRIDAY - weekday(dayNumber) + 7) % 7 || 7);

/**
 * `count` ascending release dates from `start` (kept as is) to at most `end`, roughly evenly
 * spread and, like real releases, on Fridays.
 */
export function spreadReleaseDates(rng: Random, count: number, start: string, end: string): string[] {
  const first = toDayNumber(start);
  const last = toDayNumber(end);
  const days = [first];
  for (let i = 1; i < count; i += 1) {
    const ideal = first + ((last - first) * i) / Math.max(1, count - 1);
    const jittered = Math.min(last, Math.round(ideal) + rng.int(-6, 6));
    const previous = days[i - 1] ?? first;
    let day = fridayOnOrBefore(jittered);
    if (day <= previous) day = fridayAfter(previous);
    days.push(day);
  }
  if ((days[days.length - 1] ?? first) > last) throw new Error('release dates overflow the range');
  return days.map(fromDayNumber);
}

/** Unique 12-digit UPC-A codes with a valid check digit. */
export function createUpcFactory(rng: Random): () => string {
  const used = new Set<string>();
  return () => {
    for (;;) {
      let body = rng.pick(['19', '81', '85']);
      while (body.length < 11) body += String(rng.int(0, 9));
      const digits = [...body].map(Number);
      const odd = digits.filter((_, i) => i % 2 === 0).reduce((sum, d) => sum + d, 0);
      const even = digits.filter((_, i) => i % 2 === 1).reduce((sum, d) => sum + d, 0);
      const upc = body + String((10 - ((odd * 3 + even) % 10)) % 10);
      if (!used.has(upc)) {
        used.add(upc);
        return upc;
      }
    }
  };
}

/** ISRCs `QZ` + registrant (3) + year (2) + designation (5), e.g. QZZ8B2400001; unique by construction. */
export function createIsrcFactory(rng: Random): (registrant: string, year: number) => string {
  const counters = new Map<string, number>();
  return (registrant, year) => {
    const prefix = `QZ${registrant}${String(year % 100).padStart(2, '0')}`;
    const next = (counters.get(prefix) ?? rng.int(1, 40_000)) + rng.int(1, 3);
    counters.set(prefix, next);
    return prefix + String(next).padStart(5, '0');
  };
}

export function formatTrackLength(seconds: number | null): string {
  if (seconds === null) return '';
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
