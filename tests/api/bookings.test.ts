import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import { bookings, jobs, requestNotices } from '#server/db/schema.ts';
import { createJobHandlers } from '#server/job-wiring.ts';
import { createJobWorker } from '#server/jobs/job-runner.ts';
import { riyadhClock, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import type { MySpace } from '#shared/schemas/my-spaces.ts';
import { createSpace, createUser } from '../fixtures/factories.ts';
import { riyadhDate } from '../support/live-app.ts';
import { requestNoticesDueNow } from '../support/request-notices.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'Riyadh#2026';

/** The first date on or after `daysAhead` days from today (Riyadh) that falls on `weekday`. */
function futureDate(weekday: string, daysAhead = 14): string {
  const today = riyadhClock(new Date()).date;
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + daysAhead);
  while (weekdayOf(d.toISOString().slice(0, 10)) !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe('bookings API', () => {
  let t: TestApp;
  let renterCookie: string;
  let otherCookie: string;
  let renterId: string;
  let hostId: string;
  let spaceId: string;
  let pendingSpaceId: string;
  const SUNDAY = futureDate('sunday');
  const FRIDAY = futureDate('friday');

  async function signIn(email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: PASSWORD },
      headers: { origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    const raw = res.headers['set-cookie'];
    const list = Array.isArray(raw) ? raw : [String(raw)];
    return list.find((c) => c.startsWith('hs.session_token='))!.split(';')[0]!;
  }

  const request = (
    method: 'GET' | 'POST',
    url: string,
    options: { cookie?: string; payload?: object; lang?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      ...(options.payload ? { payload: options.payload } : {}),
      headers: {
        'accept-language': options.lang ?? 'en',
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });

  const valid = () => ({
    spaceId,
    date: SUNDAY,
    startTime: '10:00',
    endTime: '11:30',
    guests: 4,
    contactPhone: '0512345678',
  });

  const book = (payload: object, cookie = renterCookie, lang = 'en') =>
    request('POST', '/api/bookings', { cookie, payload, lang });

  const bookingCount = async () =>
    (await t.deps.database.db.select({ n: count() }).from(bookings))[0]!.n;

  /** The emails queued so far, by their keys. */
  const mailKeys = async () =>
    (await t.deps.database.db.select().from(jobs))
      .map((j) => j.dedupeKey)
      .filter((k) => k?.startsWith('mail:'))
      .sort();
  /** Who has which request still to be told (the coalesced notices' outbox). */
  const outbox = () =>
    t.deps.database.db
      .select({ recipient: requestNotices.recipient, bookingId: requestNotices.bookingId })
      .from(requestNotices)
      .orderBy(requestNotices.recipient);

  async function deliverMail(): Promise<ParsedMail[]> {
    await createJobWorker({
      db: t.deps.database.db,
      handlers: createJobHandlers(t.deps),
      logger: silentLogger,
    }).runDue();
    const out: ParsedMail[] = [];
    for (const file of await readdir(t.config.mail.dir).catch(() => [] as string[])) {
      out.push(await simpleParser(await readFile(path.join(t.config.mail.dir, file))));
    }
    return out;
  }
  const recipient = (mail: ParsedMail) => (Array.isArray(mail.to) ? '' : (mail.to?.text ?? ''));

  beforeAll(async () => {
    t = await createTestApp({ env: { TEAM_EMAIL: 'team@hourspace.test' } });
    const db = t.deps.database.db;
    const host = await createUser(db, { email: 'host@example.test', password: PASSWORD });
    hostId = host.id;
    const renter = await createUser(db, {
      email: 'renter@example.test',
      fullName: 'Faisal Al-Harbi',
      password: PASSWORD,
      locale: 'ar',
    });
    renterId = renter.id;
    await createUser(db, { email: 'other@example.test', password: PASSWORD });
    spaceId = (
      await createSpace(db, {
        hostId,
        priceHalalas: 15_000,
        capacity: 10,
        opensAt: '08:00',
        closesAt: '22:00',
        availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
      })
    ).id;
    pendingSpaceId = (await createSpace(db, { hostId, status: 'pending' })).id;
    renterCookie = await signIn('renter@example.test');
    otherCookie = await signIn('other@example.test');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.deps.database.db.delete(bookings);
    await t.deps.database.db.delete(jobs);
  });

  describe('POST /api/bookings', () => {
    it('stores a pending request, prices it on the server, and queues the emails in one go', async () => {
      const res = await book({ ...valid(), totalHalalas: 1, status: 'confirmed' });
      expect(res.statusCode).toBe(201);
      const booking = res.json<MyBooking>();
      expect(booking).toMatchObject({
        spaceId,
        date: SUNDAY,
        startTime: '10:00',
        endTime: '11:30',
        guests: 4,
        contactPhone: '+966512345678',
        totalHalalas: 22_500, // 1.5 h × 150 SAR, whatever the client sent
        status: 'pending',
        spaceNameAr: 'قاعة اجتماعات',
      });
      const [row] = await t.deps.database.db.select().from(bookings);
      expect(row).toMatchObject({
        id: booking.id,
        renterId,
        renterEmail: 'renter@example.test',
        status: 'pending',
        totalHalalas: 22_500,
      });
      const [period] = await t.deps.database.db
        .execute<{ lower: string; upper: string }>(
          sql`select lower(period)::text as lower, upper(period)::text as upper from bookings`,
        )
        .then(
          (r: unknown) =>
            (typeof r === 'object' && r !== null && 'rows' in r ? r.rows : r) as {
              lower: string;
              upper: string;
            }[],
        );
      expect(new Date(period!.lower).toISOString()).toBe(`${SUNDAY}T07:00:00.000Z`);
      expect(new Date(period!.upper).toISOString()).toBe(`${SUNDAY}T08:30:00.000Z`);

      // In the request's transaction: the renter's email, and the request in the outbox of its
      // host and of the team (no admin exists yet), whose job tells them at once (decision 072).
      expect(await mailKeys()).toEqual([`mail:booking-${booking.id}-requested-renter`]);
      expect(await outbox()).toEqual([
        { recipient: 'admin:team', bookingId: booking.id },
        { recipient: `host:${hostId}`, bookingId: booking.id },
      ]);
      const mails = await deliverMail();
      expect(await mailKeys()).toEqual([
        `mail:booking-${booking.id}-requested-host`,
        `mail:booking-${booking.id}-requested-renter`,
        `mail:booking-${booking.id}-requested-team`,
      ]);
      expect(await outbox()).toEqual([]);
      const toRenter = mails.find((m) => recipient(m) === 'renter@example.test')!;
      // In the renter's language (Arabic), though the request was in English.
      expect(toRenter.subject).toBe('استلمنا طلب حجزك: قاعة اجتماعات');
      expect(toRenter.text).toContain('لم يُخصم أي مبلغ');
      expect(toRenter.text).toContain('225');
      const toTeam = mails.find((m) => recipient(m) === 'team@hourspace.test')!;
      expect(toTeam.subject).toBe('New booking request to review: Meeting room');
      expect(toTeam.text).toContain('0512345678');
    });

    it('notifies every admin and super admin, each in their language', async () => {
      const db = t.deps.database.db;
      const a = await createUser(db, {
        email: 'admin1@example.test',
        roles: ['admin'],
        locale: 'en',
      });
      const b = await createUser(db, {
        email: 'admin2@example.test',
        roles: ['admin', 'super_admin'],
        locale: 'ar',
      });
      try {
        const res = await book(valid());
        const { id } = res.json<MyBooking>();
        // The host was emailed of a request minutes ago: theirs waits for the next batch.
        await requestNoticesDueNow(db);
        const mails = await deliverMail();
        expect(await mailKeys()).toEqual(
          [
            `mail:booking-${id}-requested-admin-${a.id}`,
            `mail:booking-${id}-requested-admin-${b.id}`,
            `mail:booking-${id}-requested-host`,
            `mail:booking-${id}-requested-renter`,
          ].sort(),
        );
        expect(mails.find((m) => recipient(m) === 'admin1@example.test')!.subject).toMatch(
          /^New booking request/,
        );
        expect(mails.find((m) => recipient(m) === 'admin2@example.test')!.subject).toMatch(
          /^طلب حجز جديد/,
        );
      } finally {
        await db.execute(sql`delete from users where email like 'admin_@example.test'`);
      }
    });

    it('is for signed-in users only', async () => {
      const res = await request('POST', '/api/bookings', { payload: valid() });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      expect(await bookingCount()).toBe(0);
    });

    it.each([
      ['no date', { date: undefined }, 'date', 'This field is required.'],
      ['no start', { startTime: '' }, 'startTime', 'This field is required.'],
      ['no end', { endTime: undefined }, 'endTime', 'This field is required.'],
      ['no guests', { guests: undefined }, 'guests', 'This field is required.'],
      ['no phone', { contactPhone: '  ' }, 'contactPhone', 'This field is required.'],
      ['not a date', { date: '2031-02-30' }, 'date', 'Choose a valid date.'],
      ['not a time', { startTime: '25:00' }, 'startTime', 'Choose a valid time.'],
      [
        'off the grid',
        { startTime: '10:15' },
        'startTime',
        'Times go in steps of 30 minutes (on the hour or half past).',
      ],
      [
        'end before start',
        { startTime: '12:00', endTime: '10:00' },
        'endTime',
        'The end time must be after the start time.',
      ],
      [
        'end equal to start',
        { startTime: '12:00', endTime: '12:00' },
        'endTime',
        'The end time must be after the start time.',
      ],
      [
        'half an hour',
        { startTime: '12:00', endTime: '12:30' },
        'endTime',
        'A booking lasts at least one hour.',
      ],
      ['zero guests', { guests: 0 }, 'guests', 'At least one guest.'],
      ['fractional guests', { guests: 2.5 }, 'guests', 'Enter a whole number.'],
      ['guests as text', { guests: 'four' }, 'guests', 'This value is not valid.'],
      [
        'more guests than capacity',
        { guests: 11 },
        'guests',
        'More guests than this space can hold.',
      ],
      [
        'phone without 0',
        { contactPhone: '512345678' },
        'contactPhone',
        'Enter a Saudi mobile number as 05XXXXXXXX or 9665XXXXXXXX.',
      ],
      [
        'landline',
        { contactPhone: '0112345678' },
        'contactPhone',
        'Enter a Saudi mobile number as 05XXXXXXXX or 9665XXXXXXXX.',
      ],
      [
        'phone with +',
        { contactPhone: '+966512345678' },
        'contactPhone',
        'Enter a Saudi mobile number as 05XXXXXXXX or 9665XXXXXXXX.',
      ],
      ['a past date', { date: '2020-01-05' }, 'date', 'The date cannot be in the past.'],
      [
        'a closed day',
        { date: FRIDAY },
        'date',
        'The space is closed on this day. Choose one of its open days.',
      ],
      [
        'before opening',
        { startTime: '07:00', endTime: '09:00' },
        'startTime',
        "This time is outside the space's opening hours.",
      ],
      [
        'after closing',
        { startTime: '21:00', endTime: '22:30' },
        'endTime',
        "This time is outside the space's opening hours.",
      ],
      ['a bad space id', { spaceId: 'nope' }, 'spaceId', 'This value is not valid.'],
    ])(
      'refuses %s (400 at the field) and stores nothing',
      async (_label, change, field, message) => {
        const res = await book({ ...valid(), ...change });
        expect(res.statusCode).toBe(400);
        const body = res.json<{ error: { code: string; fields: Record<string, string> } }>();
        expect(body.error.code).toBe('VALIDATION_ERROR');
        expect(body.error.fields[field]).toBe(message);
        expect(await bookingCount()).toBe(0);
        expect((await t.deps.database.db.select({ n: count() }).from(jobs))[0]!.n).toBe(0);
      },
    );

    it('refuses today at an hour already past (Riyadh), in Arabic by default', async () => {
      const today = riyadhClock(new Date());
      // Midnight to one: always past unless the test runs in the first minute of the day.
      if (today.minutes < 1) return;
      const res = await book(
        { ...valid(), date: today.date, startTime: '00:00', endTime: '01:00' },
        renterCookie,
        'ar',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: {
          code: 'VALIDATION_ERROR',
          fields: { startTime: 'هذا الوقت قد مضى اليوم. اختر وقتًا لاحقًا.' },
        },
      });
    });

    it('accepts the phone forms of docs/product-spec.md: 05XXXXXXXX and 9665XXXXXXXX (Arabic digits too)', async () => {
      for (const phone of ['0551234567', '966551234567', '٠٥٥١٢٣٤٥٦٧', '055 123 4567']) {
        const res = await book({ ...valid(), contactPhone: phone });
        expect(res.statusCode, phone).toBe(201);
        expect(res.json<MyBooking>().contactPhone).toBe('+966551234567');
      }
    });

    it('books from opening exactly to closing exactly (half-open)', async () => {
      expect((await book({ ...valid(), startTime: '08:00', endTime: '22:00' })).statusCode).toBe(
        201,
      );
    });

    it('answers 404 for an unknown or unapproved space, and stores nothing', async () => {
      for (const id of [pendingSpaceId, '00000000-0000-4000-8000-000000000000']) {
        const res = await book({ ...valid(), spaceId: id });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      }
      expect(await bookingCount()).toBe(0);
    });

    it('refuses an overlap with a confirmed booking (409), allows back to back and pending overlaps', async () => {
      const first = (
        await book({ ...valid(), startTime: '10:00', endTime: '12:00' })
      ).json<MyBooking>();
      // Pending requests may overlap each other: the admin chooses one.
      expect((await book({ ...valid(), startTime: '11:00', endTime: '13:00' })).statusCode).toBe(
        201,
      );
      await t.deps.database.db
        .update(bookings)
        .set({ status: 'confirmed' })
        .where(eq(bookings.id, first.id));
      const before = await bookingCount();
      for (const [start, end] of [
        ['11:00', '13:00'],
        ['09:00', '10:30'],
        ['10:00', '12:00'],
        ['09:00', '13:00'],
        ['10:30', '11:30'],
      ]) {
        const res = await book({ ...valid(), startTime: start, endTime: end });
        expect(res.statusCode, `${start}–${end}`).toBe(409);
        expect(res.json()).toEqual({
          error: {
            code: 'BOOKING_OVERLAP',
            message: 'This time overlaps a confirmed booking of this space.',
          },
        });
      }
      expect(await bookingCount()).toBe(before);
      expect((await book({ ...valid(), startTime: '12:00', endTime: '13:00' })).statusCode).toBe(
        201,
      );
      expect((await book({ ...valid(), startTime: '08:00', endTime: '10:00' })).statusCode).toBe(
        201,
      );
      // Another day is free.
      const monday = futureDate('monday');
      expect((await book({ ...valid(), date: monday })).statusCode).toBe(201);
    });
  });

  describe('GET /api/spaces/:id/availability', () => {
    it('gives the day’s hours and its confirmed bookings only, without who booked', async () => {
      const a = (
        await book({ ...valid(), startTime: '14:00', endTime: '16:00' })
      ).json<MyBooking>();
      await book({ ...valid(), startTime: '10:00', endTime: '11:00' }); // stays pending
      await t.deps.database.db
        .update(bookings)
        .set({ status: 'confirmed' })
        .where(eq(bookings.id, a.id));
      const res = await request('GET', `/api/spaces/${spaceId}/availability?date=${SUNDAY}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        date: SUNDAY,
        open: true,
        opensAt: '08:00',
        closesAt: '22:00',
        busy: [{ startTime: '14:00', endTime: '16:00' }],
      });
      const closed = await request('GET', `/api/spaces/${spaceId}/availability?date=${FRIDAY}`);
      expect(closed.json()).toMatchObject({ open: false, busy: [] });
    });

    it('refuses a bad date (400) and hides unapproved spaces (404)', async () => {
      const bad = await request('GET', `/api/spaces/${spaceId}/availability?date=2031-02-30`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { fields: { date: 'Choose a valid date.' } } });
      const missing = await request('GET', `/api/spaces/${spaceId}/availability`);
      expect(missing.statusCode).toBe(400);
      expect(
        (await request('GET', `/api/spaces/${pendingSpaceId}/availability?date=${SUNDAY}`))
          .statusCode,
      ).toBe(404);
      expect((await request('GET', `/api/spaces/x/availability?date=${SUNDAY}`)).statusCode).toBe(
        404,
      );
    });
  });

  describe('My bookings', () => {
    it('lists only the renter’s own bookings, newest first', async () => {
      const one = (await book(valid())).json<MyBooking>();
      const two = (
        await book({ ...valid(), startTime: '15:00', endTime: '16:00' })
      ).json<MyBooking>();
      await book(valid(), otherCookie);
      const res = await request('GET', '/api/me/bookings', { cookie: renterCookie });
      expect(res.statusCode).toBe(200);
      const { items } = res.json<{ items: MyBooking[] }>();
      expect(items.map((b) => b.id)).toEqual([two.id, one.id]);
      expect(items[0]).toMatchObject({ status: 'pending', totalHalalas: 15_000, guests: 4 });
      expect((await request('GET', '/api/me/bookings')).statusCode).toBe(401);
    });

    it('cancels the renter’s own pending request, once', async () => {
      const mine = (await book(valid())).json<MyBooking>();
      const res = await request('POST', `/api/me/bookings/${mine.id}/cancel`, {
        cookie: renterCookie,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<MyBooking>().status).toBe('cancelled');
      const again = await request('POST', `/api/me/bookings/${mine.id}/cancel`, {
        cookie: renterCookie,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: { code: 'BOOKING_NOT_CANCELLABLE' } });
    });

    it('cannot cancel a declined, cancelled, expired or started booking (409, nothing changes)', async () => {
      for (const [status, startTime, endTime, code] of [
        ['rejected', '12:00', '13:00', 'BOOKING_NOT_CANCELLABLE'],
        ['cancelled', '13:00', '14:00', 'BOOKING_NOT_CANCELLABLE'],
        ['expired', '14:00', '15:00', 'BOOKING_NOT_CANCELLABLE'],
      ] as const) {
        const mine = (await book({ ...valid(), startTime, endTime })).json<MyBooking>();
        await t.deps.database.db.update(bookings).set({ status }).where(eq(bookings.id, mine.id));
        const res = await request('POST', `/api/me/bookings/${mine.id}/cancel`, {
          cookie: renterCookie,
        });
        expect(res.statusCode, status).toBe(409);
        expect(res.json().error.code, status).toBe(code);
        const [row] = await t.deps.database.db
          .select()
          .from(bookings)
          .where(eq(bookings.id, mine.id));
        expect(row!.status).toBe(status);
      }
      // A confirmed booking whose start has come (yesterday's): 409 BOOKING_STARTED.
      const started = (
        await book({ ...valid(), startTime: '16:00', endTime: '17:00' })
      ).json<MyBooking>();
      const yesterday = riyadhDate(-1);
      await t.deps.database.db
        .update(bookings)
        .set({ status: 'confirmed', date: yesterday })
        .where(eq(bookings.id, started.id));
      const res = await request('POST', `/api/me/bookings/${started.id}/cancel`, {
        cookie: renterCookie,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: { code: 'BOOKING_STARTED', current: { id: started.id, status: 'confirmed' } },
      });
      const [row] = await t.deps.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, started.id));
      expect(row!.status).toBe('confirmed');
    });

    it('someone else’s booking can be neither read nor cancelled (404)', async () => {
      const mine = (await book(valid())).json<MyBooking>();
      const res = await request('POST', `/api/me/bookings/${mine.id}/cancel`, {
        cookie: otherCookie,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      const list = await request('GET', '/api/me/bookings', { cookie: otherCookie });
      expect(list.json<{ items: MyBooking[] }>().items).toEqual([]);
      const [row] = await t.deps.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, mine.id));
      expect(row!.status).toBe('pending');
      expect((await request('POST', `/api/me/bookings/${mine.id}/cancel`)).statusCode).toBe(401);
      expect(
        (await request('POST', '/api/me/bookings/not-a-uuid/cancel', { cookie: renterCookie }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('My spaces', () => {
    it('lists the user’s listings with status and the rejection reason', async () => {
      const db = t.deps.database.db;
      const rejected = await createSpace(db, { hostId, status: 'rejected', nameEn: 'Roof' });
      await db.execute(
        sql`update spaces set review_note = 'الصور غير واضحة' where id = ${rejected.id}`,
      );
      const hostCookie = await signIn('host@example.test');
      const res = await request('GET', '/api/me/spaces', { cookie: hostCookie });
      expect(res.statusCode).toBe(200);
      const { items } = res.json<{ items: MySpace[] }>();
      expect(items).toHaveLength(3);
      expect(items[0]).toMatchObject({
        id: rejected.id,
        status: 'rejected',
        reviewNote: 'الصور غير واضحة',
      });
      expect(items.map((s) => s.status).sort()).toEqual(['approved', 'pending', 'rejected']);
      const theirs = await request('GET', '/api/me/spaces', { cookie: renterCookie });
      expect(theirs.json<{ items: MySpace[] }>().items).toEqual([]);
      expect((await request('GET', '/api/me/spaces')).statusCode).toBe(401);
    });
  });
});
