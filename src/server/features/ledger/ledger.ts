import { and, eq, inArray, sql } from 'drizzle-orm';
import { splitPayment, splitRefund, type LedgerSplit } from '#shared/domain/ledger-split.ts';
import type { Queryable } from '#server/db/client.ts';
import {
  bookings,
  ledgerEntries,
  ledgerPostings,
  spaces,
  type LedgerAccount,
  type LedgerPostingKind,
} from '#server/db/schema.ts';
import { AppError, notFound } from '#server/http/app-error.ts';

/**
 * The money ledger (issue 32, decision 054): every payment, refund and payout as a posting whose
 * entries (debit > 0, credit < 0) sum to zero. A payment of T posts `gateway` +T against the
 * host's share (`host_payable`), HourSpace's fee (`platform_fee`) and the VAT on it (`fee_vat`);
 * a refund posts the reverse in proportion to what the booking still holds; a payout moves a
 * booking's `host_payable` to the bank (`gateway`). Balances are sums of entries, never stored.
 *
 * Each function takes the caller's transaction (the handle `transitionBooking` takes) and locks
 * the booking's row, so the postings of one booking are written one at a time and a refund reads
 * what the booking holds as it stands.
 */

/** A refund above what the booking holds (paid − refunded): nothing is posted. */
export class RefundExceedsPaidError extends AppError {
  constructor(
    readonly bookingId: string,
    readonly refundHalalas: number,
    readonly netPaidHalalas: number,
  ) {
    super('REFUND_EXCEEDS_PAID');
    this.name = 'RefundExceedsPaidError';
  }
}

export interface MoneyMovement {
  bookingId: string;
  amountHalalas: number;
  /** when the money moved (the gateway's time), not when it was recorded */
  at: Date;
}

const assertPositiveHalalas = (amount: number) => {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError('an amount must be a whole, positive number of halalas');
  }
};

/** Locks the booking's row for the rest of the transaction; its space's host, or 404. */
async function lockBooking(tx: Queryable, bookingId: string): Promise<{ hostId: string }> {
  const [row] = await tx
    .select({ hostId: spaces.hostId })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(eq(bookings.id, bookingId))
    .for('update', { of: bookings });
  if (!row) throw notFound();
  return row;
}

/** Inserts a posting unless its source posted already; its id, or null when it had. */
export async function insertPosting(
  tx: Queryable,
  posting: {
    kind: LedgerPostingKind;
    sourceId: string;
    bookingId: string;
    hostId: string;
    at: Date;
  },
  entries: Partial<Record<LedgerAccount, number>>,
): Promise<string | null> {
  const [inserted] = await tx
    .insert(ledgerPostings)
    .values(posting)
    .onConflictDoNothing()
    .returning({ id: ledgerPostings.id });
  if (!inserted) return null;
  const rows = Object.entries(entries)
    .filter(([, amount]) => amount !== 0)
    .map(([account, amount]) => ({
      postingId: inserted.id,
      account: account as LedgerAccount,
      amountHalalas: amount,
    }));
  if (rows.length > 0) await tx.insert(ledgerEntries).values(rows);
  return inserted.id;
}

/**
 * Records a renter's payment once per `paymentId` (a second call, at once or years later, records
 * nothing and answers `recorded: false`), split into the host's share, the fee and its VAT at
 * `fee.feeBasisPoints` — the validated config's `platformFeeBasisPoints` (PLATFORM_FEE_PERCENT,
 * read once by env.ts; `paymentLedger` binds it for the payment routes and jobs).
 */
export async function recordPayment(
  tx: Queryable,
  input: MoneyMovement & { paymentId: string },
  fee: { feeBasisPoints: number },
): Promise<{ recorded: boolean }> {
  assertPositiveHalalas(input.amountHalalas);
  const split = splitPayment(input.amountHalalas, fee.feeBasisPoints);
  // A savepoint inside the caller's transaction, or a transaction of its own when given the
  // database: the posting and its entries are written together or not at all.
  return tx.transaction(async (t) => {
    const { hostId } = await lockBooking(t, input.bookingId);
    const id = await insertPosting(
      t,
      {
        kind: 'payment',
        sourceId: input.paymentId,
        bookingId: input.bookingId,
        hostId,
        at: input.at,
      },
      {
        gateway: input.amountHalalas,
        host_payable: -split.hostHalalas,
        platform_fee: -split.feeHalalas,
        fee_vat: -split.feeVatHalalas,
      },
    );
    return { recorded: id !== null };
  });
}

