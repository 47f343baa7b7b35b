import { z } from 'zod';
import { REVIEW_STARS, REVIEW_TEXT_MAX } from '../domain/reviews.ts';
import { fieldRule } from '../message-codes.ts';

/**
 * Reviews (issue 18): what a renter writes about a completed booking, the host's one reply, an
 * admin's hiding, and a space's reviews page by page. The review form validates with the same
 * schemas as the server.
 */

export const REVIEWS_PAGE_DEFAULT = 10;
export const REVIEWS_PAGE_MAX = 50;
export const HIDE_REASON_MAX = 500;

const missingOrWrongType = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? fieldRule('required') : fieldRule('invalid');

const starsField = z
  .number({ error: fieldRule('reviewStars') })
  .int({ error: fieldRule('reviewStars') })
  .min(REVIEW_STARS.min, { error: fieldRule('reviewStars') })
  .max(REVIEW_STARS.max, { error: fieldRule('reviewStars') });

/** The optional text, in either language: blank means none. */
const reviewText = z
  .string({ error: fieldRule('invalid') })
  .trim()
  .max(REVIEW_TEXT_MAX, { error: fieldRule('tooLong') })
  .nullish()
  .transform((text) => text || null);

/** POST (write) and PATCH (edit) /api/me/bookings/:id/review. */
export const reviewInputSchema = z.object({ stars: starsField, body: reviewText });
export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReviewValues = z.output<typeof reviewInputSchema>;

/** POST /api/host/reviews/:id/reply: the host's one answer. */
export const hostReplySchema = z.object({
  body: z
    .string({ error: missingOrWrongType })
    .trim()
    .min(1, { error: fieldRule('required') })
    .max(REVIEW_TEXT_MAX, { error: fieldRule('tooLong') }),
});
export type HostReplyInput = z.input<typeof hostReplySchema>;

/** POST /api/admin/reviews/:id/hide: why (kept in the audit log). */
export const hideReviewSchema = z.object({
  reason: z
    .string({ error: missingOrWrongType })
    .trim()
    .min(1, { error: fieldRule('required') })
    .max(HIDE_REASON_MAX, { error: fieldRule('tooLong') }),
});
export type HideReviewInput = z.input<typeof hideReviewSchema>;

/** GET /api/spaces/:id/reviews?cursor=&limit= */
export const spaceReviewsQuerySchema = z.object({
  /** checked by the service: one it did not issue is a 400 INVALID_CURSOR (issue 37) */
  cursor: z.string({ error: fieldRule('invalid') }).optional(),
  limit: z
    .string({ error: fieldRule('wholeNumber') })
    .regex(/^\d{1,3}$/, { error: fieldRule('wholeNumber') })
    .transform(Number)
    .refine((n) => n >= 1 && n <= REVIEWS_PAGE_MAX, { error: fieldRule('outOfRange') })
    .default(REVIEWS_PAGE_DEFAULT),
});
export type SpaceReviewsQuery = z.output<typeof spaceReviewsQuerySchema>;

export { ratingSchema, type Rating } from './spaces.ts';
import { ratingSchema } from './spaces.ts';

const hostReplyAnswer = z.object({ body: z.string(), createdAt: z.string() }).nullable();

/** One review as the space page shows it. */
export const publicReviewSchema = z.object({
  id: z.string(),
  stars: z.number().int(),
  body: z.string().nullable(),
  /** the reviewer's first name only */
  authorName: z.string(),
  createdAt: z.string(),
  /** when the renter last edited it; null when never */
  editedAt: z.string().nullable(),
  hostReply: hostReplyAnswer,
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const spaceReviewsSchema = z.object({
  rating: ratingSchema,
  /** newest first */
  items: z.array(publicReviewSchema),
  /** pass as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  /** what the signed-in viewer may do here (decided by the server): the host replies, an admin hides */
  viewer: z.object({ canReply: z.boolean(), canHide: z.boolean() }),
});
export type SpaceReviews = z.infer<typeof spaceReviewsSchema>;

/** The renter's own review of a booking ("My bookings", and the answer to writing or editing it). */
export const myReviewSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  stars: z.number().int(),
  body: z.string().nullable(),
  createdAt: z.string(),
  /** after this the review can no longer be edited */
  editableUntil: z.string(),
  hidden: z.boolean(),
  hostReply: hostReplyAnswer,
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** The answer to a host's reply and an admin's hiding: the review as the space page shows it. */
export const reviewAnswerSchema = publicReviewSchema.extend({ hidden: z.boolean() });
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;
