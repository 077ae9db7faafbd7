import { isUpcoming } from './release-day.js';

/**
 * docs/decisions/0101: a `draft` is never public; a `scheduled` release is public from its release moment
 * (announced before it, as upcoming releases are: docs/decisions/0081); a `published` one is public.
 */
export const releaseStatuses = ['draft', 'scheduled', 'published'] as const;
export type ReleaseStatus = (typeof releaseStatuses)[number];

/**
 * The status a release shows: a public one is `scheduled` while its date is after today in the labels'
 * time zone, and `published` from its release moment on, whichever of the two was stored.
 */
export function shownStatus(status: ReleaseStatus, releaseDate: string | null, now: Date, timeZone: string): ReleaseStatus {
  if (status === 'draft') return 'draft';
  return isUpcoming(releaseDate, now, timeZone) ? 'scheduled' : 'published';
}
