import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ORIGIN = 'http://localhost:3000';

/**
 * Google sign-in through OpenID Connect, end to end against a local OIDC provider
 * (oauth2-mock-server): the start, the provider's redirect, the callback, the session.
 */
describe('Google sign-in (OIDC)', () => {
  let oidc: OAuth2Server;
  let t: TestApp;
  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    oidc.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, {
        sub: 'google-123',
        email: 'layla@gmail.test',
        email_verified: true,
        name: 'Layla Al-Shehri',
      });
    });
    t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: 'hourspace-client',
        GOOGLE_CLIENT_SECRET: 'hourspace-secret',
        GOOGLE_ISSUER: oidc.issuer.url!,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.stop();
  });

  it('is announced by /api/config', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
      googleSignIn: true,
    });
  });

  it('runs the whole redirect flow and signs the user in', async () => {
    const jar = new Map<string, string>();
    const keep = (raw: unknown) => {
      for (const cookie of ([] as string[]).concat((raw as string | string[] | undefined) ?? [])) {
        const [pair] = cookie.split(';');
        const i = pair!.indexOf('=');
        const value = pair!.slice(i + 1);
        if (value) jar.set(pair!.slice(0, i), value);
        else jar.delete(pair!.slice(0, i));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ORIGIN },
      payload: {
        provider: 'google',
        callbackURL: '/explore-spaces',
        errorCallbackURL: '/auth?error=google',
      },
    });
    expect(start.statusCode).toBe(200);
    keep(start.headers['set-cookie']);
    const authorize = new URL(start.json<{ url: string }>().url);
    expect(authorize.origin).toBe(new URL(oidc.issuer.url!).origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    const provider = await fetch(authorize, { redirect: 'manual' });
    expect(provider.status).toBe(302);
    const callback = new URL(provider.headers.get('location')!);
    expect(callback.pathname).toBe('/api/auth/callback/google');

    const back = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: cookie() },
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/explore-spaces');
    keep(back.headers['set-cookie']);
    expect(jar.has('hs.session_token')).toBe(true);

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookie() } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email: 'layla@gmail.test', fullName: 'Layla Al-Shehri', emailVerified: true },
    });
  });

  it('refuses a callback with a forged state', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?code=abc&state=forged',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('error=');
  });
});
