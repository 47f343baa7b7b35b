import { asc, inArray, sql } from 'drizzle-orm';
import type { BookingDocument } from '#shared/schemas/invoices.ts';
import type { Queryable } from '#server/db/client.ts';
import { invoices } from '#server/db/schema.ts';

/**
 * The e-invoices of bookings (issue 33): each booking's invoice or receipt and its credit notes,
 * oldest first, as "My bookings" links them (`GET /api/invoices/:id`). Read from the invoices
 * table only (features/invoices issues them; features do not import each other).
 */
export async function documentsOfBookings(
  q: Queryable,
  bookingIds: string[],
): Promise<Map<string, BookingDocument[]>> {
  const byBooking = new Map<string, BookingDocument[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await q
    .select({
      bookingId: invoices.bookingId,
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      totalHalalas: invoices.totalHalalas,
    })
    .from(invoices)
    .where(
      sql`${inArray(invoices.bookingId, bookingIds)} and ${invoices.kind} in ('tax_invoice', 'receipt', 'credit_note')`,
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.seq));
  for (const r of rows) {
    if (!r.bookingId || r.kind === 'fee_invoice') continue;
    const list = byBooking.get(r.bookingId) ?? [];
    list.push({
      id: r.id,
      kind: r.kind,
      number: r.number,
      issuedAt: r.issuedAt.toISOString(),
      totalHalalas: r.totalHalalas,
    });
    byBooking.set(r.bookingId, list);
  }
  return byBooking;
}
