import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * TRUST_PROXY decides the client address the API rate limit keys on. Behind one proxy, two
 * people are two addresses; without a trusted proxy, X-Forwarded-For is anyone's to write and
 * is ignored. (Fastify 5.12 reads a bare hop count as "trust nobody": the app passes a function.)
 */
describe('the client address behind a proxy (TRUST_PROXY)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const remaining = async (app: TestApp, forwardedFor: string) => {
    const res = await app.app.inject({
      method: 'GET',
      url: '/api/config',
      remoteAddress: '10.0.0.2', // the proxy
      headers: { 'x-forwarded-for': forwardedFor },
    });
    expect(res.statusCode, res.body).toBe(200);
    return Number(res.headers['x-ratelimit-remaining']);
  };

  it('TRUST_PROXY=1: each forwarded address has its own API rate limit', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', API_RATE_LIMIT_PER_MINUTE: '600' } });
    expect(await remaining(t, '192.0.2.1')).toBe(599);
    expect(await remaining(t, '192.0.2.1')).toBe(598);
    expect(await remaining(t, '192.0.2.2')).toBe(599);
    // One hop trusted: the address the proxy saw, not what the client wrote before it.
    expect(await remaining(t, '198.51.100.7, 192.0.2.2')).toBe(598);
  });

  it('TRUST_PROXY=2: the client is two hops away', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '2', API_RATE_LIMIT_PER_MINUTE: '600' } });
    expect(await remaining(t, '192.0.2.1, 10.0.0.9')).toBe(599);
    expect(await remaining(t, '192.0.2.3, 10.0.0.9')).toBe(599);
    expect(await remaining(t, '192.0.2.1, 10.0.0.9')).toBe(598);
  });

  it('TRUST_PROXY=false: X-Forwarded-For is ignored, the socket address counts', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'false', API_RATE_LIMIT_PER_MINUTE: '600' } });
    expect(await remaining(t, '192.0.2.1')).toBe(599);
    expect(await remaining(t, '192.0.2.2')).toBe(598);
  });
});
