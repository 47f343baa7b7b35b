import type { BookingDecisionResponse } from '#shared/schemas/admin.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/admin/bookings/:id/confirm → 200; 409 BOOKING_OVERLAP, SLOT_IN_BUFFER or already decided. */
export function confirmBooking(bookingId: string) {
  return apiFetch<BookingDecisionResponse>(
    `/api/admin/bookings/${encodeURIComponent(bookingId)}/confirm`,
    { method: 'POST' },
  );
}

/** POST /api/admin/bookings/:id/reject { reason? } → 200; 409 when already decided. */
export function rejectBooking(bookingId: string, reason?: string) {
  return apiFetch<BookingDecisionResponse>(
    `/api/admin/bookings/${encodeURIComponent(bookingId)}/reject`,
    { method: 'POST', body: reason ? { reason } : {} },
  );
}

/** POST /api/admin/bookings/:id/cancel { reason } → 200; 409 when not confirmed or started. */
export function cancelConfirmedBooking(bookingId: string, reason: string) {
  return apiFetch<BookingDecisionResponse>(
    `/api/admin/bookings/${encodeURIComponent(bookingId)}/cancel`,
    { method: 'POST', body: { reason } },
  );
}
