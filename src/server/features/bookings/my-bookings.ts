import { desc, eq } from 'drizzle-orm';
import type { MyBooking } from '#shared/schemas/booking.ts';
import type { Db } from '#server/db/client.ts';
import { bookings, reviews, spaces } from '#server/db/schema.ts';
import { toMyBooking } from './booking-views.ts';
import { documentsOfBookings } from './booking-documents.ts';
import { bookingPayment, paymentsOfBookings } from './payments/booking-payment.ts';

/** The most bookings "My bookings" lists (newest first); older ones stay in the database. */
export const MY_BOOKINGS_LIMIT = 200;

/** The renter's own bookings, newest request first. */
export async function listMyBookings(
  db: Db,
  renterId: string,
  ttlHours: number,
): Promise<MyBooking[]> {
  const rows = await db
    .select({
      booking: bookings,
      nameAr: spaces.nameAr,
      nameEn: spaces.nameEn,
      listingLanguage: spaces.listingLanguage,
      cancellationPolicy: spaces.cancellationPolicy,
      review: reviews,
    })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(eq(bookings.renterId, renterId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(MY_BOOKINGS_LIMIT);
  const ids = rows.map((r) => r.booking.id);
  const [paid, documents] = await Promise.all([
    paymentsOfBookings(db, ids),
    documentsOfBookings(db, ids),
  ]);
  return rows.map((r) => {
    const p = paid.get(r.booking.id);
    return toMyBooking(
      r.booking,
      r,
      ttlHours,
      r.review,
      bookingPayment(r.booking, p?.latest ?? null, p?.refund ?? null),
      documents.get(r.booking.id) ?? [],
    );
  });
}
