import type { Db } from '../../db/client.js';
import { ServiceUnavailableError } from '../../errors.js';
import { currentClient } from '../../lib/request-client.js';
import { storedAnswerWeight, type StoredAnswer } from '../../plugins/stored-answer.js';
import type { CatalogChanges } from './catalog-changes.js';
import { LoadTurns, type LoadTurnsLimits, type Turn } from './load-turns.js';

/** What the public catalog services read through: the database, behind the cache. */
export interface CatalogReads {
  db: Db;
  catalogCache: CatalogCache;
  /** The time answers are made at: whether a release is upcoming depends on it. */
  clock: () => Date;
}

/** How stale a cached catalog answer may be: its play counts and Top Releases at most this far behind (docs/decisions/0033). */
export const catalogAnswerMaxAgeMs = 5_000;

/** How long a request waits for an uncached answer before it gets a kept older one, or a 503 (docs/decisions/0037). */
export const defaultLoadWaitMs = 1_000;

/** The Retry-After of a 503 for a busy moment: soon, since a load that ran on is kept for the next request. */
export const busyRetryAfterSeconds = 2;

export const busyMessage = 'The catalog is busy. Please try again in a moment.';

export const defaultLoadLimits: LoadTurnsLimits = { running: 2, perClient: 16, waiting: 256 };

export interface CatalogCacheOptions {
  /**
   * How long an answer may be served at most. Catalog writes clear the cache at once; this bounds what
   * changes without one: play counts (a play is no catalog change) and with them Top Releases, and the
   * recency part of the popularity score (docs/product.md §9.4, docs/decisions/0033).
   */
  maxAgeMs?: number;
  /**
   * How long past `maxAgeMs` an answer is still kept, to be served when a new one cannot be had in
   * time (the embedded database held by an import): no catalog change has happened since it was made.
   */
  staleForMs?: number;
  /** Entries kept at most (searches make the key space unbounded); the oldest go first. */
  maxEntries?: number;
  /**
   * What the entries may weigh together (bytes): each its key's characters (a key is made of what was
   * asked, so its length is the asker's to choose) and its value by `weigh`; the oldest go first.
   */
  maxBytes?: number;
  weigh?: (value: unknown) => number;
  /** Whether a loaded value is kept (a page that failed to render is sent, not kept). */
  keeps?: (value: unknown) => boolean;
  /**
   * Loads (cache misses) running at once, and waiting per client address and in all: each load's rows
   * are parsed, shaped and serialised on the main thread, so a bounded number keeps the event loop
   * free for every other request while uncached answers pile up (docs/decisions/0033, 0037).
   */
  loadLimits?: LoadTurnsLimits;
  /** How long a request waits for its turn, or for a load that cannot progress, before the fallback. */
  loadWaitMs?: number;
  /**
   * Whether running loads are stuck (the embedded database held by an import's transaction): then a
   * request waits `loadWaitMs` for them too. Otherwise a load that started is waited for (PostgreSQL's
   * statement timeout bounds it), so that a slow moment does not turn into 503s.
   */
  isStuck?: () => boolean;
  /**
   * The first moment after `storedAt` at which answers change by themselves (an upcoming release goes
   * public, docs/decisions/0081): an answer is neither served nor kept past it. `storedAt` itself keeps
   * nothing (the moments are being read again).
   */
  expiresAt?: (storedAt: number) => number;
  now?: () => number;
}

interface Entry {
  value: unknown;
  /** From then on, a request it answers starts a load of its successor (the last fifth of its life)… */
  renewFrom: number;
  /** …served until then (its age, or an upcoming release's moment)… */
  freshUntil: number;
  /** …and kept until then, for when a new one cannot be had. */
  keptUntil: number;
  weight: number;
}

/**
 * Catalog answers in process memory, keyed by what was asked. Concurrent misses of one key share one
 * load, so a burst of identical requests costs one database round; misses take fair turns per client
 * address (LoadTurns). Every catalog change empties it; expired entries are swept as new ones come.
 */
