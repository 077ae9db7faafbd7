import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** One limit: `points` per `duration` seconds, per key, its keys apart from other limits' by `keyPrefix`. */
export interface LimitOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}

/**
 * Where every limit counts (the HTTP rate limits and the login throttle): one counter per limit, made
 * by the store. This process's memory by default; Redis when several instances must count together
 * (docs/decisions/0055-shared-limits-in-redis.md).
 */
export type LimitStore = (options: LimitOptions) => RateLimiterAbstract;

export const memoryLimitStore: LimitStore = (options) => new RateLimiterMemory(options);

/**
 * Counts in Redis, under `keyPrefix` (so that several sites can share one Redis). While Redis cannot
 * answer, each counter counts in this process's memory instead (rate-limiter-flexible's insurance
 * limiter), and back in Redis as soon as it answers again; what was counted in memory stays there.
 */
export function redisLimitStore(redis: Redis, keyPrefix: string): LimitStore {
  return (options) =>
    new RateLimiterRedis({
      ...options,
      storeClient: redis,
      keyPrefix: `${keyPrefix}${options.keyPrefix}`,
      // Straight to memory while the connection is not up, without trying Redis first.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
}
