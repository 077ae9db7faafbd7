import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** What the Redis connection says about itself: once when it goes, once when it comes back. */
export type RedisLogger = Pick<Logger, 'info' | 'warn'>;

/**
 * A Redis connection for counting that never makes a request wait for Redis: a command is refused at
 * once while the connection is down (no offline queue) and fails after a second on a stalled one, so
 * callers fall back at once (docs/decisions/0055-shared-limits-in-redis.md). It reconnects forever,
 * 100 ms after a loss and then at most every second. The outage is logged once, as is the return.
 */
export function connectRedis(url: string, logger: RedisLogger): Redis {
  const redis = new Redis(url, {
    connectTimeout: 1_000,
    enableAutoPipelining: true,
    commandTimeout: 1_000,
    enableOfflineQueue: false,
    // A counting command is not resent after a reconnect: it may have counted already.
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  let isDown = false;
  redis.on('ready', () => {
    if (isDown) logger.info('Redis reachable again: rate limits and the login throttle count in Redis again');
    isDown = false;
  });
  const lost = (err?: Error) => {
    if (isDown) return;
    isDown = true;
    logger.warn(
      { err: err ? { message: err.message } : undefined },
      "Redis unreachable: rate limits and the login throttle count in this instance's memory until it returns",
    );
  };
  // Every failed reconnect is an 'error' too: listening to it keeps ioredis from printing each one.
  // A connection closed without an error is lost too, unless closed on purpose (then no reconnect).
  redis.on('error', (err: Error) => lost(err));
  redis.on('reconnecting', () => lost());
  return redis;
}
