import type { MyBooking } from '#shared/schemas/booking.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/**
 * A document of a paid booking (issue 33, decision 065): the simplified tax invoice issued on the
 * host's behalf (or a receipt when the host is not VAT-registered), and a credit note for each
 * refund. Oldest first.
 */
export interface BookingDocument {
  id: string;
  kind: 'tax_invoice' | 'receipt' | 'credit_note';
  number: string;
  issuedAt: string;
  totalHalalas: number;
}
export type MyBookingWithDocuments = MyBooking & { documents?: BookingDocument[] };

/** GET /api/me/bookings — the signed-in renter's booking requests, newest first. */
export function getMyBookings(signal?: AbortSignal) {
  return apiFetch<{ items: MyBookingWithDocuments[] }>('/api/me/bookings', { signal });
}
