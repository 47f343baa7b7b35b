import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { maskIban } from '#shared/domain/iban.ts';
import type { PayoutDue, PayoutSummary } from '#shared/schemas/money.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  bookings,
  hostPayoutAccounts,
  ledgerEntries,
  ledgerPostings,
  payouts,
  payoutTransfers,
  users,
} from '#server/db/schema.ts';
import { AppError, notFound } from '#server/http/app-error.ts';
import { insertPosting } from './ledger.ts';

/**
 * Payouts (issue 32, decision 055). A booking is due for payout once its end is
 * `PAYOUT_HOLD_HOURS` behind us — the time a renter has to raise a problem with the team, which
 * stands for "no open dispute" until disputes are records of their own — and the ledger still
 * owes its host something for it. A run sends each host with an IBAN the sum of their due
 * bookings (a booking refunded after an earlier payout counts against it), writes one bank
 * transfer per host and posts each booking's part to the ledger, in one transaction; the table
 * lock it starts with makes a second admin's run wait and then find nothing left to pay.
 */
export const PAYOUT_HOLD_HOURS = 48;

export const payoutCutoff = (now: Date) => new Date(now.getTime() - PAYOUT_HOLD_HOURS * 3_600_000);

interface DueLine {
  bookingId: string;
  hostId: string;
  owedHalalas: number;
}

