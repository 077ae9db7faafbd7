import { useEffect, useState, type ComponentType } from 'react';
import { useIsNotificationWanted } from './notifications.js';

/**
 * Where notifications appear (one in the app): nothing until the first is asked for. Loaded by hand,
 * not by React.lazy: a Suspense boundary shows what it waited for only after a timer, and a
 * notification must not wait on timers (a page whose clock is held, as in the VIP test, still shows it).
 */
export function Notifications() {
  const isNeeded = useIsNotificationWanted();
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (isNeeded) void import('./notistack-host.js').then((module) => setHost(() => module.default));
  }, [isNeeded]);
  return Host ? <Host /> : null;
}
