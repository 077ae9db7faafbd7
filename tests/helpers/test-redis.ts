import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis server of the tests that need one (TEST_REDIS_URL; CI sets it), shared with other runs. */
export const testRedisUrl = process.env.TEST_REDIS_URL;

/** A key prefix of one test's own, so that runs in parallel never count together. */
export function testRedisPrefix(): string {
  return `bir-test-${randomBytes(6).toString('hex')}:`;
}

/** Removes what a test counted under its prefix (the keys would expire anyway, in minutes). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl as string);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
