import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Issue 21: every answer under /api/me is `Cache-Control: no-store`, signed in or not, error or not. */
describe('personal answers are never stored by caches', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.deps.database.db, { email: 'me@example.com', password: 'Mine#2026x' });
    cookie = await signInCookie(t, 'me@example.com', 'Mine#2026x');
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['/api/me', true],
    ['/api/me', false],
    ['/api/me/bookings', true],
    ['/api/me/bookings', false],
    ['/api/me/spaces', true],
    ['/api/me/spaces?x=1', true],
    ['/api/me/spaces/00000000-0000-4000-8000-000000000000', true],
    ['/api/me/spaces/00000000-0000-4000-8000-000000000000/calendar', true],
  ])('GET %s (signed in: %s)', async (url, signedIn) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: signedIn ? { cookie } : {},
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('does not catch paths that only start with the letters (/api/meetings)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/meetings' });
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
