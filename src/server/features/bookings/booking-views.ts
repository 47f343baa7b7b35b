import type { DecisionMode } from '#shared/domain/booking-lifecycle.ts';
import type { CancellationPolicy, Locale } from '#shared/constants.ts';
import { displayName, type NamedUser } from '#shared/domain/display-name.ts';
import { requestExpiresAt } from '#shared/domain/booking-lifecycle.ts';
import { parseTime } from '#shared/domain/booking-slots.ts';
import { riyadhInstant, toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import { toMyReview } from '#shared/domain/reviews.ts';
import type { bookings, reviews } from '#server/db/schema.ts';
import type { BookingForEmail } from './emails/booking-details.ts';

/** A stored booking row: `date` as text, times as `HH:mm:ss`. */
export type BookingRow = typeof bookings.$inferSelect;
type ReviewRow = typeof reviews.$inferSelect;

/**
 * The renter's view of one of their bookings ("My bookings", the request's answer). `ttlHours`
 * (REQUEST_TTL_HOURS) dates a pending request's expiry.
 */
export function toMyBooking(
  row: BookingRow,
  space: {
    nameAr: string | null;
    nameEn: string | null;
    listingLanguage: Locale;
    cancellationPolicy: CancellationPolicy;
  },
  ttlHours: number,
  review: ReviewRow | null = null,
  payment: MyBooking['payment'] = null,
  documents: MyBooking['documents'] = [],
): MyBooking {
  return {
    id: row.id,
    reference: row.reference,
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
    vatHalalas: row.vatHalalas,
    status: row.status,
    statusReason: row.statusReason,
    cancellationPolicy: space.cancellationPolicy,
    expiresAt:
      row.status === 'pending'
        ? requestExpiresAt(
            row.createdAt,
            riyadhInstant(row.date, parseTime(toHourMinute(row.startTime))!),
            ttlHours,
          ).toISOString()
        : null,
    createdAt: row.createdAt.toISOString(),
    review: review ? toMyReview(review) : null,
    payment,
    documents,
  };
}

/** What every booking email reads, from the booking, its space and its renter. */
export function toBookingForEmail(
  row: BookingRow,
  space: {
    id: string;
    nameAr: string | null;
    nameEn: string | null;
    address: string;
    cancellationPolicy: CancellationPolicy;
    decisionMode?: DecisionMode;
  },
  renter: NamedUser,
): BookingForEmail {
  return {
    id: row.id,
    reference: row.reference,
    date: row.date,
    startTime: toHourMinute(row.startTime),
    endTime: toHourMinute(row.endTime),
    guests: row.guests,
    totalHalalas: row.totalHalalas,
    vatHalalas: row.vatHalalas,
    contactPhone: row.contactPhone,
    renterEmail: row.renterEmail,
    renterName: displayName(renter) || row.renterEmail,
    paymentDueAt: row.status === 'confirmed' && row.paidAt === null ? row.paymentDueAt : null,
    space: {
      id: space.id,
      nameAr: space.nameAr,
      nameEn: space.nameEn,
      address: space.address,
      cancellationPolicy: space.cancellationPolicy,
      decisionMode: space.decisionMode,
    },
    quote: row.quote ?? null,
  };
}
