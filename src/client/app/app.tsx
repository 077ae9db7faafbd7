import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApiHealthMonitor } from '../components/api-health-monitor.js';
import { DebugPanel } from '../components/debug-panel.js';
import { ErrorBoundary } from '../components/error-boundary.js';
import { PlayerBar } from '../features/player/components/player-bar.js';
import { ApiError } from '../lib/api-client.js';
import { PlayerProvider } from '../features/player/state/player.js';
import { createAppRouter } from './router.js';
import { ThemeModeProvider } from './theme-mode.js';

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
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <ErrorBoundary>
          {/* SPEC §4: at most 3 notifications stacked (notistack's defaults otherwise). */}
          <SnackbarProvider maxSnack={3}>
            <PlayerProvider>
              <RouterProvider router={router} />
              <PlayerBar />
              <ApiHealthMonitor />
              <DebugPanel />
            </PlayerProvider>
          </SnackbarProvider>
        </ErrorBoundary>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
