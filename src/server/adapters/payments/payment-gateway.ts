/**
 * A payment gateway as HourSpace uses it (issue 32, decision 052): Moyasar's REST API
 * (moyasar-gateway.ts) or the embedded test gateway that behaves like it (test-gateway.ts).
 * Amounts are integer halalas, as Moyasar takes them. Card data never reaches HourSpace: the
 * renter pays on the gateway's hosted checkout (a Moyasar invoice page), which sends them back
 * to our callback; the server then fetches the payment with the secret key and believes only that.
 */

/** Moyasar's payment statuses (API reference, "Payment Status Reference"). */
export const GATEWAY_PAYMENT_STATUSES = [
  'initiated',
  'paid',
  'failed',
  'authorized',
  'captured',
  'refunded',
  'voided',
  'verified',
] as const;
export type GatewayPaymentStatus = (typeof GATEWAY_PAYMENT_STATUSES)[number];

/** A payment as the gateway reports it (the fields of Moyasar's payment object we read). */
export interface GatewayPayment {
  id: string;
  status: GatewayPaymentStatus;
  /** halalas */
  amount: number;
  /** halalas refunded so far */
  refunded: number;
  currency: string;
  /** the hosted checkout (invoice) it was made on */
  invoiceId: string | null;
  /** the gateway's words for the outcome (`INSUFFICIENT FUNDS`), null when it gave none */
  message: string | null;
  metadata: Record<string, string>;
}

export interface NewCheckout {
  /** Our payment row's id: sent as metadata.payment_id (and as the invoice's given id). */
  givenId: string;
  amount: number;
  currency: 'SAR';
  description: string;
  /** Where the renter returns to after paying (our callback route). */
  callbackUrl: string;
  /** Where the renter goes back to without paying. */
  backUrl: string;
  metadata: { booking_id: string; payment_id: string };
}

export interface Checkout {
  id: string;
  /** The hosted page the renter pays on. */
  url: string;
}

/** A gateway refused a call (4xx): its HTTP status and Moyasar's error `type` and message. */
export class GatewayRefusal extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayRefusal';
  }
}

/** The gateway could not be reached (network, timeout, 5xx) after its retries. */
export class GatewayUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailable';
  }
}

export interface PaymentGateway {
  readonly kind: 'moyasar' | 'test';
  createCheckout(checkout: NewCheckout): Promise<Checkout>;
  /** GET /v1/payments/:id with the secret key; null when the gateway knows no such payment. */
  fetchPayment(id: string): Promise<GatewayPayment | null>;
  /** The payments made on a checkout (GET /v1/invoices/:id). */
  checkoutPayments(checkoutId: string): Promise<GatewayPayment[]>;
  /**
   * Refunds until `totalRefunded` halalas of the payment are refunded (POST
   * /v1/payments/:id/refund with the difference). Read first, so a retry after a lost answer
   * never refunds twice; returns the payment as it stands after.
   */
  refundTo(id: string, totalRefunded: number): Promise<GatewayPayment>;
  /** The webhook's secret token (compared in constant time). */
  readonly webhookSecret: string;
}

/** Statuses that mean the money was taken. */
export const isPaidStatus = (s: GatewayPaymentStatus) => s === 'paid' || s === 'captured';

/** Reads a Moyasar payment object (or the test gateway's) into a GatewayPayment. */
export function toGatewayPayment(raw: unknown): GatewayPayment {
  const p = (raw ?? {}) as Record<string, unknown>;
  const status = String(p.status) as GatewayPaymentStatus;
  if (typeof p.id !== 'string' || !GATEWAY_PAYMENT_STATUSES.includes(status)) {
    throw new GatewayUnavailable('the gateway answered a payment without an id or a known status');
  }
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : 0);
  const metadata: Record<string, string> = {};
  if (p.metadata && typeof p.metadata === 'object') {
    for (const [k, v] of Object.entries(p.metadata as Record<string, unknown>)) {
      if (typeof v === 'string') metadata[k] = v;
    }
  }
  const source = (p.source ?? {}) as Record<string, unknown>;
  return {
    id: p.id,
    status,
    amount: int(p.amount),
    refunded: int(p.refunded),
    currency: typeof p.currency === 'string' ? p.currency : '',
    invoiceId: typeof p.invoice_id === 'string' ? p.invoice_id : null,
    message: typeof source.message === 'string' ? source.message : null,
    metadata,
  };
}
