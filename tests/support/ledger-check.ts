import { expect } from 'vitest';
import type { Queryable } from '#server/db/client.ts';
import {
  ledgerEntries,
  ledgerPostings,
  payouts,
  payoutTransfers,
  type LedgerAccount,
} from '#server/db/schema.ts';
import { hostBalances } from '#server/features/ledger/ledger.ts';

/**
 * Recomputes the ledger from its raw rows and fails on anything that does not add up (issue 32):
 * each posting's entries sum to zero and it has at least two; per booking, refunds never exceed
 * payments, and no part (host's share, fee, fee VAT) is refunded below zero; each host's balance
 * as the app reads it (`hostBalances`) equals a fresh sum of their entries; each payout's
 * transfers add up to its total and to its postings, host by host. Call it after every test that
 * moves money.
 */
export async function expectLedgerBalanced(db: Queryable): Promise<void> {
  const postings = await db.select().from(ledgerPostings);
  const entries = await db.select().from(ledgerEntries);
  const byPosting = new Map<string, { account: LedgerAccount; amount: number }[]>();
  for (const e of entries) {
    expect(Number.isSafeInteger(e.amountHalalas), `entry ${e.id} is whole halalas`).toBe(true);
    const list = byPosting.get(e.postingId) ?? [];
    list.push({ account: e.account, amount: e.amountHalalas });
    byPosting.set(e.postingId, list);
  }
  const problems: string[] = [];
  const perBooking = new Map<string, Record<LedgerAccount, number>>();
  const perHost = new Map<string, number>();
  const payoutPerHost = new Map<string, number>();
  for (const p of postings) {
    const list = byPosting.get(p.id) ?? [];
    const sum = list.reduce((s, e) => s + e.amount, 0);
    if (sum !== 0) problems.push(`posting ${p.kind} ${p.sourceId} sums to ${sum}`);
    if (list.length < 2)
      problems.push(`posting ${p.kind} ${p.sourceId} has ${list.length} entries`);
    for (const e of list) {
      if (e.account === 'host_payable') {
        perHost.set(p.hostId, (perHost.get(p.hostId) ?? 0) - e.amount);
        if (p.kind === 'payout') {
          const key = `${p.sourceId}/${p.hostId}`;
          payoutPerHost.set(key, (payoutPerHost.get(key) ?? 0) + e.amount);
        }
      }
      if (p.kind === 'payout') continue;
      const held = perBooking.get(p.bookingId) ?? {
        gateway: 0,
        host_payable: 0,
        platform_fee: 0,
        fee_vat: 0,
      };
      held[e.account] += e.amount;
      perBooking.set(p.bookingId, held);
    }
  }
  if (entries.some((e) => !postings.some((p) => p.id === e.postingId))) {
    problems.push('an entry belongs to no posting');
  }
  for (const [bookingId, held] of perBooking) {
    // Paid less refunded is the gateway's debit; each other part is a credit (≤ 0).
    if (held.gateway < 0) problems.push(`booking ${bookingId}: refunded more than paid`);
    for (const account of ['host_payable', 'platform_fee', 'fee_vat'] as const) {
      if (held[account] > 0) problems.push(`booking ${bookingId}: ${account} refunded below zero`);
    }
  }
  const reported = await hostBalances(db);
  expect(Object.fromEntries(reported), "hosts' balances as the app reads them").toEqual(
    Object.fromEntries(perHost),
  );
  const transfers = await db.select().from(payoutTransfers);
  for (const payout of await db.select().from(payouts)) {
    const mine = transfers.filter((t) => t.payoutId === payout.id);
    const total = mine.reduce((s, t) => s + t.amountHalalas, 0);
    if (total !== payout.totalHalalas) {
      problems.push(
        `payout ${payout.id}: transfers sum to ${total}, total says ${payout.totalHalalas}`,
      );
    }
  }
  for (const t of transfers) {
    const posted = payoutPerHost.get(`${t.payoutId}/${t.hostId}`) ?? 0;
    if (posted !== t.amountHalalas) {
      problems.push(
        `payout ${t.payoutId} to ${t.hostId}: sent ${t.amountHalalas}, posted ${posted}`,
      );
    }
  }
  for (const key of payoutPerHost.keys()) {
    if (!transfers.some((t) => `${t.payoutId}/${t.hostId}` === key)) {
      problems.push(`payout postings ${key} have no transfer`);
    }
  }
  expect(problems, 'the ledger recomputed from its entries').toEqual([]);
}
