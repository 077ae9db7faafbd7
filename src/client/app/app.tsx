import type { EmotionCache } from '@emotion/react';
import { HydrationBoundary, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ThemeMode } from '../../shared/page-render.js';
import { ApiHealthMonitor } from '../components/api-health-monitor.js';
import { DebugPanel } from '../components/debug-panel.js';
import { ErrorBoundary } from '../components/error-boundary.js';
import { PlayerBar } from '../features/player/components/player-bar.js';
import { AppProviders } from './providers.js';

export interface AppProps {
  queryClient: QueryClient;
  emotionCache: EmotionCache;
  themeMode: ThemeMode;
  /** The query cache the server rendered with (browser only). */
  dehydratedState?: DehydratedState;
  /** The router: StaticRouterProvider on the server, RouterProvider in the browser. */
  children: ReactNode;
}

/** The whole app around its router, the same on the server and in the browser (hydration needs both equal). */
export function App({ queryClient, emotionCache, themeMode, dehydratedState, children }: AppProps) {
  // The error boundary sits inside the providers so its fallback is themed.
  return (
    <AppProviders queryClient={queryClient} emotionCache={emotionCache} themeMode={themeMode}>
      <HydrationBoundary state={dehydratedState}>
        <ErrorBoundary>
          {children}
          <PlayerBar />
          <ApiHealthMonitor />
          <DebugPanel />
        </ErrorBoundary>
      </HydrationBoundary>
    </AppProviders>
  );
}
