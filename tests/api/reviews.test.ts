import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, jobs, reviews, spaces } from '#server/db/schema.ts';
import { completeEndedBookings } from '#server/features/bookings/complete-bookings.ts';
import { periodicSweeps } from '#server/job-wiring.ts';
import { SWEEP_JOB, type SweepJob } from '#server/jobs/job-kinds.ts';
import { createSweepPlanner, sweepHandler } from '#server/jobs/sweeps.ts';
import { REVIEW_TEXT_MAX } from '#shared/domain/reviews.ts';
import { addDays } from '#shared/domain/host-week.ts';
import { riyadhToday } from '#shared/domain/riyadh-calendar.ts';
import { encodeCursor } from '#shared/domain/space-search.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import type { MyReview, ReviewAnswer, SpaceReviews } from '#shared/schemas/reviews.ts';
import type { SpaceDetails, SpaceSearchResult } from '#shared/schemas/spaces.ts';
import { createBooking, createReview, createSpace, createUser } from '../fixtures/factories.ts';
import { deliverMail, recipient, sentMail, signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Completed bookings and reviews (issue 18): a confirmed booking whose end has passed is
 * completed once however many runs race, its renter invited by email; a review's whole life —
 * written, edited for 14 days, answered once by the host, hidden by an admin (audited, out of the
 * average) — and every refusal, which changes nothing.
 */
const PASSWORD = 'Reviews#2026hs';
const PAST = addDays(riyadhToday(), -3);
const FUTURE = addDays(riyadhToday(), 30);

describe('completed bookings and reviews API', () => {
  let t: TestApp;
  const db = () => t.deps.database.db;
  const cookie = { host: '', otherHost: '', renter: '', otherRenter: '', admin: '' };
  type Who = keyof typeof cookie;
  const ids = { host: '', renter: '', renterEn: '', otherRenter: '' };
  let spaceA: string;
  let spaceB: string;
  let spaceC: string;
  let renterEnEmail: string;

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    who?: Who,
    payload?: unknown,
    lang = 'en',
  ) =>
    t.app.inject({
      method,
      url,
      payload: payload as never,
      headers: {
        'accept-language': lang,
        origin: t.config.publicUrl,
        ...(who ? { cookie: cookie[who] } : {}),
      },
    });

  const reviewsOf = async (spaceId: string, query = '', who?: Who) => {
    const res = await call('GET', `/api/spaces/${spaceId}/reviews${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SpaceReviews>();
  };

  /** The space's totals as stored, and as counted from its visible rows: they must agree. */
  const totals = async (spaceId: string) => {
    const [stored] = await db()
      .select({ count: spaces.reviewCount, sum: spaces.reviewStarsSum })
      .from(spaces)
      .where(eq(spaces.id, spaceId));
    const [counted] = await db()
      .select({ count: count(), sum: sql<number>`coalesce(sum(${reviews.stars}), 0)::int` })
      .from(reviews)
      .where(and(eq(reviews.spaceId, spaceId), sql`${reviews.hiddenAt} is null`));
    expect({ count: Number(counted!.count), sum: Number(counted!.sum) }).toEqual(stored);
    return stored!;
  };

  const reviewRows = () => db().select().from(reviews).orderBy(reviews.id);

  /** A booking of `renter` on `spaceId` already completed (as completion leaves it). */
  const completedBooking = async (
    spaceId: string,
    renterId: string,
    startHour: number,
    date = PAST,
  ) =>
    createBooking(db(), {
      spaceId,
      renterId,
      renterEmail: 'renter@example.test',
      date,
      startTime: `${String(startHour).padStart(2, '0')}:00`,
      endTime: `${String(startHour + 1).padStart(2, '0')}:00`,
      status: 'completed',
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
    const host = await createUser(db(), { email: 'host@example.test', password: PASSWORD });
    const otherHost = await createUser(db(), {
      email: 'other.host@example.test',
      password: PASSWORD,
    });
    const renter = await createUser(db(), {
      email: 'sara@example.test',
      fullName: 'سارة العتيبي',
      locale: 'ar',
      password: PASSWORD,
    });
    renterEnEmail = 'lina@example.test';
    const renterEn = await createUser(db(), {
      email: renterEnEmail,
      fullName: 'Lina Haddad',
      locale: 'en',
      password: PASSWORD,
    });
    const otherRenter = await createUser(db(), {
      email: 'omar@example.test',
      fullName: 'Omar Z',
      password: PASSWORD,
    });
    await createUser(db(), { email: 'admin@example.test', password: PASSWORD, roles: ['admin'] });
    Object.assign(ids, {
      host: host.id,
      renter: renter.id,
      renterEn: renterEn.id,
      otherRenter: otherRenter.id,
    });
    const open = { status: 'approved' as const, hostId: host.id };
    spaceA = (await createSpace(db(), { ...open, nameEn: 'Alpha room' })).id;
    spaceB = (await createSpace(db(), { ...open, nameEn: 'Beta room' })).id;
    spaceC = (await createSpace(db(), { ...open, nameEn: 'Gamma room' })).id;
    await createSpace(db(), { status: 'approved', hostId: otherHost.id });
    for (const [who, email] of [
      ['host', 'host@example.test'],
      ['otherHost', 'other.host@example.test'],
      ['renter', 'sara@example.test'],
      ['otherRenter', 'omar@example.test'],
      ['admin', 'admin@example.test'],
    ] as const) {
      cookie[who] = await signInCookie(t, email, PASSWORD);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('completion', () => {
    it('completes each ended confirmed booking once when two runs race, and invites its renter once', async () => {
      const ended: string[] = [];
      for (let i = 0; i < 12; i += 1) {
        const renterId = i % 2 === 0 ? ids.renter : ids.renterEn;
        const b = await createBooking(db(), {
          spaceId: spaceC,
          renterId,
          renterEmail: renterId === ids.renter ? 'sara@example.test' : renterEnEmail,
          date: addDays(PAST, -i),
          startTime: '10:00',
          endTime: '11:00',
          status: 'confirmed',
        });
        ended.push(b.id);
      }
      const upcoming = await createBooking(db(), {
        spaceId: spaceC,
        renterId: ids.renter,
        renterEmail: 'sara@example.test',
        date: FUTURE,
        startTime: '10:00',
        endTime: '11:00',
        status: 'confirmed',
      });
      const pendingPast = await createBooking(db(), {
        spaceId: spaceC,
        renterId: ids.renter,
        renterEmail: 'sara@example.test',
        date: PAST,
        startTime: '15:00',
        endTime: '16:00',
        status: 'pending',
      });

      const now = new Date();
      const context = { publicUrl: t.config.publicUrl };
      const [first, second] = await Promise.all([
        completeEndedBookings(db(), now, context),
        completeEndedBookings(db(), now, context),
      ]);
      expect(first + second).toBe(ended.length);
      // A third run finds nothing left.
      expect(await completeEndedBookings(db(), now, context)).toBe(0);

      const rows = await db().select().from(bookings).where(eq(bookings.spaceId, spaceC));
      const statusOf = new Map(rows.map((r) => [r.id, r.status]));
      for (const id of ended) expect(statusOf.get(id)).toBe('completed');
      expect(statusOf.get(upcoming.id)).toBe('confirmed');
      expect(statusOf.get(pendingPast.id)).toBe('pending');

      const audit = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'booking.complete'));
      expect(audit.map((a) => a.subjectId).sort()).toEqual([...ended].sort());
      expect(audit.every((a) => a.actorId === null && a.details?.automatic === true)).toBe(true);

      const invitations = await db()
        .select({ key: jobs.dedupeKey })
        .from(jobs)
        .where(like(jobs.dedupeKey, 'mail:booking-%-completed-renter'));
      expect(invitations.map((j) => j.key).sort()).toEqual(
        ended.map((id) => `mail:booking-${id}-completed-renter`).sort(),
      );
      // The host is not emailed because a booking simply ended.
      const hostMails = await db()
        .select({ key: jobs.dedupeKey })
        .from(jobs)
        .where(like(jobs.dedupeKey, 'mail:booking-%-completed-host'));
      expect(hostMails).toEqual([]);

      await deliverMail(t);
      const mail = await sentMail(t);
      const toSara = mail.filter((m) => recipient(m).includes('sara@example.test'));
      const toLina = mail.filter((m) => recipient(m).includes(renterEnEmail));
      expect(toSara).toHaveLength(6);
      expect(toLina).toHaveLength(6);
      expect(toSara[0]!.subject).toMatch(/^كيف كانت تجربتك في/);
      expect(toLina[0]!.subject).toMatch(/^How was/);
      expect(toLina[0]!.text).toContain(`${t.config.publicUrl}/account?review=`);
    });

    it('the completed booking keeps its time: the buffer after it still refuses a confirm', async () => {
      // An overlapping confirmed row over a completed one breaks the exclusion constraint.
      const done = await createBooking(db(), {
        spaceId: spaceC,
        renterId: ids.renter,
        renterEmail: 'sara@example.test',
        date: PAST,
        startTime: '18:00',
        endTime: '19:00',
        status: 'completed',
      });
      await expect(
        createBooking(db(), {
          spaceId: spaceC,
          renterId: ids.otherRenter,
          renterEmail: 'omar@example.test',
          date: PAST,
          startTime: '18:30',
          endTime: '19:30',
          status: 'confirmed',
        }),
      ).rejects.toThrow();
      expect(done.status).toBe('completed');
    });

    it('runs as the periodic sweep complete-ended-bookings: one job per period however many instances plan it, and a doubled run completes each booking once', async () => {
      const sweeps = periodicSweeps(t.config).filter((s) => s.name === 'complete-ended-bookings');
      expect(sweeps).toHaveLength(1);
      const sweep = sweeps[0]!;
      const ended = await createBooking(db(), {
        spaceId: spaceC,
        renterId: ids.renter,
        renterEmail: 'sara@example.test',
        date: addDays(PAST, -20),
        startTime: '12:00',
        endTime: '13:00',
        status: 'confirmed',
      });

      // Four instances plan the sweep at once, one of them twice in the same period: one job.
      const at = Date.parse('2031-05-05T10:02:00Z');
      const planners = Array.from({ length: 4 }, () => createSweepPlanner(db(), sweeps));
      await Promise.all(planners.map((p) => p.planDue(at)));
      await planners[0]!.planDue(at + 1000);
      const period = Math.floor(at / sweep.everyMs) * sweep.everyMs;
      const queued = await db()
        .select({ key: jobs.dedupeKey, runAt: jobs.runAt, payload: jobs.payload })
        .from(jobs)
        .where(like(jobs.dedupeKey, 'sweep:complete-ended-bookings:%'));
      expect(queued).toEqual([
        {
          key: `sweep:complete-ended-bookings:${period / sweep.everyMs}`,
          runAt: new Date(period),
          payload: { name: 'complete-ended-bookings', period },
        },
      ]);
      // The next period gets its own job.
      await planners[1]!.planDue(period + sweep.everyMs);
      expect(
        await db()
          .select({ n: count() })
          .from(jobs)
          .where(like(jobs.dedupeKey, 'sweep:complete-ended-bookings:%')),
      ).toEqual([{ n: 2 }]);

      // A period's run and an orphaned rerun at once: the booking completes, is audited and its
      // renter invited exactly once.
      const run = sweepHandler(db(), sweeps);
      const job = queued[0]!.payload as SweepJob;
      await Promise.all([run(job), run(job)]);
      const [row] = await db().select().from(bookings).where(eq(bookings.id, ended.id));
      expect(row!.status).toBe('completed');
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'booking.complete'), eq(auditLog.subjectId, ended.id)));
      expect(audit).toHaveLength(1);
      const invitations = await db()
        .select({ key: jobs.dedupeKey })
        .from(jobs)
        .where(eq(jobs.dedupeKey, `mail:booking-${ended.id}-completed-renter`));
      expect(invitations).toHaveLength(1);
      await db().delete(jobs).where(eq(jobs.kind, SWEEP_JOB));
    });
  });

  describe("a review's life", () => {
    let bookingId: string;
    let reviewId: string;
    let othersBookingId: string;
    let upcomingId: string;

    beforeAll(async () => {
      bookingId = (await completedBooking(spaceA, ids.renter, 9)).id;
      othersBookingId = (await completedBooking(spaceA, ids.otherRenter, 11)).id;
      upcomingId = (
        await createBooking(db(), {
          spaceId: spaceA,
          renterId: ids.renter,
          renterEmail: 'sara@example.test',
          date: FUTURE,
          startTime: '10:00',
          endTime: '11:00',
          status: 'confirmed',
        })
      ).id;
    });

    it('refuses a signed-out writer (401) and changes nothing', async () => {
      const res = await call('POST', `/api/me/bookings/${bookingId}/review`, undefined, {
        stars: 5,
      });
      expect(res.statusCode).toBe(401);
      expect(await reviewRows()).toEqual([]);
    });

    it.each([
      ['no stars', {}],
      ['zero stars', { stars: 0 }],
      ['six stars', { stars: 6 }],
      ['half a star', { stars: 4.5 }],
      ['stars as text', { stars: '5' }],
      ['text over the limit', { stars: 4, body: 'م'.repeat(REVIEW_TEXT_MAX + 1) }],
      ['text of the wrong type', { stars: 4, body: 42 }],
    ])('refuses %s with 400 and a field message, writing nothing', async (_name, payload) => {
      const res = await call('POST', `/api/me/bookings/${bookingId}/review`, 'renter', payload);
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(error.fields ?? {}).length).toBeGreaterThan(0);
      expect(await reviewRows()).toEqual([]);
    });

    it("answers 404 for someone else's booking and for no booking, 409 for one not completed", async () => {
      const others = await call('POST', `/api/me/bookings/${othersBookingId}/review`, 'renter', {
        stars: 5,
      });
      expect(others.statusCode).toBe(404);
      const none = await call('POST', `/api/me/bookings/not-a-booking/review`, 'renter', {
        stars: 5,
      });
      expect(none.statusCode).toBe(404);
      const notYet = await call('POST', `/api/me/bookings/${upcomingId}/review`, 'renter', {
        stars: 5,
      });
      expect(notYet.statusCode).toBe(409);
      expect(notYet.json().error.code).toBe('REVIEW_BOOKING_NOT_COMPLETED');
      expect(notYet.json().error.current).toEqual({ id: upcomingId, status: 'confirmed' });
      expect(await reviewRows()).toEqual([]);
      expect(await totals(spaceA)).toEqual({ count: 0, sum: 0 });
    });

    it('writes a review (201) with the text in Arabic, and the space shows it', async () => {
      const res = await call(
        'POST',
        `/api/me/bookings/${bookingId}/review`,
        'renter',
        { stars: 5, body: '  قاعة هادئة ومرتبة، والاستقبال ممتاز.  ' },
        'ar',
      );
      expect(res.statusCode, res.body).toBe(201);
      const review = res.json<MyReview>();
      reviewId = review.id;
      expect(review).toMatchObject({
        bookingId,
        stars: 5,
        body: 'قاعة هادئة ومرتبة، والاستقبال ممتاز.',
        hidden: false,
        hostReply: null,
      });
      expect(Date.parse(review.editableUntil) - Date.parse(review.createdAt)).toBe(
        14 * 24 * 3600 * 1000,
      );

      const page = await reviewsOf(spaceA);
      expect(page.rating).toEqual({ average: 5, count: 1 });
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ id: reviewId, stars: 5, authorName: 'سارة' });
      expect(page.viewer).toEqual({ canReply: false, canHide: false });

      const details = (await call('GET', `/api/spaces/${spaceA}`)).json<SpaceDetails>();
      expect(details.rating).toEqual({ average: 5, count: 1 });

      const mine = (await call('GET', '/api/me/bookings', 'renter')).json<{ items: MyBooking[] }>();
      expect(mine.items.find((b) => b.id === bookingId)?.review?.id).toBe(reviewId);
      expect(mine.items.find((b) => b.id === upcomingId)?.review).toBeNull();
    });

    it('refuses a second review of the same booking (409), keeping the first', async () => {
      const res = await call('POST', `/api/me/bookings/${bookingId}/review`, 'renter', {
        stars: 1,
        body: 'second',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('REVIEW_EXISTS');
      const rows = await reviewRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.stars).toBe(5);
      expect(await totals(spaceA)).toEqual({ count: 1, sum: 5 });
    });

    it('lets the renter edit it, and only them; bad edits are 400 and change nothing', async () => {
      const bad = await call('PATCH', `/api/me/bookings/${bookingId}/review`, 'renter', {
        stars: 7,
      });
      expect(bad.statusCode).toBe(400);
      const others = await call('PATCH', `/api/me/bookings/${bookingId}/review`, 'otherRenter', {
        stars: 1,
      });
      expect(others.statusCode).toBe(404);
      const noReview = await call('PATCH', `/api/me/bookings/${upcomingId}/review`, 'renter', {
        stars: 1,
      });
      expect(noReview.statusCode).toBe(404);
      expect((await reviewRows())[0]!.stars).toBe(5);

      const res = await call('PATCH', `/api/me/bookings/${bookingId}/review`, 'renter', {
        stars: 3,
        body: 'Quiet room; the coffee machine was out of order.',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<MyReview>()).toMatchObject({ stars: 3, hidden: false });
      const page = await reviewsOf(spaceA);
      expect(page.rating).toEqual({ average: 3, count: 1 });
      expect(page.items[0]!.editedAt).not.toBeNull();
      expect(await totals(spaceA)).toEqual({ count: 1, sum: 3 });
    });

    it('lets only the host of the space reply, once', async () => {
      const url = `/api/host/reviews/${reviewId}/reply`;
      expect((await call('POST', url, 'otherHost', { body: 'Thanks' })).statusCode).toBe(404);
      expect((await call('POST', url, 'renter', { body: 'Thanks' })).statusCode).toBe(404);
      expect((await call('POST', url, undefined, { body: 'Thanks' })).statusCode).toBe(401);
      expect((await call('POST', url, 'host', { body: '   ' })).statusCode).toBe(400);
      expect(
        (await call('POST', url, 'host', { body: 'x'.repeat(REVIEW_TEXT_MAX + 1) })).statusCode,
      ).toBe(400);
      expect((await reviewRows())[0]!.hostReply).toBeNull();

      const viewer = await reviewsOf(spaceA, '', 'host');
      expect(viewer.viewer).toEqual({ canReply: true, canHide: false });

      const res = await call('POST', url, 'host', { body: 'شكرًا لك، أصلحنا آلة القهوة.' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<ReviewAnswer>().hostReply?.body).toBe('شكرًا لك، أصلحنا آلة القهوة.');
      const again = await call('POST', url, 'host', { body: 'Another' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('REVIEW_ALREADY_REPLIED');
      const page = await reviewsOf(spaceA);
      expect(page.items[0]!.hostReply?.body).toBe('شكرًا لك، أصلحنا آلة القهوة.');
    });

    it('closes editing 14 days after the review was written (409, nothing changed)', async () => {
      await db()
        .update(reviews)
        .set({ createdAt: sql`now() - interval '14 days 1 minute'` })
        .where(eq(reviews.id, reviewId));
      const res = await call('PATCH', `/api/me/bookings/${bookingId}/review`, 'renter', {
        stars: 1,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('REVIEW_EDIT_CLOSED');
      expect((await reviewRows())[0]!.stars).toBe(3);
      expect(await totals(spaceA)).toEqual({ count: 1, sum: 3 });
    });

    it('lets an admin hide it with a reason, audited, out of the page and the average', async () => {
      const second = await completedBooking(spaceA, ids.otherRenter, 13);
      const written = await call('POST', `/api/me/bookings/${second.id}/review`, 'otherRenter', {
        stars: 4,
      });
      expect(written.statusCode).toBe(201);
      expect((await reviewsOf(spaceA)).rating).toEqual({ average: 3.5, count: 2 });

      const url = `/api/admin/reviews/${reviewId}/hide`;
      expect((await call('POST', url, 'host', { reason: 'Spam' })).statusCode).toBe(403);
      expect((await call('POST', url, undefined, { reason: 'Spam' })).statusCode).toBe(401);
      expect((await call('POST', url, 'admin', {})).statusCode).toBe(400);
      expect((await call('POST', url, 'admin', { reason: ' ' })).statusCode).toBe(400);
      expect(
        (
          await call(
            'POST',
            `/api/admin/reviews/00000000-0000-4000-8000-000000000000/hide`,
            'admin',
            {
              reason: 'x',
            },
          )
        ).statusCode,
      ).toBe(404);
      expect((await reviewRows()).every((r) => r.hiddenAt === null)).toBe(true);

      expect((await reviewsOf(spaceA, '', 'admin')).viewer).toEqual({
        canReply: false,
        canHide: true,
      });
      const res = await call('POST', url, 'admin', { reason: 'Mentions a private phone number' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<ReviewAnswer>().hidden).toBe(true);

      const page = await reviewsOf(spaceA);
      expect(page.items.map((r) => r.id)).not.toContain(reviewId);
      expect(page.rating).toEqual({ average: 4, count: 1 });
      expect(await totals(spaceA)).toEqual({ count: 1, sum: 4 });
      const details = (await call('GET', `/api/spaces/${spaceA}`)).json<SpaceDetails>();
      expect(details.rating).toEqual({ average: 4, count: 1 });

      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'review.hide'), eq(auditLog.subjectId, reviewId)));
      expect(entry).toMatchObject({
        subjectType: 'review',
        reason: 'Mentions a private phone number',
      });
      expect(entry!.details).toMatchObject({ from: 'visible', to: 'hidden', stars: 3 });
      const desk = await call('GET', '/api/admin/audit', 'admin');
      expect(desk.json().items[0]).toMatchObject({ action: 'review.hide', subjectId: reviewId });

      // Hidden: no second hide, no edit, no reply; each refusal changes nothing.
      const twice = await call('POST', url, 'admin', { reason: 'Again' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.code).toBe('REVIEW_HIDDEN');
      const mine = (await call('GET', '/api/me/bookings', 'renter')).json<{ items: MyBooking[] }>();
      expect(mine.items.find((b) => b.id === bookingId)?.review?.hidden).toBe(true);
      await db()
        .update(reviews)
        .set({ createdAt: sql`now()` })
        .where(eq(reviews.id, reviewId));
      const edit = await call('PATCH', `/api/me/bookings/${bookingId}/review`, 'renter', {
        stars: 5,
      });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().error.code).toBe('REVIEW_HIDDEN');
      expect(await totals(spaceA)).toEqual({ count: 1, sum: 4 });
      const [hidden] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
      expect(hidden).toMatchObject({ stars: 3, hiddenReason: 'Mentions a private phone number' });
    });
  });

  describe('pages, sorting and races', () => {
    it('pages a space’s reviews newest first by cursor, without repeats, and refuses a forged cursor', async () => {
      const start = Date.parse('2030-01-01T00:00:00Z');
      for (let i = 0; i < 23; i += 1) {
        const b = await completedBooking(spaceB, ids.renter, 10, addDays(PAST, -i));
        await createReview(db(), {
          bookingId: b.id,
          stars: 1 + (i % 5),
          body: i % 2 ? `Review ${i}` : `تقييم ${i}`,
          // Three reviews share one instant: the id breaks the tie.
          createdAt: new Date(start + Math.min(i, 20) * 60_000),
        });
      }
      const seen: string[] = [];
      const times: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await reviewsOf(
          spaceB,
          `?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        seen.push(...page.items.map((r) => r.id));
        times.push(...page.items.map((r) => Date.parse(r.createdAt)));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(23);
      expect(times).toEqual([...times].sort((a, b) => b - a));

      // Issue 37: a cursor with an out-of-range timestamp answered 500 (anonymous, with a stack).
      const outOfRange = (key: string) =>
        encodeCursor({ sort: 'reviews', keys: [key], id: spaceB });
      for (const bad of [
        'nope',
        'eyJ4IjoxfQ',
        `${'a'.repeat(601)}`,
        outOfRange('2026-99-99 99:99:99+99'),
        outOfRange('0000-01-01 00:00:00+00'),
        outOfRange('2026-01-01 10:00:00+16'),
      ]) {
        const res = await call('GET', `/api/spaces/${spaceB}/reviews?cursor=${bad}`);
        expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
        expect(res.json().error.code).toBe('INVALID_CURSOR');
      }
      expect((await call('GET', `/api/spaces/${spaceB}/reviews?limit=0`)).statusCode).toBe(400);
      expect((await call('GET', `/api/spaces/${spaceB}/reviews?limit=51`)).statusCode).toBe(400);
      expect((await call('GET', `/api/spaces/not-a-space/reviews`)).statusCode).toBe(404);
    });

    it('sorts the search by rating, best average first, spaces without reviews last; cards carry it', async () => {
      // A: 4.0 from one visible review; B: 23 reviews of 1 to 5 stars (66 stars: 2.9); C: none.
      const ratings = new Map<string, { average: number | null; count: number }>();
      const order: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await call(
          'GET',
          `/api/spaces?sort=rating&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<SpaceSearchResult>();
        for (const card of page.items) {
          order.push(card.id);
          ratings.set(card.id, card.rating);
        }
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(order.indexOf(spaceA)).toBeLessThan(order.indexOf(spaceB));
      expect(order.indexOf(spaceB)).toBeLessThan(order.indexOf(spaceC));
      expect(ratings.get(spaceA)).toEqual({ average: 4, count: 1 });
      expect(ratings.get(spaceB)).toEqual({ average: 2.9, count: 23 });
      expect(ratings.get(spaceC)).toEqual({ average: null, count: 0 });
      expect(new Set(order).size).toBe(order.length);
    });

    it('keeps the count and average exact when many renters review at once, and one review per booking', async () => {
      const space = (await createSpace(db(), { status: 'approved', hostId: ids.host })).id;
      const writers = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const user = await createUser(db(), {
            email: `racer${i}@example.test`,
            password: PASSWORD,
          });
          const b = await completedBooking(space, user.id, 8 + i);
          return { cookie: await signInCookie(t, `racer${i}@example.test`, PASSWORD), id: b.id };
        }),
      );
      const results = await Promise.all(
        writers.flatMap((w, i) =>
          // Each writer sends its review three times at once: one is written, two are 409.
          [0, 1, 2].map(() =>
            t.app.inject({
              method: 'POST',
              url: `/api/me/bookings/${w.id}/review`,
              payload: { stars: 1 + (i % 5) },
              headers: { cookie: w.cookie, origin: t.config.publicUrl },
            }),
          ),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(12);
      expect(codes.filter((c) => c === 409)).toHaveLength(24);
      const expectedSum = writers.reduce((sum, _w, i) => sum + 1 + (i % 5), 0);
      expect(await totals(space)).toEqual({ count: 12, sum: expectedSum });
      expect((await reviewsOf(space)).rating.count).toBe(12);
    });
  });
});
