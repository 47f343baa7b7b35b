import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, spaceBlocks } from '#server/db/schema.ts';
import {
  inBookingTransaction,
  SYSTEM_ACTOR,
  transitionBooking,
} from '#server/features/bookings/transition-booking.ts';
import { createBooking, createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { riyadhDate } from '../support/live-app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { onPostgres } from '../support/test-database.ts';

/**
 * PAYMENT_WINDOW_HOURS reaches every confirm from the one place the transition's settings are
 * read (`transitionSettings`): the admin's, the host's and an `instant` request's own confirm
 * all set the deadline 6 hours after the decision, not the 24-hour default. And `pay`
 * (confirmed → confirmed) is not a confirm: it neither rechecks blocks nor declines requests.
 */
const PASSWORD = 'Window#2026hs';
const WINDOW_MS = 6 * 3_600_000;

describe(`the payment window from the config (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  const cookie = { host: '', admin: '', renter: '' };
  let hostId: string;
  let renter: { id: string; email: string };
  const db = () => t.deps.database.db;

  const post = (url: string, who: keyof typeof cookie, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: cookie[who], 'accept-language': 'en' },
      payload,
    });

  /** The deadline is the decision plus the window (the stamp is the database's clock, the
   * deadline the app's: a minute apart at most, where the default would be 18 hours off). */
  async function expectSixHours(id: string) {
    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(row!.status).toBe('confirmed');
    const window = row!.paymentDueAt!.getTime() - row!.decidedAt!.getTime();
    expect(Math.abs(window - WINDOW_MS)).toBeLessThan(60_000);
  }

  const pending = async (decisionMode: 'admin' | 'host', days: number) => {
    const space = await createSpace(db(), { ...openAllDay(hostId), decisionMode });
    return createBooking(db(), {
      spaceId: space.id,
      renterId: renter.id,
      renterEmail: renter.email,
      date: riyadhDate(days),
      startTime: '10:00',
      endTime: '12:00',
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_WINDOW_HOURS: '6' } });
    hostId = (
      await createUser(db(), {
        email: 'window.host@example.test',
        password: PASSWORD,
        decisionModes: ['admin', 'host', 'instant'],
      })
    ).id;
    await createUser(db(), {
      email: 'window.admin@example.test',
      password: PASSWORD,
      roles: ['admin'],
    });
    renter = await createUser(db(), { email: 'window.renter@example.test', password: PASSWORD });
    cookie.host = await signInCookie(t, 'window.host@example.test', PASSWORD);
    cookie.admin = await signInCookie(t, 'window.admin@example.test', PASSWORD);
    cookie.renter = await signInCookie(t, 'window.renter@example.test', PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  it('an admin’s confirm', async () => {
    const b = await pending('admin', 10);
    expect((await post(`/api/admin/bookings/${b.id}/confirm`, 'admin')).statusCode).toBe(200);
    await expectSixHours(b.id);
  });

  it('a host’s confirm', async () => {
    const b = await pending('host', 11);
    expect((await post(`/api/host/bookings/${b.id}/confirm`, 'host')).statusCode).toBe(200);
    await expectSixHours(b.id);
  });

  it('paying does not redo the confirm: a block or a request added since over its time changes nothing', async () => {
    const b = await pending('admin', 13);
    expect((await post(`/api/admin/bookings/${b.id}/confirm`, 'admin')).statusCode).toBe(200);
    const [before] = await db().select().from(bookings).where(eq(bookings.id, b.id));
    // Written past the routes (which refuse both over a confirmed time): had the pay rescanned
    // the time, the block would refuse it and the request would be declined as SLOT_TAKEN.
    await db().insert(spaceBlocks).values({
      spaceId: b.spaceId,
      date: b.date,
      startTime: '10:00',
      endTime: '12:00',
      period: before!.period,
    });
    const later = await createBooking(db(), {
      spaceId: b.spaceId,
      renterId: renter.id,
      renterEmail: renter.email,
      date: b.date,
      startTime: '11:00',
      endTime: '12:00',
    });
    await inBookingTransaction(db(), b.id, (tx) =>
      transitionBooking(tx, b.id, 'pay', SYSTEM_ACTOR, {
        requestLocale: 'en',
        publicUrl: t.config.publicUrl,
      }),
    );
    const [paid] = await db().select().from(bookings).where(eq(bookings.id, b.id));
    expect(paid!.status).toBe('confirmed');
    expect(paid!.paidAt).not.toBeNull();
    expect(paid!.busyPeriod).toBe(before!.busyPeriod);
    expect(paid!.paymentDueAt).toEqual(before!.paymentDueAt);
    const [still] = await db().select().from(bookings).where(eq(bookings.id, later.id));
    expect(still!.status).toBe('pending');
  });

  it('an instant request’s own confirm', async () => {
    const space = await createSpace(db(), { ...openAllDay(hostId), decisionMode: 'instant' });
    const res = await post('/api/bookings', 'renter', {
      spaceId: space.id,
      date: riyadhDate(12),
      startTime: '10:00',
      endTime: '12:00',
      guests: 2,
      contactPhone: '0512345678',
    });
    expect(res.statusCode, res.body).toBe(201);
    await expectSixHours(res.json().id);
  });
});
