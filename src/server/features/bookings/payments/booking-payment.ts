import { desc, inArray } from 'drizzle-orm';
import { paymentFailureReason } from '#shared/domain/payment-failure.ts';
import type { BookingPayment } from '#shared/schemas/my-bookings.ts';
import type { Queryable } from '#server/db/client.ts';
import { type bookings, paymentRefunds, payments } from '#server/db/schema.ts';

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof paymentRefunds.$inferSelect;

/** What the renter reads of a booking's payment (src/shared/schemas/my-bookings.ts). */
export function bookingPayment(
  booking: BookingRow,
  latest: PaymentRow | null,
  refund: RefundRow | null,
): BookingPayment | null {
  if (refund) {
    return {
      state: refund.status === 'done' ? 'refunded' : 'refunding',
      dueAt: null,
      refundedHalalas: refund.amountHalalas,
      failure: null,
    };
  }
  if (booking.paidAt) return { state: 'paid', dueAt: null, refundedHalalas: null, failure: null };
  if (booking.status !== 'confirmed' || !booking.paymentDueAt) return null;
  const failed = latest?.status === 'failed';
  return {
    state: failed ? 'failed' : 'due',
    dueAt: booking.paymentDueAt.toISOString(),
    refundedHalalas: null,
    failure: failed ? paymentFailureReason(latest.failureMessage) : null,
  };
}

/** Each booking's latest payment row and its refund, for a list of bookings. */
export async function paymentsOfBookings(
  q: Queryable,
  bookingIds: string[],
): Promise<Map<string, { latest: PaymentRow | null; refund: RefundRow | null }>> {
  const out = new Map<string, { latest: PaymentRow | null; refund: RefundRow | null }>();
  if (bookingIds.length === 0) return out;
  const rows = await q
    .select()
    .from(payments)
    .where(inArray(payments.bookingId, bookingIds))
    .orderBy(desc(payments.createdAt));
  const refunds = await q
    .select()
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.bookingId, bookingIds));
  for (const id of bookingIds) out.set(id, { latest: null, refund: null });
  for (const row of rows) {
    const entry = out.get(row.bookingId)!;
    // The paid one counts over a later failed try; else the newest.
    if (!entry.latest || (row.status === 'paid' && entry.latest.status !== 'paid')) {
      entry.latest = row;
    }
  }
  for (const refund of refunds) out.get(refund.bookingId)!.refund = refund;
  return out;
}

/** One booking's payment as the renter reads it. */
export async function paymentOfBooking(q: Queryable, booking: BookingRow) {
  const found = (await paymentsOfBookings(q, [booking.id])).get(booking.id)!;
  return bookingPayment(booking, found.latest, found.refund);
}
