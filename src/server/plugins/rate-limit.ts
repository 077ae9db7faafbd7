import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** How many requests one client address may make in a window. */
export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

export function tooManySubmissionsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many submissions from this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * Per-client-address limits for the routes of this plugin scope that ask for one with
 * `config: { rateLimit: routeRateLimit(limit) }`. A 429 is our error body (plugins/error-handler.ts).
 * The count lives in this process's memory: behind a load balancer each instance counts on its own,
 * and Fastify's `trustProxy` must be set for `request.ip` to be the client's address.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new AppError(context.statusCode, tooManySubmissionsMessage(context.ttl)),
  });
}

export function routeRateLimit(limit: RateLimit) {
  return { max: limit.max, timeWindow: limit.timeWindowMs };
}
