import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMoyasarGateway } from '#server/adapters/payments/moyasar-gateway.ts';
import {
  GatewayRefusal,
  GatewayUnavailable,
  type PaymentGateway,
} from '#server/adapters/payments/payment-gateway.ts';
import { sameSecret } from '#server/features/bookings/payments/routes.ts';
import { startMoyasarServer } from '../support/servers/moyasar-server.ts';

/**
 * Issue 32: the Moyasar adapter against a local server that speaks Moyasar's protocol — the
 * checkout (an invoice), fetching a payment with the secret key, refunds, each failure status,
 * and 5xx answers and timeouts retried without ever refunding (or charging) twice.
 */
const KEY = 'sk_test_abc123';
const checkout = {
  givenId: '5b1d2c43-6a0e-4c55-9d61-0c6f7a1e2b3c',
  amount: 45_000,
  currency: 'SAR' as const,
  description: 'HourSpace HS-7K3Q9M · Palm Hall',
  callbackUrl: 'http://localhost:3000/api/payments/5b1d2c43-6a0e-4c55-9d61-0c6f7a1e2b3c/callback',
  backUrl: 'http://localhost:3000/account',
  metadata: {
    booking_id: '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a',
    payment_id: '5b1d2c43-6a0e-4c55-9d61-0c6f7a1e2b3c',
  },
};

describe('the Moyasar adapter', () => {
  let moyasar: Awaited<ReturnType<typeof startMoyasarServer>>;
  let gateway: PaymentGateway;
  beforeAll(async () => {
    moyasar = await startMoyasarServer(KEY);
  });
  afterAll(async () => {
    await moyasar.close();
  });
  beforeEach(() => {
    moyasar.requests.length = 0;
    gateway = createMoyasarGateway({
      apiUrl: moyasar.url,
      secretKey: KEY,
      webhookSecret: 'whsec-0123456789abcdef',
      timeoutMs: 300,
      retryDelaysMs: [10, 20],
    });
  });

  it('creates the hosted checkout with the amount in halalas, SAR, the callback and metadata', async () => {
    const made = await gateway.createCheckout(checkout);
    expect(made.url).toMatch(/^https:\/\/checkout\.moyasar\.test\/invoices\//);
    const [request] = moyasar.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/invoices');
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`,
    );
    expect(JSON.parse(request!.body.toString())).toEqual({
      amount: 45_000,
      currency: 'SAR',
      description: checkout.description,
      success_url: checkout.callbackUrl,
      back_url: checkout.backUrl,
      metadata: checkout.metadata,
    });
  });

  it('fetches a payment with the secret key: paid, failed with Moyasar’s message, unknown → null', async () => {
    const made = await gateway.createCheckout(checkout);
    const ok = moyasar.pay(made.id, { status: 'paid', message: 'APPROVED' });
    const bad = moyasar.pay(made.id, { status: 'failed', message: 'INSUFFICIENT FUNDS' });
    expect(await gateway.fetchPayment(ok.id)).toMatchObject({
      id: ok.id,
      status: 'paid',
      amount: 45_000,
      currency: 'SAR',
      invoiceId: made.id,
      metadata: checkout.metadata,
    });
    expect(await gateway.fetchPayment(bad.id)).toMatchObject({
      status: 'failed',
      message: 'INSUFFICIENT FUNDS',
    });
    expect(await gateway.fetchPayment('9f8e7d6c-0000-4000-8000-000000000000')).toBeNull();
    expect((await gateway.checkoutPayments(made.id)).map((p) => p.status)).toEqual([
      'paid',
      'failed',
    ]);
  });

  it('a wrong key is Moyasar’s 401: a refusal, not retried', async () => {
    const wrong = createMoyasarGateway({
      apiUrl: moyasar.url,
      secretKey: 'sk_test_wrong',
      webhookSecret: 'x'.repeat(16),
      timeoutMs: 300,
      retryDelaysMs: [10, 20],
    });
    const error = await wrong.fetchPayment('a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRefusal);
    expect(error).toMatchObject({ status: 401, type: 'authentication_error' });
    expect(moyasar.requests).toHaveLength(1);
  });

  it('a validation failure (400) is a refusal with Moyasar’s type', async () => {
    const error = await gateway
      .createCheckout({ ...checkout, amount: 50 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error' });
  });

  it('retries 5xx answers and timeouts, then gives up as unavailable', async () => {
    moyasar.fault({ status: 502 });
    moyasar.fault({ hangMs: 600 });
    const made = await gateway.createCheckout(checkout);
    expect(made.id).toBeTruthy();
    expect(moyasar.requests.filter((r) => r.url === '/v1/invoices')).toHaveLength(3);

    moyasar.requests.length = 0;
    for (let i = 0; i < 3; i += 1) moyasar.fault({ status: 503 });
    await expect(gateway.fetchPayment('x')).rejects.toBeInstanceOf(GatewayUnavailable);
    expect(moyasar.requests).toHaveLength(3);
  });

  it('refunds the amount once; a retry after a lost answer never refunds twice', async () => {
    const made = await gateway.createCheckout(checkout);
    const paid = moyasar.pay(made.id, { status: 'paid', message: 'APPROVED' });

    // The refund is made, but its answer is lost (a timeout): the adapter reads, sees it done.
    moyasar.loseNextRefundAnswer(600);
    const after = await gateway.refundTo(paid.id, 20_000);
    expect(after).toMatchObject({ status: 'refunded', refunded: 20_000 });
    expect(moyasar.payments.get(paid.id)!.refunded).toBe(20_000);
    expect(moyasar.requests.filter((r) => r.url.endsWith('/refund'))).toHaveLength(1);

    // Asked again for the same total: nothing more is refunded.
    await gateway.refundTo(paid.id, 20_000);
    expect(moyasar.payments.get(paid.id)!.refunded).toBe(20_000);
    expect(moyasar.requests.filter((r) => r.url.endsWith('/refund'))).toHaveLength(1);

    // A 5xx on the refund: the next round reads first and refunds the rest once.
    moyasar.fault({ status: 500, path: /\/refund$/ });
    await gateway.refundTo(paid.id, 45_000);
    expect(moyasar.payments.get(paid.id)!.refunded).toBe(45_000);
    const refundBodies = moyasar.requests
      .filter((r) => r.url.endsWith('/refund'))
      .map((r) => JSON.parse(r.body.toString()) as { amount: number });
    expect(refundBodies).toEqual([{ amount: 20_000 }, { amount: 25_000 }, { amount: 25_000 }]);
  });

  it('a refund of a failed payment is Moyasar’s refusal', async () => {
    const made = await gateway.createCheckout(checkout);
    const failed = moyasar.pay(made.id, { status: 'failed', message: 'DECLINED' });
    await expect(gateway.refundTo(failed.id, 100)).rejects.toBeInstanceOf(GatewayRefusal);
  });

  it('compares the webhook’s secret token in constant time, whatever its length', () => {
    expect(sameSecret('whsec-0123456789abcdef', gateway.webhookSecret)).toBe(true);
    expect(sameSecret('whsec-0123456789abcdeF', gateway.webhookSecret)).toBe(false);
    expect(sameSecret('', gateway.webhookSecret)).toBe(false);
    expect(sameSecret(`${gateway.webhookSecret}x`, gateway.webhookSecret)).toBe(false);
  });
});
