import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { testGatewayInvoices, testGatewayPayments } from '#server/db/schema.ts';
import {
  toGatewayPayment,
  type Checkout,
  type GatewayPayment,
  type NewCheckout,
  type PaymentGateway,
} from './payment-gateway.ts';
import { testCardOutcome } from './test-cards.ts';

/**
 * The embedded test gateway (decision 052): what `npm start` pays with when no Moyasar keys are
 * set. It keeps its invoices and payments in its own tables (migration 0019), answers with
 * Moyasar's payment object, knows Moyasar's published test cards (test-cards.ts), and its hosted
 * pages (features/bookings/payments/test-gateway-routes.ts) show a card form, a 3-D Secure step,
 * then send the renter to the callback and the webhook to our webhook route — the same way in as
 * Moyasar's. Every page says "test payment"; in production it is not served at all.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TestGateway extends PaymentGateway {
  readonly kind: 'test';
  invoice(id: string): Promise<typeof testGatewayInvoices.$inferSelect | null>;
  /** The card form was sent: a payment waiting for its 3-D Secure step. */
  startPayment(invoiceId: string, card: { number: string }): Promise<GatewayPayment | null>;
  /** The 3-D Secure step was answered: the card's outcome, or failed when not authenticated. */
  finishPayment(paymentId: string, authenticated: boolean): Promise<GatewayPayment | null>;
  /** The payment as Moyasar's webhook carries it (`data`). */
  rawPayment(paymentId: string): Promise<Record<string, unknown> | null>;
}

/** The webhook secret the test gateway signs with: derived from the app's secret, never sent out. */
export const testWebhookSecret = (authSecret: string) =>
  createHash('sha256').update(`hourspace-test-gateway-webhook:${authSecret}`).digest('hex');

export function createTestGateway(options: {
  db: Db;
  publicUrl: string;
  authSecret: string;
}): TestGateway {
  const { db } = options;

  async function raw(paymentId: string): Promise<Record<string, unknown> | null> {
    if (!UUID.test(paymentId)) return null;
    const [row] = await db
      .select({ payment: testGatewayPayments, invoice: testGatewayInvoices })
      .from(testGatewayPayments)
      .innerJoin(testGatewayInvoices, eq(testGatewayInvoices.id, testGatewayPayments.invoiceId))
      .where(eq(testGatewayPayments.id, paymentId));
    if (!row) return null;
    const { payment, invoice } = row;
    return {
      id: payment.id,
      status: payment.status,
      amount: payment.amount,
      fee: 0,
      currency: payment.currency,
      refunded: payment.refunded,
      captured: payment.status === 'paid' || payment.status === 'refunded' ? payment.amount : 0,
      description: invoice.description,
      amount_format: `${(payment.amount / 100).toFixed(2)} SAR`,
      invoice_id: invoice.id,
      callback_url: invoice.callbackUrl,
      created_at: payment.createdAt.toISOString(),
      updated_at: payment.updatedAt.toISOString(),
      metadata: invoice.metadata,
      source: {
        type: 'creditcard',
        company: payment.cardCompany,
        name: 'Test Card',
        number: `XXXX-XXXX-XXXX-${payment.cardLast4}`,
        message: payment.message,
        transaction_url:
          payment.status === 'initiated'
            ? `${options.publicUrl}/test-gateway/3ds/${payment.id}`
            : null,
      },
    };
  }

  const fetchPayment = async (id: string) => {
    const r = await raw(id);
    return r ? toGatewayPayment(r) : null;
  };

  return {
    kind: 'test',
    webhookSecret: testWebhookSecret(options.authSecret),

    async createCheckout(checkout: NewCheckout): Promise<Checkout> {
      const [row] = await db
        .insert(testGatewayInvoices)
        .values({
          amount: checkout.amount,
          currency: checkout.currency,
          description: checkout.description,
          callbackUrl: checkout.callbackUrl,
          metadata: checkout.metadata,
        })
        .returning({ id: testGatewayInvoices.id });
      return { id: row!.id, url: `${options.publicUrl}/test-gateway/checkout/${row!.id}` };
    },

    fetchPayment,

    async checkoutPayments(checkoutId: string): Promise<GatewayPayment[]> {
      if (!UUID.test(checkoutId)) return [];
      const rows = await db
        .select({ id: testGatewayPayments.id })
        .from(testGatewayPayments)
        .where(eq(testGatewayPayments.invoiceId, checkoutId));
      const out: GatewayPayment[] = [];
      for (const { id } of rows) {
        const p = await fetchPayment(id);
        if (p) out.push(p);
      }
      return out;
    },

    async refundTo(id: string, totalRefunded: number): Promise<GatewayPayment> {
      await db
        .update(testGatewayPayments)
        .set({
          refunded: sql`greatest(${testGatewayPayments.refunded}, least(${totalRefunded}, ${testGatewayPayments.amount}))`,
          status: 'refunded',
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(testGatewayPayments.id, id),
            sql`${testGatewayPayments.status} in ('paid', 'refunded')`,
          ),
        );
      const after = await fetchPayment(id);
      if (!after) throw new Error(`test gateway: no payment ${id}`);
      return after;
    },

    async invoice(id: string) {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .select()
        .from(testGatewayInvoices)
        .where(eq(testGatewayInvoices.id, id));
      return row ?? null;
    },

    async startPayment(invoiceId: string, card: { number: string }) {
      const invoice = await this.invoice(invoiceId);
      if (!invoice || invoice.status === 'paid') return null;
      const digits = card.number.replace(/\D/g, '');
      const [row] = await db
        .insert(testGatewayPayments)
        .values({
          invoiceId,
          status: 'initiated',
          amount: invoice.amount,
          currency: invoice.currency,
          cardLast4: digits.slice(-4).padStart(4, '0'),
          cardCompany: testCardOutcome(digits).company,
          // The number itself is never kept: its outcome is decided now, applied at the 3-D step.
          message:
            testCardOutcome(digits).status === 'paid' ? null : testCardOutcome(digits).message,
        })
        .returning({ id: testGatewayPayments.id });
      return fetchPayment(row!.id);
    },

    async finishPayment(paymentId: string, authenticated: boolean) {
      if (!UUID.test(paymentId)) return null;
      const [row] = await db
        .select()
        .from(testGatewayPayments)
        .where(eq(testGatewayPayments.id, paymentId));
      if (!row) return null;
      if (row.status === 'initiated') {
        const fails = !authenticated || row.message !== null;
        await db.transaction(async (tx) => {
          await tx
            .update(testGatewayPayments)
            .set({
              status: fails ? 'failed' : 'paid',
              message: fails
                ? (row.message ?? '3-D Secure transaction attempt failed (Not Authenticated)')
                : 'APPROVED',
              updatedAt: sql`now()`,
            })
            .where(
              and(
                eq(testGatewayPayments.id, paymentId),
                eq(testGatewayPayments.status, 'initiated'),
              ),
            );
          if (!fails) {
            await tx
              .update(testGatewayInvoices)
              .set({ status: 'paid' })
              .where(eq(testGatewayInvoices.id, row.invoiceId));
          }
        });
      }
      return fetchPayment(paymentId);
    },

    rawPayment: raw,
  };
}
