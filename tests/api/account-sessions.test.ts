import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSessions } from '#shared/schemas/sessions.ts';
import { createUser } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The account's signed-in devices (issue 38): listed without their tokens, ended one by one or
 * all at once; another account's session is 404 and stays signed in.
 */
describe('account sessions', () => {
  let t: TestApp;
  const PASSWORD = 'Riyadh#2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'DELETE' | 'POST', url: string, cookie?: string) =>
    t.app.inject({
      method,
      url,
      headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
    });
  const me = async (cookie: string) => (await call('GET', '/api/me', cookie)).statusCode;

  it('lists this account’s devices, marks this one, and never shows a token', async () => {
    await createUser(t.deps.database.db, { email: 'devices@example.test', password: PASSWORD });
    const phone = await signInCookie(t, 'devices@example.test', PASSWORD);
    const laptop = await signInCookie(t, 'devices@example.test', PASSWORD);
    const res = await call('GET', '/api/me/sessions', laptop);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { sessions } = res.json<AccountSessions>();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const token = decodeURIComponent(phone.split('=')[1]!).split('.')[0]!;
    expect(res.body).not.toContain(token);
    expect((await call('GET', '/api/me/sessions')).statusCode).toBe(401);
  });

  it('signs out of one device; another account’s session is 404 and untouched', async () => {
    await createUser(t.deps.database.db, { email: 'one@example.test', password: PASSWORD });
    await createUser(t.deps.database.db, { email: 'other@example.test', password: PASSWORD });
    const here = await signInCookie(t, 'one@example.test', PASSWORD);
    const there = await signInCookie(t, 'one@example.test', PASSWORD);
    const stranger = await signInCookie(t, 'other@example.test', PASSWORD);
    const mine = (await call('GET', '/api/me/sessions', here)).json<AccountSessions>().sessions;
    const theirs = (await call('GET', '/api/me/sessions', stranger)).json<AccountSessions>()
      .sessions;
    const notHere = mine.find((s) => !s.current)!;

    const foreign = await call('DELETE', `/api/me/sessions/${theirs[0]!.id}`, here);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(await me(stranger)).toBe(200);

    expect((await call('DELETE', `/api/me/sessions/${notHere.id}`, here)).statusCode).toBe(204);
    expect(await me(there)).toBe(401);
    expect(await me(here)).toBe(200);
    expect((await call('DELETE', `/api/me/sessions/${notHere.id}`, here)).statusCode).toBe(404);
  });

  it('signs out everywhere, this device included', async () => {
    await createUser(t.deps.database.db, { email: 'all@example.test', password: PASSWORD });
    const a = await signInCookie(t, 'all@example.test', PASSWORD);
    const b = await signInCookie(t, 'all@example.test', PASSWORD);
    expect((await call('POST', '/api/me/sessions/end-all', a)).statusCode).toBe(204);
    expect(await me(a)).toBe(401);
    expect(await me(b)).toBe(401);
  });
});
