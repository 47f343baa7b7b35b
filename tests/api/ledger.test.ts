import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { pgErrorCode } from '#server/db/pg-error.ts';
import { ledgerEntries, ledgerPostings } from '#server/db/schema.ts';
import { loadConfig } from '#server/env.ts';
import {
  hostBalances,
  netPaid,
  recordPayment,
  recordRefund,
  RefundExceedsPaidError,
} from '#server/features/ledger/ledger.ts';
import { AppError } from '#server/http/app-error.ts';
import { createBooking, createSpace, createUser } from '../fixtures/factories.ts';
import { expectLedgerBalanced } from '../support/ledger-check.ts';
import { createTestDatabase, onPostgres, type TestDatabase } from '../support/test-database.ts';

/** The fee as the app reads it with PLATFORM_FEE_PERCENT unset (10 %). */
const FEE = { feeBasisPoints: loadConfig({}).platformFeeBasisPoints };

/**
 * The money ledger (issue 32, decision 054) through its functions, as helper "pay"'s payment and
 * refund paths call them: the split, idempotency by source, proportional refunds, the refusal of
 * a refund above what was paid, 20 concurrent recordings of one payment, and the database's own
 * guards (entries never changed, postings that do not balance refused at commit). After every
 * test the ledger is recomputed from its entries (`expectLedgerBalanced`).
 */
