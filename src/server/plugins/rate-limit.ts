import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../errors.js';
import { clientAddressKey } from '../lib/client-address.js';
import type { LimitStore } from '../lib/limit-store.js';

/** How many requests one client address may make in a window. */
export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

function inMinutes(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function tooManySubmissionsMessage(retryAfterMs: number): string {
  return `Too many submissions from this address. Please try again in ${inMinutes(retryAfterMs)}.`;
}

export function tooManyRequestsMessage(retryAfterMs: number): string {
  return `Too many requests from this address. Please try again in ${inMinutes(retryAfterMs)}.`;
}

/** What @fastify/rate-limit hands a store: the app's limit, or a route's merged with it. */
interface StoreParams {
  max: number;
  timeWindow: number;
  routeInfo?: { method: string | string[]; url: string };
}

/**
 * @fastify/rate-limit's store interface over our `LimitStore`, so that the HTTP limits count where the
 * login throttle does (memory, or Redis with memory while it is down): one counter for the app's limit
 * and one per route with a limit of its own.
 */
function countIn(limits: LimitStore): FastifyRateLimitStoreCtor {
  class CountingStore implements FastifyRateLimitStore {
    private readonly counter: RateLimiterAbstract;

    constructor(params: StoreParams) {
      const route = params.routeInfo ? `${String(params.routeInfo.method)} ${params.routeInfo.url}` : 'reads';
      this.counter = limits({ keyPrefix: `http ${route}`, points: params.max, duration: Math.ceil(params.timeWindow / 1000) });
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      const counted = (res: RateLimiterRes) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext });
      // A refused request rejects with the counts too; anything else is an error of the store.
      this.counter.consume(key).then(counted, (err: unknown) => (err instanceof RateLimiterRes ? counted(err) : callback(err as Error)));
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new CountingStore(routeOptions as StoreParams);
    }
  }
  return CountingStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Per-client-address limits, registered once for the whole app: `reads` for every route without a
 * limit of its own (hashed /assets excepted: the browser caches them for a year), and a route's own
 * with `config: { rateLimit: routeRateLimit(limit) }`. A 429 is our error body with Retry-After. They
 * count in `limits`: this process's memory, or Redis shared by every instance; TRUST_PROXY must be set
 * behind a load balancer for `request.ip` to be the client's address (docs/decisions/0015, 0055).
 */
export async function registerRateLimit(app: FastifyInstance, reads: RateLimit, limits: LimitStore): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: reads.max,
    timeWindow: reads.timeWindowMs,
    store: countIn(limits),
    // One key for every limit, the login throttle's and the plays' too: an IPv6 client by its /64.
    keyGenerator: (request) => clientAddressKey(request.ip),
    allowList: (request) => request.url.startsWith('/assets/'),
    errorResponseBuilder: (request, context) => {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      return new AppError(context.statusCode, (isRead ? tooManyRequestsMessage : tooManySubmissionsMessage)(context.ttl));
    },
  });
}

export function routeRateLimit(limit: RateLimit) {
  return { max: limit.max, timeWindow: limit.timeWindowMs };
}
