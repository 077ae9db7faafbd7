import { describe, expect, it } from 'vitest';
import { createLocalCatalogChanges } from './catalog-changes.js';
import { catalogDataMaxBytes, catalogStaleForMs, createCatalogDataCache } from './catalog-data-cache.js';

describe('the catalog data cache under a flood of distinct large reads (docs/decisions/0074)', () => {
  it('keeps at most catalogDataMaxBytes of answers, by their JSON, the oldest out first, though none has aged', () => {
    const now = 0;
    const cache = createCatalogDataCache(createLocalCatalogChanges(), { now: () => now });
    // A list of 100 releases with their tracks is about 190 kB of JSON; a flood asks for one per offset.
    const answer = { data: Array.from({ length: 100 }, (_, i) => ({ id: i, title: 'x'.repeat(1_900) })) };
    const answers = Math.ceil((2 * catalogDataMaxBytes) / JSON.stringify(answer).length);
    for (let offset = 0; offset < answers; offset++) cache.set(`releases:{"offset":${offset}}`, answer, cache.version);
    expect(cache.weight).toBeLessThanOrEqual(catalogDataMaxBytes);
    expect(cache.get(`releases:{"offset":${answers - 1}}`)).toBe(answer);
    expect(cache.get('releases:{"offset":0}')).toBeUndefined();
    expect(cache.size).toBeLessThan(answers / 2);
  });

  it('still keeps an answer past its 5 s for the fallback while the bound allows', async () => {
    let now = 0;
    const cache = createCatalogDataCache(createLocalCatalogChanges(), { now: () => now, loadWaitMs: 0, isStuck: () => true });
    cache.set('labels', ['tech'], cache.version);
    now = 5_000 + catalogStaleForMs - 1;
    // The new load cannot progress (stuck): the kept answer is served.
    expect(await cache.read('labels', () => new Promise(() => undefined))).toEqual(['tech']);
  });
});
