import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { startHttpServer } from './http-server.ts';

/**
 * A local server that speaks Moyasar's REST API as HourSpace uses it (https://docs.moyasar.com):
 * HTTP Basic with the secret key as user name; POST /v1/invoices (the hosted checkout),
 * GET /v1/invoices/:id with its payments, GET /v1/payments/:id, POST /v1/payments/:id/refund
 * (`amount` in halalas, at most what is left; the payment's status becomes `refunded`). Errors
 * are Moyasar's `{ type, message, errors }`. A test scripts faults: the next calls answer 5xx,
 * or hang (a timeout), or a refund is applied but its answer is lost.
 */
export interface MoyasarPayment {
  id: string;
  status: 'initiated' | 'paid' | 'failed' | 'refunded' | 'voided';
  amount: number;
  refunded: number;
  currency: string;
  description: string;
  invoice_id: string;
  metadata: Record<string, string>;
  source: { type: 'creditcard'; company: string; message: string | null };
}

export async function startMoyasarServer(secretKey: string) {
  const invoices = new Map<
    string,
    {
      id: string;
      amount: number;
      currency: string;
      description: string;
      metadata: Record<string, string>;
      success_url: string;
    }
  >();
  const payments = new Map<string, MoyasarPayment>();
  const faults: { status?: number; hangMs?: number; path?: RegExp }[] = [];
  let loseNextRefundAnswerMs = 0;

  const server = await startHttpServer(async (req, res) => {
    res.setHeader('content-type', 'application/json');
    const send = (status: number, body: unknown) => {
      res.statusCode = status;
      res.end(JSON.stringify(body));
    };
    const fault = faults.findIndex((f) => !f.path || f.path.test(req.url));
    if (fault >= 0) {
      const [f] = faults.splice(fault, 1);
      if (f!.hangMs) await sleep(f!.hangMs);
      if (f!.status) return send(f!.status, { type: 'api_error', message: 'Something went wrong' });
    }
    if (req.headers.authorization !== `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`) {
      return send(401, {
        type: 'authentication_error',
        message: 'Invalid authorization credentials',
      });
    }
    const body = req.body.length
      ? (JSON.parse(req.body.toString()) as Record<string, unknown>)
      : {};
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && req.url === '/v1/invoices') {
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100) {
        return send(400, {
          type: 'invalid_request_error',
          message: 'Validation Failed',
          errors: { amount: ['must be greater than or equal to 100'] },
        });
      }
      const id = randomUUID();
      const invoice = {
        id,
        amount: body.amount as number,
        currency: String(body.currency ?? 'SAR'),
        description: String(body.description),
        metadata: (body.metadata ?? {}) as Record<string, string>,
        success_url: String(body.success_url),
      };
      invoices.set(id, invoice);
      return send(201, {
        ...invoice,
        status: 'initiated',
        url: `https://checkout.moyasar.test/invoices/${id}`,
      });
    }
    if (req.method === 'GET' && (m = /^\/v1\/invoices\/([^/]+)$/.exec(req.url))) {
      const invoice = invoices.get(m[1]!);
      if (!invoice) return send(404, { type: 'record_not_found', message: 'Object not found' });
      return send(200, {
        ...invoice,
        payments: [...payments.values()].filter((p) => p.invoice_id === invoice.id),
      });
    }
    if (req.method === 'GET' && (m = /^\/v1\/payments\/([^/]+)$/.exec(req.url))) {
      const payment = payments.get(decodeURIComponent(m[1]!));
      if (!payment) return send(404, { type: 'record_not_found', message: 'Object not found' });
      return send(200, payment);
    }
    if (req.method === 'POST' && (m = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.url))) {
      const payment = payments.get(decodeURIComponent(m[1]!));
      if (!payment) return send(404, { type: 'record_not_found', message: 'Object not found' });
      const amount = (body.amount as number | undefined) ?? payment.amount - payment.refunded;
      if (payment.status !== 'paid' && payment.status !== 'refunded') {
        return send(400, { type: 'invalid_request_error', message: 'Payment is not refundable' });
      }
      if (!Number.isInteger(amount) || amount <= 0 || payment.refunded + amount > payment.amount) {
        return send(400, {
          type: 'invalid_request_error',
          message: 'Refund amount exceeds payment amount',
        });
      }
      payment.refunded += amount;
      payment.status = 'refunded';
      if (loseNextRefundAnswerMs) {
        const ms = loseNextRefundAnswerMs;
        loseNextRefundAnswerMs = 0;
        await sleep(ms);
      }
      return send(200, payment);
    }
    return send(404, { type: 'record_not_found', message: 'Not found' });
  });

  return {
    ...server,
    invoices,
    payments,
    /** The renter pays on the hosted page: a payment on the invoice with this outcome. */
    pay(
      invoiceId: string,
      outcome: { status: 'paid' | 'failed'; message: string; amount?: number },
    ) {
      const invoice = invoices.get(invoiceId)!;
      const payment: MoyasarPayment = {
        id: randomUUID(),
        status: outcome.status,
        amount: outcome.amount ?? invoice.amount,
        refunded: 0,
        currency: invoice.currency,
        description: invoice.description,
        invoice_id: invoice.id,
        metadata: invoice.metadata,
        source: { type: 'creditcard', company: 'mada', message: outcome.message },
      };
      payments.set(payment.id, payment);
      return payment;
    },
    /** The next call (matching `path`) answers `status`, or hangs `hangMs` first. */
    fault: (f: { status?: number; hangMs?: number; path?: RegExp }) => void faults.push(f),
    /** The next refund is made, but its answer comes only after `ms` (the client times out). */
    loseNextRefundAnswer: (ms: number) => void (loseNextRefundAnswerMs = ms),
  };
}
