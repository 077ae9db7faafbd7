import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** How many requests one client address may make in a window. */
export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

/** Every route without a limit of its own: generous for a fan browsing fast, not for a crawler flooding. */
export const defaultReadRateLimit: RateLimit = { max: 1200, timeWindowMs: 60_000 };

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

/**
 * Per-client-address limits, registered once for the whole app: `reads` for every route without a
 * limit of its own (hashed /assets excepted: the browser caches them for a year), and a route's own
 * with `config: { rateLimit: routeRateLimit(limit) }`. A 429 is our error body with Retry-After. The
 * count lives in this process's memory: behind a load balancer each instance counts on its own, and
 * TRUST_PROXY must be set for `request.ip` to be the client's address.
 */
export async function registerRateLimit(app: FastifyInstance, reads: RateLimit): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: reads.max,
    timeWindow: reads.timeWindowMs,
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
