import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPaymentGateway } from '#server/adapters/payments/create-payment-gateway.ts';
import type { PaymentGateway } from '#server/adapters/payments/payment-gateway.ts';
import type { TestGateway } from '#server/adapters/payments/test-gateway.ts';
import { AppError } from '#server/http/app-error.ts';
import { requireUser } from '#server/http/guards.ts';
import { requestLocale } from '#server/http/locale.ts';
import { PAYMENT_WEBHOOK_JOB, type PaymentWebhookJob } from '#server/jobs/job-kinds.ts';
import { enqueueJob } from '#server/jobs/queue.ts';
import { startCheckout } from './checkout.ts';
import type { PaymentDocuments } from './documents-port.ts';
import type { PaymentLedger } from './ledger-port.ts';
import { settlePayment } from './settle.ts';
import { testGatewayRoutes } from './test-gateway-routes.ts';

/** Constant-time comparison of two secrets of any length (their digests are compared). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

const idParams = z.object({ id: z.string() });
const webhookBody = z.looseObject({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  secret_token: z.string().max(1000),
  data: z.looseObject({ id: z.string().min(1).max(200) }),
});

const OUTCOME_PAGE: Record<'paid' | 'failed' | 'pending', { ar: string; en: string }> = {
  paid: { ar: 'تم الدفع، وحجزك مثبّت.', en: 'Payment received: your booking is secured.' },
  failed: {
    ar: 'لم يتم الدفع، ولم يُخصم منك شيء.',
    en: 'The payment did not go through; nothing was charged.',
  },
  pending: {
    ar: 'ننتظر تأكيد الدفع من البوابة.',
    en: 'We are waiting for the gateway to confirm the payment.',
  },
};

/**
 * Paying a confirmed booking (issue 32, decision 052):
 * - POST /api/me/bookings/:id/pay — the renter's checkout on the gateway (the amount is the
 *   booking's stored total; someone else's booking is a 404; a paid one 409 ALREADY_PAID);
 * - GET /api/payments/:id/callback — where the gateway sends the renter back: the payment is
 *   fetched with the secret key and believed only if paid with the right amount, currency and
 *   booking; then on to My bookings with the outcome;
 * - POST /api/payments/webhook — the gateway's events, checked by the secret token in constant
 *   time, answered 200 at once and acted on by a job (one job per event id).
 * With no Moyasar keys (and not in production) the embedded test gateway's pages are served too.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{
  now?: () => Date;
  ledger?: PaymentLedger;
  documents?: PaymentDocuments;
  gateway?: PaymentGateway;
}> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const { config } = app.deps;
  const db = () => app.deps.database.db;
  const gateway =
    options.gateway ??
    createPaymentGateway({ config, db: app.deps.database.db, authSecret: app.deps.authSecret });
  // The embedded gateway is a stand-in for development and tests: never for real renters.
  const refused = gateway.kind === 'test' && config.isProduction;
  const settleDeps = {
    gateway,
    ledger: options.ledger,
    documents: options.documents,
    publicUrl: config.publicUrl,
    teamEmail: config.mail.teamEmail,
    logger: app.log,
    now,
  };

  app.post(
    '/api/me/bookings/:id/pay',
    {
      config: {
        errors: [
          'NOT_FOUND',
          'ALREADY_PAID',
          'BOOKING_NOT_PAYABLE',
          'PAYMENT_DEADLINE_PASSED',
          'PAYMENT_GATEWAY_UNAVAILABLE',
        ],
      },
      schema: {
        params: idParams,
        response: {
          200: z.object({
            checkoutUrl: z.string(),
            paymentId: z.string(),
            amountHalalas: z.number().int(),
            testMode: z.boolean(),
          }),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      if (refused) {
        throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
      }
      const checkout = await startCheckout(
        db(),
        { gateway, publicUrl: config.publicUrl },
        {
          bookingId: request.params.id,
          renterId: user.id,
          locale: requestLocale(request),
          now: now(),
        },
      );
      return { ...checkout, testMode: gateway.kind === 'test' };
    },
  );

  app.get(
    '/api/payments/:id/callback',
    {
      schema: {
        params: idParams,
        querystring: z.looseObject({ id: z.string().max(200).optional() }),
        response: {
          200: {
            description: 'a page that says the outcome and goes on to My bookings',
            content: { 'text/html': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      // The query says what the browser was told; only the fetched payment counts.
      const result = await settlePayment(db(), settleDeps, {
        paymentRowId: request.params.id,
        gatewayPaymentId: request.query.id,
      });
      app.deps.wakeWorker?.();
      const state =
        result.outcome === 'paid' || result.outcome === 'already-paid'
          ? 'paid'
          : result.outcome === 'failed' || result.outcome === 'mismatch'
            ? 'failed'
            : 'pending';
      const locale = requestLocale(request);
      const target = `/account?payment=${state}`;
      const text = OUTCOME_PAGE[state][locale];
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><link rel="icon" href="data:,"><meta http-equiv="refresh" content="0;url=${target}"><title>HourSpace</title></head><body><main><p>${text}</p><p><a href="${target}">${locale === 'ar' ? 'حجوزاتي' : 'My bookings'}</a></p></main></body></html>`,
        );
    },
  );

  app.post(
    '/api/payments/webhook',
    {
      config: { errors: ['UNAUTHORIZED'] },
      schema: { body: webhookBody, response: { 200: z.object({ received: z.literal(true) }) } },
    },
    async (request) => {
      const event = request.body;
      if (!sameSecret(event.secret_token, gateway.webhookSecret)) {
        throw new AppError('UNAUTHORIZED');
      }
      // One job per event: Moyasar retries a delivery; the same event twice has one effect.
      await enqueueJob(db(), {
        kind: PAYMENT_WEBHOOK_JOB,
        payload: { gatewayPaymentId: event.data.id, type: event.type } satisfies PaymentWebhookJob,
        dedupeKey: `payment-webhook:${gateway.kind}:${event.id}`,
      });
      app.deps.wakeWorker?.();
      return { received: true as const };
    },
  );

  if (!refused && 'startPayment' in gateway) {
    await app.register(testGatewayRoutes, { gateway: gateway as TestGateway });
  }
};
