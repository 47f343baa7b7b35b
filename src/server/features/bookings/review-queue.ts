import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '#shared/constants.ts';
import { displayName } from '#shared/domain/display-name.ts';
import { toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import type {
  AdminBooking,
  AdminBookingsQuery,
  AdminBookingsResponse,
} from '#shared/schemas/admin.ts';
import type { Db } from '#server/db/client.ts';
import { bookings, spaces, users } from '#server/db/schema.ts';
import { countsByStatus, statusPage } from '#server/db/status-counts.ts';
import { expiresAtSql } from './request-sweeps.ts';
import { bookingPayment, paymentsOfBookings } from './payments/booking-payment.ts';

const host = alias(users, 'host');
const renter = alias(users, 'renter');

/** A pending request whose time overlaps a confirmed booking of the same space. */
const overlapsConfirmed: SQL<boolean> = sql<boolean>`(${bookings.status} = 'pending' and exists (
  select 1 from bookings confirmed_booking
  where confirmed_booking.space_id = ${bookings.spaceId}
    and confirmed_booking.status = 'confirmed'
    and confirmed_booking.period && ${bookings.period}
))`;

/**
 * The admin's list of booking requests, one page, with the count of each status: the pending
 * ones soonest to expire first (each with its expiry, issue 18), the others newest first.
 */
export async function listBookingsForReview(
  db: Db,
  query: AdminBookingsQuery,
  ttlHours: number,
): Promise<AdminBookingsResponse> {
  const where = query.status ? eq(bookings.status, query.status) : undefined;
  const expiresAt = expiresAtSql(ttlHours);
  const order =
    query.status === 'pending'
      ? [asc(expiresAt), asc(bookings.id)]
      : [desc(bookings.createdAt), desc(bookings.id)];
  const [countRows, rows] = await Promise.all([
    db.select({ status: bookings.status, n: count() }).from(bookings).groupBy(bookings.status),
    db
      .select({
        booking: bookings,
        conflict: overlapsConfirmed,
        expiresAt: sql<string>`${expiresAt}`,
        space: {
          id: spaces.id,
          nameAr: spaces.nameAr,
          nameEn: spaces.nameEn,
          city: spaces.city,
          contactPhone: spaces.contactPhone,
        },
        host: { id: host.id, email: host.email, phone: host.phone },
        renter: { name: renter.name, fullName: renter.fullName, email: renter.email },
      })
      .from(bookings)
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .innerJoin(host, eq(host.id, spaces.hostId))
      .innerJoin(renter, eq(renter.id, bookings.renterId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const counts = countsByStatus(BOOKING_STATUSES, countRows);
  const paid = await paymentsOfBookings(
    db,
    rows.map((r) => r.booking.id),
  );
  const items: AdminBooking[] = rows.map((r) => ({
    id: r.booking.id,
    reference: r.booking.reference,
    status: r.booking.status,
    space: {
      id: r.space.id,
      nameAr: r.space.nameAr,
      nameEn: r.space.nameEn,
      city: r.space.city as AdminBooking['space']['city'],
    },
    renterName: displayName(r.renter),
    renterEmail: r.booking.renterEmail,
    date: r.booking.date,
    startTime: toHourMinute(r.booking.startTime),
    endTime: toHourMinute(r.booking.endTime),
    guests: r.booking.guests,
    contactPhone: r.booking.contactPhone,
    totalHalalas: r.booking.totalHalalas,
    vatHalalas: r.booking.vatHalalas,
    quoteLines: r.booking.quote?.lines ?? [],
    hostId: r.host.id,
    hostEmail: r.host.email,
    // The listing's contact number is the one the host asked renters to call.
    hostPhone: r.space.contactPhone || r.host.phone || '',
    conflict: Boolean(r.conflict),
    expiresAt: r.booking.status === 'pending' ? new Date(r.expiresAt).toISOString() : null,
    statusReason: r.booking.statusReason,
    decidedAt: r.booking.decidedAt?.toISOString() ?? null,
    createdAt: r.booking.createdAt.toISOString(),
    payment: bookingPayment(
      r.booking,
      paid.get(r.booking.id)?.latest ?? null,
      paid.get(r.booking.id)?.refund ?? null,
    ),
  }));
  return statusPage(query, counts, items);
}
