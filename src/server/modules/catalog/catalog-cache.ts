import type { Db } from '../../db/client.js';
import type { CatalogChanges } from './catalog-changes.js';

/** What the public catalog services read through: the database, behind the cache. */
export interface CatalogReads {
  db: Db;
  catalogCache: CatalogCache;
}

/** How stale a cached catalog answer may be: its play counts and Top Releases at most this far behind (docs/decisions/0033). */
export const catalogAnswerMaxAgeMs = 5_000;

export interface CatalogCacheOptions {
  /**
   * How long an answer may be served at most. Catalog writes clear the cache at once; this bounds what
   * changes without one: play counts (a play is no catalog change) and with them Top Releases, and the
   * recency part of the popularity score (docs/product.md §9.4, docs/decisions/0033).
   */
  maxAgeMs?: number;
  /** Entries kept at most (searches make the key space unbounded); the oldest go first. */
  maxEntries?: number;
  /**
   * Loads (cache misses) running at once; more wait their turn. Each load's rows are parsed, shaped and
   * serialised on the main thread: a bounded number keeps the event loop free for every other request
   * while uncached answers pile up (docs/decisions/0033).
   */
  maxConcurrentLoads?: number;
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
  private readonly maxConcurrentLoads: number;
  private runningLoads = 0;
  private readonly waitingLoads: (() => void)[] = [];
  private changes = 0;

  constructor(changes: CatalogChanges, options: CatalogCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? catalogAnswerMaxAgeMs;
    this.maxEntries = options.maxEntries ?? 5_000;
    this.now = options.now ?? Date.now;
    this.maxConcurrentLoads = options.maxConcurrentLoads ?? 2;
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
    const version = this.changes;
    const value = this.inTurn(load);
    this.set(key, value, version);
    value.catch(() => {
      if (this.get(key) === value) this.entries.delete(key);
    });
    return value;
  }

  /** Runs `load` once fewer than `maxConcurrentLoads` run; a finished load hands its turn to the longest waiting. */
  private async inTurn<T>(load: () => Promise<T>): Promise<T> {
    if (this.runningLoads < this.maxConcurrentLoads) this.runningLoads++;
    else await new Promise<void>((start) => this.waitingLoads.push(start));
    try {
      return await load();
    } finally {
      const next = this.waitingLoads.shift();
      if (next) next();
      else this.runningLoads--;
    }
  }
}
