import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * True while React renders on the server or hydrates the server's HTML, false in every later render:
 * what was drawn in the first HTML must not animate in again (a dialog's fade-in).
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}