/** Each ended booking's balance with its host, where one is left (non-zero). */
async function dueLines(tx: Queryable, cutoff: Date): Promise<DueLine[]> {
  const rows = await tx
    .select({
      bookingId: ledgerPostings.bookingId,
      hostId: ledgerPostings.hostId,
      owed: sql<string>`-sum(${ledgerEntries.amountHalalas})`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.postingId, ledgerPostings.id))
    .innerJoin(bookings, eq(bookings.id, ledgerPostings.bookingId))
    .where(
      and(
        eq(ledgerEntries.account, 'host_payable'),
        sql`upper(${bookings.period}) <= ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(ledgerPostings.bookingId, ledgerPostings.hostId)
    .having(sql`sum(${ledgerEntries.amountHalalas}) <> 0`)
    .orderBy(ledgerPostings.bookingId);
  return rows.map((r) => ({
    bookingId: r.bookingId,
    hostId: r.hostId,
    owedHalalas: Number(r.owed),
  }));
}

interface DueHost {
  hostId: string;
  hostName: string;
  iban: string | null;
  holderName: string | null;
  amountHalalas: number;
  lines: DueLine[];
}

/** Due lines by host, with each host's name and payout account; hosts owed nothing left out. */
async function dueHosts(tx: Queryable, cutoff: Date): Promise<DueHost[]> {
  const lines = await dueLines(tx, cutoff);
  const byHost = new Map<string, DueLine[]>();
  for (const line of lines) byHost.set(line.hostId, [...(byHost.get(line.hostId) ?? []), line]);
  if (byHost.size === 0) return [];
  const people = await tx
    .select({
      id: users.id,
      name: users.name,
      fullName: users.fullName,
      iban: hostPayoutAccounts.iban,
      holderName: hostPayoutAccounts.holderName,
    })
    .from(users)
    .leftJoin(hostPayoutAccounts, eq(hostPayoutAccounts.hostId, users.id))
    .where(inArray(users.id, [...byHost.keys()]));
  return people
    .map((p) => {
      const mine = byHost.get(p.id) ?? [];
      return {
        hostId: p.id,
        hostName: p.fullName || p.name,
        iban: p.iban,
        holderName: p.holderName,
        amountHalalas: mine.reduce((sum, l) => sum + l.owedHalalas, 0),
        lines: mine,
      };
    })
    .filter((h) => h.amountHalalas > 0)
    .sort((a, b) => b.amountHalalas - a.amountHalalas || (a.hostId < b.hostId ? -1 : 1));
}

/** What a run now would pay: each host owed something, with or without an IBAN. */
export async function payoutDue(db: Queryable, now: Date): Promise<PayoutDue> {
  const cutoff = payoutCutoff(now);
  const hosts = await dueHosts(db, cutoff);
  return {
    cutoff: cutoff.toISOString(),
    totalHalalas: hosts.filter((h) => h.iban).reduce((sum, h) => sum + h.amountHalalas, 0),
    hosts: hosts.map((h) => ({
      hostId: h.hostId,
      hostName: h.hostName,
      ibanMasked: h.iban ? maskIban(h.iban) : null,
      amountHalalas: h.amountHalalas,
      bookings: h.lines.length,
    })),
  };
}

const summaryColumns = {
  id: payouts.id,
  createdAt: payouts.createdAt,
  createdByName: users.name,
  cutoff: payouts.cutoff,
  totalHalalas: payouts.totalHalalas,
  transfers: sql<number>`(select count(*)::int from ${payoutTransfers} where ${payoutTransfers.payoutId} = ${payouts.id})`,
};

const toSummary = (row: {
  id: string;
  createdAt: Date;
  createdByName: string | null;
  cutoff: Date;
  totalHalalas: number;
  transfers: number;
}): PayoutSummary => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  cutoff: row.cutoff.toISOString(),
  transfers: Number(row.transfers),
});

/**
 * Runs a payout: every host with an IBAN and something owed on bookings past the hold is paid
 * it. One transaction; `PAYOUT_NOTHING_DUE` (409) when there is nobody to pay.
 */
export async function runPayout(db: Db, adminId: string, now: Date): Promise<PayoutSummary> {
  const cutoff = payoutCutoff(now);
  return db.transaction(async (tx) => {
    // One run at a time: a second admin's run waits here, then reads the balances this one
    // left (each statement in READ COMMITTED sees what committed before it began).
    await tx.execute(sql`lock table ${payouts} in share row exclusive mode`);
    const candidates = await dueLines(tx, cutoff);
    if (candidates.length > 0) {
      // Refunds recorded meanwhile wait for this run (they lock the booking too), in one order.
      await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(inArray(bookings.id, [...new Set(candidates.map((c) => c.bookingId))]))
        .orderBy(bookings.id)
        .for('update');
    }
    const hosts = (await dueHosts(tx, cutoff)).filter((h) => h.iban && h.holderName);
    if (hosts.length === 0) throw new AppError('PAYOUT_NOTHING_DUE');
    const totalHalalas = hosts.reduce((sum, h) => sum + h.amountHalalas, 0);
    const [payout] = await tx
      .insert(payouts)
      .values({ createdBy: adminId, cutoff, totalHalalas, createdAt: now })
      .returning({ id: payouts.id });
    const payoutId = payout!.id;
    await tx.insert(payoutTransfers).values(
      hosts.map((h) => ({
        payoutId,
        hostId: h.hostId,
        iban: h.iban!,
        holderName: h.holderName!,
        amountHalalas: h.amountHalalas,
      })),
    );
    for (const host of hosts) {
      for (const line of host.lines) {
        await insertPosting(
          tx,
          {
            kind: 'payout',
            sourceId: payoutId,
            bookingId: line.bookingId,
            hostId: host.hostId,
            at: now,
          },
          { host_payable: line.owedHalalas, gateway: -line.owedHalalas },
        );
      }
    }
    const [summary] = await tx
      .select(summaryColumns)
      .from(payouts)
      .leftJoin(users, eq(users.id, payouts.createdBy))
      .where(eq(payouts.id, payoutId));
    return toSummary(summary!);
  });
}

/** The payouts made, newest first (the last 100). */
export async function listPayouts(db: Queryable): Promise<PayoutSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.createdBy))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(100);
  return rows.map(toSummary);
}

/** A CSV cell: quoted, quotes doubled, and a leading = + - @ defused for spreadsheets. */
const cell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** Halalas as SAR with two decimals, from integers: 123456 → 1234.56. */
export const sarAmount = (halalas: number) =>
  `${Math.floor(halalas / 100)}.${String(halalas % 100).padStart(2, '0')}`;

/**
 * The bank's bulk-transfer file of a payout: one row per host — the account's name, the IBAN,
 * the amount in SAR, the currency and a reference the host sees on their statement. UTF-8 with
 * a byte-order mark, so a spreadsheet reads Arabic names right; CRLF line ends (RFC 4180).
 */
export async function payoutCsv(db: Queryable, payoutId: string): Promise<string> {
  const [payout] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.id, payoutId));
  if (!payout) throw notFound();
  const transfers = await db
    .select()
    .from(payoutTransfers)
    .where(eq(payoutTransfers.payoutId, payoutId))
    .orderBy(desc(payoutTransfers.amountHalalas), payoutTransfers.hostId);
  const reference = `HourSpace ${payoutId.slice(0, 8).toUpperCase()}`;
  const lines = [
    ['beneficiary_name', 'iban', 'amount', 'currency', 'reference'].map(cell).join(','),
    ...transfers.map((t) =>
      [t.holderName, t.iban, sarAmount(t.amountHalalas), 'SAR', reference].map(cell).join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
