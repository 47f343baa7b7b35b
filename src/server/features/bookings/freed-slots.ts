import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import { SLOT_TAKEN } from '#shared/domain/booking-lifecycle.ts';
import type { Queryable } from '#server/db/client.ts';
import { bookings, spaceBlocks, type spaces, users } from '#server/db/schema.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';
import { tellOfBooking } from './booking-notices.ts';
import { toBookingForEmail } from './booking-views.ts';

/**
 * A confirmed booking was cancelled (by its renter or an admin) before its start: the renters
 * whose requests its confirm declined as SLOT_TAKEN are told the time is free again, with a link
 * to request it, in their language (notice table: booking `slotFreed`; decision 060). Their
 * requests are not reinstated: a renter who has made other plans is not booked behind their back.
 *
 * Which requests: the confirm declined them in its own transaction, so their `decided_at` is the
 * confirm's `now()` — the cancelled booking's `decided_at` before the cancel (`confirmedAt`). Only
 * those whose start is still ahead, and whose time no other confirmed booking (with the buffer)
 * or block now holds; none when the space no longer takes requests. Runs in the cancel's
 * transaction, under the space's lock; each email's dedupe key names the declined request, so a
 * request hears it once.
 */
export async function tellFreedSlots(
  tx: Queryable,
  input: {
    space: typeof spaces.$inferSelect;
    confirmedAt: Date | null;
    now: Date;
    requestLocale: Locale;
    publicUrl: string;
    teamEmail?: string;
  },
): Promise<number> {
  const { space } = input;
  if (input.confirmedAt === null || space.status !== 'approved') return 0;
  const freed = await tx
    .select({ booking: bookings, renter: users })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.renterId))
    .where(
      and(
        eq(bookings.spaceId, space.id),
        eq(bookings.status, 'rejected'),
        eq(bookings.statusReason, SLOT_TAKEN),
        // The driver reads microseconds into a Date's milliseconds: within a millisecond either
        // way. Another confirm's declines that close are still held by it (the check below).
        sql`${bookings.decidedAt} between ${input.confirmedAt.toISOString()}::timestamptz - interval '1 millisecond' and ${input.confirmedAt.toISOString()}::timestamptz + interval '1 millisecond'`,
        sql`lower(${bookings.period}) > ${input.now.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${bookings} c where c.space_id = ${bookings.spaceId}
              and c.status = 'confirmed'
              and c.busy_period && tstzrange(lower(${bookings.period}), upper(${bookings.period}) + make_interval(mins => ${space.bufferMinutes}), '[)'))`,
        sql`not exists (select 1 from ${spaceBlocks} k where k.space_id = ${bookings.spaceId}
              and k.period && ${bookings.period})`,
      ),
    )
    .orderBy(bookings.createdAt);
  for (const { booking, renter } of freed) {
    await tellOfBooking(tx, {
      event: 'slotFreed',
      booking: toBookingForEmail(booking, space, renter),
      renterId: booking.renterId,
      renterLocale: recipientLocale(renter.locale, input.requestLocale),
      hostId: space.hostId,
      publicUrl: input.publicUrl,
      team: { email: input.teamEmail, locale: input.requestLocale },
      decidedAt: input.now,
      now: input.now,
    });
  }
  return freed.length;
}
