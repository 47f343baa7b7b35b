import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  isPaidStatus,
  type GatewayPayment,
  type PaymentGateway,
} from '#server/adapters/payments/payment-gateway.ts';
import type { Logger } from '#server/adapters/logger.ts';
import type { Db } from '#server/db/client.ts';
import { payments } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { inBookingTransaction, SYSTEM_ACTOR, transitionBooking } from '../transition-booking.ts';
import type { PaymentDocuments } from './documents-port.ts';
import type { PaymentLedger } from './ledger-port.ts';
import { orderRefund } from './refunds.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Settlement =
  'paid' | 'already-paid' | 'refunding' | 'failed' | 'pending' | 'unknown' | 'mismatch';

export interface SettleDeps {
  gateway: PaymentGateway;
  ledger?: PaymentLedger;
  /** the paid booking's e-invoice or receipt, issued in the same transaction (issue 33) */
  documents?: PaymentDocuments;
  publicUrl: string;
  teamEmail: string;
  logger?: Logger;
  now?: () => Date;
}

/**
 * Acts on what the gateway says of a payment — never on what the browser or the webhook's body
 * says: the payment is fetched with the secret key (decision 052). A callback names our payment
 * row (and, from Moyasar, the gateway's payment id); a webhook names the gateway's payment id.
 *
 * Paid, and amount, currency and booking match our row: in one transaction, under the row's
 * lock, the row is marked paid, the ledger records it (idempotent by our payment id) and
 * `transitionBooking` fires `pay`. When the booking can no longer take it — released at its
 * deadline, cancelled meanwhile, or already paid through another checkout — the payment is kept
 * on record and refunded in full (decision 053): never paid and lost. So twenty callbacks and
 * webhooks at once make one `paid` change: the first under the lock; the rest find it done.
 */
export async function settlePayment(
  db: Db,
  deps: SettleDeps,
  ref: { gatewayPaymentId?: string; paymentRowId?: string },
): Promise<{ outcome: Settlement; bookingId?: string; message?: string | null }> {
  const now = deps.now?.() ?? new Date();
  let row: typeof payments.$inferSelect | undefined;
  if (ref.paymentRowId) {
    if (!UUID.test(ref.paymentRowId)) return { outcome: 'unknown' };
    [row] = await db.select().from(payments).where(eq(payments.id, ref.paymentRowId));
    if (!row) return { outcome: 'unknown' };
  }

  let gp: GatewayPayment | null = null;
  if (ref.gatewayPaymentId) {
    gp = await deps.gateway.fetchPayment(ref.gatewayPaymentId);
  } else if (row?.checkoutId) {
    const made = await deps.gateway.checkoutPayments(row.checkoutId);
    gp = made.find((p) => isPaidStatus(p.status)) ?? made.at(-1) ?? null;
  }
  if (!gp) {
    deps.logger?.warn({ ref }, 'payment: the gateway knows no such payment; ignored');
    return { outcome: row ? 'pending' : 'unknown', bookingId: row?.bookingId };
  }

  // Our row: the one the gateway's metadata names, or the one whose checkout it was made on.
  if (!row) {
    const named = gp.metadata.payment_id;
    if (named && UUID.test(named)) {
      [row] = await db.select().from(payments).where(eq(payments.id, named));
    }
    if (!row && gp.invoiceId) {
      [row] = await db.select().from(payments).where(eq(payments.checkoutId, gp.invoiceId));
    }
    if (!row) {
      deps.logger?.warn({ gatewayPaymentId: gp.id }, 'payment: not one of ours; ignored');
      return { outcome: 'unknown' };
    }
  }
  const matches =
    gp.amount === row.amountHalalas &&
    gp.currency === row.currency &&
    (gp.metadata.booking_id ?? row.bookingId) === row.bookingId &&
    (gp.metadata.payment_id ?? row.id) === row.id &&
    (gp.invoiceId === null || row.checkoutId === null || gp.invoiceId === row.checkoutId);
  if (!matches) {
    deps.logger?.warn(
      { paymentId: row.id, gatewayPaymentId: gp.id },
      'payment: amount, currency or booking does not match; not marked paid',
    );
    return { outcome: 'mismatch', bookingId: row.bookingId };
  }

  if (gp.status === 'failed' || gp.status === 'voided') {
    await db
      .update(payments)
      .set({
        status: 'failed',
        gatewayPaymentId: gp.id,
        failureMessage: gp.message,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'initiated')));
    return { outcome: 'failed', bookingId: row.bookingId, message: gp.message };
  }
  if (!isPaidStatus(gp.status) && gp.status !== 'refunded') {
    return { outcome: 'pending', bookingId: row.bookingId };
  }

  const paymentRow = row;
  const paid = gp;
  const outcome = await inBookingTransaction(db, paymentRow.bookingId, async (tx) => {
    const [locked] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, paymentRow.id))
      .for('update');
    if (!locked) return 'unknown' as const;
    if (locked.status === 'paid' || locked.status === 'refunded') return 'already-paid' as const;
    const [marked] = await tx
      .update(payments)
      .set({
        status: 'paid',
        gatewayPaymentId: paid.id,
        failureMessage: null,
        paidAt: now,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, locked.id), inArray(payments.status, ['initiated', 'failed'])))
      .returning();
    if (!marked) return 'already-paid' as const;
    // The transition first: it takes the space's lock, then the booking's, in the order every
    // booking change takes them (the ledger then locks the booking this transaction holds).
    let refusal: AppError | null = null;
    try {
      await transitionBooking(tx, marked.bookingId, 'pay', SYSTEM_ACTOR, {
        requestLocale: 'ar',
        publicUrl: deps.publicUrl,
        teamEmail: deps.teamEmail,
        now,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
      refusal = error;
    }
    // The money was taken either way: it is on the ledger (idempotent by our payment id)…
    await deps.ledger?.recordPayment(tx, {
      bookingId: marked.bookingId,
      paymentId: marked.id,
      amountHalalas: marked.amountHalalas,
      at: now,
    });
    if (!refusal) {
      // Its document (tax invoice on the host's behalf, or a receipt) with the payment: both or
      // neither. Reporting it to ZATCA is a job the issue queues; it never holds the booking.
      await deps.documents?.issueForPayment(tx, {
        bookingId: marked.bookingId,
        paymentId: marked.id,
        amountHalalas: marked.amountHalalas,
        paidAt: now,
      });
      return 'paid' as const;
    }
    // …and when there is nothing to pay for any more, it goes back in full.
    await orderRefund(tx, {
      paymentId: marked.id,
      bookingId: marked.bookingId,
      amountHalalas: marked.amountHalalas,
      reason: refusal.code === 'ALREADY_PAID' ? 'second_payment' : 'late_payment',
    });
    return 'refunding' as const;
  });
  return { outcome, bookingId: paymentRow.bookingId };
}
