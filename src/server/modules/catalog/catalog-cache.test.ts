import { describe, expect, it, vi } from 'vitest';
import { cacheUses, CatalogCache, createCatalogCache } from './catalog-cache.js';
import { createLocalCatalogChanges } from './catalog-changes.js';
import { ServiceUnavailableError } from '../../errors.js';
import { runAsClient } from '../../lib/request-client.js';

/** Lets every queued reaction run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CatalogCache loads', () => {
  it('runs at most maxConcurrentLoads at once; the others wait their turn and all are answered', async () => {
    const cache = new CatalogCache(createLocalCatalogChanges(), { loadLimits: { running: 2, perClient: 16, waiting: 256 } });
    const started: string[] = [];
    const finish = new Map<string, (value: string) => void>();
    const load = (key: string) => () =>
      new Promise<string>((resolve) => {
        started.push(key);
        finish.set(key, resolve);
      });
    // Four addresses, one load each.
    const answers = ['a', 'b', 'c', 'd'].map((key, i) => runAsClient(`10.0.0.${i + 1}`, () => cache.read(key, load(key))));
    await settle();
    expect(started).toEqual(['a', 'b']);

    finish.get('b')!('B');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    finish.get('a')!('A');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    finish.get('c')!('C');
    finish.get('d')!('D');
    expect(await Promise.all(answers)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('hands the turn on when a load fails', async () => {
    const cache = new CatalogCache(createLocalCatalogChanges(), { loadLimits: { running: 1, perClient: 16, waiting: 256 } });
    const failed = cache.read('x', () => Promise.reject(new Error('database gone')));
    const next = cache.read('y', () => Promise.resolve('Y'));
    await expect(failed).rejects.toThrow('database gone');
    expect(await next).toBe('Y');
  });

  it('serves an answer until it is maxAgeMs old by its clock, then loads it again', async () => {
    let now = 0;
    const cache = new CatalogCache(createLocalCatalogChanges(), { maxAgeMs: 5_000, now: () => now });
    let loads = 0;
    const read = () => cache.read('k', () => Promise.resolve(++loads));
    expect(await read()).toBe(1);
    now = 4_999;
    expect(await read()).toBe(1);
    now = 5_000;
    expect(await read()).toBe(2);
  });

  it('serves an answer in the last fifth of its life and loads its successor meanwhile, once (docs/decisions/0109)', async () => {
    let now = 0;
    const cache = new CatalogCache(createLocalCatalogChanges(), { maxAgeMs: 5_000, now: () => now });
    const started: string[] = [];
    let finish!: () => void;
    const load = (value: string) => () =>
      new Promise<string>((resolve) => {
        started.push(value);
        finish = () => resolve(value);
      });
    expect(await cache.read('k', () => Promise.resolve('first'))).toBe('first');
    now = 3_999;
    expect(await cache.read('k', load('too early'))).toBe('first');
    await settle();
    expect(started).toEqual([]);
    // From 4 s on the answer is still served at once, and the next one is loaded: one load, however many ask.
    now = 4_000;
    expect(await cache.read('k', load('second'))).toBe('first');
    expect(await cache.read('k', load('third'))).toBe('first');
    await settle();
    expect(started).toEqual(['second']);
    finish();
    await settle();
    // Past the first answer's age, its successor (made at 4 s) is served without a wait.
    now = 5_000;
    expect(await cache.read('k', load('unused'))).toBe('second');
    await settle();
    expect(started).toEqual(['second']);
  });
});

describe('CatalogCache under a flood of uncached loads (docs/decisions/0037)', () => {
  /** Loads that finish when the test says. */
  function manualLoads() {
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const load = (key: string) => () =>
      new Promise<string>((resolve) => {
        started.push(key);
        finish.set(key, () => resolve(key));
      });
    return { started, finish: (key: string) => finish.get(key)!(), load };
  }

  it('gives freed slots to each address in turn: one address with many loads waiting does not go first', async () => {
    const cache = new CatalogCache(createLocalCatalogChanges(), { loadLimits: { running: 3, perClient: 16, waiting: 256 }, loadWaitMs: 60_000 });
    const loads = manualLoads();
    const read = (client: string, key: string) => runAsClient(client, () => cache.read(key, loads.load(key)));
    const flood = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((key) => read('10.0.0.1', key));
    const third = read('10.0.0.3', 'c1');
    const other = read('10.0.0.2', 'b1');
    await settle();
    expect(loads.started).toEqual(['a1', 'a2', 'c1']);
    loads.finish('a1');
    await settle();
    expect(loads.started).toEqual(['a1', 'a2', 'c1', 'b1']);
    loads.finish('b1');
    loads.finish('c1');
    expect(await Promise.all([other, third])).toEqual(['b1', 'c1']);
    for (const key of ['a2', 'a3', 'a4', 'a5', 'a6']) {
      await settle();
      loads.finish(key);
    }
    expect(await Promise.all(flood)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
  });

  it('keeps a slot for the others: one address runs every slot but one, so another address starts at once', async () => {
    const cache = new CatalogCache(createLocalCatalogChanges(), { loadLimits: { running: 2, perClient: 16, waiting: 256 }, loadWaitMs: 60_000 });
    const loads = manualLoads();
    const read = (client: string, key: string) => runAsClient(client, () => cache.read(key, loads.load(key)));
    const flood = ['a1', 'a2', 'a3'].map((key) => read('10.0.0.1', key));
    await settle();
    expect(loads.started).toEqual(['a1']);
    const other = read('10.0.0.2', 'b1');
    await settle();
    expect(loads.started).toEqual(['a1', 'b1']);
    loads.finish('b1');
    expect(await other).toBe('b1');
    for (const key of ['a1', 'a2', 'a3']) {
      await settle();
      loads.finish(key);
    }
    expect(await Promise.all(flood)).toEqual(['a1', 'a2', 'a3']);
  });

  it('refuses an address its loads beyond its share at once with a 503, and others still get theirs', async () => {
    const cache = new CatalogCache(createLocalCatalogChanges(), { loadLimits: { running: 1, perClient: 3, waiting: 256 }, loadWaitMs: 60_000 });
    const loads = manualLoads();
    const read = (client: string, key: string) => runAsClient(client, () => cache.read(key, loads.load(key)));
    const admitted = ['a1', 'a2', 'a3'].map((key) => read('10.0.0.1', key));
    const refused = read('10.0.0.1', 'a4');
    await expect(refused).rejects.toMatchObject({ statusCode: 503, retryAfterSeconds: expect.any(Number) });
    const other = read('10.0.0.2', 'b1');
    for (const key of ['a1', 'b1', 'a2', 'a3']) {
      await settle();
      loads.finish(key);
    }
    expect(await other).toBe('b1');
    expect(await Promise.all(admitted)).toEqual(['a1', 'a2', 'a3']);
  });

  it('bounds the queue of all addresses together', async () => {
    const cache = new CatalogCache(createLocalCatalogChanges(), { loadLimits: { running: 1, perClient: 16, waiting: 2 }, loadWaitMs: 60_000 });
    const loads = manualLoads();
    const reads = ['1', '2', '3'].map((n) => runAsClient(`10.0.0.${n}`, () => cache.read(n, loads.load(n))));
    await settle();
    const fourth = runAsClient('10.0.0.4', () => cache.read('4', loads.load('4')));
    await expect(fourth).rejects.toBeInstanceOf(ServiceUnavailableError);
    for (const key of ['1', '2', '3']) {
      loads.finish(key);
      await settle();
    }
    expect(await Promise.all(reads)).toEqual(['1', '2', '3']);
  });

  it('waits for a load that runs, however slow, unless it is stuck', async () => {
    let isStuck = false;
    const cache = new CatalogCache(createLocalCatalogChanges(), { loadWaitMs: 5, isStuck: () => isStuck });
    const loads = manualLoads();
    vi.useFakeTimers();
    try {
      const slow = cache.read('slow', loads.load('slow'));
      // Ten times loadWaitMs pass while the load runs and the database is not stuck: still waited for.
      await vi.advanceTimersByTimeAsync(50);
      loads.finish('slow');
      expect(await slow).toBe('slow');
      isStuck = true;
      const stuck = expect(cache.read('stuck', loads.load('stuck'))).rejects.toMatchObject({ statusCode: 503 });
      await vi.advanceTimersByTimeAsync(5);
      await stuck;
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a request that waited loadWaitMs with the last answer kept, else a 503; the load runs on and is kept', async () => {
    let now = 0;
    const cache = new CatalogCache(createLocalCatalogChanges(), { maxAgeMs: 5_000, staleForMs: 60_000, loadWaitMs: 20, isStuck: () => true, now: () => now });
    expect(await cache.read('k', () => Promise.resolve('old'))).toBe('old');
    now = 10_000;
    const loads = manualLoads();
    // Past its age: a new load is asked for, and while it does not come the kept answer is served.
    expect(await cache.read('k', loads.load('new'))).toBe('old');
    await expect(cache.read('never-kept', loads.load('other'))).rejects.toMatchObject({ statusCode: 503 });
    loads.finish('new');
    await settle();
    expect(await cache.read('k', () => Promise.resolve('unused'))).toBe('new');
    // Past its keeping time too: no answer to fall back on.
    now = 10_000 + 5_000 + 60_000;
    await expect(cache.read('k', loads.load('late'))).rejects.toMatchObject({ statusCode: 503 });
  });

  it('keeps what its entries weigh under maxBytes, the oldest out first, and sweeps expired entries as new ones come', async () => {
    let now = 0;
    const cache = new CatalogCache(createLocalCatalogChanges(), { maxAgeMs: 1_000, maxBytes: 10, weigh: (value) => String(value).length, now: () => now });
    cache.set('a', 'xxxx', cache.version);
    cache.set('b', 'yyyy', cache.version);
    cache.set('c', 'zzzz', cache.version);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'yyyy', 'zzzz']);
    expect(cache.size).toBe(2);
    now = 1_000;
    cache.set('d', 'w', cache.version);
    expect(cache.size).toBe(1);
  });

  it('weighs each entry by its key too: long keys with empty answers are bounded as well', () => {
    const cache = new CatalogCache(createLocalCatalogChanges(), { maxBytes: 1_000, weigh: () => 0 });
    // A page or an API answer is keyed by its URL, whose length the client chooses (up to the header limit).
    for (let i = 0; i < 100; i++) cache.set(`/records/${String(i).padStart(300, '0')}`, '', cache.version);
    expect(cache.weight).toBeLessThanOrEqual(1_000);
    expect(cache.size).toBe(3);
  });
});

