import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riyadhClock, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import { createSpace, createUser } from '../fixtures/factories.ts';
import { answerProblems, type OpenApiDocument } from '../support/openapi.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The next Sunday at least a week ahead (the test space opens Sunday to Thursday). */
function nextSunday(): string {
  const d = new Date(`${riyadhClock(new Date()).date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7);
  while (weekdayOf(d.toISOString().slice(0, 10)) !== 'sunday') d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Token sessions for apps (issue 21, better-auth's bearer plugin): sign-in answers with a
 * `set-auth-token` header; `Authorization: Bearer <it>` works on every route — /api/me, a booking
 * request, an admin route — with no cookie and no Origin (an app sends neither), and is refused
 * once the session is signed out.
 */
describe('bearer tokens', () => {
  let t: TestApp;
  let spaceId = '';
  let ip = 0;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    const db = t.deps.database.db;
    const host = await createUser(db, { email: 'app-host@example.test', password: 'Host#2026x' });
    await createUser(db, { email: 'app-renter@example.test', password: 'Renter#2026x' });
    await createUser(db, {
      email: 'app-admin@example.test',
      password: 'Admin#2026x',
      roles: ['admin'],
    });
    spaceId = (
      await createSpace(db, {
        hostId: host.id,
        opensAt: '08:00',
        closesAt: '22:00',
        availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
      })
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Signs in as an app does: no Origin, no cookie kept; returns the token. */
  async function tokenFor(email: string, password: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      remoteAddress: `10.61.0.${++ip}`,
    });
    expect(res.statusCode).toBe(200);
    const token = res.headers['set-auth-token'];
    expect(typeof token).toBe('string');
    return token as string;
  }

  const withToken = (
    token: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    extra: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      remoteAddress: `10.61.1.${++ip}`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...extra },
    });

  it('works on /api/me and a booking request, then is refused after sign-out', async () => {
    const token = await tokenFor('app-renter@example.test', 'Renter#2026x');
    const me = await withToken(token, 'GET', '/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: 'app-renter@example.test' } });
    expect(me.headers['set-cookie']).toBeUndefined();

    const booking = await withToken(token, 'POST', '/api/bookings', {
      spaceId,
      date: nextSunday(),
      startTime: '10:00',
      endTime: '11:00',
      guests: 2,
      contactPhone: '0512345678',
    });
    expect(booking.statusCode).toBe(201);
    expect(booking.json()).toMatchObject({ spaceId, status: 'pending' });
    // Both answers are what the API's description says.
    expect([
      ...answerProblems(doc, 'GET', '/api/me', me),
      ...answerProblems(doc, 'POST', '/api/bookings', booking),
    ]).toEqual([]);
    const mine = await withToken(token, 'GET', '/api/me/bookings');
    expect(mine.statusCode).toBe(200);

    const out = await withToken(token, 'POST', '/api/auth/sign-out', {});
    expect(out.statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['GET', '/api/me/bookings'],
      ['POST', '/api/bookings'],
    ] as const) {
      const res = await withToken(token, method, url, method === 'POST' ? {} : undefined);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
  });

  it('works on an admin route for an admin, 403 for a renter', async () => {
    const admin = await tokenFor('app-admin@example.test', 'Admin#2026x');
    const queue = await withToken(admin, 'GET', '/api/admin/spaces');
    expect(queue.statusCode).toBe(200);
    expect(answerProblems(doc, 'GET', '/api/admin/spaces', queue)).toEqual([]);
    const renter = await tokenFor('app-renter@example.test', 'Renter#2026x');
    expect((await withToken(renter, 'GET', '/api/admin/spaces')).statusCode).toBe(403);
    // Signed out with it, the admin's token opens nothing.
    expect((await withToken(admin, 'POST', '/api/auth/sign-out', {})).statusCode).toBe(200);
    const after = await withToken(admin, 'GET', '/api/admin/spaces');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it('is not fooled by an unsigned or forged token', async () => {
    const token = await tokenFor('app-renter@example.test', 'Renter#2026x');
    const [raw, signature] = token.split('.');
    for (const forged of [raw!, `${raw}.${'A'.repeat(signature!.length)}`, 'x.y', 'garbage']) {
      const res = await withToken(forged, 'GET', '/api/me');
      expect({ forged, status: res.statusCode }).toEqual({ forged, status: 401 });
    }
  });

  it('is sent by an app from anywhere: a cross-site Origin does not stop a bearer client', async () => {
    const token = await tokenFor('app-renter@example.test', 'Renter#2026x');
    const res = await withToken(
      token,
      'POST',
      '/api/bookings',
      {},
      { origin: 'capacitor://localhost' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });
});
