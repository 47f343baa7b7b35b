import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { displayName } from '#shared/domain/display-name.ts';
import { isFormerPerson } from '#shared/domain/former-person.ts';
import { isReviewEditable, ratingAverage, toMyReview } from '#shared/domain/reviews.ts';
import { PUBLIC_SPACE_STATUSES } from '#shared/domain/space-lifecycle.ts';
import {
  decodeCursor,
  encodeCursor,
  isCursorId,
  isCursorTimestamp,
} from '#shared/domain/space-search.ts';
import { isUuid } from '#shared/schemas/booking.ts';
import type {
  MyReview,
  PublicReview,
  ReviewAnswer,
  ReviewValues,
  SpaceReviews,
  SpaceReviewsQuery,
} from '#shared/schemas/reviews.ts';
import { recordTransition } from '#server/db/audit.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { bookings, reviews, spaces, users } from '#server/db/schema.ts';
import { AppError, conflict, notFound } from '#server/http/app-error.ts';
import { isAdmin } from '#server/users/roles.ts';

/**
 * Reviews (issue 18). A renter reviews their own completed booking once, and may edit it for
 * REVIEW_EDIT_DAYS; the host replies once; an admin hides it with a reason (audited). Each change
 * keeps the space's `review_count` and `review_stars_sum` — its visible reviews — in the same
 * transaction, with relative updates (`count + 1`), so concurrent writers never lose one another's
 * review and the average never counts a hidden one.
 */

type ReviewRow = typeof reviews.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The name a review is signed with: the first word of the name the header greets them by. */
const firstName = (user: Parameters<typeof displayName>[0]) => {
  const name = displayName(user);
  // an erased account's reviews stay, signed "a former guest" in the reader's language (web)
  if (isFormerPerson(name)) return name;
  return name.includes('@') ? name.split('@')[0]! : (name.split(/\s+/)[0] ?? '');
};

function toPublicReview(row: ReviewRow, author: Parameters<typeof displayName>[0]): PublicReview {
  return {
    id: row.id,
    stars: row.stars,
    body: row.body,
    authorName: firstName(author),
    createdAt: row.createdAt.toISOString(),
    editedAt: iso(row.editedAt),
    hostReply:
      row.hostReply && row.hostRepliedAt
        ? { body: row.hostReply, createdAt: row.hostRepliedAt.toISOString() }
        : null,
  };
}

/** Moves the space's visible-review totals by `count` reviews and `stars` stars. */
async function adjustRating(tx: Queryable, spaceId: string, count: number, stars: number) {
  if (count === 0 && stars === 0) return;
  await tx
    .update(spaces)
    .set({
      reviewCount: sql`${spaces.reviewCount} + ${count}`,
      reviewStarsSum: sql`${spaces.reviewStarsSum} + ${stars}`,
    })
    .where(eq(spaces.id, spaceId));
}

/**
 * The caller's own booking, or 404 (someone else's booking is not told to exist). A booking of a
 * space the caller hosts is a 403 OWN_SPACE (issue 37): a host does not review their own space,
 * even with a booking made before requests of one's own space were refused.
 */
async function ownBooking(tx: Queryable, renterId: string, bookingId: string) {
  if (!isUuid(bookingId)) throw notFound();
  const [booking] = await tx
    .select({
      id: bookings.id,
      spaceId: bookings.spaceId,
      status: bookings.status,
      hostId: spaces.hostId,
    })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.renterId, renterId)));
  if (!booking) throw notFound();
  if (booking.hostId === renterId) throw new AppError('OWN_SPACE');
  return booking;
}

/**
 * POST /api/me/bookings/:id/review. 404 for a booking that is not the caller's; 409 when it is
 * not completed (a completed booking stays completed, so no lock is needed) or already reviewed
 * (the unique index decides between two at once).
 */
export async function writeReview(
  db: Db,
  input: { renterId: string; bookingId: string; values: ReviewValues },
): Promise<MyReview> {
  return db.transaction(async (tx) => {
    const booking = await ownBooking(tx, input.renterId, input.bookingId);
    if (booking.status !== 'completed') {
      throw new AppError('REVIEW_BOOKING_NOT_COMPLETED', undefined, {
        current: { id: booking.id, status: booking.status },
      });
    }
    const [row] = await tx
      .insert(reviews)
      .values({
        bookingId: booking.id,
        spaceId: booking.spaceId,
        renterId: input.renterId,
        stars: input.values.stars,
        body: input.values.body,
      })
      .onConflictDoNothing({ target: reviews.bookingId })
      .returning();
    if (!row) throw conflict('REVIEW_EXISTS');
    await adjustRating(tx, booking.spaceId, 1, row.stars);
    return toMyReview(row);
  });
}

