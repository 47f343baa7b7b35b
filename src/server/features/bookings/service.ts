import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import { checkBookingTransition } from '#shared/domain/booking-lifecycle.ts';
import { bookingTotalHalalas } from '#shared/domain/booking-price.ts';
import {
  bookingMinutes,
  bookingPeriod,
  checkBookingAvailability,
  checkGuests,
} from '#shared/domain/booking-slots.ts';
import { isCalendarDate, toHourMinute, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import { fieldRule } from '#shared/messages.ts';
import {
  isUuid,
  type Availability,
  type BookingTerms,
  type CreateBooking,
  type MyBooking,
} from '#shared/schemas/booking.ts';
import type { MySpace } from '#shared/schemas/my-spaces.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { bookings, roles, spaces, userRoles, users } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../http/app-error.ts';
import { enqueueMail } from '../../jobs/enqueue-mail.ts';
import {
  bookingRequestedAdminEmail,
  bookingRequestedRenterEmail,
  type BookingEmailFacts,
} from './booking-emails.ts';

/** The most bookings "My bookings" lists (newest first); older ones stay in the database. */
export const MY_BOOKINGS_LIMIT = 200;
export const MY_SPACES_LIMIT = 200;

/** An approved space, the only kind that can be booked or asked about; else 404. */
async function bookableSpace(q: Queryable, spaceId: string) {
  if (!isUuid(spaceId)) throw notFound();
  const [space] = await q
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.status, 'approved')));
  if (!space) throw notFound();
  return {
    ...space,
    opensAt: toHourMinute(space.opensAt),
    closesAt: toHourMinute(space.closesAt),
    availableDays: space.availableDays as BookingTerms['availableDays'],
  };
}

interface BusyRow {
  startTime: string;
  endTime: string;
}

/** The day's hours and the confirmed bookings in it: only times, never who booked. */
export async function getAvailability(
  db: Db,
  spaceId: string,
  date: string,
): Promise<Availability> {
  if (!isCalendarDate(date))
    throw new AppError(400, 'VALIDATION_ERROR', { date: fieldRule('bookingDate') });
  if (!isUuid(spaceId)) throw notFound();
  // The space's hours and the day's confirmed bookings in one round trip (asked on every visit).
  const [space] = await db
    .select({
      opensAt: spaces.opensAt,
      closesAt: spaces.closesAt,
      availableDays: spaces.availableDays,
      busy: sql<BusyRow[] | string>`(select coalesce(json_agg(json_build_object(
          'startTime', b.start_time, 'endTime', b.end_time) order by b.start_time), '[]')
        from bookings b
        where b.space_id = "spaces"."id" and b.date = ${date} and b.status = 'confirmed')`,
    })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.status, 'approved')));
  if (!space) throw notFound();
  const busy: BusyRow[] = typeof space.busy === 'string' ? JSON.parse(space.busy) : space.busy;
  return {
    date,
    open: space.availableDays.includes(weekdayOf(date)),
    opensAt: toHourMinute(space.opensAt),
    closesAt: toHourMinute(space.closesAt),
    busy: busy.map((b) => ({
      startTime: toHourMinute(b.startTime),
      endTime: toHourMinute(b.endTime),
    })),
  };
}

export interface Renter {
  id: string;
  email: string;
  fullName?: string | null;
  name?: string | null;
  locale?: string | null;
}

