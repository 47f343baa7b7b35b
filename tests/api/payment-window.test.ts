import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { createBooking, createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { riyadhDate } from '../support/live-app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { onPostgres } from '../support/test-database.ts';

/**
 * PAYMENT_WINDOW_HOURS reaches every confirm from the one place the transition's settings are
 * read (`transitionSettings`): the admin's, the host's and an `instant` request's own confirm
 * all set the deadline 6 hours after the decision, not the 24-hour default.
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