export class CatalogCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Turn<unknown>>();
  private readonly turns: LoadTurns;
  /** Requests still waiting for each load. */
  private readonly waiters = new WeakMap<Turn<unknown>, number>();
  private readonly maxAgeMs: number;
  private readonly keptForMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly weigh: (value: unknown) => number;
  private readonly keeps: (value: unknown) => boolean;
  private readonly loadWaitMs: number;
  private readonly isStuck: () => boolean;
  private readonly expiresAt: (storedAt: number) => number;
  private readonly now: () => number;
  private bytes = 0;
  private changes = 0;

  constructor(changes: CatalogChanges, options: CatalogCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? catalogAnswerMaxAgeMs;
    this.keptForMs = this.maxAgeMs + (options.staleForMs ?? 0);
    this.maxEntries = options.maxEntries ?? 5_000;
    this.maxBytes = options.maxBytes ?? Infinity;
    this.weigh = options.weigh ?? (() => 0);
    this.keeps = options.keeps ?? (() => true);
    this.turns = new LoadTurns(options.loadLimits ?? defaultLoadLimits);
    this.loadWaitMs = options.loadWaitMs ?? defaultLoadWaitMs;
    this.isStuck = options.isStuck ?? (() => false);
    this.expiresAt = options.expiresAt ?? (() => Infinity);
    this.now = options.now ?? Date.now;
    changes.subscribe(() => {
      this.changes++;
      this.entries.clear();
      this.bytes = 0;
      // A load that started before the change is handed to its callers but not kept, nor joined.
      this.loading.clear();
    });
  }

  /** Changes heard so far: take it before computing an answer, and hand it to `set`. */
  get version(): number {
    return this.changes;
  }

  /** Entries held, fresh or kept past their age, not yet swept. */
  get size(): number {
    return this.entries.size;
  }

  /** What the entries weigh together (bytes, by their keys and `weigh`): at most `maxBytes` once an insert is swept. */
  get weight(): number {
    return this.bytes;
  }

  /** Lookups answered with a fresh entry, and not, since the cache was made (metrics). */
  readonly lookups = { hits: 0, misses: 0 };

  /** A fresh answer for `key`. */
  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    const isFresh = entry !== undefined && this.now() < entry.freshUntil;
    this.lookups[isFresh ? 'hits' : 'misses']++;
    return isFresh ? (entry.value as T) : undefined;
  }

  /** Keeps `value` unless the catalog changed since `version` was taken (the value may predate it). */
  set(key: string, value: unknown, version: number): void {
    if (version !== this.changes || !this.keeps(value)) return;
    this.remove(key);
    const weight = key.length + this.weigh(value);
    const storedAt = this.now();
    const moment = this.expiresAt(storedAt);
    const freshUntil = Math.min(storedAt + this.maxAgeMs, moment);
    this.entries.set(key, {
      value,
      renewFrom: freshUntil - (freshUntil - storedAt) / 5,
      freshUntil,
      keptUntil: Math.min(storedAt + this.keptForMs, moment),
      weight,
    });
    this.bytes += weight;
    this.sweep();
  }

  /**
   * The fresh answer for `key`, or `load()`'s, kept. Concurrent misses share one load; a failed one is
   * not kept. A request that cannot have it within `loadWaitMs` (or whose address has too many loads
   * waiting) gets the last answer kept, if any, else a 503 with Retry-After; its load runs on if it
   * started, and is kept for the next request. An answer asked for in the last fifth of its life is
   * served, and its successor loaded meanwhile (in the asker's turn): a key asked for steadily is never
   * waited for (docs/decisions/0109).
   */
  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.get<T>(key);
    const client = currentClient();
    if (hit !== undefined) {
      const entry = this.entries.get(key) as Entry;
      if (this.now() >= entry.renewFrom && !this.loading.has(key) && this.turns.admits(client)) this.start(key, client, load);
      return hit;
    }
    let turn = this.loading.get(key) as Turn<T> | undefined;
    if (turn) this.turns.join(client, turn);
    else {
      if (!this.turns.admits(client)) return this.fallback<T>(key);
      turn = this.start(key, client, load);
    }
    return this.waitFor(key, turn);
  }

  /** Queues `load` for `key` in `client`'s turn; its answer is kept unless the catalog changed meanwhile. */
  private start<T>(key: string, client: string, load: () => Promise<T>): Turn<T> {
    const version = this.changes;
    const started = this.turns.add(client, load);
    this.loading.set(key, started);
    const settled = () => {
      if (this.loading.get(key) === started) this.loading.delete(key);
    };
    started.result.then((value) => {
      settled();
      this.set(key, value, version);
    }, settled);
    return started;
  }

  /**
   * `turn`'s result; or, once it waited `loadWaitMs` for its turn or for a stuck load, the fallback. A
   * turn nobody waits for any more is not started.
   */
  private waitFor<T>(key: string, turn: Turn<T>): Promise<T> {
    this.waiters.set(turn, (this.waiters.get(turn) ?? 0) + 1);
    const leave = () => {
      const left = (this.waiters.get(turn) ?? 1) - 1;
      this.waiters.set(turn, left);
      return left;
    };
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout;
      const giveUp = () => {
        if (this.turns.isRunning(turn) && !this.isStuck()) {
          timer = setTimeout(giveUp, this.loadWaitMs);
          return;
        }
        if (leave() === 0) this.turns.cancel(turn, new ServiceUnavailableError(busyMessage, busyRetryAfterSeconds));
        try {
          resolve(this.fallback<T>(key));
        } catch (error) {
          reject(error as Error);
        }
      };
      timer = setTimeout(giveUp, this.loadWaitMs);
      turn.result.then(
        (value) => {
          clearTimeout(timer);
          leave();
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          leave();
          reject(error as Error);
        },
      );
    });
  }

  /** The last answer kept for `key` however old (no catalog change since), else a 503. */
  private fallback<T>(key: string): T {
    const entry = this.entries.get(key);
    if (entry && this.now() < entry.keptUntil) return entry.value as T;
    throw new ServiceUnavailableError(busyMessage, busyRetryAfterSeconds);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.weight;
  }

  /**
   * Drops entries past their keeping time (the oldest come first: they expire first, the moments of
   * upcoming releases only bring that nearer for all of them alike), then the oldest while over a bound.
   */
  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      const isOver = this.entries.size > this.maxEntries || this.bytes > this.maxBytes;
      if (!isOver && now < entry.keptUntil) return;
      this.remove(key);
    }
  }
}

