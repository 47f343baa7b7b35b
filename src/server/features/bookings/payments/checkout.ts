import { and, eq, isNull, sql } from 'drizzle-orm';
import { spaceName } from '#shared/domain/listing-text.ts';
import type { Locale } from '#shared/constants.ts';
import {
  GatewayRefusal,
  GatewayUnavailable,
  type PaymentGateway,
} from '#server/adapters/payments/payment-gateway.ts';
import type { Db } from '#server/db/client.ts';
import { bookings, payments, spaces } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/http/app-error.ts';
import { isUuid } from '#shared/schemas/booking.ts';

/**
 * The renter starts paying a booking (issue 32): the amount is the booking's stored total (VAT
 * included) — the client never names one. One open checkout per booking (payments_one_open_idx):
 * a second click, or fifty at once, gets the same page. Someone else's booking is a 404.
 */
export async function startCheckout(
  db: Db,
  deps: { gateway: PaymentGateway; publicUrl: string },
  input: { bookingId: string; renterId: string; locale: Locale; now: Date },
): Promise<{ checkoutUrl: string; paymentId: string; amountHalalas: number }> {
  if (!isUuid(input.bookingId)) throw notFound();
  const [found] = await db
    .select({ booking: bookings, space: spaces })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.renterId, input.renterId)));
  if (!found) throw notFound();
  const { booking, space } = found;
  const current = { current: { id: booking.id, status: booking.status } };
  if (booking.paidAt) throw new AppError('ALREADY_PAID', undefined, current);
  if (booking.status !== 'confirmed') throw new AppError('BOOKING_NOT_PAYABLE', undefined, current);
  if (booking.paymentDueAt && booking.paymentDueAt.getTime() < input.now.getTime()) {
    throw new AppError('PAYMENT_DEADLINE_PASSED', undefined, current);
  }

  await db
    .insert(payments)
    .values({
      bookingId: booking.id,
      renterId: input.renterId,
      amountHalalas: booking.totalHalalas,
      gateway: deps.gateway.kind,
    })
    .onConflictDoNothing({
      target: payments.bookingId,
      where: sql`${payments.status} = 'initiated'`,
    });
  const [open] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'initiated')));
  if (!open) throw new AppError('ALREADY_PAID', undefined, current);
  if (open.checkoutUrl) {
    return { checkoutUrl: open.checkoutUrl, paymentId: open.id, amountHalalas: open.amountHalalas };
  }

  let checkout;
  try {
    checkout = await deps.gateway.createCheckout({
      givenId: open.id,
      amount: open.amountHalalas,
      currency: 'SAR',
      description: `HourSpace ${booking.reference} · ${spaceName(space, input.locale)}`,
      callbackUrl: `${deps.publicUrl}/api/payments/${open.id}/callback`,
      backUrl: `${deps.publicUrl}/account`,
      metadata: { booking_id: booking.id, payment_id: open.id },
    });
  } catch (error) {
    if (error instanceof GatewayUnavailable || error instanceof GatewayRefusal) {
      throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
    }
    throw error;
  }
  // Two at once: the first checkout kept wins; the other is never shown (and charges nothing).
  await db
    .update(payments)
    .set({ checkoutId: checkout.id, checkoutUrl: checkout.url, updatedAt: sql`now()` })
    .where(and(eq(payments.id, open.id), isNull(payments.checkoutUrl)));
  const [kept] = await db.select().from(payments).where(eq(payments.id, open.id));
  return {
    checkoutUrl: kept?.checkoutUrl ?? checkout.url,
    paymentId: open.id,
    amountHalalas: open.amountHalalas,
  };
}
