import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.js';
import { queryRetryDelayMs, shouldRetryQuery } from './query-retry.js';

describe('shouldRetryQuery', () => {
  it('tries a network error or a 5xx once more, a second later, and never a 4xx', () => {
    const unavailable = new ApiError(503, 'Service unavailable');
    expect(shouldRetryQuery(0, unavailable)).toBe(true);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    // The error shows after two tries, not after four (issue 15: about 9 s of skeletons).
    expect(shouldRetryQuery(1, unavailable)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, 'Artist not found'))).toBe(false);
    expect(queryRetryDelayMs).toBe(1000);
  });
});
