import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { TIME_HOLDING_STATUSES } from '#shared/constants.ts';
import { bookingPeriod } from '#shared/domain/booking-slots.ts';
import { riyadhToday, toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import { checkBlockTimes } from '#shared/domain/space-blocks.ts';
import { fieldRule } from '#shared/messages.ts';
import type { CreateBlock, SpaceBlock } from '#shared/schemas/blocks.ts';
import { isUuid } from '#shared/schemas/booking.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { bookings, spaceBlocks, spaces } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/http/app-error.ts';

/**
 * The host's blocked times: a private event, maintenance. Adding one takes the space's row lock
 * that a confirm takes too (`for no key update`, transition-booking.ts), so a block and a
 * confirmation over the same time take turns and exactly one of them wins: the block refuses to
 * cover a confirmed booking, the confirm refuses to cover a block.
 */

/** The caller's own space, not archived; else 404 (another host's space is not told). */
async function ownSpace(q: Queryable, hostId: string, spaceId: string, lock: boolean) {
  if (!isUuid(spaceId)) throw notFound();
  const query = q
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.hostId, hostId), ne(spaces.status, 'archived')));
  const [space] = lock ? await query.for('no key update') : await query;
  if (!space) throw notFound();
  return space;
}

const toBlock = (row: typeof spaceBlocks.$inferSelect): SpaceBlock => ({
  id: row.id,
  date: row.date,
  startTime: toHourMinute(row.startTime),
  endTime: toHourMinute(row.endTime),
  note: row.note,
});

/** The space's blocks from today (Riyadh) on, in time order. */
export async function listBlocks(
  db: Db,
  hostId: string,
  spaceId: string,
  now: Date,
): Promise<SpaceBlock[]> {
  await ownSpace(db, hostId, spaceId, false);
  const rows = await db
    .select()
    .from(spaceBlocks)
    .where(and(eq(spaceBlocks.spaceId, spaceId), gte(spaceBlocks.date, riyadhToday(now))))
    .orderBy(asc(spaceBlocks.date), asc(spaceBlocks.startTime))
    .limit(500);
  return rows.map(toBlock);
}

/** Blocks a time; 409 `BLOCK_OVER_BOOKING` naming the confirmed booking it would cover. */
export async function addBlock(
  db: Db,
  input: { hostId: string; spaceId: string; block: CreateBlock; now: Date },
): Promise<SpaceBlock> {
  const fields: Record<string, string> = {};
  for (const [field, rule] of Object.entries(checkBlockTimes(input.block, input.now)))
    fields[field] = fieldRule(rule);
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_ERROR', fields);

  const { startsAt, endsAt } = bookingPeriod(input.block);
  const range = sql`tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, '[)')`;
  return db.transaction(async (tx) => {
    await ownSpace(tx, input.hostId, input.spaceId, true);
    const [booked] = await tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.spaceId, input.spaceId),
          inArray(bookings.status, [...TIME_HOLDING_STATUSES]),
          sql`${bookings.period} && ${range}`,
        ),
      )
      .orderBy(asc(bookings.period))
      .limit(1);
    if (booked) {
      throw new AppError('BLOCK_OVER_BOOKING', undefined, {
        current: {
          booking: {
            id: booked.id,
            date: booked.date,
            startTime: toHourMinute(booked.startTime),
            endTime: toHourMinute(booked.endTime),
          },
        },
      });
    }
    const [row] = await tx
      .insert(spaceBlocks)
      .values({
        spaceId: input.spaceId,
        date: input.block.date,
        startTime: input.block.startTime,
        endTime: input.block.endTime,
        period: range as unknown as string,
        note: input.block.note,
        createdBy: input.hostId,
      })
      .returning();
    return toBlock(row!);
  });
}

/** Frees a blocked time again; a block of another space, or none, is a 404. */
export async function removeBlock(
  db: Db,
  input: { hostId: string; spaceId: string; blockId: string },
): Promise<void> {
  if (!isUuid(input.blockId)) throw notFound();
  await db.transaction(async (tx) => {
    await ownSpace(tx, input.hostId, input.spaceId, true);
    const removed = await tx
      .delete(spaceBlocks)
      .where(and(eq(spaceBlocks.id, input.blockId), eq(spaceBlocks.spaceId, input.spaceId)))
      .returning({ id: spaceBlocks.id });
    if (removed.length === 0) throw notFound();
  });
}
