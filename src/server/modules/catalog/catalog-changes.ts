import type { Logger } from 'pino';
import { openPgBroadcast } from '../../db/pg-broadcast.js';

/**
 * The one seam through which every catalog write says "the catalog changed" and every cache hears
 * it: an in-process emitter for one server (the embedded database), relayed between the instances
 * on one PostgreSQL database by LISTEN/NOTIFY (docs/decisions/0030-catalog-cache.md, 0056).
 */
export interface CatalogChanges {
  /** Called after a catalog write has committed: import, enrichment, admin edit, delete, pin (not a play: decision 0033). */
  publish(): void;
  /** Hears every publish (this instance's at once, and other instances' once relayed); returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface RelayedCatalogChanges extends CatalogChanges {
  close(): Promise<void>;
}

export function createLocalCatalogChanges(): CatalogChanges {
  const listeners = new Set<() => void>();
  return {
    publish: () => {
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Catalog changes shared by every process on the PostgreSQL database at `connectionString`: a publish
 * is heard here at once (read-after-write on this instance) and by the others as soon as PostgreSQL
 * delivers the NOTIFY. While the relay's connection is down, the caches are emptied at every reconnect
 * attempt and once more when it is back, since a change may have gone unheard.
 */
export async function relayCatalogChanges(connectionString: string, logger: Pick<Logger, 'info' | 'warn'>): Promise<RelayedCatalogChanges> {
  return relayChanges(connectionString, 'catalog_changes', logger);
}

/** Changes of any kind relayed the same way on their own channel (the site settings' too: docs/decisions/0097). */
export async function relayChanges(connectionString: string, channel: string, logger: Pick<Logger, 'info' | 'warn'>): Promise<RelayedCatalogChanges> {
  const local = createLocalCatalogChanges();
  const broadcast = await openPgBroadcast({ connectionString, channel, onSignal: local.publish, logger });
  return {
    publish: () => {
      local.publish();
      broadcast.signal();
    },
    subscribe: local.subscribe,
    close: () => broadcast.close(),
  };
}