/**
 * The ledger's functions as payments use them (`PaymentLedger`), the fee taken from the config
 * the app started with: app.ts and job-wiring.ts hand this to the payment routes and jobs.
 */
export function paymentLedger(config: { platformFeeBasisPoints: number }) {
  const fee = { feeBasisPoints: config.platformFeeBasisPoints };
  return {
    recordPayment: (tx: Queryable, input: MoneyMovement & { paymentId: string }) =>
      recordPayment(tx, input, fee),
    recordRefund,
  };
}

/** What a booking holds from its payments less its refunds, by part (payouts aside). */
async function heldByBooking(
  tx: Queryable,
  bookingId: string,
): Promise<LedgerSplit & { netPaidHalalas: number }> {
  const rows = await tx
    .select({
      account: ledgerEntries.account,
      total: sql<string>`sum(${ledgerEntries.amountHalalas})`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
    .where(
      and(
        eq(ledgerPostings.bookingId, bookingId),
        inArray(ledgerPostings.kind, ['payment', 'refund']),
      ),
    )
    .groupBy(ledgerEntries.account);
  const of = (account: LedgerAccount) =>
    Number(rows.find((r) => r.account === account)?.total ?? 0);
  return {
    netPaidHalalas: of('gateway'),
    hostHalalas: -of('host_payable'),
    feeHalalas: -of('platform_fee'),
    feeVatHalalas: -of('fee_vat'),
  };
}

/**
 * Records a refund once per `refundId` (again: `recorded: false`), taking the host's share, the
 * fee and its VAT back in proportion to what the booking holds (`splitRefund`: every halala
 * accounted for). A refund above what the booking holds throws `RefundExceedsPaidError` and
 * posts nothing.
 */
export async function recordRefund(
  tx: Queryable,
  input: MoneyMovement & { refundId: string },
): Promise<{ recorded: boolean }> {
  assertPositiveHalalas(input.amountHalalas);
  return tx.transaction(async (t) => {
    const { hostId } = await lockBooking(t, input.bookingId);
    const [already] = await t
      .select({ id: ledgerPostings.id })
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.kind, 'refund'), eq(ledgerPostings.sourceId, input.refundId)));
    if (already) return { recorded: false };
    const held = await heldByBooking(t, input.bookingId);
    if (input.amountHalalas > held.netPaidHalalas) {
      throw new RefundExceedsPaidError(input.bookingId, input.amountHalalas, held.netPaidHalalas);
    }
    const back = splitRefund(input.amountHalalas, held);
    const id = await insertPosting(
      t,
      {
        kind: 'refund',
        sourceId: input.refundId,
        bookingId: input.bookingId,
        hostId,
        at: input.at,
      },
      {
        gateway: -input.amountHalalas,
        host_payable: back.hostHalalas,
        platform_fee: back.feeHalalas,
        fee_vat: back.feeVatHalalas,
      },
    );
    return { recorded: id !== null };
  });
}

/** Halalas paid for the booking minus halalas refunded. */
export async function netPaid(tx: Queryable, bookingId: string): Promise<number> {
  return (await heldByBooking(tx, bookingId)).netPaidHalalas;
}

/**
 * What HourSpace owes each host, in halalas (credits of `host_payable` less debits): the sum of
 * their entries at the time of asking. A host with no postings is absent.
 */
export async function hostBalances(tx: Queryable): Promise<Map<string, number>> {
  const rows = await tx
    .select({
      hostId: ledgerPostings.hostId,
      owed: sql<string>`-sum(${ledgerEntries.amountHalalas})`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
    .where(eq(ledgerEntries.account, 'host_payable'))
    .groupBy(ledgerPostings.hostId);
  return new Map(rows.map((r) => [r.hostId, Number(r.owed)]));
}
