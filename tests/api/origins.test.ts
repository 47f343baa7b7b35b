import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanAddresses } from '#server/http/trusted-origins.ts';
import { createUser } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Origins (issue 21): cross-site state-changing requests are refused on every API route, by
 * Origin or Fetch-Metadata, while same-origin browsers and clients without a browser's headers
 * go through; sign-in works from the addresses a development server listens on; production
 * cookies are Secure whatever PUBLIC_URL's scheme.
 */
let ip = 0;
const nextIp = () => `10.51.${Math.floor(++ip / 250)}.${ip % 250}`;

async function signIn(t: TestApp, email: string, password: string, origin: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: nextIp(),
    headers: { origin, 'accept-language': 'en' },
  });
}
const cookieOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string | string[] | undefined) ?? [])
    .find((c) => c.includes('hs.session_token='));

describe('cross-site requests (test environment, PUBLIC_URL http://localhost:3000)', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.deps.database.db, { email: 'csrf@example.com', password: 'Csrf#2026x' });
    const res = await signIn(t, 'csrf@example.com', 'Csrf#2026x', 'http://localhost:3000');
    cookie = cookieOf(res)!.split(';')[0]!;
  });
  afterAll(async () => {
    await t.close();
  });

  const book = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {},
      remoteAddress: nextIp(),
      headers: { cookie, 'accept-language': 'en', ...headers },
    });

  it('refuses POST /api/bookings from another origin, with a code (403 CROSS_SITE_REQUEST)', async () => {
    for (const headers of [
      { origin: 'https://evil.example' } as Record<string, string>,
      { origin: 'null' },
      { origin: 'http://localhost:3001' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ]) {
      const res = await book(headers);
      expect({ headers, status: res.statusCode }).toEqual({ headers, status: 403 });
      expect(res.json()).toEqual({
        error: {
          code: 'CROSS_SITE_REQUEST',
          message:
            'This request came from another website and was refused. Please use HourSpace directly.',
        },
      });
    }
  });

  it('refuses cross-site on every state-changing method and route outside better-auth', async () => {
    for (const [method, url] of [
      ['POST', '/api/contact'],
      ['POST', '/api/spaces'],
      ['POST', '/api/uploads/images'],
      ['POST', '/api/admin/spaces/00000000-0000-4000-8000-000000000000/approve'],
      ['DELETE', '/api/me/spaces/00000000-0000-4000-8000-000000000000/blocks/x'],
      ['DELETE', '/api/me/spaces/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: {},
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
  });

  it('lets same-origin browsers and clients without browser headers through to validation', async () => {
    for (const headers of [
      { origin: 'http://localhost:3000' } as Record<string, string>,
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ]) {
      const res = await book(headers);
      expect({ headers, status: res.statusCode }).toEqual({ headers, status: 400 });
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
  });

  // Issue 37: it used to let any request with an `Authorization: Bearer` header through — a junk
  // one beside the ambient cookie was enough to skip the check.
  it('refuses a cookie beside any Authorization header (junk or valid) from another site', async () => {
    const signedIn = await signIn(t, 'csrf@example.com', 'Csrf#2026x', 'http://localhost:3000');
    const token = signedIn.headers['set-auth-token'] as string;
    expect(token).toMatch(/\./);
    for (const authorization of ['Bearer some-token', 'Bearer x.y', `Bearer ${token}`]) {
      for (const headers of [
        { authorization, origin: 'https://evil.example' } as Record<string, string>,
        { authorization, 'sec-fetch-site': 'cross-site' },
      ]) {
        const res = await book(headers);
        expect({ headers, status: res.statusCode }).toEqual({ headers, status: 403 });
        expect(res.json()).toMatchObject({ error: { code: 'CROSS_SITE_REQUEST' } });
      }
    }
  });

  it('refuses a bearer token that opens no session from another site, even without a cookie', async () => {
    for (const authorization of ['Bearer some-token', 'Bearer x.y']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: {},
        remoteAddress: nextIp(),
        headers: { authorization, origin: 'https://app.example', 'accept-language': 'en' },
      });
      expect({ authorization, status: res.statusCode }).toEqual({ authorization, status: 403 });
    }
  });

  it('lets a valid bearer token without a cookie through whatever its headers say', async () => {
    const signedIn = await signIn(t, 'csrf@example.com', 'Csrf#2026x', 'http://localhost:3000');
    const token = signedIn.headers['set-auth-token'] as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {},
      remoteAddress: nextIp(),
      headers: {
        authorization: `Bearer ${token}`,
        'sec-fetch-site': 'cross-site',
        origin: 'https://app.example',
        'accept-language': 'en',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('leaves reads alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('sign-in from the addresses a development server listens on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development', HOST: '0.0.0.0', PORT: '3000' } });
    await createUser(t.deps.database.db, { email: 'dev@example.com', password: 'Dev#2026x' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in from http://127.0.0.1:3000, localhost and each LAN address → 200', async () => {
    const origins = [
      'http://127.0.0.1:3000',
      'http://localhost:3000',
      'http://[::1]:3000',
      ...lanAddresses().map((a) => (a.includes(':') ? `http://[${a}]:3000` : `http://${a}:3000`)),
    ];
    for (const origin of origins) {
      const res = await signIn(t, 'dev@example.com', 'Dev#2026x', origin);
      expect({ origin, status: res.statusCode }).toEqual({ origin, status: 200 });
      const session = cookieOf(res)!;
      // Sign-out from the same address works too (it failed silently before).
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        payload: {},
        headers: { origin, cookie: session.split(';')[0]! },
      });
      expect({ origin, status: out.statusCode }).toEqual({ origin, status: 200 });
    }
  });

  it('still refuses another site, with a code that says what to set', async () => {
    const res = await signIn(t, 'dev@example.com', 'Dev#2026x', 'http://127.0.0.1:4000');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'ORIGIN_NOT_TRUSTED' } });
    expect(res.json<{ error: { message: string } }>().error.message).toContain('PUBLIC_URL');
  });
});

describe('production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'p'.repeat(40),
        PUBLIC_URL: 'http://hourspace.internal:8080',
        ALLOW_HTTP_PUBLIC_URL: 'true',
      },
    });
    await createUser(t.deps.database.db, { email: 'prod@example.com', password: 'Prod#2026x' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sets Secure session cookies even behind an http:// PUBLIC_URL', async () => {
    const res = await signIn(t, 'prod@example.com', 'Prod#2026x', 'http://hourspace.internal:8080');
    expect(res.statusCode).toBe(200);
    const session = cookieOf(res)!;
    expect(session).toMatch(/^__Secure-hs\.session_token=/);
    expect(session).toMatch(/; Secure/i);
  });

  it('trusts PUBLIC_URL only: 127.0.0.1 is refused with ORIGIN_NOT_TRUSTED', async () => {
    const res = await signIn(t, 'prod@example.com', 'Prod#2026x', 'http://127.0.0.1:8080');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'ORIGIN_NOT_TRUSTED' } });
  });
});
