import { and, asc, eq, sql } from 'drizzle-orm';
import type { CancellationPolicy } from '#shared/constants.ts';
import { refundDue } from '#shared/domain/cancellation-policy.ts';
import type { BookingActor } from '#shared/domain/booking-lifecycle.ts';
import { GatewayRefusal, type PaymentGateway } from '#server/adapters/payments/payment-gateway.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  bookings,
  paymentRefunds,
  payments,
  spaces,
  type RefundReason,
} from '#server/db/schema.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { PAYMENT_REFUND_JOB, type PaymentRefundJob } from '#server/jobs/job-kinds.ts';
import { enqueueJob } from '#server/jobs/queue.ts';
import { adminAudience } from '#server/notices/audience.ts';
import type { BookingRow } from '../booking-views.ts';
import { refundFailedAdminEmail } from '../emails/refund-failed.ts';
import type { PaymentDocuments } from './documents-port.ts';
import type { PaymentLedger } from './ledger-port.ts';

/**
 * Refunds (issue 32): ordered in the transaction that cancels a paid booking (or that finds a
 * payment with nothing to pay for), made by a durable job through the gateway, then posted to
 * the ledger. Each payment is refunded at most once (payment_refunds_payment_unique), and a
 * refund never exceeds what was paid.
 */

/** Orders the refund of a payment (no-op for 0 halalas or a payment already ordered one). */
export async function orderRefund(
  tx: Queryable,
  input: { paymentId: string; bookingId: string; amountHalalas: number; reason: RefundReason },
): Promise<string | null> {
  if (input.amountHalalas <= 0) return null;
  const [row] = await tx
    .insert(paymentRefunds)
    .values(input)
    .onConflictDoNothing({ target: paymentRefunds.paymentId })
    .returning({ id: paymentRefunds.id });
  if (!row) return null;
  await enqueueJob(tx, {
    kind: PAYMENT_REFUND_JOB,
    payload: { refundId: row.id } satisfies PaymentRefundJob,
    dedupeKey: `payment-refund:${row.id}`,
    maxAttempts: 20,
  });
  return row.id;
}

/** A paid booking was cancelled: its payment is refunded as the policy and the canceller say. */
export async function orderRefundOnCancel(
  tx: Queryable,
  input: {
    booking: BookingRow;
    policy: CancellationPolicy;
    startsAt: Date;
    cancelledAt: Date;
    cancelledBy: BookingActor;
  },
): Promise<void> {
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, input.booking.id), eq(payments.status, 'paid')))
    .orderBy(asc(payments.paidAt))
    .limit(1);
  if (!paid) return;
  await orderRefund(tx, {
    paymentId: paid.id,
    bookingId: input.booking.id,
    amountHalalas: refundDue({
      policy: input.policy,
      startsAt: input.startsAt,
      cancelledAt: input.cancelledAt,
      paidHalalas: paid.amountHalalas,
      cancelledBy: input.cancelledBy,
    }).halalas,
    reason: input.cancelledBy === 'renter' ? 'cancelled' : 'revoked',
  });
}

/**
 * The refund job: asks the gateway to have refunded the amount (read first: a retry never
 * refunds twice), then marks it done and posts it to the ledger in one transaction. A gateway
 * refusal (4xx) marks it failed and tells the admins (the notice table's `refundFailed`: every
 * admin, or the team address), in the same transaction, so the money is never silently stuck;
 * an unreachable gateway is retried.
 */
export async function runRefund(
  db: Db,
  deps: {
    gateway: PaymentGateway;
    ledger?: PaymentLedger;
    /** the refund's credit note, issued with its ledger posting (issue 33) */
    documents?: PaymentDocuments;
    now?: () => Date;
    publicUrl: string;
    teamEmail?: string;
  },
  job: PaymentRefundJob,
): Promise<'done' | 'failed' | 'nothing'> {
  const [row] = await db
    .select({ refund: paymentRefunds, payment: payments })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.id, job.refundId));
  if (!row || row.refund.status !== 'pending' || !row.payment.gatewayPaymentId) return 'nothing';
  const amount = Math.min(row.refund.amountHalalas, row.payment.amountHalalas);
  try {
    await deps.gateway.refundTo(row.payment.gatewayPaymentId, amount);
  } catch (error) {
    if (!(error instanceof GatewayRefusal)) throw error;
    const gatewayError = `${error.status} ${error.type}: ${error.message}`;
    const gatewayPaymentId = row.payment.gatewayPaymentId;
    await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(paymentRefunds)
        .set({ status: 'failed', lastError: gatewayError })
        .where(and(eq(paymentRefunds.id, row.refund.id), eq(paymentRefunds.status, 'pending')))
        .returning({ id: paymentRefunds.id });
      if (!failed) return;
      const [booking] = await tx
        .select({ reference: bookings.reference, nameAr: spaces.nameAr, nameEn: spaces.nameEn })
        .from(bookings)
        .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
        .where(eq(bookings.id, row.refund.bookingId));
      const to = await adminAudience(tx, { email: deps.teamEmail, locale: 'ar' });
      for (const admin of to) {
        await enqueueMail(
          tx,
          `refund-failed-${row.refund.id}-${admin.key}`,
          refundFailedAdminEmail({
            locale: admin.locale,
            to: admin.email,
            reference: booking!.reference,
            space: spaceName(booking!, admin.locale),
            amountHalalas: amount,
            gatewayPaymentId,
            gatewayError,
            publicUrl: deps.publicUrl,
          }),
        );
      }
    });
    return 'failed';
  }
  const at = deps.now?.() ?? new Date();
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(paymentRefunds)
      .set({ status: 'done', doneAt: at })
      .where(and(eq(paymentRefunds.id, row.refund.id), eq(paymentRefunds.status, 'pending')))
      .returning({ id: paymentRefunds.id });
    if (!done) return;
    await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: sql`now()` })
      .where(eq(payments.id, row.payment.id));
    await deps.ledger?.recordRefund(tx, {
      bookingId: row.refund.bookingId,
      refundId: row.refund.id,
      amountHalalas: amount,
      at,
    });
    await deps.documents?.issueForRefund(tx, {
      paymentId: row.payment.id,
      refundId: row.refund.id,
      amountHalalas: amount,
      refundedAt: at,
      reason: row.refund.reason,
    });
  });
  return 'done';
}
