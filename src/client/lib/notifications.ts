import { useSyncExternalStore } from 'react';

// docs/product.md §4.10 notifications (notistack), loaded with the first one shown: most visits show
// none, and their pages need not load notistack (docs/decisions/0023). This file is the queue every
// caller of notify() shares; notifications-outlet.tsx loads the host that shows them, and the host
// attaches itself here, so that neither imports the other back.

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

/** True from the first notify() on (false while rendering on the server). */
export function useIsNotificationWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isWanted,
    () => false,
  );
}
