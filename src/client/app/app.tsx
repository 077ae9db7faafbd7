import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApiHealthMonitor } from '../components/api-health-monitor.js';
import { DebugPanel } from '../components/debug-panel.js';
import { ErrorBoundary } from '../components/error-boundary.js';
import { PlayerBar } from '../features/player/components/player-bar.js';
import { ApiError } from '../lib/api-client.js';
import { createAppRouter } from './router.js';
import { AppProviders } from './providers.js';

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // A 4xx answer (unknown artist, bad parameter) will not change on a retry; the rest gets three.
          queries: { retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 3 },
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
