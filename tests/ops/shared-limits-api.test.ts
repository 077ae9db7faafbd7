import { createServer, type AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/server/app-deps.js';
import { buildApp, type App } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/client.js';
import { redisLimitStore } from '../../src/server/lib/limit-store.js';
import { connectRedis } from '../../src/server/lib/redis.js';
import { captureLog, type CapturedLog } from '../helpers/captured-log.js';
import { startCuttableProxy } from '../helpers/cuttable-proxy.js';
import { startOwnRedisServer } from '../helpers/own-redis-server.js';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import { testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';
import { deleteRedisKeys, testRedisPrefix, testRedisUrl } from '../helpers/test-redis.js';

// Several instances count their limits together in Redis (docs/decisions/0055-shared-limits-in-redis.md).
// The instances here share one database as well; the database is not what these tests are about.

const loginRefused = 'Too many failed login attempts. Please try again in 15 minutes.';
const submissionsRefused = 'Too many submissions from this address. Please try again in 10 minutes.';
const redisDown = "Redis unreachable: rate limits and the login throttle count in this instance's memory until it returns";
const redisBack = 'Redis reachable again: rate limits and the login throttle count in Redis again';

interface Instance {
  app: App;
  redis: Redis;
  log: CapturedLog;
}

describe.skipIf(!testRedisUrl)('limits shared through Redis', () => {
  let database: Database;
  const started: Instance[] = [];
  const prefixes: string[] = [];

  beforeAll(async () => {
    database = await testDatabaseKinds[0]!.open();
  });
  afterAll(async () => {
    for (const instance of started) {
      await instance.app.close();
      instance.redis.disconnect();
    }
    await Promise.all(prefixes.map(deleteRedisKeys));
    await database?.close();
  });

  /** An instance as main.ts makes it with REDIS_URL=`redisUrl`, counting under `prefix`. */
  async function startInstance(redisUrl: string, prefix: string, rateLimits: AppDeps['rateLimits'] = {}): Promise<Instance> {
    const log = captureLog();
    const redis = connectRedis(redisUrl, log.logger);
    const app = await buildApp({ db: database.db, clock: () => testNow, limitStore: redisLimitStore(redis, prefix), rateLimits }, { logger: false });
    const instance = { app, redis, log };
    started.push(instance);
    return instance;
  }

  /** Two instances on Redis at `redisUrl`, counting together under a prefix of this test's own. */
  async function startTwo(redisUrl: string, rateLimits?: AppDeps['rateLimits']): Promise<[Instance, Instance]> {
    const prefix = testRedisPrefix();
    prefixes.push(prefix);
    const pair: [Instance, Instance] = [await startInstance(redisUrl, prefix, rateLimits), await startInstance(redisUrl, prefix, rateLimits)];
    await expect.poll(() => pair.map((instance) => instance.redis.status)).toEqual(['ready', 'ready']);
    return pair;
  }

  const wrongLogin = (instance: Instance, remoteAddress: string) =>
    instance.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'admin', password: 'wrong' }, remoteAddress });
  let demos = 0;
  /** A new demo each time (the same link twice is refused as already sent). */
  const submitDemo = (instance: Instance, remoteAddress: string) => {
    demos += 1;
    const track = aDemoTrack({ soundCloudPrivateLink: `https://soundcloud.com/maraq/night-shift-${demos}/s-AbC12dEf` });
    return instance.app.inject({ method: 'POST', url: '/api/submit-demo', payload: { label: 'deep', artist: aDemoArtist(), track, termsAccepted: true }, remoteAddress });
  };
  const read = (instance: Instance, remoteAddress: string) => instance.app.inject({ method: 'GET', url: '/api/labels', remoteAddress });

  async function statuses(requests: (() => Promise<{ statusCode: number }>)[]): Promise<number[]> {
    const answers: number[] = [];
    for (const request of requests) answers.push((await request()).statusCode);
    return answers;
  }

  it('refuses the 6th failed login on one instance after 5 on the other, with the throttle message', async () => {
    const [a, b] = await startTwo(testRedisUrl!);
    expect(await statuses(Array.from({ length: 5 }, () => () => wrongLogin(a, '198.51.100.1')))).toEqual([401, 401, 401, 401, 401]);
    const refused = await wrongLogin(b, '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, error: loginRefused, message: loginRefused });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another address is counted apart, on either instance.
    expect((await wrongLogin(b, '198.51.100.2')).statusCode).toBe(401);
  });

  it('lets exactly 5 of 30 concurrent wrong logins spread over both instances through (counted first, atomically)', async () => {
    const [a, b] = await startTwo(testRedisUrl!);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => wrongLogin(i % 2 === 0 ? a : b, '198.51.100.3')));
    expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(25);
  });

  it("counts a route's own limit (demo submissions) and the read limit across instances, with today's 429", async () => {
    const [a, b] = await startTwo(testRedisUrl!, { demos: { max: 2, timeWindowMs: 10 * 60_000 }, reads: { max: 3, timeWindowMs: 60_000 } });
    expect(await statuses([() => submitDemo(a, '203.0.113.5'), () => submitDemo(b, '203.0.113.5')])).toEqual([201, 201]);
    const refused = await submitDemo(a, '203.0.113.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, error: submissionsRefused, message: submissionsRefused, reqId: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(9 * 60);
    expect(refused.headers['x-ratelimit-limit']).toBe('2');

    expect(await statuses([() => read(a, '203.0.113.5'), () => read(b, '203.0.113.5'), () => read(a, '203.0.113.5'), () => read(b, '203.0.113.5')])).toEqual([
      200, 200, 200, 429,
    ]);
    expect((await read(b, '203.0.113.6')).statusCode).toBe(200);
  });

  it('with Redis unreachable from the start, answers every request, limits in memory and says so once', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const instance = await startInstance(`redis://127.0.0.1:${closedPort}`, testRedisPrefix(), { demos: { max: 2, timeWindowMs: 10 * 60_000 } });
    await expect.poll(() => instance.log.messages('warn')).toEqual([redisDown]);
    expect(await statuses([() => submitDemo(instance, '203.0.113.9'), () => submitDemo(instance, '203.0.113.9'), () => submitDemo(instance, '203.0.113.9')])).toEqual([
      201, 201, 429,
    ]);
    expect(await statuses(Array.from({ length: 6 }, () => () => wrongLogin(instance, '203.0.113.9')))).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await read(instance, '203.0.113.9')).statusCode).toBe(200);
    // Every request and every reconnect attempt failed: the outage was still logged once.
    expect(instance.log.messages('warn')).toEqual([redisDown]);
  });

  it('when Redis goes away, each instance limits in its own memory; when it is back, they count together in Redis again', async () => {
    const proxy = await startCuttableProxy(Number(new URL(testRedisUrl!).port || 6379));
    try {
      const [a, b] = await startTwo(`redis://127.0.0.1:${proxy.port}`, { demos: { max: 2, timeWindowMs: 10 * 60_000 } });
      expect(await statuses([() => wrongLogin(a, '192.0.2.10'), () => wrongLogin(b, '192.0.2.10'), () => wrongLogin(a, '192.0.2.10')])).toEqual([401, 401, 401]);

      await proxy.cut();
      await expect.poll(() => [a.log.messages('warn'), b.log.messages('warn')]).toEqual([[redisDown], [redisDown]]);
      // Answered, and limited by each instance on its own: two submissions on each, the third refused.
      const submissions = [a, a, a, b, b, b].map((instance) => () => submitDemo(instance, '192.0.2.20'));
      expect(await statuses(submissions)).toEqual([201, 201, 429, 201, 201, 429]);
      expect((await read(b, '192.0.2.20')).statusCode).toBe(200);

      await proxy.restore();
      await expect.poll(() => [a.log.messages('info'), b.log.messages('info')], { timeout: 10_000 }).toEqual([[redisBack], [redisBack]]);
      // The count in Redis goes on from the 3 failures before the outage, across both instances.
      expect(await statuses([() => wrongLogin(b, '192.0.2.10'), () => wrongLogin(a, '192.0.2.10'), () => wrongLogin(b, '192.0.2.10')])).toEqual([401, 401, 429]);
      expect([a.log.messages('warn'), b.log.messages('warn')]).toEqual([[redisDown], [redisDown]]);
    } finally {
      await proxy.close();
    }
  });

  it('when Redis stalls (stopped, not refusing), says so and counts in memory without holding requests; back in Redis when it answers', async () => {
    const server = await startOwnRedisServer();
    try {
      const prefix = testRedisPrefix();
      const instance = await startInstance(server.url, prefix);
      await expect.poll(() => instance.redis.status).toBe('ready');
      expect(await statuses(Array.from({ length: 3 }, () => () => wrongLogin(instance, '192.0.2.30')))).toEqual([401, 401, 401]);

      server.pause();
      // Every request is answered, the stall is logged once, and the throttle holds, counted in memory.
      expect((await read(instance, '192.0.2.31')).statusCode).toBe(200);
      await expect.poll(() => instance.log.messages('warn'), { timeout: 10_000 }).toEqual([redisDown]);
      expect(await statuses(Array.from({ length: 6 }, () => () => wrongLogin(instance, '192.0.2.32')))).toEqual([401, 401, 401, 401, 401, 429]);
      expect(instance.redis.status).not.toBe('ready');

      server.resume();
      await expect.poll(() => instance.log.messages('info'), { timeout: 15_000 }).toEqual([redisBack]);
      // The count in Redis goes on from the 3 failures before the stall.
      expect(await statuses([() => wrongLogin(instance, '192.0.2.30'), () => wrongLogin(instance, '192.0.2.30'), () => wrongLogin(instance, '192.0.2.30')])).toEqual([401, 401, 429]);
      expect(instance.log.messages('warn')).toEqual([redisDown]);
    } finally {
      await server.close();
    }
  });
});
