import type { CreateBookingInput, MyBooking } from '#shared/schemas/booking.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/**
 * POST /api/bookings → 201 with the pending booking (400 with field messages, 401 signed out,
 * 404 space gone, 409 BOOKING_OVERLAP or SLOT_IN_BUFFER).
 */
export function createBooking(input: CreateBookingInput) {
  return apiFetch<MyBooking>('/api/bookings', { method: 'POST', body: input });
}
