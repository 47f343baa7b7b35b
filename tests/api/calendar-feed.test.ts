import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceBlocks, spaces } from '#server/db/schema.ts';
import {
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_FEED_PAST_DAYS,
} from '#server/features/spaces/calendar-feed.ts';
import { riyadhToday } from '#shared/domain/riyadh-calendar.ts';
import { createBooking, createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Calendar sync (docs/decisions/026-calendar-feed.md): a space's secret iCalendar feed, read with
 * a real parser (ical.js) as a calendar client would; the host's routes that show and replace its
 * URL; and the 404 that never tells a stranger whether a feed or a space exists.
 */

const PASSWORD = 'Calendar#2026hs';
const FEED_URL = /^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/;

/** A Riyadh date `days` from today (negative: in the past). */
function dayFromToday(days: number): string {
  const d = new Date(`${riyadhToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  start: string;
  end: string;
}

/** The feed as a calendar client reads it. */
function parseFeed(body: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(body));
  expect(calendar.name).toBe('vcalendar');
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname') ?? ''),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        summary: event.summary,
        description: event.description ?? '',
        location: event.location ?? '',
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
      };
    }),
  };
}

describe('calendar feed', () => {
  let t: TestApp;
  const cookie: Record<'host' | 'arabicHost' | 'otherHost' | 'renter' | 'admin', string> = {
    host: '',
    arabicHost: '',
    otherHost: '',
    renter: '',
    admin: '',
  };
  let hostId: string;
  let renterId: string;
  let spaceId: string;
  let neighbourId: string;
  let arabicSpaceId: string;

  const get = (url: string, who?: keyof typeof cookie, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'en', ...(who ? { cookie: cookie[who] } : {}), ...headers },
    });
  const post = (url: string, who?: keyof typeof cookie) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'accept-language': 'en', ...(who ? { cookie: cookie[who] } : {}) },
    });

  /** The feed's URL as its host sees it. */
  async function feedUrlOf(id: string, who: keyof typeof cookie = 'host'): Promise<string> {
    const res = await get(`/api/me/spaces/${id}/calendar`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ url: string }>().url;
  }
  const pathOf = (url: string) => new URL(url).pathname;

  const book = (
    id: string,
    date: string,
    startTime: string,
    endTime: string,
    status: 'pending' | 'confirmed' | 'rejected' | 'cancelled',
    guests = 4,
  ) =>
    createBooking(t.deps.database.db, {
      spaceId: id,
      renterId,
      renterEmail: 'renter@example.test',
      contactPhone: '+966512345670',
      date,
      startTime,
      endTime,
      status,
      guests,
    });

  const block = (id: string, date: string, startTime: string, endTime: string, note?: string) =>
    t.deps.database.db
      .insert(spaceBlocks)
      .values({
        spaceId: id,
        date,
        startTime,
        endTime,
        period:
          sql`tstzrange(${`${date} ${startTime}+03`}::timestamptz, ${`${date} ${endTime}+03`}::timestamptz, '[)')` as unknown as string,
        note: note ?? null,
        createdBy: hostId,
      })
      .returning()
      .then((rows) => rows[0]!);

  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
    const db = t.deps.database.db;
    const host = await createUser(db, {
      email: 'host@example.test',
      password: PASSWORD,
      locale: 'en',
    });
    hostId = host.id;
    const arabicHost = await createUser(db, {
      email: 'arabic-host@example.test',
      password: PASSWORD,
      locale: 'ar',
    });
    await createUser(db, { email: 'other-host@example.test', password: PASSWORD });
    renterId = (
      await createUser(db, {
        email: 'renter@example.test',
        password: PASSWORD,
        phone: '+966512345670',
        fullName: 'Faisal Al-Harbi',
      })
    ).id;
    await createUser(db, { email: 'admin@example.test', password: PASSWORD, roles: ['admin'] });
    spaceId = (await createSpace(db, { ...openAllDay(hostId), nameEn: 'Olaya meeting room' })).id;
    neighbourId = (await createSpace(db, { ...openAllDay(hostId), nameEn: 'Neighbour hall' })).id;
    arabicSpaceId = (await createSpace(db, openAllDay(arabicHost.id))).id;
    await createSpace(db, { ...openAllDay(hostId) });
    for (const [who, email] of [
      ['host', 'host@example.test'],
      ['arabicHost', 'arabic-host@example.test'],
      ['otherHost', 'other-host@example.test'],
      ['renter', 'renter@example.test'],
      ['admin', 'admin@example.test'],
    ] as const)
      cookie[who] = await signInCookie(t, email, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/me/spaces/:id/calendar', () => {
    it('gives the host a secret feed URL, the same one every time, never cached', async () => {
      const res = await get(`/api/me/spaces/${spaceId}/calendar`, 'host');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { url } = res.json<{ url: string }>();
      expect(url).toMatch(FEED_URL);
      expect(url.startsWith(t.config.publicUrl)).toBe(true);
      expect(await feedUrlOf(spaceId)).toBe(url);
      const [row] = await t.deps.database.db
        .select({ token: spaces.calendarToken })
        .from(spaces)
        .where(eq(spaces.id, spaceId));
      expect(pathOf(url)).toBe(`/api/calendar/${row!.token}.ics`);
    });

    it('makes one token when first calls arrive at once', async () => {
      const db = t.deps.database.db;
      // Several spaces, several simultaneous first calls each: every call for a space answers
      // the one token its row holds.
      const fresh = await Promise.all(
        Array.from({ length: 5 }, async () => (await createSpace(db, openAllDay(hostId))).id),
      );
      const calls = fresh.flatMap((id) =>
        Array.from({ length: 6 }, () => ({
          id,
          res: get(`/api/me/spaces/${id}/calendar`, 'host'),
        })),
      );
      const answers = await Promise.all(calls.map(async (c) => ({ id: c.id, res: await c.res })));
      for (const id of fresh) {
        const mine = answers.filter((a) => a.id === id);
        for (const { res } of mine) expect(res.statusCode, res.body).toBe(200);
        const urls = new Set(mine.map(({ res }) => res.json<{ url: string }>().url));
        expect(urls.size).toBe(1);
        const [row] = await db
          .select({ token: spaces.calendarToken })
          .from(spaces)
          .where(eq(spaces.id, id));
        expect(pathOf([...urls][0]!)).toBe(`/api/calendar/${row!.token}.ics`);
      }
    });

    it('is the host’s alone: another host, a renter and an admin get 404; signed out 401', async () => {
      for (const who of ['otherHost', 'renter', 'admin'] as const) {
        for (const res of [
          await get(`/api/me/spaces/${spaceId}/calendar`, who),
          await post(`/api/me/spaces/${spaceId}/calendar/regenerate`, who),
        ]) {
          expect(res.statusCode, `${who}: ${res.body}`).toBe(404);
          expect(res.json().error.code).toBe('SPACE_NOT_FOUND');
          expect(res.body).not.toContain('/api/calendar/');
        }
      }
      for (const url of [`/api/me/spaces/${spaceId}/calendar`, '/api/me/spaces/nope/calendar']) {
        const res = await get(url);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHORIZED');
      }
      const out = await post(`/api/me/spaces/${spaceId}/calendar/regenerate`);
      expect(out.statusCode).toBe(401);
    });

    it('answers 404 for an id that is no space, and never a 500', async () => {
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', `${spaceId}x`]) {
        const res = await get(`/api/me/spaces/${id}/calendar`, 'host');
        expect(res.statusCode, id).toBe(404);
        expect(res.json().error.code).toBe('SPACE_NOT_FOUND');
      }
    });
  });

  describe('GET /api/calendar/:token.ics', () => {
    it('holds the confirmed bookings at their Riyadh times and the blocks, nothing else', async () => {
      const confirmed = await book(spaceId, '2030-01-06', '10:00', '12:30', 'confirmed', 7);
      const pending = await book(spaceId, '2030-01-07', '10:00', '11:00', 'pending');
      const cancelled = await book(spaceId, '2030-01-08', '10:00', '11:00', 'cancelled');
      const rejected = await book(spaceId, '2030-01-09', '10:00', '11:00', 'rejected');
      const elsewhere = await book(neighbourId, '2030-01-06', '10:00', '12:30', 'confirmed');
      const blocked = await block(spaceId, '2030-01-10', '08:00', '09:00', 'Deep cleaning; AC');
      const plain = await block(spaceId, '2030-01-11', '20:00', '23:30');
      await block(neighbourId, '2030-01-10', '08:00', '09:00', 'not this space');

      const res = await get(pathOf(await feedUrlOf(spaceId)));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, max-age=300');
      expect(res.headers['x-robots-tag']).toContain('noindex');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      // Calendar files: CRLF lines of at most 75 octets.
      expect(/[^\r]\n/.test(res.body)).toBe(false);
      for (const line of res.body.split('\r\n'))
        expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);

      const { name, events } = parseFeed(res.body);
      expect(name).toBe('HourSpace — Olaya meeting room');
      expect(events.map((e) => e.uid).sort()).toEqual(
        [
          `booking-${confirmed.id}-host@hourspace.sa`,
          `block-${blocked.id}@hourspace.sa`,
          `block-${plain.id}@hourspace.sa`,
        ].sort(),
      );
      const booking = events.find((e) => e.uid.includes(confirmed.id))!;
      // 10:00–12:30 in Riyadh (UTC+3) is 07:00–09:30 UTC.
      expect(booking.start).toBe('2030-01-06T07:00:00.000Z');
      expect(booking.end).toBe('2030-01-06T09:30:00.000Z');
      expect(booking.summary).toBe('Confirmed booking: Olaya meeting room');
      expect(booking.description).toContain('Guests: 7');
      expect(booking.description).toContain(confirmed.id);
      expect(booking.location).toBe('طريق الملك فهد، حي العليا');
      const cleaning = events.find((e) => e.uid.includes(blocked.id))!;
      expect(cleaning.summary).toBe('Blocked: Deep cleaning; AC');
      expect(cleaning.start).toBe('2030-01-10T05:00:00.000Z');
      expect(cleaning.end).toBe('2030-01-10T06:00:00.000Z');
      const evening = events.find((e) => e.uid.includes(plain.id))!;
      expect(evening.summary).toBe('Blocked');
      expect(evening.end).toBe('2030-01-11T20:30:00.000Z');

      // Never who booked: no name, email or phone of the renter; none of the other bookings.
      for (const secret of [
        'renter@example.test',
        '512345670',
        'Faisal',
        pending.id,
        cancelled.id,
        rejected.id,
        elsewhere.id,
        'not this space',
      ])
        expect(res.body).not.toContain(secret);
    });

    it('is written in the host’s language', async () => {
      await book(arabicSpaceId, '2030-02-03', '09:00', '10:00', 'confirmed', 3);
      await block(arabicSpaceId, '2030-02-04', '09:00', '10:00');
      const res = await get(pathOf(await feedUrlOf(arabicSpaceId, 'arabicHost')), undefined, {
        'accept-language': 'en',
      });
      expect(res.statusCode).toBe(200);
      const { name, events } = parseFeed(res.body);
      expect(name).toBe('مساحة بالساعة — قاعة اجتماعات');
      expect(events.map((e) => e.summary).sort()).toEqual(
        ['حجز مؤكد: قاعة اجتماعات', 'محجوب'].sort(),
      );
      const description = events.find((e) => e.summary.startsWith('حجز'))!.description;
      // Counts in the Arabic plural form, the Umm al-Qura date beside the Gregorian (decision 034).
      expect(description).toContain('الضيوف: 3 ضيوف');
      expect(description).toContain('التاريخ: الأحد، 3 فبراير 2030 · 30 رمضان 1451 هـ');
    });

    it(`starts ${CALENDAR_FEED_PAST_DAYS} days ago and answers a poll with nothing new with a 304`, async () => {
      const id = (await createSpace(t.deps.database.db, openAllDay(hostId))).id;
      const old = await book(
        id,
        dayFromToday(-CALENDAR_FEED_PAST_DAYS - 1),
        '10:00',
        '11:00',
        'confirmed',
      );
      const recent = await book(
        id,
        dayFromToday(-CALENDAR_FEED_PAST_DAYS),
        '10:00',
        '11:00',
        'confirmed',
      );
      const oldBlock = await block(
        id,
        dayFromToday(-CALENDAR_FEED_PAST_DAYS - 1),
        '12:00',
        '13:00',
      );
      const path = pathOf(await feedUrlOf(id));
      const res = await get(path);
      const uids = parseFeed(res.body).events.map((e) => e.uid);
      expect(uids).toEqual([`booking-${recent.id}-host@hourspace.sa`]);
      expect(res.body).not.toContain(old.id);
      expect(res.body).not.toContain(oldBlock.id);

      const again = await get(path, undefined, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(res.headers.etag);
      // Something changed: a new body and a new validator.
      await block(id, dayFromToday(3), '12:00', '13:00');
      const changed = await get(path, undefined, { 'if-none-match': String(res.headers.etag) });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(res.headers.etag);
    });

    it(`holds at most ${CALENDAR_FEED_MAX_EVENTS} events, the earliest first`, async () => {
      const id = (await createSpace(t.deps.database.db, openAllDay(hostId))).id;
      const first = dayFromToday(1);
      // One block a day for more days than the feed holds, in one statement.
      await t.deps.database.db.execute(sql`
        insert into space_blocks (space_id, date, start_time, end_time, period)
        select ${id}::uuid, d::date, '10:00', '11:00',
          tstzrange((d::date + time '10:00') at time zone 'Asia/Riyadh',
                    (d::date + time '11:00') at time zone 'Asia/Riyadh', '[)')
        from generate_series(${first}::date, ${first}::date + ${CALENDAR_FEED_MAX_EVENTS + 9}::int, interval '1 day') d`);
      await book(id, first, '12:00', '13:00', 'confirmed');
      const res = await get(pathOf(await feedUrlOf(id)));
      expect(res.statusCode).toBe(200);
      const { events } = parseFeed(res.body);
      expect(events).toHaveLength(CALENDAR_FEED_MAX_EVENTS);
      expect(events[0]!.start).toBe(`${first}T07:00:00.000Z`);
      expect(events.some((e) => e.uid.startsWith('booking-'))).toBe(true);
    });

    it('stops answering the old URL the moment the host makes a new one', async () => {
      const oldUrl = await feedUrlOf(spaceId);
      expect((await get(pathOf(oldUrl))).statusCode).toBe(200);
      const res = await post(`/api/me/spaces/${spaceId}/calendar/regenerate`, 'host');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const newUrl = res.json<{ url: string }>().url;
      expect(newUrl).toMatch(FEED_URL);
      expect(newUrl).not.toBe(oldUrl);
      expect(await feedUrlOf(spaceId)).toBe(newUrl);
      const old = await get(pathOf(oldUrl));
      expect(old.statusCode).toBe(404);
      expect(old.json().error.code).toBe('NOT_FOUND');
      expect((await get(pathOf(newUrl))).statusCode).toBe(200);
    });

    it('answers a malformed token, an unknown one and an archived space’s alike: 404', async () => {
      const archived = (await createSpace(t.deps.database.db, openAllDay(hostId))).id;
      const archivedPath = pathOf(await feedUrlOf(archived));
      await t.deps.database.db
        .update(spaces)
        .set({ status: 'archived' })
        .where(eq(spaces.id, archived));
      const token = pathOf(await feedUrlOf(spaceId)).slice('/api/calendar/'.length, -4);
      const unknown = token.startsWith('A') ? `B${token.slice(1)}` : `A${token.slice(1)}`;
      const paths = [
        archivedPath,
        `/api/calendar/${unknown}.ics`,
        `/api/calendar/${'x'.repeat(43)}.ics`,
        `/api/calendar/${token}`,
        `/api/calendar/${token}.ICS`,
        `/api/calendar/${token}.ics.ics`,
        `/api/calendar/${token.slice(1)}.ics`,
        `/api/calendar/${token}A.ics`,
        `/api/calendar/${token.slice(0, -1)}%00.ics`,
        `/api/calendar/${token.slice(0, -1)}%2F.ics`,
        '/api/calendar/.ics',
        '/api/calendar/x.ics',
        `/api/calendar/${'a'.repeat(300)}.ics`,
        "/api/calendar/'%20OR%201=1.ics",
        '/api/calendar/%zz.ics',
        `/api/calendar/${token}%C0.ics`,
      ];
      const answers = await Promise.all(paths.map((p) => get(p)));
      // As if the path did not exist at all.
      const baseline = await get('/api/no-such-route');
      for (const [i, res] of answers.entries()) {
        expect(res.statusCode, paths[i]).toBe(404);
        expect(res.body, paths[i]).toBe(baseline.body);
        expect(res.headers['content-type'], paths[i]).toBe(baseline.headers['content-type']);
      }
      // Archived: the host cannot ask for it either.
      expect((await get(`/api/me/spaces/${archived}/calendar`, 'host')).statusCode).toBe(404);
      expect(
        (await post(`/api/me/spaces/${archived}/calendar/regenerate`, 'host')).statusCode,
      ).toBe(404);
    });

    it('needs no session and ignores one', async () => {
      const path = pathOf(await feedUrlOf(spaceId));
      const anonymous = await get(path);
      const signedIn = await get(path, 'otherHost');
      expect(anonymous.statusCode).toBe(200);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).toBe(anonymous.body);
    });
  });
});
