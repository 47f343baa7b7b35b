import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, reviews } from '#server/db/schema.ts';
import { PENDING_PER_RENTER_MAX, PENDING_PER_SPACE_MAX } from '#shared/domain/request-caps.ts';
import { riyadhClock, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import { createBooking, createReview, createSpace, createUser } from '../fixtures/factories.ts';
import { deliverMail, recipient, sentMail, signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 37, what a hostile tester found about booking requests: a host cannot request or review
 * their own space; a renter's pending requests are capped per space and overall, and the caps
 * hold for 50 requests at once; archiving a space declines its pending requests and tells their
 * renters; a confirmed booking cancelled before its start tells the renters its confirm declined
 * (SLOT_TAKEN) that the time is free again.
 */
const PASSWORD = 'Guards#2026hs';
const OPEN = {
  opensAt: '08:00',
  closesAt: '22:00',
  availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'] as const,
  capacity: 10,
};

/** The first date on or after `daysAhead` days from today (Riyadh) that falls on `weekday`. */
function futureDate(weekday: string, daysAhead = 14): string {
  const d = new Date(`${riyadhClock(new Date()).date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + daysAhead);
  while (weekdayOf(d.toISOString().slice(0, 10)) !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const SUNDAY = futureDate('sunday');
const MONDAY = futureDate('monday');

describe('booking request guards (issue 37)', () => {
  let t: TestApp;
  const db = () => t.deps.database.db;
  const cookie: Record<string, string> = {};
  const id: Record<string, string> = {};
  let ip = 0;

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who: string,
    payload?: object,
    lang = 'en',
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      remoteAddress: `10.37.${Math.floor(++ip / 250)}.${ip % 250}`,
      headers: { 'accept-language': lang, origin: t.config.publicUrl, cookie: cookie[who]! },
    });
  const request = (
    who: string,
    spaceId: string,
    at: { date?: string; start?: string; lang?: string } = {},
  ) =>
    call(
      'POST',
      '/api/bookings',
      who,
      {
        spaceId,
        date: at.date ?? SUNDAY,
        startTime: at.start ?? '10:00',
        endTime: `${String(Number((at.start ?? '10:00').slice(0, 2)) + 1).padStart(2, '0')}:00`,
        guests: 2,
        contactPhone: '0512345678',
      },
      at.lang,
    );
  const pendingOf = async (renterId: string) =>
    db()
      .select({ id: bookings.id, spaceId: bookings.spaceId })
      .from(bookings)
      .where(and(eq(bookings.renterId, renterId), eq(bookings.status, 'pending')));

  beforeAll(async () => {
    t = await createTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '100000', TEAM_EMAIL: 'team@hourspace.test' },
    });
    for (const [who, locale] of [
      ['host', 'ar'],
      ['renter', 'ar'],
      ['flooder', 'en'],
      ['sara', 'ar'],
      ['lina', 'en'],
      ['omar', 'en'],
      ['admin', 'en'],
    ] as const) {
      const user = await createUser(db(), {
        email: `${who}@guards.test`,
        fullName: who,
        locale,
        password: PASSWORD,
        ...(who === 'admin' ? { roles: ['admin' as const] } : {}),
      });
      id[who] = user.id;
      cookie[who] = await signInCookie(t, `${who}@guards.test`, PASSWORD);
    }
    for (const name of ['own', 'capA', 'capB', 'freed', 'archived']) {
      id[name] = (
        await createSpace(db(), {
          ...OPEN,
          availableDays: [...OPEN.availableDays],
          hostId: id.host!,
          nameEn: `Room ${name}`,
          nameAr: `قاعة ${name}`,
        })
      ).id;
    }
    for (let i = 0; i < PENDING_PER_RENTER_MAX + 2; i += 1) {
      id[`many${i}`] = (
        await createSpace(db(), {
          ...OPEN,
          availableDays: [...OPEN.availableDays],
          hostId: id.host!,
          nameEn: `Hall ${i}`,
        })
      ).id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('a host and their own space', () => {
    it('refuses a request for one’s own space: 403 OWN_SPACE in the caller’s language, nothing stored', async () => {
      const before = await db().select({ id: bookings.id }).from(bookings);
      const ar = await request('host', id.own!, { lang: 'ar' });
      expect(ar.statusCode).toBe(403);
      expect(ar.json()).toEqual({
        error: {
          code: 'OWN_SPACE',
          message:
            'هذه مساحتك، فلا يمكنك حجزها أو تقييمها. إذا أردت إبقاء وقت لنفسك فاحجبه من تقويم مساحتك.',
        },
      });
      const en = await call(
        'POST',
        '/api/bookings',
        'host',
        {
          spaceId: id.own,
          date: SUNDAY,
          startTime: '10:00',
          endTime: '11:00',
          guests: 2,
          contactPhone: '0512345678',
        },
        'en',
      );
      expect(en.statusCode).toBe(403);
      expect(en.json().error.message).toMatch(/your own space/);
      expect(await db().select({ id: bookings.id }).from(bookings)).toEqual(before);
      // Anyone else may request it.
      expect((await request('omar', id.own!)).statusCode).toBe(201);
    });

    it('refuses a review of one’s own space, and the host’s reply to such a review (403 OWN_SPACE)', async () => {
      // A booking of their own space made before requests of one's own space were refused.
      const past = futureDate('sunday', -14);
      const own = await createBooking(db(), {
        spaceId: id.own!,
        renterId: id.host!,
        renterEmail: 'host@guards.test',
        date: past,
        startTime: '10:00',
        endTime: '11:00',
        status: 'completed',
      });
      const res = await call('POST', `/api/me/bookings/${own.id}/review`, 'host', {
        stars: 5,
        body: 'Perfect',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('OWN_SPACE');
      expect(await db().select().from(reviews).where(eq(reviews.bookingId, own.id))).toEqual([]);

      const old = await createBooking(db(), {
        spaceId: id.own!,
        renterId: id.host!,
        renterEmail: 'host@guards.test',
        date: past,
        startTime: '12:00',
        endTime: '13:00',
        status: 'completed',
      });
      const review = await createReview(db(), { bookingId: old.id, stars: 5, body: 'Great' });
      const edit = await t.app.inject({
        method: 'PATCH',
        url: `/api/me/bookings/${old.id}/review`,
        payload: { stars: 5, body: 'Greater' },
        headers: { origin: t.config.publicUrl, cookie: cookie.host!, 'accept-language': 'en' },
      });
      expect(edit.statusCode).toBe(403);
      const reply = await call('POST', `/api/host/reviews/${review.id}/reply`, 'host', {
        body: 'Thanks, me',
      });
      expect(reply.statusCode).toBe(403);
      expect(reply.json().error.code).toBe('OWN_SPACE');
      const [row] = await db().select().from(reviews).where(eq(reviews.id, review.id));
      expect(row).toMatchObject({ hostReply: null, body: 'Great' });
    });
  });

  describe('pending request caps', () => {
    it(`50 requests at once for one space: exactly ${PENDING_PER_SPACE_MAX} stored, the rest 409 TOO_MANY_PENDING_REQUESTS`, async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          request('flooder', id.capA!, { start: `${String(8 + (i % 13)).padStart(2, '0')}:00` }),
        ),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(PENDING_PER_SPACE_MAX);
      expect(statuses.filter((s) => s === 409)).toHaveLength(50 - PENDING_PER_SPACE_MAX);
      const refused = answers.find((r) => r.statusCode === 409)!;
      expect(refused.json()).toEqual({
        error: {
          code: 'TOO_MANY_PENDING_REQUESTS',
          message:
            'You already have as many requests waiting for an answer as you can (5 for one space, 10 in all). Wait for an answer, or cancel one in My bookings, before sending another.',
        },
      });
      expect(await pendingOf(id.flooder!)).toHaveLength(PENDING_PER_SPACE_MAX);
      // The host and admins were told of the five stored requests only.
      await deliverMail(t);
      const toHost = (await sentMail(t)).filter(
        (m) => recipient(m).includes('host@guards.test') && m.subject?.includes('Room capA'),
      );
      expect(toHost.length).toBeLessThanOrEqual(PENDING_PER_SPACE_MAX);
    });

    it(`50 requests at once across spaces: the renter’s pending requests never pass ${PENDING_PER_RENTER_MAX}`, async () => {
      const spacesToAsk = Array.from(
        { length: PENDING_PER_RENTER_MAX + 2 },
        (_, i) => id[`many${i}`]!,
      );
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          request('flooder', spacesToAsk[i % spacesToAsk.length]!, { date: MONDAY }),
        ),
      );
      const created = answers.filter((r) => r.statusCode === 201);
      expect(created).toHaveLength(PENDING_PER_RENTER_MAX - PENDING_PER_SPACE_MAX);
      expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
      expect(await pendingOf(id.flooder!)).toHaveLength(PENDING_PER_RENTER_MAX);
    });

    it('frees a place when a pending request is withdrawn', async () => {
      const [one] = await pendingOf(id.flooder!);
      const cancel = await call('POST', `/api/me/bookings/${one!.id}/cancel`, 'flooder');
      expect(cancel.statusCode).toBe(200);
      const again = await request('flooder', one!.spaceId, { date: MONDAY, start: '15:00' });
      expect(again.statusCode).toBe(201);
      expect((await request('flooder', one!.spaceId, { date: MONDAY })).statusCode).toBe(409);
    });
  });

  describe('archiving a space', () => {
    it('declines its pending requests with the reason SPACE_ARCHIVED and tells each renter in their language', async () => {
      const sara = await request('sara', id.archived!);
      const lina = await request('lina', id.archived!, { start: '13:00' });
      expect([sara.statusCode, lina.statusCode]).toEqual([201, 201]);
      const ids = [sara.json<MyBooking>().id, lina.json<MyBooking>().id];

      const archived = await call('DELETE', `/api/me/spaces/${id.archived}`, 'host');
      expect(archived.statusCode, archived.body).toBe(200);
      const rows = await db().select().from(bookings).where(inArray(bookings.id, ids));
      expect(rows.map((r) => [r.status, r.statusReason, r.decidedBy])).toEqual([
        ['rejected', 'SPACE_ARCHIVED', null],
        ['rejected', 'SPACE_ARCHIVED', null],
      ]);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(inArray(auditLog.subjectId, ids), eq(auditLog.action, 'booking.decline')));
      expect(audits).toHaveLength(2);

      await deliverMail(t);
      const mail = await sentMail(t);
      const toSara = mail.filter((m) => recipient(m).includes('sara@guards.test'));
      const toLina = mail.filter((m) => recipient(m).includes('lina@guards.test'));
      expect(toSara.map((m) => m.subject)).toContain('أُغلق طلبك في «قاعة archived»');
      expect(toLina.map((m) => m.subject)).toContain('Your request at “Room archived” was closed');
      const closed = toLina.find(
        (m) => m.subject === 'Your request at “Room archived” was closed',
      )!;
      expect(closed.text).toMatch(/The host removed this space/);
      expect(closed.html).toContain(`${t.config.publicUrl}/explore-spaces`);
    });
  });

  describe('a freed slot', () => {
    const confirm = (bookingId: string) =>
      call('POST', `/api/admin/bookings/${bookingId}/confirm`, 'admin');

    it('tells the renters a cancelled booking had declined (SLOT_TAKEN) that the time is free again, and no one else', async () => {
      // An earlier confirm at 14:00 declines Omar; that booking stays: Omar is never told.
      const held = (await request('renter', id.freed!, { start: '14:00' })).json<MyBooking>();
      const omar = (await request('omar', id.freed!, { start: '14:00' })).json<MyBooking>();
      expect((await confirm(held.id)).statusCode).toBe(200);
      // The booking that will be cancelled, and the two requests its confirm declines.
      const taken = (await request('renter', id.freed!, { start: '10:00' })).json<MyBooking>();
      const sara = (await request('sara', id.freed!, { start: '10:00' })).json<MyBooking>();
      const lina = (await request('lina', id.freed!, { start: '10:00' })).json<MyBooking>();
      expect((await confirm(taken.id)).statusCode).toBe(200);
      const declined = await db()
        .select({ id: bookings.id, status: bookings.status, reason: bookings.statusReason })
        .from(bookings)
        .where(inArray(bookings.id, [omar.id, sara.id, lina.id]));
      expect(declined.every((b) => b.status === 'rejected' && b.reason === 'SLOT_TAKEN')).toBe(
        true,
      );
      await deliverMail(t);
      const before = (await sentMail(t)).length;

      const cancel = await call('POST', `/api/me/bookings/${taken.id}/cancel`, 'renter');
      expect(cancel.statusCode, cancel.body).toBe(200);
      await deliverMail(t);
      const fresh = (await sentMail(t)).slice(before);
      const freeAgain = fresh.filter(
        (m) =>
          m.subject === 'الموعد الذي طلبته في «قاعة freed» صار متاحًا' ||
          m.subject === 'The time you asked for at “Room freed” is free again',
      );
      expect(freeAgain.map(recipient).sort()).toEqual(['lina@guards.test', 'sara@guards.test']);
      const toLina = freeAgain.find((m) => recipient(m) === 'lina@guards.test')!;
      expect(toLina.subject).toBe('The time you asked for at “Room freed” is free again');
      expect(toLina.html).toContain(`${t.config.publicUrl}/space/${id.freed}`);
      expect(toLina.text).toMatch(/Request this time/);
      const toSara = freeAgain.find((m) => recipient(m) === 'sara@guards.test')!;
      expect(toSara.text).toMatch(/اطلب هذا الموعد/);
      expect(fresh.some((m) => recipient(m) === 'omar@guards.test')).toBe(false);
      // The declined requests stay declined: the renters choose whether to ask again.
      const after = await db()
        .select({ status: bookings.status })
        .from(bookings)
        .where(inArray(bookings.id, [sara.id, lina.id]));
      expect(after.map((b) => b.status)).toEqual(['rejected', 'rejected']);
    });
  });
});
