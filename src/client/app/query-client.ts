import { QueryClient } from '@tanstack/react-query';
import { queryRetryDelayMs, shouldRetryQuery } from '../lib/query-retry.js';

/** The browser's query client: a failed read is tried once more (lib/query-retry.ts). */
export function createBrowserQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, retryDelay: queryRetryDelayMs },
    },
  });
}
