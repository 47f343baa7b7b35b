import type { Queryable } from '#server/db/client.ts';

/**
 * What payments post to the money ledger (features/ledger, issue 32's other half). Features do
 * not import each other (eslint.config.js), so app.ts and job-wiring.ts pass the ledger's
 * functions in. Both are idempotent by their source id (a second call records nothing).
 */
export interface PaymentLedger {
  recordPayment(
    tx: Queryable,
    entry: { bookingId: string; paymentId: string; amountHalalas: number; at: Date },
  ): Promise<{ recorded: boolean }>;
  recordRefund(
    tx: Queryable,
    entry: { bookingId: string; refundId: string; amountHalalas: number; at: Date },
  ): Promise<{ recorded: boolean }>;
}