/**
 * An answer's weight by its JSON: two bytes per character. Measured, the heap holds a list of releases in
 * about 1.3 times its JSON's length; a text outside Latin-1 takes two bytes a character (docs/decisions/0074).
 */
export function weighAsJson(value: unknown): number {
  return 2 * (JSON.stringify(value)?.length ?? 0);
}

/**
 * The uses of the cache, by the names `/metrics` gives them (`bir_cache_bytes{cache}`; the rendered pages,
 * `pages`, are plugins/client-app.ts's): each bounded in bytes by its own measure, every entry's key weighed
 * too, the oldest out first (docs/decisions/0037, 0074).
 */
export const cacheUses = {
  /**
   * The catalog services' answers, as objects, keyed by what was asked (`CatalogReads.catalogCache`): kept
   * 60 s past their 5 s for the fallback of docs/decisions/0037. A search's every term and offset is a key:
   * without a bound in bytes, a flood of distinct large reads (100 releases with their tracks, about 190 kB
   * of JSON each) held hundreds of MB for a minute.
   */
  data: { staleForMs: 60_000, maxBytes: 32 * 1024 * 1024, weigh: weighAsJson },
  /** The catalog routes' answers as sent, JSON bytes and their compressed forms (catalog-answer-cache.ts). */
  answers: { maxBytes: 64 * 1024 * 1024, weigh: (stored: unknown) => storedAnswerWeight(stored as StoredAnswer) },
} satisfies Record<string, Pick<CatalogCacheOptions, 'staleForMs' | 'maxBytes' | 'weigh'>>;

/** A cache for one of its named uses, with the app's clock, load limits and moments. */
export function createCatalogCache(use: keyof typeof cacheUses, changes: CatalogChanges, options: CatalogCacheOptions = {}): CatalogCache {
  return new CatalogCache(changes, { ...options, ...cacheUses[use] });
}
