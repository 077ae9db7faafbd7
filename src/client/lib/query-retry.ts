import { ApiError } from './api-client.js';

/**
 * Whether a failed read is tried again. A 4xx answer (unknown artist, bad parameter) will not change
 * on a retry; a network error or a 5xx gets one more try, a second later. Three tries with growing
 * waits kept skeletons on screen for about 9 s before the error and its Retry button (issue 15).
 */
export function shouldRetryQuery(failures: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.status < 500) && failures < 1;
}

export const queryRetryDelayMs = 1000;
