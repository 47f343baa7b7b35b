import { z } from 'zod';
import { BOOKING_STATUSES } from '../constants.ts';
import { fieldRule } from '../message-codes.ts';
import { ADMIN_SPACE_TABS } from './admin-tabs.ts';

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

/**
 * Approving a listing or a revision names the version of the content the desk showed (issue 37):
 * required, so no client approves text it was never shown; one changed since is refused with 409
 * SPACE_CHANGED and its new version.
 */
export const approveSpaceSchema = z.preprocess(
  // No body at all reads as a body without a version, so the answer names the field.
  (body) => body ?? {},
  z.object({
    version: z
      .string({
        error: (issue) =>
          issue.input === undefined ? fieldRule('required') : fieldRule('invalid'),
      })
      .min(1, { error: fieldRule('required') })
      .max(100, { error: fieldRule('invalid') }),
  }),
);
export type ApproveSpaceInput = z.input<typeof approveSpaceSchema>;

/** Cancelling a confirmed booking needs a reason: the renter reads it in the email (issue 18). */
export const cancelBookingSchema = z.object({
  reason: reasonText.min(1, { error: fieldRule('required') }),
});
export type CancelBookingInput = z.input<typeof cancelBookingSchema>;

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

export { ADMIN_SPACE_TABS, REVISION_TAB, type AdminSpaceTab } from './admin-tabs.ts';

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

export type {
  AdminAuditEntry,
  AdminAuditResponse,
  AdminBooking,
  AdminBookingsResponse,
  AdminSpace,
  AdminSpacesResponse,
  BookingCounts,
  BookingDecisionResponse,
  Page,
  SpaceCounts,
  SpaceDecisionResponse,
} from './admin-answers.ts';
