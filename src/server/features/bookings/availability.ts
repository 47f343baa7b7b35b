import { and, eq, sql } from 'drizzle-orm';
import type { Day } from '#shared/constants.ts';
import { isOpenOn } from '#shared/domain/booking-slots.ts';
import { isCalendarDate, toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import { fieldRule } from '#shared/messages.ts';
import { isUuid, type Availability } from '#shared/schemas/booking.ts';
import type { Db } from '../../db/client.ts';
import { spaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/app-error.ts';

interface BusyRow {
  startTime: string;
  endTime: string;
}

/**
 * The day's hours and its busy times — confirmed bookings and the host's blocks alike: only
 * times, never who booked or why.
 */
export async function getAvailability(
  db: Db,
  spaceId: string,
  date: string,
): Promise<Availability> {
  if (!isCalendarDate(date))
    throw new AppError(400, 'VALIDATION_ERROR', { date: fieldRule('bookingDate') });
  if (!isUuid(spaceId)) throw notFound();
  // The space's hours and the day's confirmed bookings in one round trip (asked on every visit).
  const [space] = await db
    .select({
      opensAt: spaces.opensAt,
      closesAt: spaces.closesAt,
      availableDays: spaces.availableDays,
      busy: sql<BusyRow[] | string>`(select coalesce(json_agg(json_build_object(
          'startTime', b.start_time, 'endTime', b.end_time) order by b.start_time), '[]')
        from (
          select start_time, end_time from bookings
          where space_id = "spaces"."id" and date = ${date} and status = 'confirmed'
          union all
          select start_time, end_time from space_blocks
          where space_id = "spaces"."id" and date = ${date}
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
    busy: busy.map((b) => ({
      startTime: toHourMinute(b.startTime),
      endTime: toHourMinute(b.endTime),
    })),
  };
}
