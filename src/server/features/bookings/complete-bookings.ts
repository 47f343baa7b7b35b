import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE } from '#shared/constants.ts';
import type { Db } from '#server/db/client.ts';
import { bookings } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { inBookingTransaction, transitionBooking } from './transition-booking.ts';

/** How many ended bookings one run looks at; a run that finds this many runs another round. */
export const COMPLETION_BATCH = 200;

/**
 * Moves every confirmed booking whose end has passed to `completed` (the renter is then invited
 * to review it), each through `transitionBooking` in a transaction of its own. Safe with any
 * number of instances running it at once: the booking's row lock and compare-and-swap let one of
 * them complete it, the others get the transition's 409 and skip it, and the invitation's dedupe
 * key queues one email. Returns how many bookings this call completed.
 *
 * One function with no state: the periodic sweep `complete-ended-bookings`
 * (`periodicSweeps` in src/server/job-wiring.ts) runs it once per period.
 */
export async function completeEndedBookings(
  db: Db,
  now: Date,
  context: { publicUrl: string },
): Promise<number> {
  let completed = 0;
  for (;;) {
    const due = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          sql`upper(${bookings.period}) <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(sql`upper(${bookings.period})`), asc(bookings.id))
      .limit(COMPLETION_BATCH);
    let movedHere = 0;
    for (const { id } of due) {
      try {
        await inBookingTransaction(db, id, (tx) =>
          transitionBooking(
            tx,
            id,
            'complete',
            { role: 'system', userId: null },
            // The renter's stored language decides the email; Arabic for one with none.
            { requestLocale: DEFAULT_LOCALE, publicUrl: context.publicUrl },
          ),
        );
        movedHere += 1;
      } catch (error) {
        // Another instance completed it first (409), or it is gone (404): nothing to do.
        if (error instanceof AppError && (error.statusCode === 409 || error.statusCode === 404))
          continue;
        throw error;
      }
    }
    completed += movedHere;
    // A full batch may have more behind it; a batch that moved nothing was taken by others.
    if (due.length < COMPLETION_BATCH || movedHere === 0) return completed;
  }
}
