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
    async release(key) {
      // Only an existing window is given back to, and never below zero (one round trip, atomic).
      await redis.eval(
        "local n = redis.call('GET', KEYS[1]) if n and tonumber(n) > 0 then return redis.call('DECR', KEYS[1]) end return 0",
        1,
        prefix + key,
      );
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

/**
 * The Redis connection of the request rate limits (@fastify/rate-limit's store): a short connect
 * timeout and one retry, as its documentation advises, so a slow Redis cannot hold requests.
 */
export function createLimitsRedis(url: string): Redis {
  return new Redis(url, { connectTimeout: 1_000, maxRetriesPerRequest: 1 });
}
