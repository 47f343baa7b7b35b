import { eq, sql } from 'drizzle-orm';
import type { EarningsFigures, HostEarnings } from '#shared/schemas/money.ts';
import type { Queryable } from '#server/db/client.ts';
import { bookings, ledgerEntries, ledgerPostings, spaces } from '#server/db/schema.ts';

/**
 * A host's earnings (issue 32), summed from the ledger's entries at the time of asking — never a
 * stored balance: per booking, per month of the booking's date, and in all. What was paid and
 * refunded is the `gateway` side of payments and refunds; the fee is `platform_fee` and
 * `fee_vat` together; the host's share is `host_payable` before payouts; paid out is the payouts'
 * debits of `host_payable`; owed is the share less what was paid out.
 */
const emptyFigures = (): EarningsFigures => ({
  paidHalalas: 0,
  refundedHalalas: 0,
  feeHalalas: 0,
  earnedHalalas: 0,
  paidOutHalalas: 0,
  owedHalalas: 0,
});

const add = (into: EarningsFigures, from: EarningsFigures) => {
  for (const key of Object.keys(into) as (keyof EarningsFigures)[]) into[key] += from[key];
};

export async function hostEarnings(
  db: Queryable,
  hostId: string,
  feeBasisPoints: number,
): Promise<HostEarnings> {
  const sumOf = (condition: ReturnType<typeof sql>) =>
    sql<string>`coalesce(sum(case when ${condition} then ${ledgerEntries.amountHalalas} else 0 end), 0)`;
  const rows = await db
    .select({
      bookingId: ledgerPostings.bookingId,
      reference: bookings.reference,
      date: bookings.date,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      spaceNameAr: spaces.nameAr,
      spaceNameEn: spaces.nameEn,
      paid: sumOf(sql`${ledgerEntries.account} = 'gateway' and ${ledgerPostings.kind} = 'payment'`),
      refunded: sumOf(
        sql`${ledgerEntries.account} = 'gateway' and ${ledgerPostings.kind} = 'refund'`,
      ),
      fee: sumOf(sql`${ledgerEntries.account} in ('platform_fee', 'fee_vat')`),
      earned: sumOf(
        sql`${ledgerEntries.account} = 'host_payable' and ${ledgerPostings.kind} <> 'payout'`,
      ),
      paidOut: sumOf(
        sql`${ledgerEntries.account} = 'host_payable' and ${ledgerPostings.kind} = 'payout'`,
      ),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.postingId, ledgerPostings.id))
    .innerJoin(bookings, eq(bookings.id, ledgerPostings.bookingId))
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(eq(ledgerPostings.hostId, hostId))
    .groupBy(
      ledgerPostings.bookingId,
      bookings.reference,
      bookings.date,
      bookings.startTime,
      bookings.endTime,
      spaces.nameAr,
      spaces.nameEn,
    )
    .orderBy(sql`${bookings.date} desc, ${bookings.startTime} desc, ${ledgerPostings.bookingId}`);

  const totals = emptyFigures();
  const months = new Map<string, EarningsFigures>();
  const items = rows.map((row) => {
    // Entries are signed from HourSpace's books: credits to the host and the fee are negative.
    const earned = -Number(row.earned);
    const paidOut = Number(row.paidOut);
    const figures: EarningsFigures = {
      paidHalalas: Number(row.paid),
      refundedHalalas: -Number(row.refunded),
      feeHalalas: -Number(row.fee),
      earnedHalalas: earned,
      paidOutHalalas: paidOut,
      owedHalalas: earned - paidOut,
    };
    add(totals, figures);
    const month = row.date.slice(0, 7);
    const monthFigures = months.get(month) ?? emptyFigures();
    add(monthFigures, figures);
    months.set(month, monthFigures);
    return {
      ...figures,
      bookingId: row.bookingId,
      reference: row.reference,
      spaceNameAr: row.spaceNameAr,
      spaceNameEn: row.spaceNameEn,
      date: row.date,
      startTime: row.startTime.slice(0, 5),
      endTime: row.endTime.slice(0, 5),
    };
  });
  return {
    totals,
    months: [...months.entries()]
      .sort(([a], [b]) => (a < b ? 1 : -1))
      .map(([month, figures]) => ({ month, ...figures })),
    bookings: items,
    feePercent: feeBasisPoints / 100,
  };
}
