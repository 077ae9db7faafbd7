import type { Db } from '../../db/client.js';
import type { CatalogChanges } from './catalog-changes.js';

/** What the public catalog services read through: the database, behind the cache. */
export interface CatalogReads {
  db: Db;
  catalogCache: CatalogCache;
}

export interface CatalogCacheOptions {
  /**
   * How long an answer may be served at most. Catalog writes clear the cache at once; this bounds what
   * changes with time alone: the recency part of Top Releases' popularity score (docs/product.md §9.4).
   */
  maxAgeMs?: number;
  /** Entries kept at most (searches make the key space unbounded); the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Catalog answers in process memory, keyed by what was asked. Concurrent misses of one key share one
 * load, so a burst of identical requests costs one database round. Every catalog change empties it.
 */
export class CatalogCache {
  private readonly entries = new Map<string, { value: unknown; storedAt: number }>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private changes = 0;

  constructor(changes: CatalogChanges, options: CatalogCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 5_000;
    this.now = options.now ?? Date.now;
    changes.subscribe(() => {
      this.changes++;
      this.entries.clear();
    });
  }

  /** Changes heard so far: take it before computing an answer, and hand it to `set`. */
  get version(): number {
    return this.changes;
  }

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt < this.maxAgeMs) return entry.value as T;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `value` unless the catalog changed since `version` was taken (the value may predate it). */
  set(key: string, value: unknown, version: number): void {
    if (version !== this.changes) return;
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: this.now() });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** The cached answer for `key`, or `load()`'s, kept; concurrent misses share one load, a failed one is not kept. */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.get<Promise<T>>(key);
    if (hit) return hit;
    const value = load();
    const version = this.changes;
    this.set(key, value, version);
    value.catch(() => {
      if (this.get(key) === value) this.entries.delete(key);
    });
    return value;
  }
}
