import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';
import { TIME_HOLDING_STATUSES, TIME_ZONE, type Locale } from '#shared/constants.ts';
import { bookingPeriod } from '#shared/domain/booking-slots.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { riyadhToday } from '#shared/domain/riyadh-calendar.ts';
import { formatBookingDate, formatPrice } from '#shared/format.ts';
import { formatCount } from '#shared/format-count.ts';
import type { Db } from '#server/db/client.ts';
import { bookings, spaceBlocks, spaces, users } from '#server/db/schema.ts';
import { renderIcsCalendar, type CalendarEvent } from '#server/emails/ics.ts';
import { storedLocale } from '#server/users/recipient-locale.ts';

/**
 * A space's iCalendar feed (GET /api/calendar/<token>.ics; docs/decisions/026-calendar-feed.md):
 * its confirmed bookings and its blocks, for the host's Google Calendar or Outlook. Written in the
 * host's language; never the renter's name, email or phone.
 */

/** The feed starts this many days before today (Riyadh): recent history stays visible. */
export const CALENDAR_FEED_PAST_DAYS = 60;
/** At most this many events, the earliest first: a client polling the feed gets a bounded file. */
export const CALENDAR_FEED_MAX_EVENTS = 2_000;
/** The refresh a client is asked for (clients that honour it; Google polls on its own schedule). */
export const CALENDAR_FEED_REFRESH_MINUTES = 60;

export interface CalendarFeed {
  body: string;
  /** A strong validator of the body: a poller's If-None-Match gets a 304. */
  etag: string;
}

const copy: Record<
  Locale,
  {
    calendar: (space: string) => string;
    booking: (space: string) => string;
    blocked: string;
    date: (date: string) => string;
    guests: (n: string) => string;
    total: (price: string) => string;
    reference: (id: string) => string;
  }
> = {
  ar: {
    calendar: (space) => `مساحة بالساعة — ${space}`,
    booking: (space) => `حجز مؤكد: ${space}`,
    blocked: 'محجوب',
    date: (date) => `التاريخ: ${date}`,
    guests: (n) => `الضيوف: ${n}`,
    total: (price) => `الإجمالي: ${price}`,
    reference: (id) => `رقم الحجز: ${id}`,
  },
  en: {
    calendar: (space) => `HourSpace — ${space}`,
    booking: (space) => `Confirmed booking: ${space}`,
    blocked: 'Blocked',
    date: (date) => `Date: ${date}`,
    guests: (n) => `Guests: ${n}`,
    total: (price) => `Total: ${price}`,
    reference: (id) => `Booking reference: ${id}`,
  },
};

/** An event's start and end: an end at or before the start is the next day's (decision 030). */
const eventTimes = (row: { date: string; startTime: string; endTime: string }) => {
  const { startsAt, endsAt } = bookingPeriod(row);
  return { start: startsAt, end: endsAt };
};

/** The first day of the window: CALENDAR_FEED_PAST_DAYS before today in Riyadh. */
export function calendarFeedStart(now: Date): string {
  const today = riyadhToday(now);
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - CALENDAR_FEED_PAST_DAYS);
  return day.toISOString().slice(0, 10);
}

/**
 * The feed of the space holding `token`, or null — for an unknown token and an archived space
 * alike (one query either way, the same null): the caller answers both with the same 404.
 */
export async function renderCalendarFeed(
  db: Db,
  token: string,
  now: Date,
): Promise<CalendarFeed | null> {
  const [space] = await db
    .select({
      id: spaces.id,
      nameAr: spaces.nameAr,
      nameEn: spaces.nameEn,
      address: spaces.address,
      hostLocale: users.locale,
    })
    .from(spaces)
    .innerJoin(users, eq(users.id, spaces.hostId))
    .where(and(eq(spaces.calendarToken, token), ne(spaces.status, 'archived')))
    .limit(1);
  if (!space) return null;

  const locale: Locale = storedLocale(space.hostLocale) ?? 'ar';
  const text = copy[locale];
  const name = spaceName(space, locale);
  const from = calendarFeedStart(now);

  const [confirmed, blocks] = await Promise.all([
    db
      .select({
        id: bookings.id,
        date: bookings.date,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
        guests: bookings.guests,
        totalHalalas: bookings.totalHalalas,
        decidedAt: bookings.decidedAt,
        updatedAt: bookings.updatedAt,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.spaceId, space.id),
          inArray(bookings.status, [...TIME_HOLDING_STATUSES]),
          gte(bookings.date, from),
        ),
      )
      .orderBy(asc(bookings.date), asc(bookings.startTime), asc(bookings.id))
      .limit(CALENDAR_FEED_MAX_EVENTS),
    db
      .select({
        id: spaceBlocks.id,
        date: spaceBlocks.date,
        startTime: spaceBlocks.startTime,
        endTime: spaceBlocks.endTime,
        note: spaceBlocks.note,
        createdAt: spaceBlocks.createdAt,
      })
      .from(spaceBlocks)
      .where(and(eq(spaceBlocks.spaceId, space.id), gte(spaceBlocks.date, from)))
      .orderBy(asc(spaceBlocks.date), asc(spaceBlocks.startTime), asc(spaceBlocks.id))
      .limit(CALENDAR_FEED_MAX_EVENTS),
  ]);

  const events: CalendarEvent[] = [
    ...confirmed.map((b): CalendarEvent => ({
      // The booking's id: the same event on every fetch, whatever else changes. `-host` keeps it
      // apart from the renter's copy (features/bookings/emails/confirmed.ts) should the host
      // book their own space.
      uid: `booking-${b.id}-host@hourspace.sa`,
      stamp: b.decidedAt ?? b.updatedAt,
      ...eventTimes(b),
      summary: text.booking(name),
      location: space.address,
      description: [
        text.date(formatBookingDate(b.date, locale)),
        text.guests(formatCount(b.guests, 'guests', locale)),
        text.total(formatPrice(b.totalHalalas, locale)),
        text.reference(b.id),
      ].join('\n'),
    })),
    ...blocks.map((b): CalendarEvent => ({
      uid: `block-${b.id}@hourspace.sa`,
      stamp: b.createdAt,
      ...eventTimes(b),
      summary: b.note ? `${text.blocked}: ${b.note}` : text.blocked,
      ...(b.note ? { description: b.note } : {}),
    })),
  ]
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid))
    .slice(0, CALENDAR_FEED_MAX_EVENTS);

  const body = renderIcsCalendar(
    {
      prodId: '-//HourSpace//Calendar feed//EN',
      name: text.calendar(name),
      timeZoneHint: TIME_ZONE,
      refreshMinutes: CALENDAR_FEED_REFRESH_MINUTES,
    },
    events,
  );
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag };
}