/** PATCH /api/me/bookings/:id/review: the stars and text, within the edit window, if not hidden. */
export async function editReview(
  db: Db,
  input: { renterId: string; bookingId: string; values: ReviewValues; now: Date },
): Promise<MyReview> {
  return db.transaction(async (tx) => {
    await ownBooking(tx, input.renterId, input.bookingId);
    const [current] = await tx
      .select()
      .from(reviews)
      .where(eq(reviews.bookingId, input.bookingId))
      .for('update');
    if (!current) throw notFound();
    if (current.hiddenAt) throw conflict('REVIEW_HIDDEN');
    if (!isReviewEditable(current.createdAt, input.now)) throw conflict('REVIEW_EDIT_CLOSED');
    const [row] = await tx
      .update(reviews)
      .set({
        stars: input.values.stars,
        body: input.values.body,
        editedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(reviews.id, current.id))
      .returning();
    await adjustRating(tx, current.spaceId, 0, input.values.stars - current.stars);
    return toMyReview(row!);
  });
}

/** A review with its space's host, locked for a change; 404 when there is none. */
async function lockedReview(tx: Queryable, reviewId: string) {
  if (!isUuid(reviewId)) throw notFound();
  const [found] = await tx
    .select({
      review: reviews,
      hostId: spaces.hostId,
      nameAr: spaces.nameAr,
      nameEn: spaces.nameEn,
    })
    .from(reviews)
    .innerJoin(spaces, eq(spaces.id, reviews.spaceId))
    .where(eq(reviews.id, reviewId))
    .for('update', { of: reviews });
  if (!found) throw notFound();
  return found;
}

async function answer(tx: Queryable, row: ReviewRow): Promise<ReviewAnswer> {
  const [author] = await tx.select().from(users).where(eq(users.id, row.renterId));
  return { ...toPublicReview(row, author ?? {}), hidden: row.hiddenAt !== null };
}

/** POST /api/host/reviews/:id/reply: the host of the reviewed space answers once. */
export async function replyToReview(
  db: Db,
  input: { hostId: string; reviewId: string; body: string },
): Promise<ReviewAnswer> {
  return db.transaction(async (tx) => {
    const { review, hostId } = await lockedReview(tx, input.reviewId);
    if (hostId !== input.hostId) throw notFound();
    // A review the host wrote of their own space gets no reply of theirs (issue 37).
    if (review.renterId === hostId) throw new AppError('OWN_SPACE');
    if (review.hiddenAt) throw conflict('REVIEW_HIDDEN');
    if (review.hostReply !== null) throw conflict('REVIEW_ALREADY_REPLIED');
    const [row] = await tx
      .update(reviews)
      .set({ hostReply: input.body, hostRepliedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(reviews.id, review.id), isNull(reviews.hostReply)))
      .returning();
    return answer(tx, row!);
  });
}

/**
 * POST /api/admin/reviews/:id/hide: out of the space page and its average, with the reason in the
 * audit log. A review already hidden is a 409 that changes nothing.
 */
export async function hideReview(
  db: Db,
  input: { adminId: string; reviewId: string; reason: string },
): Promise<ReviewAnswer> {
  return db.transaction(async (tx) => {
    const { review, nameAr, nameEn } = await lockedReview(tx, input.reviewId);
    if (review.hiddenAt) {
      throw new AppError('REVIEW_HIDDEN', undefined, {
        current: { id: review.id, hidden: true },
      });
    }
    const [row] = await tx
      .update(reviews)
      .set({
        hiddenAt: sql`now()`,
        hiddenBy: input.adminId,
        hiddenReason: input.reason,
        updatedAt: sql`now()`,
      })
      .where(and(eq(reviews.id, review.id), isNull(reviews.hiddenAt)))
      .returning();
    await adjustRating(tx, review.spaceId, -1, -review.stars);
    const [author] = await tx.select().from(users).where(eq(users.id, review.renterId));
    await recordTransition(tx, {
      subjectType: 'review',
      subjectId: review.id,
      transition: 'hide',
      actorId: input.adminId,
      from: 'visible',
      to: 'hidden',
      reason: input.reason,
      details: {
        nameAr,
        nameEn,
        spaceId: review.spaceId,
        bookingId: review.bookingId,
        stars: review.stars,
        author: author ? displayName(author) : null,
      },
    });
    return answer(tx, row!);
  });
}

/** A cursor this server did not issue (issue 37: every key checked before any cast, never a 500). */
const badCursor = () => new AppError('INVALID_CURSOR');

/**
 * GET /api/spaces/:id/reviews: the rating and the visible reviews, newest first, a keyset page at
 * a time. A space a stranger may not see is a 404, as its page is. `viewer` tells the web which
 * buttons the server would accept: the host's reply and an admin's hide.
 */
export async function listSpaceReviews(
  db: Db,
  spaceId: string,
  query: SpaceReviewsQuery,
  viewer: () => Promise<{ id: string } | null>,
): Promise<SpaceReviews> {
  const missing = () => new AppError('SPACE_NOT_FOUND');
  if (!isUuid(spaceId.toLowerCase())) throw missing();
  let after = sql`true`;
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    const createdAt = cursor?.keys[0];
    if (
      !cursor ||
      cursor.sort !== 'reviews' ||
      cursor.keys.length !== 1 ||
      !isCursorTimestamp(createdAt) ||
      !isCursorId(cursor.id)
    )
      throw badCursor();
    after = sql`(${reviews.createdAt}, ${reviews.id}) < (${createdAt}::timestamptz, ${cursor.id}::uuid)`;
  }
  const [space] = await db
    .select({
      hostId: spaces.hostId,
      status: spaces.status,
      reviewCount: spaces.reviewCount,
      reviewStarsSum: spaces.reviewStarsSum,
    })
    .from(spaces)
    .where(eq(spaces.id, spaceId));
  if (!space) throw missing();
  const user = await viewer();
  const admin = user ? await isAdmin(db, user.id) : false;
  const isHost = user?.id === space.hostId;
  if (!PUBLIC_SPACE_STATUSES.includes(space.status) && !isHost && !admin) throw missing();

  const rows = await db
    .select({
      review: reviews,
      createdAtText: sql<string>`${reviews.createdAt}::text`,
      author: { fullName: users.fullName, name: users.name, email: users.email },
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.renterId))
    .where(and(eq(reviews.spaceId, spaceId), isNull(reviews.hiddenAt), after))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rating: {
      average: ratingAverage(space.reviewStarsSum, space.reviewCount),
      count: space.reviewCount,
    },
    items: page.map((r) => toPublicReview(r.review, r.author)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ sort: 'reviews', keys: [last.createdAtText], id: last.review.id })
        : null,
    viewer: { canReply: isHost, canHide: admin },
  };
}
