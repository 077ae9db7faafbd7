import { applySiteSettings } from '../../../shared/site-settings.js';
import type { Db } from '../../db/client.js';
import type { CatalogChanges } from '../catalog/index.js';
import { readSiteSettings } from './settings.service.js';

/**
 * The settings in force on this instance (docs/decisions/0097): read at start and again whenever a change
 * is heard (this instance's at once, another's through PostgreSQL's NOTIFY), then put in the shared
 * snapshot (src/shared/site-settings.ts) before the caches that hold pages and answers drawn with the
 * old ones are emptied.
 */
export class LiveSiteSettings {
  private readonly applied = new Set<() => void>();
  private reading: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly changes: CatalogChanges,
    private readonly log: { error(details: object, message: string): void },
  ) {
    changes.subscribe(() => void this.reload());
  }

  /** Reads the settings again and applies them; reads run one after another, so the last read wins. */
  reload(): Promise<void> {
    this.reading = this.reading.then(async () => {
      try {
        applySiteSettings(await readSiteSettings(this.db));
        for (const listener of this.applied) listener();
      } catch (err) {
        this.log.error({ err }, 'site settings could not be read: the ones in force stay');
      }
    });
    return this.reading;
  }

  /** After a change was saved here: applied here before the answer, and told to every other instance. */
  async changed(): Promise<void> {
    this.changes.publish();
    await this.reload();
  }

  /** Hears each time new settings were applied; returns an unsubscribe. */
  onApplied(listener: () => void): () => void {
    this.applied.add(listener);
    return () => this.applied.delete(listener);
  }
}
