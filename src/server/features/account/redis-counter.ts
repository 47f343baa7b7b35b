import { Redis } from 'ioredis';
import type { AttemptCounter } from './attempt-counter.ts';

/**
 * The attempt counters in Redis (REDIS_URL), shared by every app instance: INCR, and the window's
 * expiry set only by the first attempt of a window (PEXPIRE … NX), in one round trip.
 */
export function createRedisCounter(
  url: string,
  keyPrefix = 'hs:',
): AttemptCounter & { close(): Promise<void> } {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  const prefix = `${keyPrefix}attempts:`;
  return {
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async hit(key, windowMs) {
      const result = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec();
      const [error, value] = result?.[0] ?? [new Error('no reply'), 0];
      if (error) throw error;
      return Number(value);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
