/**
 * HourSpace's own tax invoice to each host for its fees of a month (issue 33, decision 067): a
 * periodic sweep (job-wiring.ts `issue-fee-invoices`) issues, once the month has ended in Riyadh,
 * one fee invoice per host whose bookings earned HourSpace a fee that month, read from the
 * ledger (decision 054): a line per booking, the net fee (payments' fee less refunds' fee shares
 * posted in the month), VAT 15 % on it (the ledger's own rule, so the invoice and `fee_vat`
 * agree). Idempotent by the unique index on host and month: every sweep after the first finds
 * the hosts already invoiced and skips them (a NOT EXISTS in the query, and issueFeeInvoice's own
 * check under the issuer lock when two sweeps meet).
 */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { displayName } from '#shared/domain/display-name.ts';
import type { BusinessIdentity } from '#server/business-identity.ts';
import type { Db } from '#server/db/client.ts';
import { bookings, invoices, ledgerEntries, ledgerPostings, users } from '#server/db/schema.ts';
import { issueFeeInvoice } from './issue-documents.ts';
import type { InvoiceSigners } from './signers.ts';

const RIYADH_OFFSET_MS = 3 * 3_600_000;

/** The month before the one `now` falls in, in Riyadh (`YYYY-MM`), and its bounds as instants. */
export function previousRiyadhMonth(now: Date): { month: string; from: Date; to: Date } {
  const riyadh = new Date(now.getTime() + RIYADH_OFFSET_MS);
  const y = riyadh.getUTCFullYear();
  const m = riyadh.getUTCMonth(); // 0-based: the current month; the previous is m - 1
  const from = new Date(Date.UTC(y, m - 1, 1) - RIYADH_OFFSET_MS);
  const to = new Date(Date.UTC(y, m, 1) - RIYADH_OFFSET_MS);
  const start = new Date(Date.UTC(y, m - 1, 1));
  const month = `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
  return { month, from, to };
}

/** Issues last month's fee invoices not issued yet; returns how many it issued. */
export async function issueMonthlyFeeInvoices(
  db: Db,
  now: Date,
  deps: { business: BusinessIdentity; signers: () => Promise<InvoiceSigners> },
): Promise<{ month: string; issued: number }> {
  const { month, from, to } = previousRiyadhMonth(now);
  const fees = await db
    .select({
      hostId: ledgerPostings.hostId,
      bookingId: ledgerPostings.bookingId,
      reference: bookings.reference,
      // the ledger credits the fee account (negative) on a payment, debits it back on a refund
      feeHalalas: sql<string>`-sum(${ledgerEntries.amountHalalas})`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.postingId, ledgerPostings.id))
    .innerJoin(bookings, eq(bookings.id, ledgerPostings.bookingId))
    .where(
      and(
        eq(ledgerEntries.account, 'platform_fee'),
        inArray(ledgerPostings.kind, ['payment', 'refund']),
        gte(ledgerPostings.at, from),
        lt(ledgerPostings.at, to),
        sql`not exists (select 1 from ${invoices} where ${invoices.kind} = 'fee_invoice' and ${invoices.feeMonth} = ${month} and ${invoices.buyer}->>'key' = ${ledgerPostings.hostId})`,
      ),
    )
    .groupBy(ledgerPostings.hostId, ledgerPostings.bookingId, bookings.reference)
    .orderBy(ledgerPostings.hostId, bookings.reference);
  const byHost = new Map<string, { bookingId: string; reference: string; fee: number }[]>();
  for (const f of fees) {
    const fee = Number(f.feeHalalas);
    // A fee earned in an earlier month and refunded in this one nets below zero here: it is not
    // this month's fee (decision 067 lists its credit note as not done yet).
    if (fee <= 0) continue;
    const list = byHost.get(f.hostId) ?? [];
    list.push({ bookingId: f.bookingId, reference: f.reference, fee });
    byHost.set(f.hostId, list);
  }
  if (byHost.size === 0) return { month, issued: 0 };
  const signers = await deps.signers();
  let issued = 0;
  for (const [hostId, lines] of byHost) {
    const [host] = await db
      .select({ id: users.id, fullName: users.fullName, name: users.name })
      .from(users)
      .where(eq(users.id, hostId));
    if (!host) continue;
    const made = await db.transaction((tx) =>
      issueFeeInvoice(tx, signers, {
        business: deps.business,
        // Hosts give VAT numbers per space, not as a business with a national address: the fee
        // invoice is simplified (decision 067).
        host: {
          userId: host.id,
          name: displayName(host).trim().slice(0, 200) || host.id,
          vatNumber: null,
          address: null,
        },
        month,
        lines: lines.map((l) => ({
          description: {
            ar: `رسوم منصة مساحة بالساعة عن الحجز ${l.reference}`,
            en: `HourSpace platform fee for booking ${l.reference}`,
          },
          netHalalas: l.fee,
          bookingId: l.bookingId,
        })),
        issuedAt: now,
      }),
    );
    if (made.created) issued += 1;
  }
  return { month, issued };
}
