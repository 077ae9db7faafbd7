import { CatalogCache, type CatalogCacheOptions } from './catalog-cache.js';
import type { CatalogChanges } from './catalog-changes.js';

/** How long a catalog answer is kept past its age, to be served while a new one cannot be had (an import holding the embedded database). */
export const catalogStaleForMs = 60_000;

/**
 * What the kept service answers may weigh together. A search's every term and offset is a key, and
 * each answer is kept `catalogStaleForMs` past its life: without a bound in bytes, a flood of distinct
 * large reads (100 releases with their tracks, about 190 kB of JSON each) held hundreds of MB for a
 * minute (docs/decisions/0074).
 */
export const catalogDataMaxBytes = 32 * 1024 * 1024;

/**
 * An answer's weight: two bytes per character of its JSON. Measured, the heap holds a list of releases
 * in about 1.3 times its JSON's length; a text outside Latin-1 takes two bytes a character.
 */
export function weighCatalogData(value: unknown): number {
  return 2 * (JSON.stringify(value)?.length ?? 0);
}

/**
 * The catalog services' cache (`CatalogReads.catalogCache`): their answers, as objects, keyed by what
 * was asked; kept `catalogStaleForMs` past their 5 s for the fallback of docs/decisions/0037, and
 * bounded in bytes as the kept pages and API answers are.
 */
export function createCatalogDataCache(changes: CatalogChanges, options: Pick<CatalogCacheOptions, 'now' | 'loadWaitMs' | 'isStuck' | 'loadLimits' | 'expiresAt'>): CatalogCache {
  return new CatalogCache(changes, { ...options, staleForMs: catalogStaleForMs, maxBytes: catalogDataMaxBytes, weigh: weighCatalogData });
}
