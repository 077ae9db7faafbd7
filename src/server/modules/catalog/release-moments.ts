import { isUpcoming, localDate, releaseMoment } from '../../../shared/domain/release-day.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import type { Db } from '../../db/client.js';
import type { CatalogChanges } from './catalog-changes.js';
import { upcomingReleaseDates } from './releases.repo.js';

export interface ReleaseAvailability {
  /** Dated after today in the labels' time zone: announced, not public yet. */
  isUpcoming: boolean;
  /** When it goes (or went) public: midnight starting its date in the labels' time zone; null when undated. */
  publicAt: Date | null;
}

/** Whether a release of `releaseDate` is upcoming at `now`, and its public moment (for "Notify me" and the like). */
export function releaseAvailability(releaseDate: string | null, now: Date): ReleaseAvailability {
  return {
    isUpcoming: isUpcoming(releaseDate, now, currentSiteSettings().timeZone),
    publicAt: releaseDate === null ? null : new Date(releaseMoment(releaseDate, currentSiteSettings().timeZone)),
  };
}

/** Upcoming dates read at most: years of a label's announcements. */
const maxMoments = 1000;

/**
 * The moments the public catalog changes with no write: midnight starting each upcoming release's
 * date in the labels' time zone (docs/decisions/0081). Read at start and again after every catalog
 * change (on every instance: changes are relayed); the caches keep no answer past the next one.
 */
export class ReleaseMoments {
  private moments: number[] = [];
  private reading = 0;
  private isRead = false;

  constructor(
    private readonly db: Db,
    changes: CatalogChanges,
    private readonly clock: () => Date,
    private readonly logger?: { warn: (details: object, message: string) => void },
  ) {
    changes.subscribe(() => void this.read());
  }

  /** Reads the upcoming dates again; a failure is logged and leaves none known (answers then live their age). */
  async read(): Promise<void> {
    this.reading++;
    try {
      const dates = await upcomingReleaseDates(this.db, localDate(this.clock(), currentSiteSettings().timeZone), maxMoments);
      this.moments = dates.map((date) => releaseMoment(date, currentSiteSettings().timeZone));
    } catch (error) {
      this.moments = [];
      this.logger?.warn({ err: error }, 'Could not read the upcoming release dates');
    } finally {
      this.reading--;
      this.isRead = true;
    }
  }

  /** The first moment after `at`; `at` itself before the first read and while one runs (nothing is kept then). */
  nextAfter = (at: number): number => {
    if (!this.isRead || this.reading > 0) return at;
    return this.moments.find((moment) => moment > at) ?? Infinity;
  };
}
