import { z } from 'zod';
import { BOOKING_STATUSES, CANCELLATION_POLICIES, LOCALES } from '../constants.ts';
import { PAYMENT_FAILURE_REASONS } from '../domain/payment-failure.ts';
import { bookingDocumentSchema } from './invoices.ts';
import { myReviewSchema } from './reviews.ts';

/**
 * A booking as its renter sees it (POST /api/bookings, GET /api/me/bookings, a cancel's answer),
 * with the renter's review once it is completed and reviewed. Kept apart from booking.ts: the
 * booking form's page bundles that file, and never needs these answers' schemas.
 */
const hhmm = z.string().regex(/^\d{2}:\d{2}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Issue 32: where a booking's payment stands. `due`: confirmed, to pay by `dueAt`; `failed`: the
 * last try failed (`failure` says why), still to pay by `dueAt`; `paid`; `refunding`: a refund is
 * on its way; `refunded`: `refundedHalalas` went back. Null: nothing to pay (a request, or a
 * booking from before payments).
 */
export const PAYMENT_STATES = ['due', 'failed', 'paid', 'refunding', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const bookingPaymentSchema = z.object({
  state: z.enum(PAYMENT_STATES),
  dueAt: z.string().nullable(),
  refundedHalalas: z.number().int().nullable(),
  failure: z.enum(PAYMENT_FAILURE_REASONS).nullable(),
});
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

export const myBookingSchema = z.object({
  id: z.string(),
  /** the short name people read and say (`HS-7K3Q9M`); `id` is for links and requests */
  reference: z.string(),
  spaceId: z.string(),
  spaceNameAr: z.string().nullable(),
  spaceNameEn: z.string().nullable(),
  listingLanguage: z.enum(LOCALES),
  date: isoDate,
  startTime: hhmm,
  endTime: hhmm,
  guests: z.number().int(),
  contactPhone: z.string(),
  /** what the renter pays, VAT included */
  totalHalalas: z.number().int(),
  /** the VAT in the total, kept from the time of the request; null: the host charged no VAT */
  vatHalalas: z.number().int().nullable(),
  status: z.enum(BOOKING_STATUSES),
  /** SLOT_TAKEN (another booking took the time) or the admin's reason for a cancellation */
  statusReason: z.string().nullable(),
  /** The space's policy (src/shared/domain/cancellation-policy.ts) for cancelling it confirmed */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  /** A pending request's expiry: REQUEST_TTL_HOURS after it was sent, or its start; else null */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** the renter's review, once the booking is completed and reviewed */
  review: myReviewSchema.nullable(),
  payment: bookingPaymentSchema.nullable(),
  /** its e-invoices (issue 33): the invoice or receipt, then credit notes; oldest first */
  documents: z.array(bookingDocumentSchema),
});
export type MyBooking = z.infer<typeof myBookingSchema>;

export const myBookingsSchema = z.object({ items: z.array(myBookingSchema) });