describe('the data cache (cacheUses.data) under a flood of distinct large reads (docs/decisions/0074)', () => {
  it('keeps at most its maxBytes of answers, by their JSON, the oldest out first, though none has aged', () => {
    const now = 0;
    const cache = createCatalogCache('data', createLocalCatalogChanges(), { now: () => now });
    // A list of 100 releases with their tracks is about 190 kB of JSON; a flood asks for one per offset.
    const answer = { data: Array.from({ length: 100 }, (_, i) => ({ id: i, title: 'x'.repeat(1_900) })) };
    const answers = Math.ceil((2 * cacheUses.data.maxBytes) / JSON.stringify(answer).length);
    for (let offset = 0; offset < answers; offset++) cache.set(`releases:{"offset":${offset}}`, answer, cache.version);
    expect(cache.weight).toBeLessThanOrEqual(cacheUses.data.maxBytes);
    expect(cache.get(`releases:{"offset":${answers - 1}}`)).toBe(answer);
    expect(cache.get('releases:{"offset":0}')).toBeUndefined();
    expect(cache.size).toBeLessThan(answers / 2);
  });

  it('still keeps an answer past its 5 s for the fallback while the bound allows', async () => {
    let now = 0;
    const cache = createCatalogCache('data', createLocalCatalogChanges(), { now: () => now, loadWaitMs: 0, isStuck: () => true });
    cache.set('labels', ['tech'], cache.version);
    now = 5_000 + cacheUses.data.staleForMs - 1;
    // The new load cannot progress (stuck): the kept answer is served.
    expect(await cache.read('labels', () => new Promise(() => undefined))).toEqual(['tech']);
  });
});
