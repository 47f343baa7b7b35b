import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings } from '#server/db/schema.ts';
import type { MySpace } from '#shared/schemas/my-spaces.ts';
import type { SpaceSearchResult } from '#shared/schemas/spaces.ts';
import { createBooking, createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { riyadhDate } from '../support/live-app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 17: a host pauses, resumes and archives their own listing — through `transitionSpace`
 * like every space status change.
 */
const PASSWORD = 'Riyadh#2026';

describe('a host pauses, resumes and archives a listing', () => {
  let t: TestApp;
  let hostId: string;
  let renterId: string;
  const cookies: Record<'host' | 'other' | 'renter' | 'admin', string> = {
    host: '',
    other: '',
    renter: '',
    admin: '',
  };
  const date = riyadhDate(7);

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  const db = () => t.deps.database.db;
  const newSpace = (nameEn: string, status: 'approved' | 'pending' = 'approved') =>
    createSpace(db(), {
      ...openAllDay(hostId),
      nameEn,
      nameAr: null,
      listingLanguage: 'en',
      descriptionEn: 'A room.',
      status,
    });
  const request = (spaceId: string, startTime = '10:00', endTime = '11:00') =>
    call('POST', '/api/bookings', cookies.renter, {
      spaceId,
      date,
      startTime,
      endTime,
      guests: 2,
      contactPhone: '0512345678',
    });
  const searchIds = async (q: string) =>
    (await call('GET', `/api/spaces?q=${encodeURIComponent(q)}`))
      .json<SpaceSearchResult>()
      .items.map((i) => i.id);
  const audits = async (spaceId: string) =>
    (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.subjectId, spaceId)))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    const host = await createUser(db(), { email: 'host@example.test', password: PASSWORD });
    hostId = host.id;
    await createUser(db(), { email: 'other@example.test', password: PASSWORD });
    renterId = (await createUser(db(), { email: 'renter@example.test', password: PASSWORD })).id;
    await createUser(db(), { email: 'admin@example.test', password: PASSWORD, roles: ['admin'] });
    for (const who of ['host', 'other', 'renter', 'admin'] as const)
      cookies[who] = await signInCookie(t, `${who}@example.test`, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  it('pause: out of search, the page stays and says so, requests get 409 SPACE_PAUSED, bookings stay', async () => {
    const space = await newSpace('Zephyr Pausable Hall');
    const booked = await createBooking(db(), {
      spaceId: space.id,
      renterId,
      renterEmail: 'renter@example.test',
      date,
      startTime: '15:00',
      endTime: '16:00',
      status: 'confirmed',
    });
    expect(await searchIds('Zephyr')).toContain(space.id);

    const paused = await call('POST', `/api/me/spaces/${space.id}/pause`, cookies.host);
    expect(paused.statusCode).toBe(200);
    expect(paused.json<MySpace>().status).toBe('paused');
    expect(await searchIds('Zephyr')).not.toContain(space.id);

    const page = await call('GET', `/api/spaces/${space.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().status).toBe('paused');

    const refused = await request(space.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SPACE_PAUSED');
    expect(refused.json().error.message).toMatch(/paused/);
    const [kept] = await db().select().from(bookings).where(eq(bookings.id, booked.id));
    expect(kept!.status).toBe('confirmed');

    // Pausing again is a no-op: 200, nothing written.
    const before = await audits(space.id);
    const again = await call('POST', `/api/me/spaces/${space.id}/pause`, cookies.host);
    expect(again.statusCode).toBe(200);
    expect(again.json<MySpace>().status).toBe('paused');
    expect(await audits(space.id)).toBe(before);

    const resumed = await call('POST', `/api/me/spaces/${space.id}/resume`, cookies.host);
    expect(resumed.json<MySpace>().status).toBe('approved');
    expect(await searchIds('Zephyr')).toContain(space.id);
    expect((await request(space.id)).statusCode).toBe(201);
    const actions = await db()
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.subjectId, space.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['space.pause', 'space.resume']);
    expect(actions.every((a) => a.actorId === hostId)).toBe(true);
  });

  it('only the host: another host, a renter and an admin get 404; signed out 401', async () => {
    const space = await newSpace('Guarded Hall');
    for (const who of ['other', 'renter', 'admin'] as const) {
      for (const [method, path] of [
        ['POST', 'pause'],
        ['POST', 'resume'],
        ['DELETE', ''],
      ] as const) {
        const res = await call(
          method,
          `/api/me/spaces/${space.id}${path ? `/${path}` : ''}`,
          cookies[who],
        );
        expect(res.statusCode, `${who} ${method} ${path}`).toBe(404);
      }
    }
    expect((await call('POST', `/api/me/spaces/${space.id}/pause`)).statusCode).toBe(401);
    expect((await call('POST', '/api/me/spaces/not-a-uuid/pause', cookies.host)).statusCode).toBe(
      404,
    );
    expect(await audits(space.id)).toBe(0);
  });

  it('a listing under review cannot be paused (409 SPACE_STATE with its state)', async () => {
    const space = await newSpace('Pending Hall', 'pending');
    const res = await call('POST', `/api/me/spaces/${space.id}/pause`, cookies.host);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SPACE_STATE');
    expect(res.json().error.current.status).toBe('pending');
  });

  it('archive: refused while a confirmed booking is to come; then gone from view, requests and confirms', async () => {
    const space = await newSpace('Archivable Hall');
    const upcoming = await createBooking(db(), {
      spaceId: space.id,
      renterId,
      renterEmail: 'renter@example.test',
      date,
      startTime: '09:00',
      endTime: '10:00',
      status: 'confirmed',
    });
    const refused = await call('DELETE', `/api/me/spaces/${space.id}`, cookies.host);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SPACE_HAS_UPCOMING_BOOKINGS');

    const pending = await request(space.id, '12:00', '13:00');
    expect(pending.statusCode).toBe(201);
    // Once the booking has taken place, archiving works.
    const past = riyadhDate(-3);
    const pastRange =
      sql`tstzrange(${`${past} 09:00+03`}::timestamptz, ${`${past} 10:00+03`}::timestamptz, '[)')` as unknown as string;
    await db()
      .update(bookings)
      .set({
        date: past,
        period: pastRange,
        busyPeriod: pastRange,
      })
      .where(eq(bookings.id, upcoming.id));
    const archived = await call('DELETE', `/api/me/spaces/${space.id}`, cookies.host);
    expect(archived.statusCode).toBe(200);
    expect(archived.json<MySpace>().status).toBe('archived');

    expect((await call('GET', `/api/spaces/${space.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/spaces/${space.id}`, cookies.host)).statusCode).toBe(200);
    expect((await request(space.id, '14:00', '15:00')).statusCode).toBe(404);
    // Its pending request was declined by the archive (issue 37), so there is nothing to confirm.
    const pendingId = pending.json<{ id: string }>().id;
    const [declined] = await db().select().from(bookings).where(eq(bookings.id, pendingId));
    expect([declined!.status, declined!.statusReason]).toEqual(['rejected', 'SPACE_ARCHIVED']);
    const confirm = await call('POST', `/api/admin/bookings/${pendingId}/confirm`, cookies.admin);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.code).toBe('BOOKING_ALREADY_DECIDED');
    // A pending row of an archived space (written straight to the table) is still never confirmed.
    const stray = await createBooking(db(), {
      spaceId: space.id,
      renterId: declined!.renterId,
      renterEmail: declined!.renterEmail,
      date: declined!.date,
      startTime: '18:00',
      endTime: '19:00',
      status: 'pending',
    });
    const strayConfirm = await call(
      'POST',
      `/api/admin/bookings/${stray.id}/confirm`,
      cookies.admin,
    );
    expect(strayConfirm.statusCode).toBe(409);
    expect(strayConfirm.json().error.code).toBe('SPACE_ARCHIVED');
    expect((await call('DELETE', `/api/me/spaces/${space.id}`, cookies.host)).statusCode).toBe(409);
  });
});
