import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.js';

/** The browser's query client. A 4xx answer (unknown artist, bad parameter) will not change on a retry; the rest gets three. */
export function createBrowserQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 3 },
    },
  });
}
