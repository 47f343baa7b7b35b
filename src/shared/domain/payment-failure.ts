/**
 * A failed payment's reason as the renter reads it (issue 32): the gateway's message (Moyasar's
 * `source.message`, in English capitals: `INSUFFICIENT FUNDS`, `DECLINED: EXPIRED CARD`, …) is
 * mapped to one of a few reasons, whose words each language has (account.bookings.payment.why).
 */
export const PAYMENT_FAILURE_REASONS = [
  'insufficientFunds',
  'expiredCard',
  'lostOrStolen',
  'limit',
  'authentication',
  'declined',
  'other',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

export function paymentFailureReason(message: string | null): PaymentFailureReason {
  const m = (message ?? '').toUpperCase();
  if (m.includes('INSUFFICIENT')) return 'insufficientFunds';
  if (m.includes('EXPIRED')) return 'expiredCard';
  if (m.includes('LOST') || m.includes('STOLEN')) return 'lostOrStolen';
  if (m.includes('LIMIT')) return 'limit';
  if (m.includes('3-D SECURE') || m.includes('3DS') || m.includes('AUTHENTICAT')) {
    return 'authentication';
  }
  if (m.includes('DECLINED')) return 'declined';
  return 'other';
}
