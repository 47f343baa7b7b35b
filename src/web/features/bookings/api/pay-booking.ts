import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/me/bookings/:id/pay — the gateway's checkout for a confirmed booking (issue 32). */
export function payBooking(bookingId: string) {
  return apiFetch<{
    checkoutUrl: string;
    paymentId: string;
    amountHalalas: number;
    testMode: boolean;
  }>(`/api/me/bookings/${encodeURIComponent(bookingId)}/pay`, { method: 'POST' });
}
