import type { Locale } from '#shared/constants.ts';
import { displayName, type NamedUser } from '#shared/domain/display-name.ts';
import { toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import type { bookings } from '../../db/schema.ts';
import type { BookingForEmail } from './booking-emails.ts';

/** A stored booking row: `date` as text, times as `HH:mm:ss`. */
export type BookingRow = typeof bookings.$inferSelect;

/** The renter's view of one of their bookings ("My bookings", the request's answer). */
export function toMyBooking(
  row: BookingRow,
  space: { nameAr: string | null; nameEn: string | null; listingLanguage: Locale },
): MyBooking {
  return {
    id: row.id,
    spaceId: row.spaceId,
    spaceNameAr: space.nameAr,
    spaceNameEn: space.nameEn,
    listingLanguage: space.listingLanguage,
    date: row.date,
    startTime: toHourMinute(row.startTime),
    endTime: toHourMinute(row.endTime),
    guests: row.guests,
    contactPhone: row.contactPhone,
    totalHalalas: row.totalHalalas,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What every booking email reads, from the booking, its space and its renter. */
export function toBookingForEmail(
  row: BookingRow,
  space: { id: string; nameAr: string | null; nameEn: string | null; address: string },
  renter: NamedUser,
): BookingForEmail {
  return {
    id: row.id,
    date: row.date,
    startTime: toHourMinute(row.startTime),
    endTime: toHourMinute(row.endTime),
    guests: row.guests,
    totalHalalas: row.totalHalalas,
    contactPhone: row.contactPhone,
    renterEmail: row.renterEmail,
    renterName: displayName(renter) || row.renterEmail,
    space: { id: space.id, nameAr: space.nameAr, nameEn: space.nameEn, address: space.address },
  };
}
