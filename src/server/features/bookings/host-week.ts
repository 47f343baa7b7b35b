import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { Day } from '#shared/constants.ts';
import { isOpenOn } from '#shared/domain/booking-slots.ts';
import { addDays, weekDates, weekStartOf } from '#shared/domain/host-week.ts';
import { riyadhToday, toHourMinute, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import { WEEK_BOOKING_STATUSES, type HostWeek } from '#shared/schemas/host.ts';
import type { Db } from '#server/db/client.ts';
import { bookings, spaceBlocks } from '#server/db/schema.ts';
import { findHostedSpace } from './host-bookings.ts';

/**
 * GET /api/host/spaces/:id/week: seven days from `start` (default: this week in Riyadh, from the
 * app's first weekday) of a space `hostId` hosts — its hours, its confirmed bookings and pending
 * requests, and the times its host blocked. Anyone else's space, or none, is a 404.
 */
export async function getHostWeek(
  db: Db,
  hostId: string,
  spaceId: string,
  start: string | undefined,
  now: Date,
): Promise<HostWeek> {
  const space = await findHostedSpace(db, hostId, spaceId);
  const first = start ?? weekStartOf(riyadhToday(now));
  const last = addDays(first, 6);
  const availableDays = space.availableDays as Day[];

  const [bookingRows, blockRows] = await Promise.all([
    db
      .select({
        id: bookings.id,
        date: bookings.date,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
        status: bookings.status,
        guests: bookings.guests,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.spaceId, space.id),
          between(bookings.date, first, last),
          inArray(bookings.status, [...WEEK_BOOKING_STATUSES]),
        ),
      )
      .orderBy(asc(bookings.date), asc(bookings.startTime), asc(bookings.id)),
    db
      .select({
        id: spaceBlocks.id,
        date: spaceBlocks.date,
        startTime: spaceBlocks.startTime,
        endTime: spaceBlocks.endTime,
        note: spaceBlocks.note,
      })
      .from(spaceBlocks)
      .where(and(eq(spaceBlocks.spaceId, space.id), between(spaceBlocks.date, first, last)))
      .orderBy(asc(spaceBlocks.date), asc(spaceBlocks.startTime), asc(spaceBlocks.id)),
  ]);

  return {
    space: {
      id: space.id,
      nameAr: space.nameAr,
      nameEn: space.nameEn,
      listingLanguage: space.listingLanguage,
      status: space.status,
    },
    start: first,
    end: last,
    opensAt: toHourMinute(space.opensAt),
    closesAt: toHourMinute(space.closesAt),
    availableDays,
    days: weekDates(first).map((date) => ({
      date,
      weekday: weekdayOf(date),
      open: isOpenOn({ availableDays }, date),
    })),
    bookings: bookingRows.map((b) => ({
      id: b.id,
      date: b.date,
      startTime: toHourMinute(b.startTime),
      endTime: toHourMinute(b.endTime),
      status: b.status as (typeof WEEK_BOOKING_STATUSES)[number],
      guests: b.guests,
    })),
    blocks: blockRows.map((b) => ({
      id: b.id,
      date: b.date,
      startTime: toHourMinute(b.startTime),
      endTime: toHourMinute(b.endTime),
      note: b.note,
    })),
  };
}
