import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, paymentRefunds, payments } from '#server/db/schema.ts';
import { createBooking, createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { deliverMail, recipient, sentMail, signInCookie } from '../support/admin-desk.ts';
import { riyadhDate } from '../support/live-app.ts';
import { startMoyasarServer } from '../support/servers/moyasar-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 32 with Moyasar keys, on both engines: the app talks to a local Moyasar-like server.
 * The callback is believed only after the payment is fetched with the secret key and its
 * amount, currency and booking match; the webhook needs the configured secret token; the
 * embedded test gateway is not served.
 */
const KEY = 'sk_test_hourspace';
const WEBHOOK_SECRET = 'moyasar-webhook-secret-0123456789';
const PASSWORD = 'Riyadh#2026';

describe('paying through Moyasar', () => {
  let t: TestApp;
  let moyasar: Awaited<ReturnType<typeof startMoyasarServer>>;
  let renterCookie: string;
  let adminCookie: string;
  let hostId: string;
  let renter: { id: string; email: string };
  const db = () => t.deps.database.db;

  beforeAll(async () => {
    moyasar = await startMoyasarServer(KEY);
    t = await createTestApp({
      env: {
        MOYASAR_SECRET_KEY: KEY,
        MOYASAR_WEBHOOK_SECRET: WEBHOOK_SECRET,
        MOYASAR_API_URL: moyasar.url,
        PAYMENT_TIMEOUT_MS: '2000',
      },
    });
    hostId = (await createUser(db(), { email: 'host@example.test' })).id;
    renter = await createUser(db(), { email: 'renter@example.test', password: PASSWORD });
    await createUser(db(), { email: 'admin@example.test', password: PASSWORD, roles: ['admin'] });
    renterCookie = await signInCookie(t, 'renter@example.test', PASSWORD);
    adminCookie = await signInCookie(t, 'admin@example.test', PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await moyasar.close();
  });

  async function confirmedBooking() {
    const space = await createSpace(db(), { ...openAllDay(hostId), nameEn: 'Palm Hall' });
    const b = await createBooking(db(), {
      spaceId: space.id,
      renterId: renter.id,
      renterEmail: renter.email,
      date: riyadhDate(10),
      startTime: '10:00',
      endTime: '12:00',
      totalHalalas: 45_000,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${b.id}/confirm`,
      headers: { cookie: adminCookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    return b.id;
  }
  const pay = (bookingId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/me/bookings/${bookingId}/pay`,
      headers: { cookie: renterCookie },
    });
  const paidAt = async (id: string) =>
    (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!.paidAt;

  it('opens a Moyasar invoice for the stored total, and serves no test gateway', async () => {
    const id = await confirmedBooking();
    const res = await pay(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amountHalalas: 45_000, testMode: false });
    expect(res.json().checkoutUrl).toMatch(/^https:\/\/checkout\.moyasar\.test\/invoices\//);
    const [invoice] = [...moyasar.invoices.values()].filter((i) => i.metadata.booking_id === id);
    expect(invoice).toMatchObject({ amount: 45_000, currency: 'SAR' });
    const page = await t.app.inject({ method: 'GET', url: '/test-gateway/checkout/x' });
    expect(page.statusCode).toBe(404);
  });

  it('believes the callback only when the fetched payment is paid for the right amount', async () => {
    const id = await confirmedBooking();
    const { paymentId } = (await pay(id)).json();
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    // Paid, but not the booking's amount: not marked paid.
    const wrong = moyasar.pay(row!.checkoutId!, {
      status: 'paid',
      message: 'APPROVED',
      amount: 100,
    });
    const cb1 = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${paymentId}/callback?id=${wrong.id}&status=paid&message=APPROVED`,
      headers: { 'accept-language': 'en' },
    });
    expect(cb1.body).toContain('did not go through');
    expect(await paidAt(id)).toBeNull();
    // Failed on Moyasar: stays unpaid, with Moyasar's reason.
    const failed = moyasar.pay(row!.checkoutId!, { status: 'failed', message: 'DECLINED' });
    await t.app.inject({
      method: 'GET',
      url: `/api/payments/${paymentId}/callback?id=${failed.id}`,
    });
    expect(await paidAt(id)).toBeNull();
    expect((await db().select().from(payments).where(eq(payments.id, paymentId)))[0]).toMatchObject(
      {
        status: 'failed',
        failureMessage: 'DECLINED',
      },
    );
    // Paid in full: paid.
    const ok = moyasar.pay(row!.checkoutId!, { status: 'paid', message: 'APPROVED' });
    const cb2 = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${paymentId}/callback?id=${ok.id}`,
      headers: { 'accept-language': 'en' },
    });
    expect(cb2.body).toContain('Payment received');
    expect(await paidAt(id)).not.toBeNull();
    const fetched = moyasar.requests.filter((r) => r.url === `/v1/payments/${ok.id}`);
    expect(fetched.length).toBeGreaterThanOrEqual(1);
  });

  it('acts on a webhook with the configured token, through a job, once', async () => {
    const id = await confirmedBooking();
    const { paymentId } = (await pay(id)).json();
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    const ok = moyasar.pay(row!.checkoutId!, { status: 'paid', message: 'APPROVED' });
    const event = (token: string) => ({
      id: 'evt_moyasar_1',
      type: 'payment_paid',
      created_at: new Date().toISOString(),
      secret_token: token,
      account_name: 'HourSpace',
      live: false,
      data: ok,
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: event('not-the-secret'),
    });
    expect(wrong.statusCode).toBe(401);
    for (let i = 0; i < 2; i += 1) {
      const right = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: event(WEBHOOK_SECRET),
      });
      expect(right.statusCode).toBe(200);
    }
    expect(await paidAt(id)).toBeNull(); // answered at once; the job acts
    await deliverMail(t);
    expect(await paidAt(id)).not.toBeNull();
  });

  it('a refund the gateway refuses (4xx) is marked failed and told to the admins, once', async () => {
    const id = await confirmedBooking();
    const { paymentId } = (await pay(id)).json();
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    const ok = moyasar.pay(row!.checkoutId!, { status: 'paid', message: 'APPROVED' });
    await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}/callback?id=${ok.id}` });
    expect(await paidAt(id)).not.toBeNull();
    const { reference } = (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;

    // Cancelled inside the free window: a full refund is ordered, and Moyasar refuses it.
    moyasar.fault({ status: 400, path: /\/refund$/ });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/me/bookings/${id}/cancel`,
      headers: { cookie: renterCookie },
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    await deliverMail(t);
    await deliverMail(t);
    const [refund] = await db()
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paymentId));
    expect(refund).toMatchObject({ status: 'failed', amountHalalas: 45_000 });
    expect(refund!.lastError).toMatch(/^400 api_error/);
    // Nothing was refunded at Moyasar, and the payment is still paid there and here.
    expect(moyasar.requests.filter((r) => r.url === `/v1/payments/${ok.id}/refund`)).toHaveLength(
      1,
    );
    expect((await db().select().from(payments).where(eq(payments.id, paymentId)))[0]!.status).toBe(
      'paid',
    );
    // The admin is told, in their language, with the booking, the amount and Moyasar's answer.
    const told = (await sentMail(t)).filter(
      (m) => recipient(m) === 'admin@example.test' && m.subject?.includes(reference),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toContain('رفضت بوابة الدفع');
    expect(told[0]!.text).toContain(ok.id);
    expect(told[0]!.text).toContain('400 api_error');
  });
});