describe(`the money ledger (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let testDb: TestDatabase;
  let db: Db;
  let hostId: string;
  let renterId: string;
  let spaceId: string;
  let day = 0;

  /** A confirmed booking on a day of its own, in the future. */
  async function booking(totalHalalas = 34_500) {
    day += 1;
    const date = new Date(Date.UTC(2030, 0, 1 + day)).toISOString().slice(0, 10);
    return createBooking(db, {
      spaceId,
      renterId,
      renterEmail: 'renter@example.test',
      date,
      startTime: '10:00',
      endTime: '13:00',
      totalHalalas,
      status: 'confirmed',
    });
  }

  const entriesOf = async (sourceId: string) =>
    Object.fromEntries(
      (
        await db
          .select({ account: ledgerEntries.account, amount: ledgerEntries.amountHalalas })
          .from(ledgerEntries)
          .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
          .where(eq(ledgerPostings.sourceId, sourceId))
      ).map((e) => [e.account, e.amount]),
    );

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.database.db;
    hostId = (await createUser(db)).id;
    renterId = (await createUser(db)).id;
    spaceId = (await createSpace(db, { hostId })).id;
  });
  afterEach(async () => {
    await expectLedgerBalanced(db);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('splits a payment: 10 % fee, 15 % VAT on it, the rest owed to the host', async () => {
    const b = await booking(34_500);
    const paymentId = randomUUID();
    const at = new Date('2030-01-01T09:00:00Z');
    expect(
      await recordPayment(db, { bookingId: b.id, paymentId, amountHalalas: 34_500, at }, FEE),
    ).toEqual({
      recorded: true,
    });
    expect(await entriesOf(paymentId)).toEqual({
      gateway: 34_500,
      platform_fee: -3_450,
      fee_vat: -518,
      host_payable: -30_532,
    });
    const [posting] = await db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.sourceId, paymentId));
    expect(posting).toMatchObject({ kind: 'payment', bookingId: b.id, hostId, at });
    expect(await netPaid(db, b.id)).toBe(34_500);
  });

  it('records a payment once, however often it is reported', async () => {
    const b = await booking(20_000);
    const paymentId = randomUUID();
    const pay = () =>
      recordPayment(db, { bookingId: b.id, paymentId, amountHalalas: 20_000, at: new Date() }, FEE);
    expect(await pay()).toEqual({ recorded: true });
    expect(await pay()).toEqual({ recorded: false });
    // the same payment id named against another booking records nothing either
    const other = await booking(20_000);
    expect(
      await recordPayment(
        db,
        {
          bookingId: other.id,
          paymentId,
          amountHalalas: 20_000,
          at: new Date(),
        },
        FEE,
      ),
    ).toEqual({ recorded: false });
    expect(await netPaid(db, b.id)).toBe(20_000);
    expect(await netPaid(db, other.id)).toBe(0);
  });

  it('records one payment when 20 transactions report it at once', async () => {
    const b = await booking(15_000);
    const paymentId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction((tx) =>
          recordPayment(
            tx,
            { bookingId: b.id, paymentId, amountHalalas: 15_000, at: new Date() },
            FEE,
          ),
        ),
      ),
    );
    expect(results.filter((r) => r.recorded)).toHaveLength(1);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.sourceId, paymentId));
    expect(row?.n).toBe(1);
    expect(await netPaid(db, b.id)).toBe(15_000);
  });

  it('takes the fee from PLATFORM_FEE_PERCENT, and a fee of 0 posts no fee entries', async () => {
    expect(FEE.feeBasisPoints).toBe(1000);
    expect(loadConfig({ PLATFORM_FEE_PERCENT: '12.5' }).platformFeeBasisPoints).toBe(1250);
    expect(() => loadConfig({ PLATFORM_FEE_PERCENT: '120' })).toThrow(/PLATFORM_FEE_PERCENT/);
    const b = await booking(10_000);
    const paymentId = randomUUID();
    await recordPayment(
      db,
      { bookingId: b.id, paymentId, amountHalalas: 10_000, at: new Date() },
      { feeBasisPoints: 0 },
    );
    expect(await entriesOf(paymentId)).toEqual({ gateway: 10_000, host_payable: -10_000 });
  });

  it('refunds in proportion, partial then the rest, to exactly zero', async () => {
    const b = await booking(34_500);
    await recordPayment(
      db,
      {
        bookingId: b.id,
        paymentId: randomUUID(),
        amountHalalas: 34_500,
        at: new Date(),
      },
      FEE,
    );
    const first = randomUUID();
    expect(
      await recordRefund(db, {
        bookingId: b.id,
        refundId: first,
        amountHalalas: 17_250,
        at: new Date(),
      }),
    ).toEqual({
      recorded: true,
    });
    expect(await entriesOf(first)).toEqual({
      gateway: -17_250,
      platform_fee: 1_725,
      fee_vat: 259,
      host_payable: 15_266,
    });
    expect(await netPaid(db, b.id)).toBe(17_250);
    // 1 halala, then everything left
    await recordRefund(db, {
      bookingId: b.id,
      refundId: randomUUID(),
      amountHalalas: 1,
      at: new Date(),
    });
    const last = randomUUID();
    await recordRefund(db, {
      bookingId: b.id,
      refundId: last,
      amountHalalas: 17_249,
      at: new Date(),
    });
    expect(await netPaid(db, b.id)).toBe(0);
    const held = await db
      .select({
        account: ledgerEntries.account,
        total: sql<string>`sum(${ledgerEntries.amountHalalas})`,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
      .where(eq(ledgerPostings.bookingId, b.id))
      .groupBy(ledgerEntries.account);
    expect(held.map((h) => Number(h.total))).toEqual([0, 0, 0, 0]);
  });

  it('records a refund once, and refuses one above what was paid less refunded', async () => {
    const b = await booking(10_000);
    await recordPayment(
      db,
      {
        bookingId: b.id,
        paymentId: randomUUID(),
        amountHalalas: 10_000,
        at: new Date(),
      },
      FEE,
    );
    const refundId = randomUUID();
    const refund = (amountHalalas: number, id = refundId) =>
      recordRefund(db, { bookingId: b.id, refundId: id, amountHalalas, at: new Date() });
    expect(await refund(6_000)).toEqual({ recorded: true });
    expect(await refund(6_000)).toEqual({ recorded: false });
    const over = await refund(4_001, randomUUID()).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(RefundExceedsPaidError);
    expect(over).toBeInstanceOf(AppError);
    expect(over).toMatchObject({
      code: 'REFUND_EXCEEDS_PAID',
      statusCode: 409,
      netPaidHalalas: 4_000,
    });
    expect(await netPaid(db, b.id)).toBe(4_000);
    expect(await refund(4_000, randomUUID())).toEqual({ recorded: true });
    // nothing paid at all: any refund is above it
    const unpaid = await booking(10_000);
    await expect(
      recordRefund(db, {
        bookingId: unpaid.id,
        refundId: randomUUID(),
        amountHalalas: 1,
        at: new Date(),
      }),
    ).rejects.toBeInstanceOf(RefundExceedsPaidError);
  });

  it('keeps the caller’s transaction usable after a refused refund', async () => {
    const b = await booking(5_000);
    await db.transaction(async (tx) => {
      await recordPayment(
        tx,
        {
          bookingId: b.id,
          paymentId: randomUUID(),
          amountHalalas: 5_000,
          at: new Date(),
        },
        FEE,
      );
      await expect(
        recordRefund(tx, {
          bookingId: b.id,
          refundId: randomUUID(),
          amountHalalas: 5_001,
          at: new Date(),
        }),
      ).rejects.toBeInstanceOf(RefundExceedsPaidError);
      await recordRefund(tx, {
        bookingId: b.id,
        refundId: randomUUID(),
        amountHalalas: 5_000,
        at: new Date(),
      });
    });
    expect(await netPaid(db, b.id)).toBe(0);
  });

  it('lets two refunds racing for the last halalas post only what was paid', async () => {
    const b = await booking(8_000);
    await recordPayment(
      db,
      {
        bookingId: b.id,
        paymentId: randomUUID(),
        amountHalalas: 8_000,
        at: new Date(),
      },
      FEE,
    );
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        db.transaction((tx) =>
          recordRefund(tx, {
            bookingId: b.id,
            refundId: randomUUID(),
            amountHalalas: 3_000,
            at: new Date(),
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(RefundExceedsPaidError);
    }
    expect(await netPaid(db, b.id)).toBe(2_000);
  });

  it('refuses amounts that are not whole, positive halalas, and unknown bookings', async () => {
    const b = await booking();
    for (const amountHalalas of [0, -5, 10.5, Number.NaN]) {
      await expect(
        recordPayment(
          db,
          {
            bookingId: b.id,
            paymentId: randomUUID(),
            amountHalalas,
            at: new Date(),
          },
          FEE,
        ),
      ).rejects.toBeInstanceOf(RangeError);
    }
    await expect(
      recordPayment(
        db,
        {
          bookingId: randomUUID(),
          paymentId: randomUUID(),
          amountHalalas: 100,
          at: new Date(),
        },
        FEE,
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('never changes or removes an entry or a posting, and refuses a posting that does not balance', async () => {
    const b = await booking(9_000);
    const paymentId = randomUUID();
    await recordPayment(
      db,
      { bookingId: b.id, paymentId, amountHalalas: 9_000, at: new Date() },
      FEE,
    );
    const [posting] = await db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.sourceId, paymentId));
    const attempts = [
      db
        .update(ledgerEntries)
        .set({ amountHalalas: 1 })
        .where(eq(ledgerEntries.postingId, posting!.id)),
      db.delete(ledgerEntries).where(eq(ledgerEntries.postingId, posting!.id)),
      db.update(ledgerPostings).set({ at: new Date() }).where(eq(ledgerPostings.id, posting!.id)),
      db.delete(ledgerPostings).where(eq(ledgerPostings.id, posting!.id)),
      db.execute(sql`truncate ledger_entries`),
    ];
    for (const attempt of attempts) {
      const error = await attempt.then(
        () => null,
        (e: unknown) => e,
      );
      expect(pgErrorCode(error)).toBe('23001');
    }
    const unbalanced = await db
      .transaction(async (tx) => {
        const [p] = await tx
          .insert(ledgerPostings)
          .values({
            kind: 'payment',
            sourceId: randomUUID(),
            bookingId: b.id,
            hostId,
            at: new Date(),
          })
          .returning();
        await tx.insert(ledgerEntries).values([
          { postingId: p!.id, account: 'gateway', amountHalalas: 100 },
          { postingId: p!.id, account: 'host_payable', amountHalalas: -99 },
        ]);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(pgErrorCode(unbalanced)).toBe('23514');
    expect(await netPaid(db, b.id)).toBe(9_000);
    expect((await hostBalances(db)).get(hostId)).toBeGreaterThan(0);
  });
});
