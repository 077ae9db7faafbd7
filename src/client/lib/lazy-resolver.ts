import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<TFieldValues extends FieldValues, TTransformedValues> extends Resolver<TFieldValues, unknown, TTransformedValues> {
  /** Starts loading the resolver ahead of the form's first check: when a visitor first steps into the form. */
  preload(): void;
}

/**
 * A react-hook-form resolver whose code (a zod schema, and zod with it) loads when the form is first
 * checked, or when `preload` is called, not with the page (docs/decisions/0110). A resolver answers
 * asynchronously anyway: the first check waits for the load as well.
 */
export function lazyResolver<TFieldValues extends FieldValues, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, unknown, TTransformedValues>>,
): LazyResolver<TFieldValues, TTransformedValues> {
  let loading: Promise<Resolver<TFieldValues, unknown, TTransformedValues>> | undefined;
  // A load that failed (the network dropped) is tried again by the next check.
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver = async (...args: Parameters<Resolver<TFieldValues, unknown, TTransformedValues>>) => (await loaded())(...args);
  return Object.assign(resolver, {
    preload: () => {
      loaded().catch(() => undefined);
    },
  });
}
