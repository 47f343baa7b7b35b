import { and, eq, sql, type SQL } from 'drizzle-orm';
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
import type { Db, Queryable } from '#server/db/client.ts';
import { spaces } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/http/app-error.ts';

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

/** The columns (or values) of a space that its day's busy times are read with. */
interface SpaceRef {
  id: SQL;
  opensAt: SQL;
  closesAt: SQL;
}

/**
 * SQL: a space's busy times of a day — confirmed and completed bookings and the host's blocks
 * alike, only their times — as a JSON array of `BusyRow` in order. A day runs from its midnight to
 * its closing time, the next day's when the hours cross midnight; what overlaps it is selected by
 * `period`, not by `date` (decision 030).
 */
function busyOfDaySql(space: SpaceRef, date: string) {
  const midnight = riyadhInstant(date, 0).toISOString();
  const dayEnd = sql`${midnight}::timestamptz + make_interval(mins => greatest(${DAY_MINUTES},
    extract(epoch from ${space.closesAt})::int / 60
      + case when ${space.closesAt} <= ${space.opensAt} then ${DAY_MINUTES} else 0 end))`;
  const day = sql`tstzrange(${midnight}::timestamptz, ${dayEnd}, '[)')`;
  const minutesFrom = (at: SQL) =>
    sql`(extract(epoch from (${at} - ${midnight}::timestamptz)) / 60)::int`;
  return sql<BusyRow[] | string>`(select coalesce(json_agg(json_build_object(
      'start', ${minutesFrom(sql`lower(b.period)`)}, 'end', ${minutesFrom(sql`upper(b.period)`)})
      order by lower(b.period)), '[]')
    from (
      select period from bookings
      where space_id = ${space.id} and status in ('confirmed', 'completed') and period && ${day}
      union all
      select period from space_blocks
      where space_id = ${space.id} and period && ${day}
    ) b)`;
}

const busyPeriods = (busy: BusyRow[] | string): BusyPeriod[] =>
  (typeof busy === 'string' ? (JSON.parse(busy) as BusyRow[]) : busy).map(busyPeriodOfDay);

/**
 * The day's busy times of a space whose hours are known, in the availability answer's shape: what
 * a renter whose request lost its slot is offered instead is read as the booking form reads it.
 */
export async function busyOfDay(
  q: Queryable,
  space: { id: string; opensAt: string; closesAt: string },
  date: string,
): Promise<BusyPeriod[]> {
  const result = await q.execute(
    sql`select ${busyOfDaySql(
      {
        id: sql`${space.id}::uuid`,
        opensAt: sql`${space.opensAt}::time`,
        closesAt: sql`${space.closesAt}::time`,
      },
      date,
    )} as busy`,
  );
  const [row] = (result as unknown as { rows: { busy: BusyRow[] | string }[] }).rows;
  return busyPeriods(row?.busy ?? []);
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
  // The space's hours and the day's busy times in one round trip (asked on every visit).
  const [space] = await db
    .select({
      opensAt: spaces.opensAt,
      closesAt: spaces.closesAt,
      availableDays: spaces.availableDays,
      busy: busyOfDaySql(
        {
          id: sql`"spaces"."id"`,
          opensAt: sql`"spaces"."opens_at"`,
          closesAt: sql`"spaces"."closes_at"`,
        },
        date,
      ),
    })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.status, 'approved')));
  if (!space) throw notFound();
  return {
    date,
    open: isOpenOn({ availableDays: space.availableDays as Day[] }, date),
    opensAt: toHourMinute(space.opensAt),
    closesAt: toHourMinute(space.closesAt),
    busy: busyPeriods(space.busy),
  };
}
