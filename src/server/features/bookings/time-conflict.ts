import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { TIME_HOLDING_STATUSES } from '#shared/constants.ts';
import type { Queryable } from '#server/db/client.ts';
import { bookings, spaces } from '#server/db/schema.ts';

/** Why a time cannot be booked because of the space's confirmed (or completed) bookings. */
export type TimeConflict = 'BOOKING_OVERLAP' | 'SLOT_IN_BUFFER';

/**
 * Whether a confirmed (or completed) booking of the space stands in the way of `period`, and how:
 * `BOOKING_OVERLAP` when one holds part of the period itself; `SLOT_IN_BUFFER` when none does but
 * the host's break between bookings does — the buffer after a booking (its `busy_period`,
 * migration 0007) or the one this period would need after it before the next; null when the time
 * is free. The renter is told which, since a buffer refusal is no overlap.
 */
export async function timeConflict(
  q: Queryable,
  input: {
    spaceId: string;
    /** the requested period, a `tstzrange` */
    period: SQL;
    /** the space's buffer, kept after this period too */
    bufferMinutes: number;
    /** the booking being confirmed, not its own obstacle */
    exceptId?: string;
  },
): Promise<TimeConflict | null> {
  const { period } = input;
  const [row] = await q
    .select({
      blocking: sql<number>`count(*)::int`,
      overlapping: sql<number>`count(*) filter (where ${bookings.period} && ${period})::int`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.spaceId, input.spaceId),
        inArray(bookings.status, [...TIME_HOLDING_STATUSES]),
        input.exceptId ? ne(bookings.id, input.exceptId) : undefined,
        // What the database's constraint holds at the confirm: each side's period with the
        // buffer after it (busy_period is a confirmed booking's).
        sql`coalesce(${bookings.busyPeriod}, ${bookings.period}) && tstzrange(lower(${period}), upper(${period}) + make_interval(mins => ${input.bufferMinutes}), '[)')`,
      ),
    );
  if (!row || row.blocking === 0) return null;
  return row.overlapping > 0 ? 'BOOKING_OVERLAP' : 'SLOT_IN_BUFFER';
}

/**
 * The exclusion constraints refused a booking's confirm: tell an overlap from a buffer clash by
 * reading again, outside the failed transaction, what stands in its way (the winner has committed;
 * the constraint waited for it). A conflict gone meanwhile still answers as a buffer clash, the
 * milder of the two.
 */
export async function confirmConflict(q: Queryable, bookingId: string): Promise<TimeConflict> {
  const [booking] = await q
    .select({
      spaceId: bookings.spaceId,
      period: bookings.period,
      bufferMinutes: spaces.bufferMinutes,
    })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(eq(bookings.id, bookingId));
  if (!booking) return 'BOOKING_OVERLAP';
  const conflict = await timeConflict(q, {
    spaceId: booking.spaceId,
    period: sql`${booking.period}::tstzrange`,
    bufferMinutes: booking.bufferMinutes,
    exceptId: bookingId,
  });
  return conflict ?? 'SLOT_IN_BUFFER';
}
