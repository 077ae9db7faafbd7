import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { lazyResolver } from './lazy-resolver.js';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;
const accepting: Resolver<FieldValues, unknown, FieldValues> = (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads nothing until the form is first checked, then loads once and answers as the loaded resolver', async () => {
    let loads = 0;
    const resolver = lazyResolver(async () => {
      loads += 1;
      return accepting;
    });
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([resolver({ email: 'a@b.c' }, undefined, options), resolver({ email: 'd@e.f' }, undefined, options)]);
    expect(first).toEqual({ values: { email: 'a@b.c' }, errors: {} });
    expect(second).toEqual({ values: { email: 'd@e.f' }, errors: {} });
    expect(loads).toBe(1);
  });

  it('starts loading when preloaded, and the first check uses that load', async () => {
    let loads = 0;
    const resolver = lazyResolver(async () => {
      loads += 1;
      return accepting;
    });
    resolver.preload();
    expect(loads).toBe(1);
    await resolver({}, undefined, options);
    expect(loads).toBe(1);
  });

  it('tries the load again at the next check after one failed', async () => {
    let loads = 0;
    const resolver = lazyResolver(async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk failed to load');
      return accepting;
    });
    resolver.preload();
    await expect(resolver({}, undefined, options)).rejects.toThrow('chunk failed to load');
    await expect(resolver({ a: 1 }, undefined, options)).resolves.toEqual({ values: { a: 1 }, errors: {} });
    expect(loads).toBe(2);
  });
});
