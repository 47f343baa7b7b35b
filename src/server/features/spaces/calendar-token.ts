import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isUuid } from '#shared/schemas/booking.ts';
import { calendarFeedPath, type CalendarFeedUrl } from '#shared/schemas/calendar.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { spaces } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';

/**
 * The secret of a space's calendar feed (docs/decisions/026-calendar-feed.md): made on the host's
 * first request, replaced when they ask for a new link. Only the space's host reaches it; anyone
 * else — another host, an admin — gets the 404 of a space that does not exist, as does an
 * archived space (its feed is gone).
 */

/** 32 random bytes, base64url: 256 bits no one guesses; 43 URL-safe characters. */
export const newCalendarToken = () => randomBytes(32).toString('base64url');

export const calendarFeedUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${calendarFeedPath(token)}`;

const notFound = () => new AppError('SPACE_NOT_FOUND');

/** The host's own, not archived space, locked for the rest of the transaction; else 404. */
async function lockOwnSpace(tx: Queryable, spaceId: string, hostId: string) {
  if (!isUuid(spaceId.toLowerCase())) throw notFound();
  const [space] = await tx
    .select({
      id: spaces.id,
      hostId: spaces.hostId,
      status: spaces.status,
      token: spaces.calendarToken,
    })
    .from(spaces)
    .where(eq(spaces.id, spaceId))
    .for('update');
  if (!space || space.hostId !== hostId || space.status === 'archived') throw notFound();
  return space;
}

/**
 * The feed's URL, making its token on the first call. The row lock makes two first calls at once
 * wait for each other: the second finds the first's token and answers the same URL.
 */
export async function getCalendarFeedUrl(
  db: Db,
  input: { spaceId: string; hostId: string; publicUrl: string },
): Promise<CalendarFeedUrl> {
  const token = await db.transaction(async (tx) => {
    const space = await lockOwnSpace(tx, input.spaceId, input.hostId);
    if (space.token) return space.token;
    const made = newCalendarToken();
    await tx.update(spaces).set({ calendarToken: made }).where(eq(spaces.id, space.id));
    return made;
  });
  return { url: calendarFeedUrl(input.publicUrl, token) };
}

/** A new token: the old URL answers 404 from the moment this commits. */
export async function regenerateCalendarFeedUrl(
  db: Db,
  input: { spaceId: string; hostId: string; publicUrl: string },
): Promise<CalendarFeedUrl> {
  const token = await db.transaction(async (tx) => {
    const space = await lockOwnSpace(tx, input.spaceId, input.hostId);
    const made = newCalendarToken();
    await tx.update(spaces).set({ calendarToken: made }).where(eq(spaces.id, space.id));
    return made;
  });
  return { url: calendarFeedUrl(input.publicUrl, token) };
}
