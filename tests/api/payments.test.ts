import { rm } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testWebhookSecret } from '#server/adapters/payments/test-gateway.ts';
import {
  auditLog,
  bookings,
  jobs,
  ledgerPostings,
  paymentRefunds,
  payments,
  testGatewayPayments,
} from '#server/db/schema.ts';
import {
  releaseUnpaidBookings,
  remindUnpaidBookings,
} from '#server/features/bookings/payments/payment-sweeps.ts';
import { createBooking, createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { deliverMail, recipient, sentMail, signInCookie } from '../support/admin-desk.ts';
import { expectLedgerBalanced } from '../support/ledger-check.ts';
import { riyadhDate } from '../support/live-app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 32, on both engines: a confirmed booking is paid on the embedded test gateway (its card
 * form, its 3-D Secure step, the callback and the webhook), the callback is never believed
 * without fetching the payment, the webhook's token is checked, twenty callbacks and webhooks
 * make one `paid` change, a cancel racing a payment never leaves it paid and lost, an unpaid
 * booking is released at its deadline, and paid bookings cancelled are refunded by a job.
 */
const PASSWORD = 'Riyadh#2026';
const MADA_OK = '4201320111111010';
const MADA_NO_FUNDS = '4201320000311101';

describe('paying a confirmed booking', () => {
  let t: TestApp;
  let renterCookie: string;
  let otherCookie: string;
  let adminCookie: string;
  let hostId: string;
  let renter: { id: string; email: string };
  const db = () => t.deps.database.db;

  const call = (
    method: 'GET' | 'POST',
    url: string,
    cookie?: string,
    payload?: object | string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), 'accept-language': 'en', ...headers },
      ...(payload !== undefined ? { payload } : {}),
    });
  const form = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  const statusOf = async (id: string) =>
    (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const paymentsOf = (bookingId: string) =>
    db().select().from(payments).where(eq(payments.bookingId, bookingId));
  const auditCount = async (id: string, action: string) =>
    (
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, action)))
    ).length;

  /** A pending request the admin confirms through the desk (the deadline is set by it). */
  async function confirmed(days = 10, total = 45_000) {
    const space = await createSpace(db(), {
      ...openAllDay(hostId),
      nameEn: 'Palm Hall',
      nameAr: 'قاعة النخيل',
    });
    const b = await createBooking(db(), {
      spaceId: space.id,
      renterId: renter.id,
      renterEmail: renter.email,
      date: riyadhDate(days),
      startTime: '10:00',
      endTime: '12:00',
      totalHalalas: total,
    });
    const res = await call('POST', `/api/admin/bookings/${b.id}/confirm`, adminCookie, {});
    expect(res.statusCode).toBe(200);
    return { booking: await statusOf(b.id), space };
  }

  /** The renter's whole walk through the embedded gateway; returns the callback's answer. */
  async function payWithCard(bookingId: string, card: string, authenticate = true) {
    const started = await call('POST', `/api/me/bookings/${bookingId}/pay`, renterCookie);
    expect(started.statusCode).toBe(200);
    const { checkoutUrl, testMode, amountHalalas } = started.json();
    expect(testMode).toBe(true);
    const checkoutPath = new URL(checkoutUrl).pathname;
    const page = await call('GET', checkoutPath);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test payment');
    expect(page.body).toContain('دفع تجريبي');
    const sent = await form(checkoutPath, {
      name: 'Faisal Harbi',
      number: card,
      month: '12',
      year: '2030',
      cvc: '123',
    });
    expect(sent.statusCode).toBe(303);
    const step = await call('GET', sent.headers.location as string);
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain('3-D Secure');
    const done = await form(sent.headers.location as string, {
      action: authenticate ? 'authenticate' : 'fail',
    });
    expect(done.statusCode).toBe(303);
    const back = await call('GET', done.headers.location as string, undefined, undefined, {
      'accept-language': 'en',
    });
    return { back, amountHalalas, callbackUrl: done.headers.location as string };
  }

  beforeAll(async () => {
    t = await createTestApp();
    hostId = (await createUser(db(), { email: 'host@example.test', locale: 'ar' })).id;
    renter = await createUser(db(), {
      email: 'renter@example.test',
      fullName: 'Faisal Al-Harbi',
      password: PASSWORD,
      locale: 'en',
    });
    await createUser(db(), { email: 'other@example.test', password: PASSWORD });
    await createUser(db(), {
      email: 'admin@example.test',
      password: PASSWORD,
      roles: ['admin'],
      locale: 'ar',
    });
    renterCookie = await signInCookie(t, 'renter@example.test', PASSWORD);
    otherCookie = await signInCookie(t, 'other@example.test', PASSWORD);
    adminCookie = await signInCookie(t, 'admin@example.test', PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });
  // Every halala accounted for: the ledger's balances equal a recomputation after every test.
  afterEach(async () => {
    await expectLedgerBalanced(db());
  });
  const postings = async (bookingId: string, kind: 'payment' | 'refund') =>
    (
      await db()
        .select()
        .from(ledgerPostings)
        .where(and(eq(ledgerPostings.bookingId, bookingId), eq(ledgerPostings.kind, kind)))
    ).length;
  beforeEach(async () => {
    await db().delete(jobs);
    await rm(t.config.mail.dir, { recursive: true, force: true });
  });

  it('the confirm sets the deadline; the confirmation email says how much, by when, and links to pay', async () => {
    const before = Date.now();
    const { booking } = await confirmed();
    expect(booking.paymentDueAt!.getTime()).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 5_000);
    expect(booking.paymentDueAt!.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    await deliverMail(t);
    const mail = (await sentMail(t)).find((m) => recipient(m) === 'renter@example.test')!;
    expect(mail.text).toContain('To secure it, pay SAR');
    expect(mail.text).toMatch(/pay SAR\s450\s+by/);
    expect(mail.text).toContain('(Riyadh time)');
    expect(mail.html).toContain(`/api/me/bookings/${booking.id}/pay`);
  });

  it('pays with a test mada card: the booking is paid once, the renter gets a receipt', async () => {
    const { booking } = await confirmed();
    const { back, amountHalalas } = await payWithCard(booking.id, MADA_OK);
    expect(amountHalalas).toBe(45_000);
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Payment received');
    expect((await statusOf(booking.id)).paidAt).not.toBeNull();
    const [row] = await paymentsOf(booking.id);
    expect(row).toMatchObject({ status: 'paid', amountHalalas: 45_000, gateway: 'test' });
    // The webhook the gateway delivered is acted on by a job: nothing more changes.
    await deliverMail(t);
    expect(await auditCount(booking.id, 'booking.pay')).toBe(1);
    expect(await postings(booking.id, 'payment')).toBe(1);
    // The renter's list and the admin desk say so.
    const mine = (await call('GET', '/api/me/bookings', renterCookie)).json().items;
    expect(mine.find((b: { id: string }) => b.id === booking.id).payment).toMatchObject({
      state: 'paid',
    });
    const desk = (
      await call('GET', '/api/admin/bookings?status=confirmed&pageSize=50', adminCookie)
    ).json().items;
    expect(desk.find((b: { id: string }) => b.id === booking.id).payment).toMatchObject({
      state: 'paid',
    });
    const receipt = (await sentMail(t)).find(
      (m) => recipient(m) === 'renter@example.test' && m.subject?.startsWith('Payment received'),
    );
    expect(receipt).toBeDefined();
    // Paying again: 409 ALREADY_PAID and no second checkout.
    const again = await call('POST', `/api/me/bookings/${booking.id}/pay`, renterCookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_PAID');
    expect(await paymentsOf(booking.id)).toHaveLength(1);
  });

  it('a failed card leaves the booking unpaid with the gateway’s reason', async () => {
    const { booking } = await confirmed();
    const { back } = await payWithCard(booking.id, MADA_NO_FUNDS);
    expect(back.body).toContain('did not go through');
    expect((await statusOf(booking.id)).paidAt).toBeNull();
    const [row] = await paymentsOf(booking.id);
    expect(row).toMatchObject({ status: 'failed', failureMessage: 'INSUFFICIENT FUNDS' });
    const mine = (await call('GET', '/api/me/bookings', renterCookie)).json().items;
    expect(mine.find((b: { id: string }) => b.id === booking.id).payment).toMatchObject({
      state: 'failed',
      failure: 'insufficientFunds',
      dueAt: booking.paymentDueAt!.toISOString(),
    });
    // A new try opens a new checkout, and a good card pays.
    const { back: second } = await payWithCard(booking.id, MADA_OK);
    expect(second.body).toContain('Payment received');
    expect((await statusOf(booking.id)).paidAt).not.toBeNull();
  });

  it('answers 404 for someone else’s booking, 409 for an unconfirmed or overdue one', async () => {
    const { booking } = await confirmed();
    const theirs = await call('POST', `/api/me/bookings/${booking.id}/pay`, otherCookie);
    expect(theirs.statusCode).toBe(404);
    const nobody = await call('POST', `/api/me/bookings/${booking.id}/pay`);
    expect(nobody.statusCode).toBe(401);
    const bad = await call('POST', `/api/me/bookings/not-a-uuid/pay`, renterCookie);
    expect(bad.statusCode).toBe(404);

    const space = await createSpace(db(), { ...openAllDay(hostId), nameEn: 'Pending Hall' });
    const pending = await createBooking(db(), {
      spaceId: space.id,
      renterId: renter.id,
      renterEmail: renter.email,
      date: riyadhDate(12),
      startTime: '10:00',
      endTime: '12:00',
    });
    const unconfirmed = await call('POST', `/api/me/bookings/${pending.id}/pay`, renterCookie);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error.code).toBe('BOOKING_NOT_PAYABLE');

    await db()
      .update(bookings)
      .set({ paymentDueAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, booking.id));
    const late = await call('POST', `/api/me/bookings/${booking.id}/pay`, renterCookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('PAYMENT_DEADLINE_PASSED');
  });

  it('never believes the callback: a made-up payment id pays nothing', async () => {
    const { booking } = await confirmed();
    const started = await call('POST', `/api/me/bookings/${booking.id}/pay`, renterCookie);
    const { paymentId } = started.json();
    const forged = await call(
      'GET',
      `/api/payments/${paymentId}/callback?id=${crypto.randomUUID()}&status=paid&message=APPROVED`,
    );
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('Payment received');
    expect((await statusOf(booking.id)).paidAt).toBeNull();
  });

  it('refuses a webhook with a wrong token (401, nothing queued); ignores an unknown payment', async () => {
    const wrong = await call('POST', '/api/payments/webhook', undefined, {
      id: 'evt_1',
      type: 'payment_paid',
      secret_token: 'not-the-token',
      data: { id: crypto.randomUUID() },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await db().select().from(jobs)).toHaveLength(0);

    const unknown = await call('POST', '/api/payments/webhook', undefined, {
      id: 'evt_2',
      type: 'payment_paid',
      secret_token: testWebhookSecret(t.deps.authSecret),
      data: { id: crypto.randomUUID() },
    });
    expect(unknown.statusCode).toBe(200);
    await deliverMail(t);
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, 'payment.webhook'));
    expect(job).toMatchObject({ status: 'done' });
  });

  it('twenty callbacks and webhooks at once make one paid change', async () => {
    const { booking } = await confirmed();
    const { callbackUrl } = await payWithCard(booking.id, MADA_OK);
    await db().update(bookings).set({ paidAt: null }).where(eq(bookings.id, booking.id));
    await db()
      .update(payments)
      .set({ status: 'initiated', paidAt: null })
      .where(eq(payments.bookingId, booking.id));
    await db().delete(auditLog).where(eq(auditLog.subjectId, booking.id));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? call('GET', callbackUrl)
          : call('POST', '/api/payments/webhook', undefined, {
              id: `evt_race_${i}`,
              type: 'payment_paid',
              secret_token: testWebhookSecret(t.deps.authSecret),
              data: { id: new URL(`http://x${callbackUrl}`).searchParams.get('id') },
            }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    await deliverMail(t);
    expect(await auditCount(booking.id, 'booking.pay')).toBe(1);
    const rows = await paymentsOf(booking.id);
    expect(rows.filter((r) => r.status === 'paid')).toHaveLength(1);
    expect(await postings(booking.id, 'payment')).toBe(1);
    expect(
      await db().select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, booking.id)),
    ).toHaveLength(0);
  });

  it('a payment that lands after the booking was cancelled is refunded in full', async () => {
    const { booking } = await confirmed();
    const started = await call('POST', `/api/me/bookings/${booking.id}/pay`, renterCookie);
    const checkoutPath = new URL(started.json().checkoutUrl).pathname;
    const sent = await form(checkoutPath, {
      name: 'A B',
      number: MADA_OK,
      month: '1',
      year: '2031',
      cvc: '1',
    });
    // The renter cancels while the 3-D Secure step is open…
    const cancel = await call('POST', `/api/me/bookings/${booking.id}/cancel`, renterCookie);
    expect(cancel.statusCode).toBe(200);
    // …then authenticates: the payment is taken, and nothing is left to pay for.
    const done = await form(sent.headers.location as string, { action: 'authenticate' });
    const back = await call('GET', done.headers.location as string);
    expect(back.statusCode).toBe(200);
    const b = await statusOf(booking.id);
    expect(b.status).toBe('cancelled');
    expect(b.paidAt).toBeNull();
    const [refund] = await db()
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.bookingId, booking.id));
    expect(refund).toMatchObject({
      amountHalalas: 45_000,
      reason: 'late_payment',
      status: 'pending',
    });
    await deliverMail(t);
    const [after] = await db()
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.bookingId, booking.id));
    expect(after!.status).toBe('done');
    const [gp] = await db()
      .select()
      .from(testGatewayPayments)
      .where(
        sql`${testGatewayPayments.id}::text = ${(await paymentsOf(booking.id))[0]!.gatewayPaymentId}`,
      );
    expect(gp).toMatchObject({ status: 'refunded', refunded: 45_000 });
  });

  it('a cancel racing the payment: either never paid, or paid and refunded in full — never paid and lost', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { booking } = await confirmed(10 + round);
      const started = await call('POST', `/api/me/bookings/${booking.id}/pay`, renterCookie);
      const checkoutPath = new URL(started.json().checkoutUrl).pathname;
      const sent = await form(checkoutPath, {
        name: 'A B',
        number: MADA_OK,
        month: '1',
        year: '2031',
        cvc: '1',
      });
      const done = await form(sent.headers.location as string, { action: 'authenticate' });
      const callbackUrl = done.headers.location as string;
      // The money is taken at the gateway; now the renter's cancel, ten callbacks and the
      // webhook's job all at once.
      const answers = await Promise.all([
        call('POST', `/api/me/bookings/${booking.id}/cancel`, renterCookie),
        ...Array.from({ length: 10 }, () => call('GET', callbackUrl)),
        deliverMail(t),
      ]);
      expect(answers[0]).toMatchObject({ statusCode: 200 });
      await deliverMail(t);
      const b = await statusOf(booking.id);
      expect(b.status).toBe('cancelled');
      const taken = (await paymentsOf(booking.id)).filter((p) => p.gatewayPaymentId !== null);
      expect(taken).toHaveLength(1);
      const refunds = await db()
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.bookingId, booking.id));
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amountHalalas: 45_000, status: 'done' });
      expect(refunds[0]!.reason).toBe(b.paidAt === null ? 'late_payment' : 'cancelled');
      expect(await auditCount(booking.id, 'booking.pay')).toBe(b.paidAt === null ? 0 : 1);
      expect(await postings(booking.id, 'payment')).toBe(1);
      expect(await postings(booking.id, 'refund')).toBe(1);
    }
  });

  it('a paid booking cancelled inside the free window is refunded in full by a job', async () => {
    const { booking } = await confirmed(20);
    await payWithCard(booking.id, MADA_OK);
    const cancel = await call('POST', `/api/me/bookings/${booking.id}/cancel`, renterCookie);
    expect(cancel.statusCode).toBe(200);
    await deliverMail(t);
    const [refund] = await db()
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.bookingId, booking.id));
    expect(refund).toMatchObject({ amountHalalas: 45_000, reason: 'cancelled', status: 'done' });
    const [row] = await paymentsOf(booking.id);
    expect(row!.status).toBe('refunded');
    expect(await postings(booking.id, 'refund')).toBe(1);
  });

  it('a paid booking its host cancels is refunded in full, however late — the renter told so', async () => {
    // Issue 35: a strict policy and a start two days away would leave a renter's own cancel
    // 0–50 %; the host's cancel (hostCancel) refunds everything paid.
    const hosting = await createUser(db(), {
      email: 'hosting@example.test',
      password: PASSWORD,
      locale: 'ar',
    });
    const hostCookie = await signInCookie(t, 'hosting@example.test', PASSWORD);
    const space = await createSpace(db(), {
      ...openAllDay(hosting.id),
      cancellationPolicy: 'strict',
      nameEn: 'Cedar Studio',
      nameAr: 'استوديو الأرز',
    });
    const b = await createBooking(db(), {
      spaceId: space.id,
      renterId: renter.id,
      renterEmail: renter.email,
      date: riyadhDate(2),
      startTime: '10:00',
      endTime: '12:00',
      totalHalalas: 45_000,
    });
    expect(
      (await call('POST', `/api/admin/bookings/${b.id}/confirm`, adminCookie, {})).statusCode,
    ).toBe(200);
    await payWithCard(b.id, MADA_OK);
    await rm(t.config.mail.dir, { recursive: true, force: true });
    const cancel = await call('POST', `/api/host/bookings/${b.id}/cancel`, hostCookie, {
      reason: 'The studio floods after the rain',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await deliverMail(t);
    const [refund] = await db()
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.bookingId, b.id));
    expect(refund).toMatchObject({ amountHalalas: 45_000, reason: 'revoked', status: 'done' });
    expect((await paymentsOf(b.id))[0]!.status).toBe('refunded');
    expect(await postings(b.id, 'refund')).toBe(1);
    // The renter (English) reads it in English: the host cancelled, everything paid comes back.
    const mail = (await sentMail(t)).find(
      (m) => recipient(m).includes(renter.email) && /cancel/i.test(m.subject ?? ''),
    );
    expect(mail?.text).toContain('the host cancelled your confirmed booking');
    expect(mail?.text).toContain('refunded in full');
    expect(mail?.text).toContain('The studio floods after the rain');
  });

  it('releases an unpaid booking at its deadline (PAYMENT_NOT_RECEIVED) after one reminder', async () => {
    const { booking } = await confirmed();
    const due = booking.paymentDueAt!;
    const settings = { publicUrl: t.config.publicUrl, teamEmail: t.config.mail.teamEmail };
    // Other tests' unpaid bookings are due about as soon: this one is followed by its own rows.
    const reminded = async () => (await statusOf(booking.id)).paymentRemindedAt;
    await remindUnpaidBookings(db(), new Date(due.getTime() - 7 * 3_600_000), settings);
    expect(await reminded()).toBeNull();
    expect(
      await remindUnpaidBookings(db(), new Date(due.getTime() - 5 * 3_600_000), settings),
    ).toBeGreaterThanOrEqual(1);
    const first = await reminded();
    expect(first).not.toBeNull();
    await remindUnpaidBookings(db(), new Date(due.getTime() - 4 * 3_600_000), settings);
    expect(await reminded()).toEqual(first);
    await releaseUnpaidBookings(db(), new Date(due.getTime() - 1000), settings);
    expect((await statusOf(booking.id)).status).toBe('confirmed');
    expect(await releaseUnpaidBookings(db(), due, settings)).toBeGreaterThanOrEqual(1);
    const b = await statusOf(booking.id);
    expect(b).toMatchObject({ status: 'cancelled', statusReason: 'PAYMENT_NOT_RECEIVED' });
    expect(await auditCount(booking.id, 'booking.release')).toBe(1);
    expect(await releaseUnpaidBookings(db(), due, settings)).toBe(0);
    await deliverMail(t);
    const mails = await sentMail(t);
    const toRenter = mails
      .filter((m) => recipient(m) === 'renter@example.test')
      .map((m) => m.subject);
    expect(toRenter).toContain('Reminder: pay for your booking at “Palm Hall”');
    expect(toRenter).toContain('Your booking at “Palm Hall” was cancelled: not paid in time');
    expect(mails.some((m) => recipient(m) === 'host@example.test')).toBe(true);
    // The slot is free again: the renter cannot pay it any more.
    const late = await call('POST', `/api/me/bookings/${booking.id}/pay`, renterCookie);
    expect(late.statusCode).toBe(409);
  });
});
