import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, jobs } from '#server/db/schema.ts';
import { bookingPeriod } from '#shared/domain/booking-slots.ts';
import { riyadhClock, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import { createSpace, createUser } from '../fixtures/factories.ts';
import { onPostgres } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * No double booking, ever — the renter's side: 50 booking requests sent at once, each overlapping
 * a confirmed booking of the space, are all refused (409 BOOKING_OVERLAP) and none is stored.
 *
 * On PostgreSQL (TEST_DATABASE_URL, as `.ci/run` does) the 50 requests really run concurrently,
 * on up to 20 pooled connections, each in its own transaction. On PGlite (the default) the same
 * test runs, but it proves less: PGlite has one connection and runs one query at a time, so the
 * transactions are serialised and never interleave.
 */
const PASSWORD = 'Riyadh#2026';
const ROUNDS = 20;
const CONCURRENT = 50;

function nextSunday(): string {
  const d = new Date(`${riyadhClock(new Date()).date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7);
  while (weekdayOf(d.toISOString().slice(0, 10)) !== 'sunday') d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe(`booking requests racing a confirmed booking (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  let t: TestApp;
  let cookies: string[];
  let spaceId: string;
  const date = nextSunday();

  beforeAll(async () => {
    // 2,000 requests from one test address: above the per-address API limit, which is not under test.
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
    const db = t.deps.database.db;
    const host = await createUser(db);
    spaceId = (
      await createSpace(db, {
        hostId: host.id,
        capacity: 20,
        opensAt: '08:00',
        closesAt: '22:00',
        availableDays: ['sunday'],
      })
    ).id;
    // Ten renters, each signed in, so the requests do not share one session; five requests each
    // to the space stay within a renter's pending requests (PENDING_PER_SPACE_MAX, issue 37).
    cookies = [];
    for (let i = 0; i < 10; i += 1) {
      const email = `racer${i}@example.test`;
      await createUser(db, { email, password: PASSWORD });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: PASSWORD },
        headers: { origin: 'http://localhost:3000' },
      });
      const raw = res.headers['set-cookie'];
      const list = Array.isArray(raw) ? raw : [String(raw)];
      cookies.push(list.find((c) => c.startsWith('hs.session_token='))!.split(';')[0]!);
    }
    // The confirmed booking, inserted straight into the database (the admin's confirm is
    // another feature's): Sunday 12:00–16:00.
    const { startsAt, endsAt } = bookingPeriod({ date, startTime: '12:00', endTime: '16:00' });
    await db.insert(bookings).values({
      spaceId,
      renterId: (await createUser(db)).id,
      renterEmail: 'first@example.test',
      date,
      startTime: '12:00',
      endTime: '16:00',
      period:
        sql`tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, '[)')` as unknown as string,
      guests: 2,
      contactPhone: '+966512345678',
      totalHalalas: 60_000,
      status: 'confirmed',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  // Every way to overlap 12:00–16:00 on the grid: starting before, inside, or covering it.
  const overlapping = [
    ['11:00', '12:30'],
    ['12:00', '16:00'],
    ['13:00', '14:00'],
    ['15:30', '17:00'],
    ['10:00', '18:00'],
  ] as const;

  it(`${ROUNDS} rounds of ${CONCURRENT} simultaneous overlapping requests: all 409, none stored`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const responses = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) => {
          const [startTime, endTime] = overlapping[i % overlapping.length]!;
          return t.app.inject({
            method: 'POST',
            url: '/api/bookings',
            headers: { cookie: cookies[i % cookies.length]!, 'accept-language': 'en' },
            payload: { spaceId, date, startTime, endTime, guests: 2, contactPhone: '0512345678' },
          });
        }),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses, `round ${round}`).toEqual(Array(CONCURRENT).fill(409));
      for (const r of responses) {
        expect(r.json<{ error: { code: string } }>().error.code).toBe('BOOKING_OVERLAP');
      }
    }
    const db = t.deps.database.db;
    expect((await db.select({ n: count() }).from(bookings))[0]!.n).toBe(1);
    expect(
      (await db.select({ n: count() }).from(bookings).where(eq(bookings.status, 'confirmed')))[0]!
        .n,
    ).toBe(1);
    // Nothing half-done: no email was queued for a refused request.
    expect((await db.select({ n: count() }).from(jobs))[0]!.n).toBe(0);
  });

  it('while requests back to back with it all succeed at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: { cookie: cookies[i % cookies.length]!, 'accept-language': 'en' },
          payload: {
            spaceId,
            date,
            ...(i % 2 === 0
              ? { startTime: '10:00', endTime: '12:00' }
              : { startTime: '16:00', endTime: '17:30' }),
            guests: 2,
            contactPhone: '0512345678',
          },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(CONCURRENT).fill(201));
    const pending = await t.deps.database.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.spaceId, spaceId), eq(bookings.status, 'pending')));
    expect(pending[0]!.n).toBe(CONCURRENT);
  });
});
