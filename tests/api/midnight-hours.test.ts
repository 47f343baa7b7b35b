import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, jobs, spaces } from '#server/db/schema.ts';
import { formatTimeRange } from '#shared/format.ts';
import type { Availability, MyBooking } from '#shared/schemas/booking.ts';
import { createBooking, createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { deliverMail, recipient, sentMail, signInCookie } from '../support/admin-desk.ts';
import { riyadhDate } from '../support/live-app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 17, opening hours that cross midnight (decision 030): an event hall open 16:00–02:00
 * takes a booking from 22:00 to 01:00 the next morning. It belongs to the day it starts, is
 * priced for its three hours, stored as the right absolute period, kept apart from other
 * bookings across midnight, and every answer and email says when it ends.
 */
const PASSWORD = 'Midnight#2026';

describe('hours that cross midnight', () => {
  let t: TestApp;
  let hostId: string;
  let renterId: string;
  let host = '';
  let renter = '';
  let admin = '';
  let hallId = '';
  const date = riyadhDate(6);
  const nextDate = riyadhDate(7);
  const db = () => t.deps.database.db;

  const request = (startTime: string, endTime: string, day = date, spaceId = hallId) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: renter, 'accept-language': 'en' },
      payload: { spaceId, date: day, startTime, endTime, guests: 2, contactPhone: '0512345678' },
    });
  const confirm = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${id}/confirm`,
      headers: { cookie: admin },
    });
  const availability = async (day: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/spaces/${hallId}/availability?date=${day}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json<Availability>();
  };
  /** The stored period as ISO instants, whatever the driver returns. */
  const storedPeriod = async (id: string) => {
    const [row] = await db()
      .select({
        lower: sql<string>`to_char(lower(${bookings.period}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')`,
        upper: sql<string>`to_char(upper(${bookings.period}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')`,
      })
      .from(bookings)
      .where(eq(bookings.id, id));
    return row!;
  };
  /** `date` at `HH:mm` in Riyadh (UTC+3), as an ISO instant to the minute. */
  const riyadh = (day: string, hhmm: string, plusDays = 0) => {
    const d = new Date(`${day}T${hhmm}:00+03:00`);
    d.setUTCDate(d.getUTCDate() + plusDays);
    return `${d.toISOString().slice(0, 16)}Z`;
  };

  beforeAll(async () => {
    t = await createTestApp();
    hostId = (
      await createUser(db(), { email: 'host@example.test', password: PASSWORD, locale: 'en' })
    ).id;
    renterId = (
      await createUser(db(), { email: 'renter@example.test', password: PASSWORD, locale: 'en' })
    ).id;
    await createUser(db(), { email: 'admin@example.test', password: PASSWORD, roles: ['admin'] });
    host = await signInCookie(t, 'host@example.test', PASSWORD);
    renter = await signInCookie(t, 'renter@example.test', PASSWORD);
    admin = await signInCookie(t, 'admin@example.test', PASSWORD);
    hallId = (
      await createSpace(db(), {
        ...openAllDay(hostId),
        listingLanguage: 'en',
        nameEn: 'Late Night Hall',
        priceHalalas: 50_000,
      })
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('the host sets hours that close the next morning; the same time twice is refused', async () => {
    const edit = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/me/spaces/${hallId}`,
        headers: { cookie: host, 'accept-language': 'en' },
        payload,
      });
    const same = await edit({ opensAt: '16:00', closesAt: '16:00' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.closesAt).toBe(
      'The closing time must differ from the opening time (an earlier closing time means the next day).',
    );
    expect((await edit({ opensAt: '16:00', closesAt: '02:00' })).statusCode).toBe(200);
    const [row] = await db().select().from(spaces).where(eq(spaces.id, hallId));
    expect([row!.opensAt.slice(0, 5), row!.closesAt.slice(0, 5)]).toEqual(['16:00', '02:00']);
    const day = await availability(date);
    expect([day.opensAt, day.closesAt]).toEqual(['16:00', '02:00']);
  });

  it('a booking from 22:00 to 01:00 is priced for three hours and stored as that night', async () => {
    const res = await request('22:00', '01:00');
    expect(res.statusCode).toBe(201);
    const booking = res.json<MyBooking>();
    expect(booking).toMatchObject({ date, startTime: '22:00', endTime: '01:00' });
    expect(booking.totalHalalas).toBe(3 * 50_000);
    expect(await storedPeriod(booking.id)).toEqual({
      lower: riyadh(date, '22:00'),
      upper: riyadh(date, '01:00', 1),
    });
    // Half an hour either side of midnight, and up to closing time exactly.
    const late = await request('23:30', '02:00', nextDate);
    expect(late.statusCode).toBe(201);
    expect(late.json<MyBooking>().totalHalalas).toBe(2.5 * 50_000);
  });

  it('refuses what runs past closing time or starts after midnight on its own date', async () => {
    const before = await db().$count(bookings);
    const tooLate = await request('22:00', '03:00');
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().error.fields).toEqual({
      endTime: "This time is outside the space's opening hours.",
    });
    const afterMidnight = await request('01:00', '02:00');
    expect(afterMidnight.statusCode).toBe(400);
    expect(Object.keys(afterMidnight.json().error.fields)).toEqual(['startTime']);
    const tooShort = await request('23:30', '00:00');
    expect(tooShort.statusCode).toBe(400);
    expect(Object.keys(tooShort.json().error.fields)).toEqual(['endTime']);
    expect(await db().$count(bookings)).toBe(before);
  });

  it('where the hours do not cross midnight, an end before the start is still refused', async () => {
    const dayOnly = await createSpace(db(), {
      ...openAllDay(hostId),
      opensAt: '08:00',
      closesAt: '22:00',
    });
    const res = await request('21:00', '01:00', date, dayOnly.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      endTime: 'The end time must be after the start time.',
    });
  });

  it('once confirmed, the night is busy on both dates and nothing overlaps it across midnight', async () => {
    const [pending] = await db()
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.date, date));
    expect((await confirm(pending!.id)).statusCode).toBe(200);

    expect((await availability(date)).busy).toEqual([{ startTime: '22:00', endTime: '01:00' }]);
    // The next date: busy from its midnight to 01:00 (the evening before's), and its own
    // 23:30–02:00 request is still only pending.
    expect((await availability(nextDate)).busy).toEqual([{ startTime: '00:00', endTime: '01:00' }]);

    for (const [start, end] of [
      ['23:00', '00:30'],
      ['21:00', '22:30'],
      ['16:00', '02:00'],
    ]) {
      const refused = await request(start!, end!);
      expect(refused.statusCode, `${start}–${end}`).toBe(409);
      expect(refused.json().error.code).toBe('BOOKING_OVERLAP');
    }
    expect((await request('20:00', '22:00')).statusCode).toBe(201);

    // The database holds the line too: a pending request over the night, written straight in,
    // cannot be confirmed.
    const clash = await createBooking(db(), {
      spaceId: hallId,
      renterId,
      renterEmail: 'renter@example.test',
      date,
      startTime: '23:30',
      endTime: '00:30',
    });
    const second = await confirm(clash.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('BOOKING_OVERLAP');
  });

  it('a busy time early the next morning is listed as the next day’s', async () => {
    // A block on the next date from 00:00 to 01:30 lies inside this date's hours (to 02:00).
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/me/spaces/${hallId}/blocks`,
      headers: { cookie: host, 'accept-language': 'en' },
      payload: { date: riyadhDate(9), startTime: '00:00', endTime: '01:30' },
    });
    expect(block.statusCode).toBe(201);
    expect((await availability(riyadhDate(8))).busy).toEqual([
      { startTime: '00:00', endTime: '01:30', nextDay: true },
    ]);
    const refused = await request('23:00', '01:00', riyadhDate(8));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TIME_BLOCKED');
    expect((await request('22:00', '00:00', riyadhDate(8))).statusCode).toBe(201);
  });

  it('the emails and the calendar file say the night ends the next day', async () => {
    await db().delete(jobs);
    const night = await request('22:00', '01:00', riyadhDate(10));
    expect(night.statusCode).toBe(201);
    expect((await confirm(night.json<MyBooking>().id)).statusCode).toBe(200);
    await deliverMail(t);
    const toRenter = (await sentMail(t)).filter((m) =>
      recipient(m).includes('renter@example.test'),
    );
    const confirmed = toRenter.find((m) => m.attachments.length === 1);
    expect(confirmed).toBeDefined();
    expect(confirmed!.text).toMatch(/10:00\s?pm – 1:00\s?am \(next day\)/i);
    const ics = confirmed!.attachments[0]!.content.toString('utf8');
    const compact = (iso: string) => iso.replace(/[-:]/g, '').replace('Z', '00Z');
    expect(ics).toContain(`DTSTART:${compact(riyadh(riyadhDate(10), '22:00'))}`);
    expect(ics).toContain(`DTEND:${compact(riyadh(riyadhDate(10), '01:00', 1))}`);
  });

  it('a request that lost its night is told the free times left, past midnight, in its language', async () => {
    await db().delete(jobs);
    await createUser(db(), { email: 'renter-ar@example.test', password: PASSWORD, locale: 'ar' });
    const renterAr = await signInCookie(t, 'renter-ar@example.test', PASSWORD);
    const night = (
      await createSpace(db(), {
        ...openAllDay(hostId),
        opensAt: '16:00',
        closesAt: '02:00',
        bufferMinutes: 30,
        listingLanguage: 'en',
        nameEn: 'Half-Hour Buffer Hall',
      })
    ).id;
    const day = riyadhDate(12);
    const ask = async (cookie: string, startTime: string, endTime: string, date = day) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { cookie, 'accept-language': 'en' },
        payload: {
          spaceId: night,
          date,
          startTime,
          endTime,
          guests: 2,
          contactPhone: '0512345678',
        },
      });
      expect(res.statusCode, `${startTime}–${endTime}`).toBe(201);
      return res.json<MyBooking>().id;
    };
    // The evening already holds 17:00–18:00; the host blocked the next date's 01:00–02:00,
    // which lies inside this date's hours.
    expect((await confirm(await ask(renter, '17:00', '18:00'))).statusCode).toBe(200);
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/me/spaces/${night}/blocks`,
      headers: { cookie: host, 'accept-language': 'en' },
      payload: { date: riyadhDate(13), startTime: '01:00', endTime: '02:00' },
    });
    expect(block.statusCode).toBe(201);

    const english = await ask(renter, '19:00', '21:00');
    const arabic = await ask(renterAr, '21:00', '00:00');
    const later = await ask(renter, '22:30', '00:00');
    const winner = await ask(renter, '20:00', '21:30');
    expect((await confirm(winner)).statusCode).toBe(200);
    const statuses = await db()
      .select({ id: bookings.id, status: bookings.status, reason: bookings.statusReason })
      .from(bookings)
      .where(eq(bookings.spaceId, night));
    const statusOf = (id: string) => statuses.find((r) => r.id === id);
    expect(statusOf(english)).toMatchObject({ status: 'rejected', reason: 'SLOT_TAKEN' });
    expect(statusOf(arabic)).toMatchObject({ status: 'rejected', reason: 'SLOT_TAKEN' });
    // Half an hour of buffer after 21:30 ends at 22:00: 22:30 does not meet it.
    expect(statusOf(later)?.status).toBe('pending');

    await deliverMail(t);
    const taken = (address: string) =>
      sentMail(t).then((all) =>
        all.filter(
          (m) =>
            recipient(m).includes(address) &&
            /no longer available|لم يعد متاحًا/.test(m.subject ?? ''),
        ),
      );
    /** The paragraph that lists the free times, one line each. */
    const freeLines = (text: string, heading: string) => {
      const from = text.indexOf(heading);
      expect(from, text).toBeGreaterThan(-1);
      return text
        .slice(from)
        .split(/\n\s*\n/)[0]!
        .split('\n')
        .slice(1)
        .map((line) => line.trim());
    };
    // Busy with the buffer: 16:30–18:30 and 19:30–22:00, and from 00:30 the next morning
    // (the block at 01:00). 16:00–16:30 is shorter than an hour; 22:00 runs past midnight.
    const [toEnglish] = await taken('renter@example.test');
    expect(toEnglish).toBeDefined();
    const en = freeLines(toEnglish!.text ?? '', 'Free times at this space on');
    expect(en).toHaveLength(2);
    expect(en[0]).toMatch(/^6:30\s?pm – 7:30\s?pm$/i);
    expect(en[1]).toMatch(/^10:00\s?pm – 12:30\s?am \(next day\)$/i);

    const [toArabic] = await taken('renter-ar@example.test');
    expect(toArabic).toBeDefined();
    expect(toArabic!.subject).toContain('الموعد الذي طلبته');
    const ar = freeLines(toArabic!.text ?? '', 'الأوقات المتاحة في هذه المساحة يوم');
    expect(ar).toEqual([
      formatTimeRange('18:30', '19:30', 'ar'),
      formatTimeRange('22:00', '00:30', 'ar'),
    ]);
    expect(ar[1]).toMatch(/^10:00 م – 12:30 ص \(اليوم التالي\)$/);
    expect(ar[0]).not.toContain('اليوم التالي');
  });
});