function toMyBooking(
  row: typeof bookings.$inferSelect,
  space: { nameAr: string | null; nameEn: string | null; listingLanguage: Locale },
): MyBooking {
  return {
    id: row.id,
    spaceId: row.spaceId,
    spaceNameAr: space.nameAr,
    spaceNameEn: space.nameEn,
    listingLanguage: space.listingLanguage,
    date: row.date,
    startTime: toHourMinute(row.startTime),
    endTime: toHourMinute(row.endTime),
    guests: row.guests,
    contactPhone: row.contactPhone,
    totalHalalas: row.totalHalalas,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A renter's booking request. Every rule is checked again here (the page is never trusted);
 * the price comes from the space. In one transaction: refuse an overlap with a confirmed booking
 * (409 BOOKING_OVERLAP), store the request as pending, and queue the renter's and the admins'
 * emails — so either all of it happens or none of it.
 *
 * The overlap check reads committed confirmed bookings, so every request that overlaps one is
 * refused however many arrive at once. A request racing an admin's confirm of an overlapping
 * booking may still be stored as pending — harmless: pending requests may overlap, and the
 * database's exclusion constraint refuses the confirm that would double-book.
 */
export async function requestBooking(
  db: Db,
  input: {
    renter: Renter;
    request: CreateBooking;
    requestLocale: Locale;
    now: Date;
    publicUrl: string;
    teamEmail: string;
  },
): Promise<MyBooking> {
  const { renter, request } = input;
  const space = await bookableSpace(db, request.spaceId);

  const fields: Record<string, string> = {};
  for (const [field, rule] of Object.entries(checkBookingAvailability(space, request, input.now))) {
    fields[field] = fieldRule(rule);
  }
  const guests = checkGuests(request.guests, space.capacity);
  if (guests) fields.guests = fieldRule(guests);
  if (Object.keys(fields).length > 0) throw new AppError(400, 'VALIDATION_ERROR', fields);

  const totalHalalas = bookingTotalHalalas(space.priceHalalas, bookingMinutes(request));
  const { startsAt, endsAt } = bookingPeriod(request);
  const range = sql`tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, '[)')`;

  return db.transaction(async (tx) => {
    const [overlap] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.spaceId, space.id),
          eq(bookings.status, 'confirmed'),
          sql`${bookings.period} && ${range}`,
        ),
      )
      .limit(1);
    if (overlap) throw conflict('BOOKING_OVERLAP');

    const [row] = await tx
      .insert(bookings)
      .values({
        spaceId: space.id,
        renterId: renter.id,
        renterEmail: renter.email,
        date: request.date,
        startTime: request.startTime,
        endTime: request.endTime,
        period: range as unknown as string,
        guests: request.guests,
        contactPhone: request.contactPhone,
        totalHalalas,
        status: 'pending',
      })
      .returning();
    const booking = row!;

    const facts: BookingEmailFacts = {
      bookingId: booking.id,
      spaceNameAr: space.nameAr,
      spaceNameEn: space.nameEn,
      date: booking.date,
      startTime: request.startTime,
      endTime: request.endTime,
      guests: booking.guests,
      totalHalalas,
      contactPhone: booking.contactPhone,
      renterEmail: renter.email,
      renterName: renter.fullName || renter.name || null,
    };
    const renterLocale: Locale =
      renter.locale === 'ar' || renter.locale === 'en' ? renter.locale : input.requestLocale;
    await enqueueMail(
      tx,
      `booking-${booking.id}-requested-renter`,
      bookingRequestedRenterEmail(facts, renterLocale, input.publicUrl),
    );

    const admins = await tx
      .selectDistinct({ id: users.id, email: users.email, locale: users.locale })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(roles.code, ['admin', 'super_admin']))
      .orderBy(asc(users.id));
    if (admins.length === 0) {
      await enqueueMail(
        tx,
        `booking-${booking.id}-requested-team`,
        bookingRequestedAdminEmail(facts, input.teamEmail, input.requestLocale, input.publicUrl),
      );
    }
    for (const admin of admins) {
      await enqueueMail(
        tx,
        `booking-${booking.id}-requested-admin-${admin.id}`,
        bookingRequestedAdminEmail(facts, admin.email, admin.locale, input.publicUrl),
      );
    }
    return toMyBooking(booking, space);
  });
}

/** The renter's own bookings, newest request first. */
export async function listMyBookings(db: Db, renterId: string): Promise<MyBooking[]> {
  const rows = await db
    .select({
      booking: bookings,
      nameAr: spaces.nameAr,
      nameEn: spaces.nameEn,
      listingLanguage: spaces.listingLanguage,
    })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(eq(bookings.renterId, renterId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(MY_BOOKINGS_LIMIT);
  return rows.map((r) => toMyBooking(r.booking, r));
}

/**
 * The renter cancels their own pending request. Someone else's booking is a 404 (its existence
 * is not revealed). The state graph decides; the update is a compare-and-swap on `pending`, so
 * a cancel racing an admin's decision changes nothing once the decision is taken (409).
 */
export async function cancelMyBooking(
  db: Db,
  renterId: string,
  bookingId: string,
): Promise<MyBooking> {
  if (!isUuid(bookingId)) throw notFound();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.renterId, renterId)));
    if (!current) throw notFound();
    const check = checkBookingTransition(current.status, 'cancel', 'renter');
    if (!check.ok) throw conflict('BOOKING_NOT_CANCELLABLE');
    const [updated] = await tx
      .update(bookings)
      .set({ status: check.to, updatedAt: sql`now()` })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, check.from)))
      .returning();
    if (!updated) throw conflict('BOOKING_NOT_CANCELLABLE');
    const [space] = await tx
      .select({
        nameAr: spaces.nameAr,
        nameEn: spaces.nameEn,
        listingLanguage: spaces.listingLanguage,
      })
      .from(spaces)
      .where(eq(spaces.id, updated.spaceId));
    return toMyBooking(updated, space!);
  });
}

/** The user's own listings with their review status and, when rejected, the reason. */
export async function listMySpaces(db: Db, hostId: string): Promise<MySpace[]> {
  const rows = await db
    .select()
    .from(spaces)
    .where(eq(spaces.hostId, hostId))
    .orderBy(desc(spaces.createdAt), desc(spaces.id))
    .limit(MY_SPACES_LIMIT);
  return rows.map((s) => ({
    id: s.id,
    nameAr: s.nameAr,
    nameEn: s.nameEn,
    listingLanguage: s.listingLanguage,
    type: s.type,
    city: s.city,
    priceHalalas: s.priceHalalas,
    status: s.status,
    reviewNote: s.status === 'rejected' ? s.reviewNote : null,
    createdAt: s.createdAt.toISOString(),
  }));
}
