import { z } from 'zod';
import {
  BOOKING_STATUSES,
  SPACE_STATUSES,
  type BookingStatus,
  type City,
  type SpaceStatus,
} from '../constants.ts';
import { fieldRule } from '../message-codes.ts';
import type { PendingRevision } from './space-edit.ts';
import type { SpaceDetails } from './spaces.ts';

/**
 * The admin's review desk (issue 8): the list queries, the decision bodies and the answers.
 * The web's reject dialog validates with the same schemas as the server.
 */

/** A reason is what the host reads in the rejection email and under "My spaces". */
export const REVIEW_REASON_MAX = 500;
export const ADMIN_PAGE_SIZE_MAX = 50;
export const ADMIN_PAGE_SIZE_DEFAULT = 20;

const reasonText = z
  .string({
    error: (issue) => (issue.input == null ? fieldRule('required') : fieldRule('invalid')),
  })
  .trim()
  .max(REVIEW_REASON_MAX, { error: fieldRule('tooLong') });

/** Rejecting a listing needs a reason (the host must learn what to fix). */
export const rejectSpaceSchema = z.object({
  reason: reasonText.min(1, { error: fieldRule('required') }),
});
export type RejectSpaceInput = z.input<typeof rejectSpaceSchema>;

/** Rejecting a booking request may carry a note (kept in the audit log and put in the email). */
export const rejectBookingSchema = z
  .object({ reason: reasonText.optional() })
  // No body at all is fine (Fastify hands a missing body over as null).
  .nullish()
  .transform((body) => ({ reason: body?.reason ? body.reason : undefined }));
export type RejectBookingInput = z.input<typeof rejectBookingSchema>;

const pageFields = {
  page: z.coerce
    .number({ error: fieldRule('wholeNumber') })
    .int({ error: fieldRule('wholeNumber') })
    .min(1, { error: fieldRule('invalid') })
    .max(10_000, { error: fieldRule('invalid') })
    .default(1),
  pageSize: z.coerce
    .number({ error: fieldRule('wholeNumber') })
    .int({ error: fieldRule('wholeNumber') })
    .min(1, { error: fieldRule('invalid') })
    .max(ADMIN_PAGE_SIZE_MAX, { error: fieldRule('invalid') })
    .default(ADMIN_PAGE_SIZE_DEFAULT),
};

/** The review desk's tab of listings whose host edited their content (a pending revision). */
export const REVISION_TAB = 'revision';
export const ADMIN_SPACE_TABS = [...SPACE_STATUSES, REVISION_TAB] as const;
export type AdminSpaceTab = (typeof ADMIN_SPACE_TABS)[number];

/** `status` absent = every status (the "All" tab); `revision` = listings with an edit to review. */
export const adminSpacesQuerySchema = z.object({
  status: z.enum(ADMIN_SPACE_TABS, { error: fieldRule('notOneOf') }).optional(),
  ...pageFields,
});
export const adminBookingsQuerySchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: fieldRule('notOneOf') }).optional(),
  ...pageFields,
});
export const adminAuditQuerySchema = z.object(pageFields);
export type AdminSpacesQuery = z.output<typeof adminSpacesQuerySchema>;
export type AdminBookingsQuery = z.output<typeof adminBookingsQuerySchema>;
export type AdminAuditQuery = z.output<typeof adminAuditQuerySchema>;

export const idParamsSchema = z.object({
  id: z.uuid({ error: fieldRule('invalid') }),
});

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  /** Items matching the filter (all pages). */
  total: number;
}

/** A listing as the review desk shows it: its page's details and the review's own facts. */
export interface AdminSpace extends SpaceDetails {
  reviewNote: string | null;
  reviewedAt: string | null;
  createdAt: string;
  host: { id: string; name: string; email: string; phone: string | null };
  /** the host's content edit waiting for review, compared with the live listing above */
  revision: PendingRevision | null;
}

export interface AdminBooking {
  id: string;
  status: BookingStatus;
  space: { id: string; nameAr: string | null; nameEn: string | null; city: City };
  renterName: string;
  renterEmail: string;
  /** YYYY-MM-DD, HH:mm — Asia/Riyadh wall clock */
  date: string;
  startTime: string;
  endTime: string;
  guests: number;
  contactPhone: string;
  totalHalalas: number;
  hostEmail: string;
  hostPhone: string;
  /** A pending request that overlaps a confirmed booking of the same space: confirming it fails. */
  conflict: boolean;
  decidedAt: string | null;
  createdAt: string;
}

export interface AdminAuditEntry {
  id: number;
  action:
    | 'space.approve'
    | 'space.reject'
    | 'space.pause'
    | 'space.resume'
    | 'space.archive'
    | 'space.resubmit'
    | 'space.revision_approve'
    | 'space.revision_reject'
    | 'booking.confirm'
    | 'booking.reject'
    | 'booking.cancel';
  subjectType: 'space' | 'booking';
  subjectId: string;
  reason: string | null;
  details: Record<string, unknown> | null;
  actor: { id: string; name: string; email: string } | null;
  createdAt: string;
}

export type SpaceCounts = Record<AdminSpaceTab | 'all', number>;
export type BookingCounts = Record<BookingStatus | 'all', number>;

export interface AdminSpacesResponse extends Page<AdminSpace> {
  counts: SpaceCounts;
}
export interface AdminBookingsResponse extends Page<AdminBooking> {
  counts: BookingCounts;
}
export type AdminAuditResponse = Page<AdminAuditEntry>;

/** The answer to a decision: the item as it is now. */
export interface SpaceDecisionResponse {
  space: { id: string; status: SpaceStatus; reviewNote: string | null };
}
export interface BookingDecisionResponse {
  booking: { id: string; status: BookingStatus };
}
