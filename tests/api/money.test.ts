import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { riyadhClock } from '#shared/domain/riyadh-calendar.ts';
import type { HostEarnings, PayoutDue } from '#shared/schemas/money.ts';
import { hostPayoutAccounts, ledgerPostings, payouts, payoutTransfers } from '#server/db/schema.ts';
import { recordPayment, recordRefund } from '#server/features/ledger/ledger.ts';
import { createBooking, createSpace, createUser } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { expectLedgerBalanced } from '../support/ledger-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { onPostgres } from '../support/test-database.ts';

/**
 * Money in the Hosting area and on the admin desk (issue 32): the host's IBAN (checked, masked,
 * errors in both languages), their earnings from the ledger, and the admins' payouts — the bank
 * file, the ledger postings, the 48-hour hold, hosts without an IBAN, netting a refund made after
 * a payout, and two admins (and ten requests) running a payout at once paying once. Payments and
 * refunds are recorded with the ledger's functions on bookings written here (helper "pay" owns
 * the routes that call them). After every test the ledger is recomputed from its entries.
 *
 * On PostgreSQL the simultaneous runs really run at once on pooled connections; on PGlite (one
 * connection) they are serialised, and the test proves the second run finds nothing left.
 */
const PASSWORD = 'Money#2026hs';
const VALID_IBAN = 'SA0380000000608010167519';
const OTHER_IBAN = 'SA4420000001234567891234';

