import { Redis, type Command, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

/** What the Redis connection says about itself: once when it goes, once when it comes back. */
export type RedisLogger = Pick<Logger, 'info' | 'warn'>;

/**
 * The most a counting command waits on Redis before it counts in memory instead. Redis answers in well
 * under a millisecond on a local network; the margin is for this process's own event loop, which on a
 * starved machine can run a timer before it reads an answer that has arrived (a false stall, which
 * costs a moment of counting in memory).
 */
export const redisCommandTimeoutMs = 500;

/** ioredis, telling `onStall` when a command went unanswered for `commandTimeout` on a connection that is up. */
class StallWatchingRedis extends Redis {
  constructor(url: string, options: RedisOptions, private readonly onStall: (err: Error) => void) {
    super(url, options);
  }

  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    const sent = super.sendCommand(command, stream);
    command.promise.catch((err: unknown) => {
      if (err instanceof Error && err.message === 'Command timed out') this.onStall(err);
    });
    return sent;
  }
}

/**
 * A Redis connection for counting that never makes a request wait long for Redis
 * (docs/decisions/0057-redis-stalls.md): a command is refused at once while the connection is down (no
 * offline queue), and fails after `redisCommandTimeoutMs` on a stalled one. A stalled server (stopped,
 * or a network path that drops everything) is a circuit to open: the first command it leaves unanswered
 * drops the connection, so that every counter goes to memory at once (`rejectIfRedisNotReady`) rather
 * than each request waiting out its own timeout. Reconnecting is the probe: the connection is ready
 * again only when Redis answers its ready check, within the same timeout. It reconnects forever, 100 ms
 * after a loss and then at most every second. The outage is logged once, as is the return.
 */
export function connectRedis(url: string, logger: RedisLogger): Redis {
  let isDown = false;
  const lost = (err?: Error) => {
    if (isDown) return;
    isDown = true;
    logger.warn(
      { err: err ? { message: err.message } : undefined },
      "Redis unreachable: rate limits and the login throttle count in this instance's memory until it returns",
    );
  };
  const redis: Redis = new StallWatchingRedis(
    url,
    {
      connectTimeout: 1_000,
      enableAutoPipelining: true,
      commandTimeout: redisCommandTimeoutMs,
      enableOfflineQueue: false,
      // A counting command is not resent after a reconnect: it may have counted already.
      autoResendUnfulfilledCommands: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
      // A stalled server never closes its side: the connection is destroyed at once rather than after
      // ioredis's 2 s, during which it would still count as ready and every command wait its timeout.
      disconnectTimeout: 0,
    },
    (err) => {
      if (redis.status !== 'ready') return;
      lost(err);
      redis.disconnect(true);
    },
  );
  redis.on('ready', () => {
    if (isDown) logger.info('Redis reachable again: rate limits and the login throttle count in Redis again');
    isDown = false;
  });
  // Every failed reconnect is an 'error' too: listening to it keeps ioredis from printing each one.
  // A connection closed without an error is lost too, unless closed on purpose (then no reconnect).
  redis.on('error', (err: Error) => lost(err));
  redis.on('reconnecting', () => lost());
  return redis;
}
