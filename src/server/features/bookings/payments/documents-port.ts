import type { Queryable } from '#server/db/client.ts';
import type { RefundReason } from '#server/db/schema.ts';

/**
 * What payments ask of e-invoicing (features/invoices, issue 33; decision 067): the document of a
 * paid booking, and the credit note of a refund, each issued in the transaction that records the
 * money. Features do not import each other (eslint.config.js): app.ts and job-wiring.ts pass the
 * invoices feature's implementation in. Both are idempotent by their source (the payment, the
 * refund). Reporting to ZATCA is a job queued by the issue: it never blocks the booking.
 */
export interface PaymentDocuments {
  issueForPayment(
    tx: Queryable,
    input: { bookingId: string; paymentId: string; amountHalalas: number; paidAt: Date },
  ): Promise<void>;
  issueForRefund(
    tx: Queryable,
    input: {
      paymentId: string;
      refundId: string;
      amountHalalas: number;
      refundedAt: Date;
      reason: RefundReason;
    },
  ): Promise<void>;
}
