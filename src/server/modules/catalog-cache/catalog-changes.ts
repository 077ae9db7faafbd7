/**
 * The one seam through which every catalog write says "the catalog changed" and every cache hears
 * it. This in-process emitter serves one server; with several instances, another implementation of
 * the same port relays `publish()` through PostgreSQL LISTEN/NOTIFY or Redis pub/sub
 * (docs/decisions/0030-catalog-cache.md).
 */
export interface CatalogChanges {
  /** Called after a catalog write has committed: import, enrichment, admin edit, delete, pin, a counted play. */
  publish(): void;
  /** Hears every publish (this instance's, and other instances' once relayed); returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
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
