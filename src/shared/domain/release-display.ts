import { dayInWords } from './day-in-words.js';
import { titleWithMix } from './track-title.js';

// How the site names a release wherever it shows one: cards, the modal, page titles, JSON-LD, the shop, emails.

/** The release artist of a compilation, as the distributor export names it. */
const variousArtists = 'Various Artists';

/**
 * Who a release (or `track`, one of its tracks sold alone) is by, in order: a compilation by "Various Artists" (the
 * distributor's export credits only its tracks' artists, many of them) and a track of it by its own artists; any
 * other release, and each of its tracks, by the release's artists. Each caller joins the names in its own words.
 */
export function releaseArtists<A extends { name: string }>(release: { type: string; artists: readonly A[] }, track?: { artists: readonly A[] }): readonly (A | { name: string })[] {
  if (release.type !== 'compilation') return release.artists;
  return track ? track.artists : [{ name: variousArtists }];
}

/** "Symbiotic (Radio Edit)": the title with its version, so that two versions never look alike. */
export function releaseTitle(release: { title: string; version: string | null }): string {
  return titleWithMix(release.title, release.version);
}

/** "1 track", "2 tracks". */
export function trackCount(count: number): string {
  return `${count} ${count === 1 ? 'track' : 'tracks'}`;
}

/** "25 November 2026" (or "25 Nov 2026") of a release date (YYYY-MM-DD), the same on the server and in every browser. */
export function releaseDay(date: string, month: 'long' | 'short' = 'long'): string {
  return dayInWords(`${date}T00:00:00Z`, month);
}

/** "3 days 4 h 05 min 09 s" until `until` (ms), from `now`; null once it has come. */
export function countdown(until: number, now: number): string | null {
  const left = Math.ceil((until - now) / 1000);
  if (left <= 0) return null;
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = left % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${days > 0 ? `${days} ${days === 1 ? 'day' : 'days'} ` : ''}${hours} h ${pad(minutes)} min ${pad(seconds)} s`;
}
