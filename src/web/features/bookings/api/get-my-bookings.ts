import type { MyBooking } from '#shared/schemas/booking.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/me/bookings — the signed-in renter's booking requests, newest first. */
export function getMyBookings(signal?: AbortSignal) {
  return apiFetch<{ items: MyBooking[] }>('/api/me/bookings', { signal });
}
