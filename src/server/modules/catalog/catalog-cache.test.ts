import { describe, expect, it } from 'vitest';
import { CatalogCache } from './catalog-cache.js';
import { createLocalCatalogChanges } from './catalog-changes.js';

/** Lets every queued reaction run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CatalogCache loads', () => {
  it('runs at most maxConcurrentLoads at once; the others wait their turn and all are answered', async () => {
    const cache = new CatalogCache(createLocalCatalogChanges(), { maxConcurrentLoads: 2 });
    const started: string[] = [];
    const finish = new Map<string, (value: string) => void>();
    const load = (key: string) => () =>
      new Promise<string>((resolve) => {
        started.push(key);
        finish.set(key, resolve);
      });
    const answers = ['a', 'b', 'c', 'd'].map((key) => cache.read(key, load(key)));
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
    const cache = new CatalogCache(createLocalCatalogChanges(), { maxConcurrentLoads: 1 });
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
});
