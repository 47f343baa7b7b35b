import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { PAYMENT_NOT_RECEIVED } from '#shared/domain/booking-lifecycle.ts';
import type { Db } from '#server/db/client.ts';
import { bookings, spaces, users } from '#server/db/schema.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';
import { tellOfBooking } from '../booking-notices.ts';
import { toBookingForEmail } from '../booking-views.ts';
import { sweepDueBookings } from '../batch-sweep.ts';
import { SYSTEM_ACTOR, transitionBooking } from '../transition-booking.ts';

/**
 * The payment sweeps (issue 32; job-wiring.ts lists them): an unpaid confirmed booking is
 * released at its deadline (`release`, PAYMENT_NOT_RECEIVED: the slot is free again, renter and
 * host told), and its renter is reminded once before. Safe in many processes at once: a release
 * is transitionBooking's compare-and-swap (paid_at is null), a reminder marks its rows under
 * `FOR UPDATE SKIP LOCKED`.
 */
export interface PaymentSweepSettings {
  publicUrl: string;
  teamEmail: string;
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const unpaid = and(
  eq(bookings.status, 'confirmed'),
  isNull(bookings.paidAt),
  isNotNull(bookings.paymentDueAt),
);

export async function releaseUnpaidBookings(
  db: Db,
  now: Date,
  settings: PaymentSweepSettings,
): Promise<number> {
  return sweepDueBookings(
    db,
    {
      where: and(unpaid, sql`${bookings.paymentDueAt} <= ${at(now)}`),
      orderBy: [asc(bookings.paymentDueAt), asc(bookings.id)],
    },
    // Paid, cancelled or released by someone else meanwhile: a 409, theirs.
    (tx, id) =>
      transitionBooking(tx, id, 'release', SYSTEM_ACTOR, {
        requestLocale: 'ar',
        publicUrl: settings.publicUrl,
        teamEmail: settings.teamEmail,
        reason: PAYMENT_NOT_RECEIVED,
        now,
      }),
  );
}

/**
 * Reminds each renter once (`payment_reminded_at`) when the reminder time has come: halfway
 * to the deadline, at most 6 hours before it (src/shared/domain/payment-deadline.ts
 * `paymentReminderAt`; a window under an hour has none).
 */
export async function remindUnpaidBookings(
  db: Db,
  now: Date,
  settings: PaymentSweepSettings,
): Promise<number> {
  return db.transaction(async (tx) => {
    const span = sql`extract(epoch from (${bookings.paymentDueAt} - ${bookings.decidedAt}))`;
    const waiting = tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          unpaid,
          isNull(bookings.paymentRemindedAt),
          isNotNull(bookings.decidedAt),
          sql`${span} >= 3600`,
          sql`${bookings.paymentDueAt} > ${at(now)}`,
          sql`${bookings.paymentDueAt} - make_interval(secs => least(${span} / 2, 6 * 3600)) <= ${at(now)}`,
        ),
      )
      .limit(500)
      .for('update', { skipLocked: true });
    const marked = await tx
      .update(bookings)
      .set({ paymentRemindedAt: now })
      .where(inArray(bookings.id, waiting))
      .returning();
    for (const booking of marked) {
      const [space] = await tx.select().from(spaces).where(eq(spaces.id, booking.spaceId));
      const [renter] = await tx.select().from(users).where(eq(users.id, booking.renterId));
      if (!space) continue;
      await tellOfBooking(tx, {
        event: 'paymentDue',
        booking: toBookingForEmail(booking, space, renter ?? {}),
        renterId: booking.renterId,
        renterLocale: recipientLocale(renter?.locale, 'ar'),
        hostId: space.hostId,
        publicUrl: settings.publicUrl,
        team: { email: settings.teamEmail, locale: 'ar' },
        decidedAt: now,
        now,
      });
    }
    return marked.length;
  });
}
