import { and, eq, sql } from 'drizzle-orm';
import type { Day } from '#shared/constants.ts';
import {
  DAY_MINUTES,
  formatTimeOfDay,
  isOpenOn,
  type BusyPeriod,
} from '#shared/domain/booking-slots.ts';
import { isCalendarDate, riyadhInstant, toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import { fieldRule } from '#shared/messages.ts';
import { isUuid, type Availability } from '#shared/schemas/booking.ts';
import type { Db } from '../../db/client.ts';
import { spaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/app-error.ts';

/** A busy time as minutes from the day's midnight in Riyadh (before 0: it began the day before). */
interface BusyRow {
  start: number;
  end: number;
}

/** Minutes from the day's midnight → the `HH:mm` shape of a day's busy period. */
export function busyPeriodOfDay({ start, end }: BusyRow): BusyPeriod {
  const from = Math.max(0, start);
  if (from >= DAY_MINUTES) {
    return { startTime: formatTimeOfDay(from), endTime: formatTimeOfDay(end), nextDay: true };
  }
  return { startTime: formatTimeOfDay(from), endTime: formatTimeOfDay(end) };
}

/**
 * The day's hours and its busy times — confirmed bookings and the host's blocks alike: only
 * times, never who booked or why. A day runs from its midnight to its closing time, the next
 * day's when the hours cross midnight; a booking of the evening before that ends after midnight
 * is busy from 00:00 (decision 030).
 */
export async function getAvailability(
  db: Db,
  spaceId: string,
  date: string,
): Promise<Availability> {
  if (!isCalendarDate(date))
    throw new AppError('VALIDATION_ERROR', { date: fieldRule('bookingDate') });
  if (!isUuid(spaceId)) throw notFound();
  const midnight = riyadhInstant(date, 0).toISOString();
  // The space's hours and the day's busy times in one round trip (asked on every visit): what
  // overlaps the day from its midnight to its closing time, however late that is.
  const dayEnd = sql`${midnight}::timestamptz + make_interval(mins => greatest(${DAY_MINUTES},
    extract(epoch from "spaces"."closes_at")::int / 60
      + case when "spaces"."closes_at" <= "spaces"."opens_at" then ${DAY_MINUTES} else 0 end))`;
  const day = sql`tstzrange(${midnight}::timestamptz, ${dayEnd}, '[)')`;
  const minutesFrom = (at: ReturnType<typeof sql>) =>
    sql`(extract(epoch from (${at} - ${midnight}::timestamptz)) / 60)::int`;
  const [space] = await db
    .select({
      opensAt: spaces.opensAt,
      closesAt: spaces.closesAt,
      availableDays: spaces.availableDays,
      busy: sql<BusyRow[] | string>`(select coalesce(json_agg(json_build_object(
          'start', ${minutesFrom(sql`lower(b.period)`)}, 'end', ${minutesFrom(sql`upper(b.period)`)})
          order by lower(b.period)), '[]')
        from (
          select period from bookings
          where space_id = "spaces"."id" and status in ('confirmed', 'completed') and period && ${day}
          union all
          select period from space_blocks
          where space_id = "spaces"."id" and period && ${day}
        ) b)`,
    })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.status, 'approved')));
  if (!space) throw notFound();
  const busy: BusyRow[] = typeof space.busy === 'string' ? JSON.parse(space.busy) : space.busy;
  return {
    date,
    open: isOpenOn({ availableDays: space.availableDays as Day[] }, date),
    opensAt: toHourMinute(space.opensAt),
    closesAt: toHourMinute(space.closesAt),
    busy: busy.map(busyPeriodOfDay),
  };
}
