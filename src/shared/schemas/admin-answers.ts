import { z } from 'zod';
import { quoteLineSchema } from './price-rules.ts';
import { BOOKING_STATUSES, CITIES, SPACE_STATUSES, type BookingStatus } from '../constants.ts';
import { ADMIN_SPACE_TABS, type AdminSpaceTab } from './admin-tabs.ts';
import { pendingRevisionSchema } from './space-edit.ts';
import { spaceDetailsSchema } from './spaces.ts';
import { bookingPaymentSchema } from './my-bookings.ts';

/**
 * The review desk's answers (issue 8), as zod schemas for the API's responses and its OpenAPI
 * document (decision 033). Apart from the requests' schemas in admin.ts, so the browser, which
 * needs only their types, does not load the listing schemas they stand on.
 */

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Items matching the filter (all pages). */
    total: z.number().int(),
  });
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  /** Items matching the filter (all pages). */
  total: number;
}

/** A listing as the review desk shows it: its page's details and the review's own facts. */
export const adminSpaceSchema = spaceDetailsSchema.extend({
  reviewNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  host: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
  /** the host's content edit waiting for review, compared with the live listing above */
  revision: pendingRevisionSchema.nullable(),
  /** the version of the content shown: sent back with an approval (issue 37) */
  version: z.string(),
  /**
   * when the host changed the content after submitting it and before any decision (a new version
   * that rejoined the queue as of then; the desk marks it "changed since submitted"), else null
   */
  contentChangedAt: z.string().nullable(),
});
export type AdminSpace = z.infer<typeof adminSpaceSchema>;

export const adminBookingSchema = z.object({
  id: z.string(),
  /** the short name people read and say (`HS-7K3Q9M`) */
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  space: z.object({
    id: z.string(),
    nameAr: z.string().nullable(),
    nameEn: z.string().nullable(),
    city: z.enum(CITIES),
  }),
  renterName: z.string(),
  renterEmail: z.string(),
  /** YYYY-MM-DD, HH:mm — Asia/Riyadh wall clock */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  guests: z.number().int(),
  contactPhone: z.string(),
  /** VAT included */
  totalHalalas: z.number().int(),
  /** the VAT in the total, kept from the request; null: the host charged no VAT */
  vatHalalas: z.number().int().nullable(),
  /** the itemised quote the booking was made with (issue 35); empty for older bookings */
  quoteLines: z.array(quoteLineSchema),
  /** the space's host: whose record the desk opens (issue 35) */
  hostId: z.string(),
  hostEmail: z.string(),
  hostPhone: z.string(),
  /** A pending request that overlaps a confirmed booking of the same space: confirming it fails. */
  conflict: z.boolean(),
  /** A pending request's expiry (REQUEST_TTL_HOURS after it was sent, or its start); else null. */
  expiresAt: z.string().nullable(),
  /** SLOT_TAKEN (declined because the time was taken) or the admin's reason; else null. */
  statusReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Issue 32: where its payment stands (null: nothing to pay — a request, or from before payments) */
  payment: bookingPaymentSchema.nullable(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

export const AUDIT_ACTIONS = [
  'space.approve',
  'space.reject',
  'space.pause',
  'space.resume',
  'space.archive',
  'space.resubmit',
  'space.revision_approve',
  'space.revision_reject',
  'booking.confirm',
  'booking.reject',
  'booking.cancel',
  'booking.decline',
  'booking.expire',
  'booking.revoke',
  'booking.complete',
  'review.hide',
  // "delete my account" (decision 071): asked, cancelled by signing in, erased by the sweep
  'account.delete_request',
  'account.delete_cancel',
  'account.erase',
] as const;

export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  subjectType: z.enum(['space', 'booking', 'review', 'account']),
  subjectId: z.string(),
  /** the reference (`HS-7K3Q9M`) of the booking the entry is about (or a hidden review's); else null */
  reference: z.string().nullable(),
  /** the admin's own words, or a reason code (`SLOT_TAKEN`) that the desk shows as text */
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

const counts = <K extends readonly [string, ...string[]]>(keys: K) =>
  z.object(
    Object.fromEntries([...keys, 'all'].map((k) => [k, z.number().int()])) as Record<
      K[number] | 'all',
      z.ZodNumber
    >,
  );

export type SpaceCounts = Record<AdminSpaceTab | 'all', number>;
export type BookingCounts = Record<BookingStatus | 'all', number>;

export const adminSpacesResponseSchema = pageOf(adminSpaceSchema).extend({
  counts: counts(ADMIN_SPACE_TABS),
});
export type AdminSpacesResponse = z.infer<typeof adminSpacesResponseSchema>;
export const adminBookingsResponseSchema = pageOf(adminBookingSchema).extend({
  counts: counts(BOOKING_STATUSES),
});
export type AdminBookingsResponse = z.infer<typeof adminBookingsResponseSchema>;
export const adminAuditResponseSchema = pageOf(adminAuditEntrySchema);
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;

/** The answer to a decision: the item as it is now. */
export const spaceDecisionResponseSchema = z.object({
  space: z.object({
    id: z.string(),
    status: z.enum(SPACE_STATUSES),
    reviewNote: z.string().nullable(),
  }),
});
export type SpaceDecisionResponse = z.infer<typeof spaceDecisionResponseSchema>;
export const bookingDecisionResponseSchema = z.object({
  booking: z.object({ id: z.string(), status: z.enum(BOOKING_STATUSES) }),
});
export type BookingDecisionResponse = z.infer<typeof bookingDecisionResponseSchema>;
