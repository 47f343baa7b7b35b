import { and, notInArray, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import { bookings } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { inBookingTransaction } from './transition-booking.ts';

/** How many due bookings a sweep reads at a time. */
export const SWEEP_BATCH = 200;

/**
 * The loop of the sweeps that move bookings one by one (the request expiry, the release of
 * unpaid bookings): reads the due bookings in batches, in `orderBy`, and moves each in a
 * transaction of its own (`inBookingTransaction`, with its retries). A 409 is a booking another
 * process decided, cancelled or moved meanwhile — theirs, skipped; anything else stops the run.
 * Each id is tried once a run, so a booking that cannot move never loops the sweep. Returns how
 * many this run moved.
 */
export async function sweepDueBookings(
  db: Db,
  due: { where: SQL | undefined; orderBy: SQL[] },
  move: (tx: Queryable, id: string) => Promise<unknown>,
): Promise<number> {
  let moved = 0;
  const tried: string[] = [];
  for (;;) {
    const batch = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(due.where, tried.length > 0 ? notInArray(bookings.id, tried) : undefined))
      .orderBy(...due.orderBy)
      .limit(SWEEP_BATCH);
    if (batch.length === 0) return moved;
    for (const { id } of batch) {
      tried.push(id);
      try {
        await inBookingTransaction(db, id, (tx) => move(tx, id));
        moved += 1;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 409) continue;
        throw error;
      }
    }
  }
}
