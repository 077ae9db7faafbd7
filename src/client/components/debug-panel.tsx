import { lazy, Suspense, useEffect, useState } from 'react';

const localHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** docs/product.md §2: the panel exists only on localhost or with a `debug` query parameter. */
export function isDebugLocation({ hostname, search }: Pick<Location, 'hostname' | 'search'>): boolean {
  return localHosts.has(hostname) || new URLSearchParams(search).has('debug');
}

const DebugConsole = lazy(() => import('./debug-console.js'));

/** The debug panel where it exists; its console loads only there (docs/decisions/0023). */
export function DebugPanel() {
  const [isEnabled, setEnabled] = useState(false);
  // Decided after mount: the server knows nothing of the browser's location.
  useEffect(() => setEnabled(isDebugLocation(window.location)), []);
  return isEnabled ? (
    <Suspense fallback={null}>
      <DebugConsole />
    </Suspense>
  ) : null;
}
