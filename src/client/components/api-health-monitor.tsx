import { lazy, Suspense } from 'react';
import { useApiHealth } from '../lib/use-api-health.js';
import type { ApiHealthLook } from './api-health-alert.js';

export interface ApiHealthMonitorProps extends ApiHealthLook {
  /** Show even while the API is healthy or not yet checked (docs/product.md §2 always-show option). */
  alwaysShow?: boolean;
}

// The alert loads when it first shows: a healthy API's pages never load it (docs/decisions/0023).
const ApiHealthAlert = lazy(() => import('./api-health-alert.js'));

/** docs/product.md §2/§4: the API's health, shown when always-show is on or the API is degraded or down. */
export function ApiHealthMonitor({ alwaysShow = false, ...props }: ApiHealthMonitorProps) {
  const health = useApiHealth();
  const isProblem = health.status === 'degraded' || health.status === 'down';
  if (!alwaysShow && !isProblem) return null;
  return (
    <Suspense fallback={null}>
      <ApiHealthAlert health={health} {...props} />
    </Suspense>
  );
}
