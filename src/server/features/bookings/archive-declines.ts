import { and, eq } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import { SPACE_ARCHIVED_REASON } from '#shared/domain/booking-lifecycle.ts';
import type { Queryable } from '#server/db/client.ts';
import { bookings } from '#server/db/schema.ts';
import { SYSTEM_ACTOR, transitionBooking } from './transition-booking.ts';

/**
 * A space was archived: each of its pending requests is declined (the system's `decline`, with
 * the reason SPACE_ARCHIVED) and its renter told why (notice table: booking `archivedDeclined`),
 * in the archive's transaction — instead of waiting, unanswerable, until it expires (issue 37).
 * app.ts hands this to the spaces feature, which archives (features do not import each other).
 */
export async function declinePendingOfArchivedSpace(
  tx: Queryable,
  spaceId: string,
  context: { requestLocale: Locale; publicUrl: string; teamEmail?: string; now?: Date },
): Promise<number> {
  const pending = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.spaceId, spaceId), eq(bookings.status, 'pending')))
    .orderBy(bookings.createdAt);
  for (const { id } of pending) {
    await transitionBooking(tx, id, 'decline', SYSTEM_ACTOR, {
      ...context,
      reason: SPACE_ARCHIVED_REASON,
    });
  }
  return pending.length;
}

export type ArchivedSpaceHook = typeof declinePendingOfArchivedSpace;
