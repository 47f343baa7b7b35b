import type { MyReview } from '../schemas/reviews.ts';

/**
 * The rules of reviews (issue 18) that the browser and the server both apply: how long a review
 * may be edited, and the average a space shows.
 */

/**
 * Reviews (issue 18): 1 to 5 stars and an optional text in either language, editable for
 * `REVIEW_EDIT_DAYS` after it was written; the host's one reply has the same length limit.
 */
export const REVIEW_STARS = { min: 1, max: 5 } as const;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_EDIT_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a review written at `createdAt` may be edited. */
export function reviewEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);
}

/** May a review written at `createdAt` still be edited at `now`? */
export function isReviewEditable(createdAt: Date, now: Date): boolean {
  return now.getTime() <= reviewEditableUntil(createdAt).getTime();
}

/**
 * A space's rating from its visible reviews: the average to one decimal (4.67 → 4.7), or null
 * with no review (a new space is not "0 stars").
 */
export function ratingAverage(starsSum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((starsSum * 10) / count) / 10;
}

/** A stored review as its writer sees it ("My bookings", and the answer to writing or editing it). */
export function toMyReview(row: {
  id: string;
  bookingId: string;
  stars: number;
  body: string | null;
  createdAt: Date;
  hiddenAt: Date | null;
  hostReply: string | null;
  hostRepliedAt: Date | null;
}): MyReview {
  return {
    id: row.id,
    bookingId: row.bookingId,
    stars: row.stars,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    editableUntil: reviewEditableUntil(row.createdAt).toISOString(),
    hidden: row.hiddenAt !== null,
    hostReply:
      row.hostReply !== null && row.hostRepliedAt !== null
        ? { body: row.hostReply, createdAt: row.hostRepliedAt.toISOString() }
        : null,
  };
}
