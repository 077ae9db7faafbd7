import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from './api-client.js';
import { debugLog } from './debug-log.js';

// docs/product.md §4 API health, §7 (GET /health, 3 s timeout, every 60 s), §8 message, §9 timers.
export type ApiHealthStatus = 'unknown' | 'healthy' | 'degraded' | 'down';

export interface ApiHealth {
  status: ApiHealthStatus;
  message: string;
  /** Epoch ms of the last finished check; undefined before the first one. */
  lastChecked: number | undefined;
}

export const healthCheckIntervalMs = 60_000;
export const healthTimeoutMs = 3_000;
export const unreachableMessage = 'API is unreachable. Please check your network connection.';
export const degradedMessage = 'API performance is degraded';

/** Aborts when `signal` does or after `ms`; `done()` releases the timer. */
export function timeoutSignal(ms: number, signal?: AbortSignal): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, ms);
  signal?.addEventListener('abort', abort, { once: true });
  if (signal?.aborted) abort();
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    },
  };
}

/** `{ success, message }` (docs/product.md §3.8); §4 gives a default for a missing message, so it may be absent. */
function readHealthAnswer(body: unknown): { success: boolean; message?: string } | undefined {
  if (typeof body !== 'object' || body === null || !('success' in body) || typeof body.success !== 'boolean') return undefined;
  const message = 'message' in body && typeof body.message === 'string' ? body.message : undefined;
  return { success: body.success, message };
}

/** One health check. Never throws: every failure is the 'down' state. */
export async function checkApiHealth(signal?: AbortSignal): Promise<ApiHealth> {
  const timeout = timeoutSignal(healthTimeoutMs, signal);
  let health: Omit<ApiHealth, 'lastChecked'>;
  try {
    const res = await fetch(apiUrl('/health'), { signal: timeout.signal, headers: { Accept: 'application/json' } });
    // SPEC: any non-OK answer is down (a 503 while the database is out too); an OK answer with
    // `success: false` is degraded.
    const body = res.ok ? readHealthAnswer(await res.json()) : undefined;
    if (!body) health = { status: 'down', message: unreachableMessage };
    else if (body.success) health = { status: 'healthy', message: body.message || 'OK' };
    else health = { status: 'degraded', message: body.message || degradedMessage };
  } catch {
    health = { status: 'down', message: unreachableMessage };
  } finally {
    timeout.done();
  }
  // A check the query itself cancelled (unmount, recheck) says nothing about the API.
  if (signal?.aborted) return { ...health, lastChecked: Date.now() };
  if (health.status === 'down') debugLog.error(`API health: ${health.message}`);
  if (health.status === 'degraded') debugLog.warn(`API health: ${health.message}`);
  return { ...health, lastChecked: Date.now() };
}

/** Query options so that the app shell and a server entry share one definition. */
export function apiHealthQuery() {
  return queryOptions({
    queryKey: ['api-health'],
    queryFn: ({ signal }) => checkApiHealth(signal),
    // Checked on start and every 60 s; TanStack pauses the interval while the tab is hidden
    // (refetchIntervalInBackground is off) and re-checks when the tab is focused again.
    refetchInterval: healthCheckIntervalMs,
    staleTime: 0,
    retry: false,
  });
}

const unknownHealth: ApiHealth = { status: 'unknown', message: '', lastChecked: undefined };

/** The current API health plus `recheck()`; 'unknown' until the first check finishes. */
/** The health as shown: the last check, whether one runs now, and a way to run one. */
export type ApiHealthState = ApiHealth & { isChecking: boolean; recheck: () => void };

export function useApiHealth(): ApiHealthState {
  const query = useQuery(apiHealthQuery());
  return {
    ...(query.data ?? unknownHealth),
    isChecking: query.isFetching,
    recheck: () => void query.refetch(),
  };
}
