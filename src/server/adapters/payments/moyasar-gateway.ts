import { setTimeout as sleep } from 'node:timers/promises';
import {
  GatewayRefusal,
  GatewayUnavailable,
  toGatewayPayment,
  type Checkout,
  type GatewayPayment,
  type NewCheckout,
  type PaymentGateway,
} from './payment-gateway.ts';

/**
 * Moyasar's REST API (https://docs.moyasar.com): HTTP Basic with the secret key as the user name,
 * JSON bodies, amounts in halalas. The checkout is an invoice (`POST /v1/invoices`), Moyasar's
 * hosted page: card, mada, Apple Pay and STC Pay are entered there, never here.
 *
 * Every call is retried on a network error, a timeout or a 5xx (three tries, 0.3 s then 0.9 s
 * apart); a 4xx is Moyasar's refusal and is not retried. Retrying never charges twice: creating
 * a checkout charges nothing (a second invoice is simply never paid), and a refund reads the
 * payment first and asks only for what is still to refund.
 */
export function createMoyasarGateway(options: {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  timeoutMs: number;
  /** waits between tries (tests pass small ones) */
  retryDelaysMs?: number[];
}): PaymentGateway {
  const auth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  const delays = options.retryDelaysMs ?? [300, 900];

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    tries = delays.length + 1,
  ): Promise<unknown> {
    let lastError = '';
    for (let attempt = 0; attempt < tries; attempt += 1) {
      if (attempt > 0) await sleep(delays[attempt - 1]);
      let response: Response;
      try {
        response = await fetch(`${options.apiUrl}${path}`, {
          method,
          headers: {
            authorization: auth,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        lastError = `${method} ${path}: ${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message}`;
        continue;
      }
      const text = await response.text();
      if (response.status >= 500) {
        lastError = `${method} ${path}: ${response.status}`;
        continue;
      }
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        throw new GatewayUnavailable(`${method} ${path}: the answer is not JSON`);
      }
      if (response.status >= 400) {
        const err = (json ?? {}) as { type?: unknown; message?: unknown };
        throw new GatewayRefusal(
          response.status,
          typeof err.type === 'string' ? err.type : 'error',
          typeof err.message === 'string' ? err.message : `${response.status}`,
        );
      }
      return json;
    }
    throw new GatewayUnavailable(lastError);
  }

  return {
    kind: 'moyasar',
    webhookSecret: options.webhookSecret,

    async createCheckout(checkout: NewCheckout): Promise<Checkout> {
      const invoice = (await call('POST', '/v1/invoices', {
        amount: checkout.amount,
        currency: checkout.currency,
        description: checkout.description,
        success_url: checkout.callbackUrl,
        back_url: checkout.backUrl,
        metadata: checkout.metadata,
      })) as { id?: unknown; url?: unknown };
      if (typeof invoice?.id !== 'string' || typeof invoice.url !== 'string') {
        throw new GatewayUnavailable('POST /v1/invoices: no id or url in the answer');
      }
      return { id: invoice.id, url: invoice.url };
    },

    async fetchPayment(id: string): Promise<GatewayPayment | null> {
      try {
        return toGatewayPayment(await call('GET', `/v1/payments/${encodeURIComponent(id)}`));
      } catch (error) {
        if (error instanceof GatewayRefusal && error.status === 404) return null;
        throw error;
      }
    },

    async checkoutPayments(checkoutId: string): Promise<GatewayPayment[]> {
      const invoice = (await call('GET', `/v1/invoices/${encodeURIComponent(checkoutId)}`)) as {
        payments?: unknown;
      };
      return Array.isArray(invoice?.payments) ? invoice.payments.map(toGatewayPayment) : [];
    },

    async refundTo(id: string, totalRefunded: number): Promise<GatewayPayment> {
      const path = `/v1/payments/${encodeURIComponent(id)}`;
      // The refund itself is sent once per round, never retried blind: a refund whose answer was
      // lost may have happened, so each round reads the payment first and asks only for the rest.
      let lastError: unknown;
      for (let round = 0; round <= delays.length; round += 1) {
        if (round > 0) await sleep(delays[round - 1]);
        const before = toGatewayPayment(await call('GET', path));
        const missing = totalRefunded - before.refunded;
        if (missing <= 0) return before;
        try {
          return toGatewayPayment(await call('POST', `${path}/refund`, { amount: missing }, 1));
        } catch (error) {
          if (!(error instanceof GatewayUnavailable)) throw error;
          lastError = error;
        }
      }
      throw lastError;
    },
  };
}
