import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApiHealthMonitor } from '../components/api-health-monitor.js';
import { DebugPanel } from '../components/debug-panel.js';
import { ErrorBoundary } from '../components/error-boundary.js';
import { PlayerBar } from '../features/player/components/player-bar.js';
import { queryRetryDelayMs, shouldRetryQuery } from '../lib/query-retry.js';
import { createAppRouter } from './router.js';
import { AppProviders } from './providers.js';

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: shouldRetryQuery, retryDelay: queryRetryDelayMs },
        },
      }),
  );
  const [router] = useState(createAppRouter);
  // The error boundary sits inside the providers so its fallback is themed.
  return (
    <AppProviders queryClient={queryClient}>
      <ErrorBoundary>
        <RouterProvider router={router} />
        <PlayerBar />
        <ApiHealthMonitor />
        <DebugPanel />
      </ErrorBoundary>
    </AppProviders>
  );
}