describe(`host money and payouts (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let adminCookies: string[];
  let host: { id: string; email: string };
  let hostCookie: string;
  let otherHost: { id: string; email: string };
  let otherCookie: string;
  let renterId: string;
  let spaceId: string;
  let otherSpaceId: string;
  let day = 0;
  const db = () => t.deps.database.db;

  /** A confirmed booking of `space`, `daysAgo` days in the past (negative: in the future). */
  async function booking(space: string, daysAgo: number, totalHalalas = 20_000) {
    day += 1;
    const at = new Date(Date.now() - daysAgo * 86_400_000);
    // each booking its own hour on its own day, so no two confirmed bookings overlap
    const date = riyadhClock(at).date;
    const hour = String(day % 20).padStart(2, '0');
    const next = String((day % 20) + 1).padStart(2, '0');
    return createBooking(db(), {
      spaceId: space,
      renterId,
      renterEmail: 'renter@example.test',
      date,
      startTime: `${hour}:00`,
      endTime: `${next}:00`,
      totalHalalas,
      status: 'confirmed',
    });
  }

  const pay = async (bookingId: string, amountHalalas: number) =>
    recordPayment(
      db(),
      { bookingId, paymentId: randomUUID(), amountHalalas, at: new Date() },
      { feeBasisPoints: t.config.platformFeeBasisPoints },
    );

  const get = (url: string, cookie: string, language = 'ar') =>
    t.app.inject({ method: 'GET', url, headers: { cookie, 'accept-language': language } });

  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
    const admins = await Promise.all(
      ['pay-a@example.test', 'pay-b@example.test'].map((email) =>
        createUser(db(), { email, password: PASSWORD, roles: ['admin'] }),
      ),
    );
    adminCookies = await Promise.all(admins.map((a) => signInCookie(t, a.email, PASSWORD)));
    host = await createUser(db(), {
      email: 'host@example.test',
      password: PASSWORD,
      fullName: 'نورة',
    });
    hostCookie = await signInCookie(t, host.email, PASSWORD);
    otherHost = await createUser(db(), { email: 'other@example.test', password: PASSWORD });
    otherCookie = await signInCookie(t, otherHost.email, PASSWORD);
    renterId = (await createUser(db())).id;
    spaceId = (await createSpace(db(), { hostId: host.id })).id;
    otherSpaceId = (await createSpace(db(), { hostId: otherHost.id })).id;
  });
  afterEach(async () => {
    await expectLedgerBalanced(db());
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the payout account', () => {
    const put = (cookie: string, payload: unknown, language = 'ar') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/host/payout-account',
        headers: { cookie, 'accept-language': language },
        payload: payload as Record<string, unknown>,
      });

    it('is asked of a signed-in person only', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/host/payout-account' });
      expect(res.statusCode).toBe(401);
      const put401 = await t.app.inject({
        method: 'PUT',
        url: '/api/host/payout-account',
        payload: { iban: VALID_IBAN, holderName: 'x' },
      });
      expect(put401.statusCode).toBe(401);
    });

    it('refuses a bad checksum with a 400 naming the field, in Arabic and in English', async () => {
      const wrong = 'SA0380000000608010167518';
      const ar = await put(hostCookie, { iban: wrong, holderName: 'نورة السالم' });
      expect(ar.statusCode).toBe(400);
      expect(ar.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: {
          iban: 'أرقام التحقق في هذا الآيبان لا تطابق بقيته. انسخه كما يظهر في تطبيق بنكك.',
        },
      });
      const en = await put(hostCookie, { iban: wrong, holderName: 'Noura' }, 'en');
      expect(en.statusCode).toBe(400);
      expect(en.json().error.fields.iban).toBe(
        "This IBAN's check digits do not match the rest of it. Copy it as your bank's app shows it.",
      );
      const notSaudi = await put(
        hostCookie,
        { iban: 'GB82WEST12345698765432', holderName: 'Noura' },
        'en',
      );
      expect(notSaudi.statusCode).toBe(400);
      expect(notSaudi.json().error.fields.iban).toBe(
        'Enter a Saudi IBAN: SA followed by 22 digits.',
      );
      const noName = await put(hostCookie, { iban: VALID_IBAN, holderName: ' ' }, 'en');
      expect(noName.statusCode).toBe(400);
      expect(Object.keys(noName.json().error.fields)).toEqual(['holderName']);
      for (const body of [
        {},
        { iban: 12, holderName: 'x y' },
        { iban: 'x'.repeat(5000), holderName: 'ab' },
      ]) {
        expect((await put(hostCookie, body)).statusCode).toBe(400);
      }
      const stored = await db()
        .select()
        .from(hostPayoutAccounts)
        .where(eq(hostPayoutAccounts.hostId, host.id));
      expect(stored).toEqual([]);
    });

    it('saves the IBAN as typed, shows it masked, and replaces it', async () => {
      const empty = await get('/api/host/payout-account', hostCookie);
      expect(empty.json()).toEqual({ account: null });
      const saved = await put(hostCookie, {
        iban: 'sa03 8000 0000 6080 1016 7519',
        holderName: ' نورة السالم ',
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().account).toMatchObject({
        ibanMasked: 'SA•• •••• •••• •••• •••• 7519',
        holderName: 'نورة السالم',
      });
      expect(saved.body).not.toContain('80000000608010');
      const read = await get('/api/host/payout-account', hostCookie);
      expect(read.json().account.ibanMasked).toBe('SA•• •••• •••• •••• •••• 7519');
      expect(read.headers['cache-control']).toContain('no-store');
      const [row] = await db()
        .select()
        .from(hostPayoutAccounts)
        .where(eq(hostPayoutAccounts.hostId, host.id));
      expect(row?.iban).toBe(VALID_IBAN);
      // another person's account is theirs alone
      expect((await get('/api/host/payout-account', otherCookie)).json()).toEqual({
        account: null,
      });
    });
  });

  describe('earnings', () => {
    it('sums paid, refunded, fee, earned, paid out and owed per booking, month and in all', async () => {
      const a = await booking(spaceId, -40, 34_500);
      const b = await booking(spaceId, -41, 10_000);
      await pay(a.id, 34_500);
      await pay(b.id, 10_000);
      await recordRefund(db(), {
        bookingId: b.id,
        refundId: randomUUID(),
        amountHalalas: 5_000,
        at: new Date(),
      });
      await pay((await booking(otherSpaceId, -42)).id, 20_000);

      const res = await get('/api/host/earnings', hostCookie);
      expect(res.statusCode).toBe(200);
      const body = res.json<HostEarnings>();
      const ofA = body.bookings.find((x) => x.bookingId === a.id);
      expect(ofA).toMatchObject({
        reference: a.reference,
        paidHalalas: 34_500,
        refundedHalalas: 0,
        feeHalalas: 3_968, // 3 450 + 518 VAT
        earnedHalalas: 30_532,
        paidOutHalalas: 0,
        owedHalalas: 30_532,
      });
      const ofB = body.bookings.find((x) => x.bookingId === b.id);
      // 10 000 → fee 1 000 + VAT 150, host 8 850; half refunded in proportion
      expect(ofB).toMatchObject({
        paidHalalas: 10_000,
        refundedHalalas: 5_000,
        feeHalalas: 575,
        earnedHalalas: 4_425,
        owedHalalas: 4_425,
      });
      // only this host's bookings
      expect(body.bookings).toHaveLength(2);
      expect(body.totals).toEqual({
        paidHalalas: 44_500,
        refundedHalalas: 5_000,
        feeHalalas: 4_543,
        earnedHalalas: 34_957,
        paidOutHalalas: 0,
        owedHalalas: 34_957,
      });
      const months = body.months.reduce((s, m) => s + m.owedHalalas, 0);
      expect(months).toBe(34_957);
      expect(body.months.map((m) => m.month)).toEqual(
        [...new Set([a.date.slice(0, 7), b.date.slice(0, 7)])].sort().reverse(),
      );
      expect(body.feePercent).toBe(10);
      expect((await t.app.inject({ method: 'GET', url: '/api/host/earnings' })).statusCode).toBe(
        401,
      );
    });
  });

  describe('payouts', () => {
    const run = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/admin/payouts', headers: { cookie } });

    it('is for admins only', async () => {
      expect((await run(hostCookie)).statusCode).toBe(403);
      expect((await get('/api/admin/payouts/due', hostCookie)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/payouts' })).statusCode).toBe(
        401,
      );
    });

    it('pays ended bookings past the hold to hosts with an IBAN: a bank file and ledger postings', async () => {
      // host has an IBAN (saved above); otherHost has none yet
      const ended = await booking(spaceId, 5, 20_000);
      const alsoEnded = await booking(spaceId, 3, 10_000);
      const recent = await booking(spaceId, 1, 10_000); // inside the 48-hour hold
      const future = await booking(spaceId, -3, 10_000);
      const noIban = await booking(otherSpaceId, 5, 10_000);
      for (const [b, amount] of [
        [ended, 20_000],
        [alsoEnded, 10_000],
        [recent, 10_000],
        [future, 10_000],
        [noIban, 10_000],
      ] as const) {
        await pay(b.id, amount);
      }
      // the earlier test's bookings are in the future: not due
      const due = (await get('/api/admin/payouts/due', adminCookies[0]!)).json<PayoutDue>();
      expect(due.hosts).toEqual([
        expect.objectContaining({ hostId: host.id, amountHalalas: 17_700 + 8_850, bookings: 2 }),
        expect.objectContaining({ hostId: otherHost.id, ibanMasked: null, amountHalalas: 8_850 }),
      ]);
      expect(due.totalHalalas).toBe(26_550);

      const res = await run(adminCookies[0]!);
      expect(res.statusCode).toBe(201);
      const { payout } = res.json();
      expect(payout).toMatchObject({ totalHalalas: 26_550, transfers: 1 });

      const csv = await get(`/api/admin/payouts/${payout.id}/transfers.csv`, adminCookies[1]!);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toContain('attachment');
      expect(csv.body).toBe(
        `\uFEFF"beneficiary_name","iban","amount","currency","reference"\r\n` +
          `"نورة السالم","${VALID_IBAN}","265.50","SAR","HourSpace ${payout.id.slice(0, 8).toUpperCase()}"\r\n`,
      );
      const postings = await db()
        .select()
        .from(ledgerPostings)
        .where(eq(ledgerPostings.kind, 'payout'));
      expect(postings.map((p) => p.bookingId).sort()).toEqual([ended.id, alsoEnded.id].sort());

      // nothing left: a second run is a 409 in the admin's language
      const again = await run(adminCookies[1]!);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('PAYOUT_NOTHING_DUE');

      const earnings = (await get('/api/host/earnings', hostCookie)).json<HostEarnings>();
      expect(earnings.bookings.find((x) => x.bookingId === ended.id)).toMatchObject({
        paidOutHalalas: 17_700,
        owedHalalas: 0,
      });
      const list = (await get('/api/admin/payouts', adminCookies[1]!)).json();
      expect(list.items[0]).toMatchObject({ id: payout.id, totalHalalas: 26_550, transfers: 1 });
      expect(
        (await get(`/api/admin/payouts/${randomUUID()}/transfers.csv`, adminCookies[0]!))
          .statusCode,
      ).toBe(404);
      expect(
        (await get('/api/admin/payouts/not-a-uuid/transfers.csv', adminCookies[0]!)).statusCode,
      ).toBe(400);
    });

    it('pays a host once they add an IBAN, and nets a refund made after a payout', async () => {
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/host/payout-account',
        headers: { cookie: otherCookie },
        payload: { iban: OTHER_IBAN, holderName: '=HYPERLINK("x")' },
      });
      expect(put.statusCode).toBe(200);
      // a booking of host's, paid out above, is refunded in part: the host now owes 4 425
      const [paidOut] = await db()
        .select({ bookingId: ledgerPostings.bookingId })
        .from(ledgerPostings)
        .where(eq(ledgerPostings.kind, 'payout'))
        .limit(1);
      const refunded = paidOut!.bookingId;
      await recordRefund(db(), {
        bookingId: refunded,
        refundId: randomUUID(),
        amountHalalas: 5_000,
        at: new Date(),
      });
      const newer = await booking(spaceId, 4, 10_000);
      await pay(newer.id, 10_000); // owed 8 850
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/payouts',
        headers: { cookie: adminCookies[1]! },
      });
      expect(res.statusCode).toBe(201);
      const { payout } = res.json();
      const transfers = await db()
        .select()
        .from(payoutTransfers)
        .where(eq(payoutTransfers.payoutId, payout.id));
      const amounts = Object.fromEntries(transfers.map((x) => [x.hostId, x.amountHalalas]));
      expect(amounts).toEqual({ [otherHost.id]: 8_850, [host.id]: 8_850 - 4_425 });
      const csv = await get(`/api/admin/payouts/${payout.id}/transfers.csv`, adminCookies[0]!);
      // a name a spreadsheet would run as a formula is defused
      expect(csv.body).toContain(`"'=HYPERLINK(""x"")","${OTHER_IBAN}","88.50"`);
    });

    it('pays once when two admins and ten requests run a payout at the same moment', async () => {
      const bookingsDue = await Promise.all([
        booking(spaceId, 6, 30_000),
        booking(otherSpaceId, 7, 40_000),
      ]);
      for (const b of bookingsDue) await pay(b.id, b.totalHalalas);
      const before = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(payouts);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => run(adminCookies[i % 2]!)),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([201, ...Array(9).fill(409)]);
      const after = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(payouts);
      expect(after[0]!.n - before[0]!.n).toBe(1);
      const winner = answers.find((a) => a.statusCode === 201)!.json().payout;
      expect(winner.totalHalalas).toBe(26_550 + 35_400);
      for (const b of bookingsDue) {
        const n = await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(ledgerPostings)
          .where(sql`${ledgerPostings.kind} = 'payout' and ${ledgerPostings.bookingId} = ${b.id}`);
        expect(n[0]!.n).toBe(1);
      }
    });
  });
});
