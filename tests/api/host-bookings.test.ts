import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceBlocks } from '#server/db/schema.ts';
import type { BookingStatus } from '#shared/constants.ts';
import { addDays, weekStartOf } from '#shared/domain/host-week.ts';
import { riyadhToday } from '#shared/domain/riyadh-calendar.ts';
import { encodeCursor } from '#shared/domain/space-search.ts';
import type { HostBooking, HostBookings, HostWeek } from '#shared/schemas/host.ts';
import { HOST_BOOKINGS_PAGE_SIZE } from '#shared/schemas/host.ts';
import { createBooking, createSpace, createUser } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The Hosting area's API (issue 17): a host reads the requests and bookings of their own spaces,
 * newest first in keyset pages, and a space's week. Nobody else's, and never the renter's contact.
 */
const PASSWORD = 'Hosting#2026hs';
const RENTER = {
  email: 'faisal.renter@example.test',
  phone: '+966512340001',
  contactPhone: '0598765432',
};
/** A Sunday: the app's weeks start on Sunday (WEEK_DISPLAY_ORDER). */
const WEEK = '2032-03-07';

describe('host bookings API', () => {
  let t: TestApp;
  const cookie: Record<'host' | 'otherHost' | 'renter', string> = {
    host: '',
    otherHost: '',
    renter: '',
  };
  let spaceA: string;
  let spaceB: string;
  let otherSpace: string;
  /** every booking on the host's two spaces, as written */
  const mine: {
    id: string;
    reference: string;
    spaceId: string;
    status: BookingStatus;
    createdAt: Date;
  }[] = [];
  let othersBookingId: string;
  let namelessBookingId: string;

  const get = (url: string, who?: keyof typeof cookie, lang = 'en') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': lang, ...(who ? { cookie: cookie[who] } : {}) },
    });

  /** The newest-first order the list promises: request time, then id, both descending. */
  const newestFirst = (a: (typeof mine)[number], b: (typeof mine)[number]) =>
    b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

  /** Every page from the first, following nextCursor. */
  async function allPages(query: string, who: keyof typeof cookie = 'host') {
    const pages: HostBookings[] = [];
    let cursor: string | null = null;
    do {
      const sep = query ? '&' : '';
      const url = `/api/host/bookings?${query}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await get(url, who);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<HostBookings>();
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 20);
    return pages;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
    const db = t.deps.database.db;
    const host = await createUser(db, { email: 'nora.host@example.test', password: PASSWORD });
    const otherHost = await createUser(db, {
      email: 'other.host@example.test',
      password: PASSWORD,
    });
    const renter = await createUser(db, {
      email: RENTER.email,
      phone: RENTER.phone,
      fullName: 'Faisal Al-Harbi',
      password: PASSWORD,
    });
    // A renter with no name at all: the display name would fall back to the email.
    const nameless = await createUser(db, {
      email: 'no.name@example.test',
      phone: '+966512340002',
      fullName: '',
    });
    spaceA = (
      await createSpace(db, {
        hostId: host.id,
        nameEn: 'Jasmine hall',
        nameAr: 'قاعة الياسمين',
        opensAt: '09:00',
        closesAt: '21:00',
        availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
      })
    ).id;
    spaceB = (await createSpace(db, { hostId: host.id, nameEn: 'Podcast studio' })).id;
    otherSpace = (await createSpace(db, { hostId: otherHost.id, nameEn: 'Not yours' })).id;

    // 47 bookings over the two spaces, in every status; a few share one request time to the
    // microsecond, so the id alone orders them.
    const statuses: BookingStatus[] = ['pending', 'confirmed', 'rejected', 'cancelled', 'pending'];
    const base = Date.parse('2031-06-01T09:00:00Z');
    for (let i = 0; i < 47; i += 1) {
      const spaceId = i % 3 === 0 ? spaceB : spaceA;
      const status = statuses[i % statuses.length]!;
      const createdAt = new Date(base + (i < 5 ? 0 : i * 60_000));
      const booking = await createBooking(db, {
        spaceId,
        renterId: renter.id,
        renterEmail: RENTER.email,
        // Confirmed bookings of one space may not overlap: one day each.
        date: addDays('2032-01-04', i),
        startTime: '10:00',
        endTime: '12:00',
        guests: 2 + (i % 5),
        contactPhone: RENTER.contactPhone,
        status,
        createdAt,
      });
      mine.push({ id: booking.id, reference: booking.reference, spaceId, status, createdAt });
    }
    const named = await createBooking(db, {
      spaceId: spaceB,
      renterId: nameless.id,
      renterEmail: 'no.name@example.test',
      date: '2032-05-02',
      startTime: '10:00',
      endTime: '11:00',
      createdAt: new Date(base - 86_400_000),
    });
    namelessBookingId = named.id;
    mine.push({
      id: named.id,
      reference: named.reference,
      spaceId: spaceB,
      status: 'pending',
      createdAt: named.createdAt,
    });
    othersBookingId = (
      await createBooking(db, {
        spaceId: otherSpace,
        renterId: renter.id,
        renterEmail: RENTER.email,
        date: '2032-01-05',
        startTime: '10:00',
        endTime: '12:00',
      })
    ).id;

    cookie.host = await signInCookie(t, 'nora.host@example.test', PASSWORD);
    cookie.otherHost = await signInCookie(t, 'other.host@example.test', PASSWORD);
    cookie.renter = await signInCookie(t, RENTER.email, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/host/bookings', () => {
    it('signed out → 401 whatever the query, before it is validated', async () => {
      for (const url of [
        '/api/host/bookings',
        '/api/host/bookings?status=nope&cursor=%%%',
        `/api/host/bookings?spaceId=${spaceA}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHORIZED');
      }
    });

    it("lists only bookings on the caller's spaces, newest request first, never the renter's contact", async () => {
      const res = await get('/api/host/bookings', 'host');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const page = res.json<HostBookings>();
      expect(page.items).toHaveLength(HOST_BOOKINGS_PAGE_SIZE);
      expect(page.items.map((b) => b.id)).toEqual(
        [...mine]
          .sort(newestFirst)
          .slice(0, HOST_BOOKINGS_PAGE_SIZE)
          .map((b) => b.id),
      );
      expect(page.items.map((b) => b.id)).not.toContain(othersBookingId);
      expect(page.counts).toEqual({
        all: 48,
        pending: mine.filter((b) => b.status === 'pending').length,
        confirmed: mine.filter((b) => b.status === 'confirmed').length,
        rejected: mine.filter((b) => b.status === 'rejected').length,
        cancelled: mine.filter((b) => b.status === 'cancelled').length,
        expired: mine.filter((b) => b.status === 'expired').length,
        completed: 0,
      });

      const first = page.items[0]!;
      const written = mine.find((b) => b.id === first.id)!;
      expect(first).toEqual<HostBooking>({
        id: written.id,
        reference: written.reference,
        status: written.status,
        space: {
          id: written.spaceId,
          nameAr: written.spaceId === spaceA ? 'قاعة الياسمين' : 'قاعة اجتماعات',
          nameEn: written.spaceId === spaceA ? 'Jasmine hall' : 'Podcast studio',
          listingLanguage: 'ar',
        },
        date: expect.stringMatching(/^2032-\d{2}-\d{2}$/) as unknown as string,
        startTime: '10:00',
        endTime: '12:00',
        guests: expect.any(Number) as unknown as number,
        totalHalalas: 30_000,
        vatHalalas: null,
        renterName: 'Faisal Al-Harbi',
        createdAt: written.createdAt.toISOString(),
        decidedAt: null,
        // Pending: its time to live from when it was sent (its start, in 2032, is later).
        expiresAt:
          written.status === 'pending'
            ? new Date(
                written.createdAt.getTime() + t.config.requests.ttlHours * 3_600_000,
              ).toISOString()
            : null,
      });
      for (const item of page.items) {
        const row = mine.find((b) => b.id === item.id)!;
        expect(item.expiresAt === null, item.status).toBe(item.status !== 'pending');
        if (item.expiresAt)
          expect(new Date(item.expiresAt).getTime() - row.createdAt.getTime()).toBe(
            t.config.requests.ttlHours * 3_600_000,
          );
      }
      expect(page.items.some((b) => b.status === 'pending')).toBe(true);
      // The team confirms and contacts the renter: no phone, no email reaches the host.
      for (const secret of [RENTER.email, RENTER.phone, RENTER.contactPhone, '512340001']) {
        expect(res.body).not.toContain(secret);
      }
    });

    it('a renter whose account has no name shows an empty name, not their email', async () => {
      const pages = await allPages(`spaceId=${spaceB}`);
      const item = pages.flatMap((p) => p.items).find((b) => b.id === namelessBookingId)!;
      expect(item.renterName).toBe('');
      expect(JSON.stringify(pages)).not.toContain('no.name@example.test');
      expect(JSON.stringify(pages)).not.toContain('512340002');
    });

    it('another host sees only their own; a user with no spaces sees none', async () => {
      const other = (await get('/api/host/bookings', 'otherHost')).json<HostBookings>();
      expect(other.items.map((b) => b.id)).toEqual([othersBookingId]);
      expect(other.counts.all).toBe(1);
      expect(other.nextCursor).toBeNull();

      const renter = await get('/api/host/bookings', 'renter');
      expect(renter.statusCode).toBe(200);
      expect(renter.json()).toEqual({
        items: [],
        nextCursor: null,
        counts: {
          all: 0,
          pending: 0,
          confirmed: 0,
          rejected: 0,
          cancelled: 0,
          expired: 0,
          completed: 0,
        },
      });
    });

    it('pagination covers every row exactly once, in order, 20 a page', async () => {
      const pages = await allPages('');
      expect(pages.map((p) => p.items.length)).toEqual([20, 20, 8]);
      expect(pages.at(-1)!.nextCursor).toBeNull();
      const ids = pages.flatMap((p) => p.items.map((b) => b.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...mine].sort(newestFirst).map((b) => b.id));
    });

    it('filters by space and by status, together too; pages of a filter cover it exactly', async () => {
      const bySpace = (await allPages(`spaceId=${spaceA}`)).flatMap((p) => p.items);
      const expectedA = mine.filter((b) => b.spaceId === spaceA).sort(newestFirst);
      expect(bySpace.map((b) => b.id)).toEqual(expectedA.map((b) => b.id));
      const countsA = (
        await get(`/api/host/bookings?spaceId=${spaceA}`, 'host')
      ).json<HostBookings>().counts;
      expect(countsA.all).toBe(expectedA.length);

      for (const status of ['pending', 'confirmed', 'rejected', 'cancelled'] as const) {
        const pages = await allPages(`status=${status}`);
        const ids = pages.flatMap((p) => p.items.map((b) => b.id));
        expect(ids, status).toEqual(
          mine
            .filter((b) => b.status === status)
            .sort(newestFirst)
            .map((b) => b.id),
        );
        // The counts describe the scope, not the filter: the tabs keep their numbers.
        expect(pages[0]!.counts.all).toBe(48);
      }

      const both = (await allPages(`spaceId=${spaceB}&status=pending`)).flatMap((p) => p.items);
      expect(both.map((b) => b.id)).toEqual(
        mine
          .filter((b) => b.spaceId === spaceB && b.status === 'pending')
          .sort(newestFirst)
          .map((b) => b.id),
      );
      expect(both.every((b) => b.space.id === spaceB && b.status === 'pending')).toBe(true);
    });

    it("another host's space, an unknown id or a malformed one → 404 NOT_FOUND", async () => {
      for (const spaceId of [
        otherSpace,
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
        "' OR 1=1 --",
      ]) {
        const res = await get(`/api/host/bookings?spaceId=${encodeURIComponent(spaceId)}`, 'host');
        expect(res.statusCode, spaceId).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      // And the other host may not read the first host's space.
      expect((await get(`/api/host/bookings?spaceId=${spaceA}`, 'otherHost')).statusCode).toBe(404);
    });

    it('a bad status → 400 VALIDATION_ERROR naming the field', async () => {
      for (const query of ['status=approved', 'status=pending&status=confirmed']) {
        const res = await get(`/api/host/bookings?${query}`, 'host', 'ar');
        expect(res.statusCode, query).toBe(400);
        const { error } = res.json();
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(Object.keys(error.fields)).toEqual(['status']);
      }
    });

    // Issue 37: a crafted cursor with an out-of-range timestamp answered 500.
    it('a cursor the server did not issue → 400 INVALID_CURSOR, never a 500', async () => {
      const cursors = [
        'not-a-cursor!',
        'A'.repeat(601),
        // A search cursor (another order) is not a cursor of this list.
        encodeCursor({ sort: 'newest', keys: ['2031-06-01 09:00:00+00'], id: mine[0]!.id }),
        // Its own shape, with a key that is no timestamp or an id that is no UUID.
        encodeCursor({
          sort: 'requested',
          keys: ["2031-06-01'; drop table bookings"],
          id: mine[0]!.id,
        }),
        encodeCursor({ sort: 'requested', keys: ['2031-06-01 09:00:00+00'], id: 'x' }),
        // Its own shape with fields out of range: the old pattern let these reach the cast.
        encodeCursor({ sort: 'requested', keys: ['2026-99-99 99:99:99+99'], id: mine[0]!.id }),
        encodeCursor({ sort: 'requested', keys: ['0000-01-01 00:00:00+00'], id: mine[0]!.id }),
        encodeCursor({ sort: 'requested', keys: ['2026-02-30 10:00:00+00'], id: mine[0]!.id }),
        encodeCursor({ sort: 'requested', keys: ['2026-01-01 10:00:00+16'], id: mine[0]!.id }),
      ];
      for (const cursor of cursors) {
        const res = await get(
          `/api/host/bookings?cursor=${encodeURIComponent(cursor)}`,
          'host',
          'ar',
        );
        expect({ cursor, status: res.statusCode }).toEqual({ cursor, status: 400 });
        expect(res.json()).toEqual({
          error: {
            code: 'INVALID_CURSOR',
            message: 'هذه الصفحة من القائمة لم تعد صالحة. ابدأ من الصفحة الأولى.',
          },
        });
      }
    });
  });

  describe('GET /api/host/spaces/:id/week', () => {
    let confirmedId: string;
    let pendingId: string;
    let lastDayId: string;
    let blockId: string;

    beforeAll(async () => {
      const db = t.deps.database.db;
      const renter = await createUser(db, { email: 'week.renter@example.test' });
      const book = (date: string, startTime: string, endTime: string, status: BookingStatus) =>
        createBooking(db, {
          spaceId: spaceA,
          renterId: renter.id,
          renterEmail: 'week.renter@example.test',
          date,
          startTime,
          endTime,
          guests: 6,
          status,
        });
      confirmedId = (await book(WEEK, '10:00', '12:00', 'confirmed')).id;
      pendingId = (await book(addDays(WEEK, 2), '13:30', '15:00', 'pending')).id;
      await book(addDays(WEEK, 2), '16:00', '17:00', 'rejected');
      await book(addDays(WEEK, 3), '09:00', '10:00', 'cancelled');
      lastDayId = (await book(addDays(WEEK, 6), '18:00', '20:00', 'confirmed')).id; // day 7: in
      await book(addDays(WEEK, 7), '10:00', '11:00', 'confirmed'); // day 8: out
      await book(addDays(WEEK, -1), '10:00', '11:00', 'pending'); // the day before: out
      await createBooking(db, {
        spaceId: spaceB,
        renterId: renter.id,
        renterEmail: 'week.renter@example.test',
        date: addDays(WEEK, 1),
        startTime: '10:00',
        endTime: '11:00',
        status: 'confirmed',
      }); // another space: out

      const block = async (date: string, startTime: string, endTime: string, note: string) => {
        const [row] = await db
          .insert(spaceBlocks)
          .values({
            spaceId: spaceA,
            date,
            startTime,
            endTime,
            period:
              sql`tstzrange(${`${date} ${startTime}+03`}::timestamptz, ${`${date} ${endTime}+03`}::timestamptz, '[)')` as unknown as string,
            note,
          })
          .returning();
        return row!;
      };
      blockId = (await block(addDays(WEEK, 1), '08:00', '11:00', 'Maintenance')).id;
      await block(addDays(WEEK, 7), '08:00', '11:00', 'Next week'); // day 8: out
    });

    it('the seven days from start: hours, open days, bookings and requests, and blocks', async () => {
      const res = await get(`/api/host/spaces/${spaceA}/week?start=${WEEK}`, 'host');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const week = res.json<HostWeek>();
      expect(week.space).toEqual({
        id: spaceA,
        nameAr: 'قاعة الياسمين',
        nameEn: 'Jasmine hall',
        listingLanguage: 'ar',
        status: 'approved',
      });
      expect(week.start).toBe(WEEK);
      expect(week.end).toBe(addDays(WEEK, 6));
      expect(week.opensAt).toBe('09:00');
      expect(week.closesAt).toBe('21:00');
      expect(week.availableDays).toEqual(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday']);
      expect(week.days).toEqual([
        { date: '2032-03-07', weekday: 'sunday', open: true },
        { date: '2032-03-08', weekday: 'monday', open: true },
        { date: '2032-03-09', weekday: 'tuesday', open: true },
        { date: '2032-03-10', weekday: 'wednesday', open: true },
        { date: '2032-03-11', weekday: 'thursday', open: true },
        { date: '2032-03-12', weekday: 'friday', open: false },
        { date: '2032-03-13', weekday: 'saturday', open: false },
      ]);
      // Confirmed and pending only (rejected and cancelled take no time), day 1 to day 7.
      expect(week.bookings).toEqual([
        {
          id: confirmedId,
          date: WEEK,
          startTime: '10:00',
          endTime: '12:00',
          status: 'confirmed',
          guests: 6,
        },
        {
          id: pendingId,
          date: '2032-03-09',
          startTime: '13:30',
          endTime: '15:00',
          status: 'pending',
          guests: 6,
        },
        {
          id: lastDayId,
          date: '2032-03-13',
          startTime: '18:00',
          endTime: '20:00',
          status: 'confirmed',
          guests: 6,
        },
      ]);
      expect(week.blocks).toEqual([
        {
          id: blockId,
          date: '2032-03-08',
          startTime: '08:00',
          endTime: '11:00',
          note: 'Maintenance',
        },
      ]);
    });

    it('any start date gives its seven days; the next week holds day 8', async () => {
      const next = (
        await get(`/api/host/spaces/${spaceA}/week?start=${addDays(WEEK, 7)}`, 'host')
      ).json<HostWeek>();
      expect(next.bookings.map((b) => b.date)).toEqual([addDays(WEEK, 7)]);
      expect(next.blocks.map((b) => b.note)).toEqual(['Next week']);
      // A Wednesday start: Wednesday to Tuesday.
      const mid = (
        await get(`/api/host/spaces/${spaceA}/week?start=2032-03-10`, 'host')
      ).json<HostWeek>();
      expect(mid.days.map((d) => d.weekday)).toEqual([
        'wednesday',
        'thursday',
        'friday',
        'saturday',
        'sunday',
        'monday',
        'tuesday',
      ]);
      expect(mid.bookings.map((b) => b.id)).toEqual([lastDayId, expect.any(String)]);
    });

    it("without start: this week in Riyadh, from the app's first weekday", async () => {
      const before = weekStartOf(riyadhToday());
      const week = (await get(`/api/host/spaces/${spaceA}/week`, 'host')).json<HostWeek>();
      const after = weekStartOf(riyadhToday());
      expect([before, after]).toContain(week.start);
      expect(week.days[0]!.weekday).toBe('sunday');
    });

    it('only the host: another host, a renter, an unknown or malformed id → 404; signed out → 401', async () => {
      for (const who of ['otherHost', 'renter'] as const) {
        const res = await get(`/api/host/spaces/${spaceA}/week?start=${WEEK}`, who);
        expect(res.statusCode, who).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', `${spaceA}x`]) {
        expect((await get(`/api/host/spaces/${id}/week`, 'host')).statusCode, id).toBe(404);
      }
      const out = await get(`/api/host/spaces/${spaceA}/week?start=nope`);
      expect(out.statusCode).toBe(401);
      // The other host reads their own.
      expect((await get(`/api/host/spaces/${otherSpace}/week`, 'otherHost')).statusCode).toBe(200);
    });

    it('a start that is no calendar date → 400 VALIDATION_ERROR', async () => {
      for (const start of [
        '2032-02-30',
        '2032-3-7',
        'tomorrow',
        '2032-03-07T00:00',
        '1800-01-01',
      ]) {
        const res = await get(`/api/host/spaces/${spaceA}/week?start=${start}`, 'host');
        expect(res.statusCode, start).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_ERROR');
        expect(Object.keys(res.json().error.fields)).toEqual(['start']);
      }
      const twice = await get(
        `/api/host/spaces/${spaceA}/week?start=${WEEK}&start=${WEEK}`,
        'host',
      );
      expect(twice.statusCode).toBe(400);
    });
  });
});
