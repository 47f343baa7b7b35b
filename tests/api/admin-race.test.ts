import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { createSpace, createUser } from '../fixtures/factories.ts';
import { insertBooking, signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { onPostgres } from '../support/test-database.ts';

/**
 * No double booking under load (issue 7's "Done when", built here because confirming is the
 * admin's): 20 rounds of 50 simultaneous confirms of overlapping pending requests of one space →
 * exactly one confirmed per round, every other answer a 409. Since issue 18 the winner declines
 * the other 49 in its own transaction (`SLOT_TAKEN`), so a loser that waited on the space's lock
 * finds its request declined (409 BOOKING_ALREADY_DECIDED, `current.status` rejected); one that
 * reached the exclusion constraint first is told BOOKING_OVERLAP.
 *
 * On PostgreSQL (TEST_DATABASE_URL) the 50 requests really run at once on a pool of 20
 * connections: decisions on one space take turns on the space's row lock, and the exclusion
 * constraint `bookings_no_overlap` turns every one after the first away. (Without the row lock
 * the overlapping confirms deadlock each other in the constraint check; this test caught that
 * as 500s and 503s under load.) On
 * PGlite the same test proves less: PGlite is one connection, so the transactions are serialised
 * and the losers fail the constraint one after the other rather than concurrently.
 */
const ROUNDS = 20;
const PER_ROUND = 50;

describe(`50 simultaneous confirms of overlapping requests (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  let t: TestApp;
  let cookies: string[];
  let spaceId: string;
  let renter: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
    const db = t.deps.database.db;
    // Two admins take turns, as two people at two desks would.
    const admins = await Promise.all(
      ['race-a@example.test', 'race-b@example.test'].map((email) =>
        createUser(db, { email, password: 'Race#2026hs', roles: ['admin'] }),
      ),
    );
    cookies = await Promise.all(admins.map((a) => signInCookie(t, a.email, 'Race#2026hs')));
    const host = await createUser(db);
    renter = await createUser(db);
    spaceId = (await createSpace(db, { hostId: host.id, opensAt: '00:00', closesAt: '23:59' })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('confirms exactly one per round; the rest are 409 and declined as taken', async () => {
    const db = t.deps.database.db;
    for (let round = 0; round < ROUNDS; round += 1) {
      // Each round on its own day; every request of the round overlaps every other by 30 min+.
      const date = `2031-03-${String(round + 1).padStart(2, '0')}`;
      const hh = (m: number) =>
        `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      const requests = await Promise.all(
        Array.from({ length: PER_ROUND }, (_, i) => {
          const startMinutes = 9 * 60 + (i % 5) * 10;
          return insertBooking(db, {
            spaceId,
            renterId: renter.id,
            renterEmail: renter.email,
            date,
            startTime: hh(startMinutes),
            endTime: hh(startMinutes + 60),
          });
        }),
      );
      const answers = await Promise.all(
        requests.map((booking, i) =>
          t.app.inject({
            method: 'POST',
            url: `/api/admin/bookings/${booking.id}/confirm`,
            headers: { cookie: cookies[i % cookies.length]!, 'accept-language': 'en' },
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      // On a failure, say what the odd answers were: a 500's code tells a pool timeout from a bug.
      const odd = answers
        .filter((a) => a.statusCode !== 200 && a.statusCode !== 409)
        .map((a) => `${a.statusCode} ${a.body.slice(0, 200)}`);
      const story = `round ${round}: ${statuses.filter((s) => s === 200).length}×200, ${statuses.filter((s) => s === 409).length}×409, others: ${odd.join('; ') || 'none'}`;
      expect(
        statuses.filter((s) => s === 200),
        story,
      ).toHaveLength(1);
      expect(
        statuses.filter((s) => s === 409),
        story,
      ).toHaveLength(PER_ROUND - 1);
      for (const a of answers.filter((x) => x.statusCode === 409)) {
        const error = a.json().error;
        expect(['BOOKING_OVERLAP', 'BOOKING_ALREADY_DECIDED'], story).toContain(error.code);
        if (error.code === 'BOOKING_ALREADY_DECIDED') expect(error.current.status).toBe('rejected');
      }
      const [declined] = await db
        .select({ n: count() })
        .from(bookings)
        .where(eq(bookings.statusReason, 'SLOT_TAKEN'));
      // Every other request of every round so far was declined as taken.
      expect(declined!.n, story).toBe((round + 1) * (PER_ROUND - 1));
      const [confirmed] = await db
        .select({ n: count() })
        .from(bookings)
        .where(eq(bookings.status, 'confirmed'));
      // One per round, every round so far: no round ever let a second one through.
      expect(confirmed!.n).toBe(round + 1);
    }
  }, 180_000); // 20 rounds of 50 simultaneous confirms: past a minute on a busy 2-core machine
});
