import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '#shared/constants.ts';
import { displayName } from '#shared/domain/display-name.ts';
import { requestExpiresAt } from '#shared/domain/booking-lifecycle.ts';
import { parseTime } from '#shared/domain/booking-slots.ts';
import { riyadhInstant, toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import { isUuid } from '#shared/schemas/booking.ts';
import {
  decodeHostBookingsCursor,
  encodeHostBookingsCursor,
  HOST_BOOKINGS_PAGE_SIZE,
  type HostBookings,
  type HostBookingsQuery,
} from '#shared/schemas/host.ts';
import type { Db } from '#server/db/client.ts';
import { bookings, spaces, users } from '#server/db/schema.ts';
import { countsByStatus } from '#server/db/status-counts.ts';
import { AppError, notFound } from '#server/http/app-error.ts';

const renter = alias(users, 'renter');

/**
 * The space when `hostId` hosts it, else a 404 — the same answer for a space that does not exist,
 * so nobody learns which ids are someone else's.
 */
export async function findHostedSpace(db: Db, hostId: string, spaceId: string) {
  if (!isUuid(spaceId)) throw notFound();
  const [space] = await db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.hostId, hostId)));
  if (!space) throw notFound();
  return space;
}

/**
 * GET /api/host/bookings: requests and bookings on the spaces `hostId` hosts (one of them when
 * `spaceId` is given), newest request first, one keyset page, with the count of each status.
 * The renter appears by display name only (src/shared/schemas/host.ts); a pending request carries
 * when it expires (`ttlHours`, REQUEST_TTL_HOURS), as the renter's and the team's lists do.
 */
export async function listHostBookings(
  db: Db,
  hostId: string,
  query: HostBookingsQuery,
  ttlHours: number,
): Promise<HostBookings> {
  if (query.spaceId !== undefined) await findHostedSpace(db, hostId, query.spaceId);
  const scope: SQL[] = [eq(spaces.hostId, hostId)];
  if (query.spaceId !== undefined) scope.push(eq(bookings.spaceId, query.spaceId));
  const page: SQL[] = [...scope];
  if (query.status) page.push(eq(bookings.status, query.status));
  if (query.cursor !== undefined) {
    const cursor = decodeHostBookingsCursor(query.cursor);
    if (!cursor) throw new AppError('INVALID_CURSOR');
    // Microseconds and offset as PostgreSQL wrote them: the row itself is never repeated or
    // skipped, however many requests share a millisecond.
    page.push(
      sql`(${bookings.createdAt}, ${bookings.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }

  const [countRows, rows] = await Promise.all([
    db
      .select({ status: bookings.status, n: count() })
      .from(bookings)
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .where(and(...scope))
      .groupBy(bookings.status),
    db
      .select({
        booking: bookings,
        createdAtText: sql<string>`${bookings.createdAt}::text`,
        space: {
          id: spaces.id,
          nameAr: spaces.nameAr,
          nameEn: spaces.nameEn,
          listingLanguage: spaces.listingLanguage,
        },
        // Only the fields a name is made of: displayName would fall back to the email or phone.
        renter: { fullName: renter.fullName, name: renter.name },
      })
      .from(bookings)
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .innerJoin(renter, eq(renter.id, bookings.renterId))
      .where(and(...page))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(HOST_BOOKINGS_PAGE_SIZE + 1),
  ]);

  const hasMore = rows.length > HOST_BOOKINGS_PAGE_SIZE;
  const pageRows = rows.slice(0, HOST_BOOKINGS_PAGE_SIZE);
  const last = pageRows.at(-1);
  return {
    items: pageRows.map(({ booking, space, renter: who }) => ({
      id: booking.id,
      reference: booking.reference,
      status: booking.status,
      space,
      date: booking.date,
      startTime: toHourMinute(booking.startTime),
      endTime: toHourMinute(booking.endTime),
      guests: booking.guests,
      totalHalalas: booking.totalHalalas,
      vatHalalas: booking.vatHalalas,
      renterName: displayName({ fullName: who.fullName, name: who.name }),
      createdAt: booking.createdAt.toISOString(),
      decidedAt: booking.decidedAt?.toISOString() ?? null,
      expiresAt:
        booking.status === 'pending'
          ? requestExpiresAt(
              booking.createdAt,
              riyadhInstant(booking.date, parseTime(toHourMinute(booking.startTime))!),
              ttlHours,
            ).toISOString()
          : null,
    })),
    nextCursor:
      hasMore && last
        ? encodeHostBookingsCursor({ createdAt: last.createdAtText, id: last.booking.id })
        : null,
    counts: countsByStatus(BOOKING_STATUSES, countRows),
  };
}
