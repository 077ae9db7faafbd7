import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';

// docs/product.md §4.10 notifications (notistack), loaded with the first one shown: most visits show
// none, and their pages need not load notistack (docs/decisions/0023).

export type NotificationVariant = 'default' | 'success' | 'warning' | 'error' | 'info';

export interface NotifyOptions {
  variant?: NotificationVariant;
  /** Milliseconds; notistack's default (5 s) otherwise. */
  autoHideDuration?: number;
}

export interface Notification extends NotifyOptions {
  message: string;
}

/** Notifications asked for before notistack has loaded; shown, in order, once it has. */
const waiting: Notification[] = [];
let show: ((notification: Notification) => void) | undefined;
let isWanted = false;
const listeners = new Set<() => void>();

/** Shows a notification (at most 3 stacked); the first call loads notistack. */
export function notify(message: string, options: NotifyOptions = {}): void {
  if (show) return show({ message, ...options });
  waiting.push({ message, ...options });
  if (!isWanted) {
    isWanted = true;
    for (const listener of listeners) listener();
  }
}

/** Called by the notistack host once it is mounted: it shows what waited, then every later one. */
export function attachNotifications(shower: (notification: Notification) => void): () => void {
  show = shower;
  for (const notification of waiting.splice(0)) shower(notification);
  return () => {
    if (show === shower) show = undefined;
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Where notifications appear (one in the app): nothing until the first is asked for. Loaded by hand,
 * not by React.lazy: a Suspense boundary shows what it waited for only after a timer, and a
 * notification must not wait on timers (a page whose clock is held, as in the VIP test, still shows it).
 */
export function Notifications() {
  const isNeeded = useSyncExternalStore(
    subscribe,
    () => isWanted,
    () => false,
  );
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (isNeeded) void import('./notistack-host.js').then((module) => setHost(() => module.default));
  }, [isNeeded]);
  return Host ? <Host /> : null;
}
