import type { MyBooking } from '#shared/schemas/booking.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/me/bookings/:id/cancel — the renter withdraws a pending request (409 once decided). */
export function cancelBooking(bookingId: string) {
  return apiFetch<MyBooking>(`/api/me/bookings/${encodeURIComponent(bookingId)}/cancel`, {
    method: 'POST',
  });
}
