import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisCounter } from '#server/features/account/redis-counter.ts';
import { createUser } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The machine's Redis (CI has one); TEST_REDIS_URL points elsewhere. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('attempt counters in Redis', () => {
  it('counts within a window, expires, and resets', async () => {
    const counter = createRedisCounter(REDIS_URL);
    const key = `test:${randomUUID()}`;
    expect(await counter.count(key)).toBe(0);
    expect(await counter.hit(key, 300)).toBe(1);
    expect(await counter.hit(key, 300)).toBe(2);
    expect(await counter.count(key)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await counter.count(key)).toBe(0);
    await counter.hit(key, 60_000);
    await counter.reset(key);
    expect(await counter.count(key)).toBe(0);
    await counter.close();
  });

  describe('shared by two app instances', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      // A prefix of this run's own, so earlier runs' counts in the same Redis do not count.
      const env = { REDIS_URL, REDIS_KEY_PREFIX: `hs-test-${randomUUID().slice(0, 8)}:` };
      a = await createTestApp({ env });
      b = await createTestApp({ env });
    });
    afterAll(async () => {
      await a.close();
      await b.close();
    });

    it('failed sign-ins on one instance count on the other (same account and address)', async () => {
      const email = `shared-${randomUUID().slice(0, 8)}@example.com`;
      for (const t of [a, b])
        await createUser(t.deps.database.db, { email, password: 'Shared#2026' });
      const attempt = (t: TestApp, i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email, password: `Wrong#${i}x` },
          remoteAddress: '10.88.0.1',
          headers: { origin: 'http://localhost:3000' },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await attempt(i % 2 ? a : b, i)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('shares the contact limit: 5 of 12 messages from one address pass across both', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const res = await (i % 2 ? a : b).app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { name: 'Sara', email: 'sara@example.com', message: `Question number ${i}` },
          remoteAddress: '10.89.0.1',
          headers: { origin: 'http://localhost:3000' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    });

    it('shares the global API limit across both', async () => {
      const { max } = { max: a.config.apiRateLimitPerMinute };
      const answers = await Promise.all(
        Array.from({ length: max + 4 }, (_, i) =>
          (i % 2 ? a : b).app.inject({
            method: 'GET',
            url: '/api/config',
            remoteAddress: '10.89.0.2',
          }),
        ),
      );
      const limited = answers.filter((r) => r.statusCode === 429).length;
      expect(limited).toBe(4);
    });
  });
});
