import { and, eq, inArray, sql } from 'drizzle-orm';
import { TIME_HOLDING_STATUSES, type Locale } from '#shared/constants.ts';
import { bookingQuote } from '#shared/domain/booking-price.ts';
import {
  bookingPeriod,
  checkBookingAvailability,
  checkGuests,
  timeRules,
} from '#shared/domain/booking-slots.ts';
import type { NamedUser } from '#shared/domain/display-name.ts';
import { BOOKABLE_SPACE_STATUS } from '#shared/domain/space-lifecycle.ts';
import { toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import { fieldRule } from '#shared/messages.ts';
import {
  isUuid,
  type BookingTerms,
  type CreateBooking,
  type MyBooking,
} from '#shared/schemas/booking.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { bookings, spaceBlocks, spaces } from '#server/db/schema.ts';
import { AppError, conflict, notFound } from '#server/http/app-error.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { adminRecipients } from '#server/users/roles.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';
import { bookingRequestedAdminEmail, bookingRequestedRenterEmail } from './booking-emails.ts';
import { toBookingForEmail, toMyBooking } from './booking-views.ts';
import { whatsAppAboutBooking } from './booking-whatsapp.ts';
import { tellHost } from './host-notices.ts';

/**
 * A space that takes requests: approved. A paused one is a 409 `SPACE_PAUSED` (its page says so);
 * any other state, or no such space, a 404.
 */
async function bookableSpace(q: Queryable, spaceId: string, lock = false) {
  if (!isUuid(spaceId)) throw notFound();
  const query = q
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), inArray(spaces.status, ['approved', 'paused'])));
  const [space] = lock ? await query.for('share') : await query;
  if (!space) throw notFound();
  if (space.status !== BOOKABLE_SPACE_STATUS) throw conflict('SPACE_PAUSED');
  return {
    ...space,
    opensAt: toHourMinute(space.opensAt),
    closesAt: toHourMinute(space.closesAt),
    availableDays: space.availableDays as BookingTerms['availableDays'],
  };
}

export interface Renter extends NamedUser {
  id: string;
  email: string;
  locale?: string | null;
}

/**
 * A renter's booking request: the one place a booking is created (its later status changes all
 * go through `transitionBooking`). Every rule is checked again here (the page is never trusted);
 * the price comes from the space. In one transaction: refuse an overlap with a confirmed booking
 * (409 BOOKING_OVERLAP) or a time the host blocked (409 TIME_BLOCKED), store the request as pending, and queue the renter's and the admins'
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
    /** REQUEST_TTL_HOURS: the answer dates the request's expiry. */
    ttlHours: number;
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
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_ERROR', fields);

  const { startsAt, endsAt } = bookingPeriod(request);
  const range = sql`tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, '[)')`;

  return db.transaction(async (tx) => {
    // Again under a share lock: a pause committed meanwhile wins (the host's pause takes the
    // row's update lock, so the two take turns) and this request is refused.
    const locked = await bookableSpace(tx, space.id, true);
    // The same quote the booking panel shows (the checks above guarantee the times are valid),
    // from the row as locked: its price (VAT included) and, for a VAT-registered host, the VAT
    // in it, which the booking keeps whatever the host changes later (decision 035).
    const { totalHalalas, vatHalalas } = bookingQuote(
      locked.priceHalalas,
      request,
      timeRules(locked),
      locked.vatNumber !== null,
    )!;
    const [overlap] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.spaceId, space.id),
          inArray(bookings.status, [...TIME_HOLDING_STATUSES]),
          // Kept apart by the space's buffer: what the database's constraint will hold at the
          // confirm (busy_period is a confirmed booking's period and its buffer after it).
          sql`coalesce(${bookings.busyPeriod}, ${bookings.period}) && tstzrange(lower(${range}), upper(${range}) + make_interval(mins => ${space.bufferMinutes}), '[)')`,
        ),
      )
      .limit(1);
    if (overlap) throw conflict('BOOKING_OVERLAP');
    const [blocked] = await tx
      .select({ id: spaceBlocks.id })
      .from(spaceBlocks)
      .where(and(eq(spaceBlocks.spaceId, space.id), sql`${spaceBlocks.period} && ${range}`))
      .limit(1);
    if (blocked) throw conflict('TIME_BLOCKED');

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
        vatHalalas,
        status: 'pending',
      })
      .returning();
    const booking = row!;

    const forEmail = toBookingForEmail(booking, space, renter);
    const { publicUrl } = input;
    await enqueueMail(
      tx,
      `booking-${booking.id}-requested-renter`,
      bookingRequestedRenterEmail({
        locale: recipientLocale(renter.locale, input.requestLocale),
        booking: forEmail,
        publicUrl,
      }),
    );
    await whatsAppAboutBooking(tx, renter.id, 'booking_requested_renter', forEmail);
    await tellHost(tx, { hostId: space.hostId, booking: forEmail, event: 'requested', publicUrl });
    const admins = await adminRecipients(tx);
    if (admins.length === 0) {
      await enqueueMail(
        tx,
        `booking-${booking.id}-requested-team`,
        bookingRequestedAdminEmail({
          locale: input.requestLocale,
          to: input.teamEmail,
          booking: forEmail,
          publicUrl,
        }),
      );
    }
    for (const admin of admins) {
      await enqueueMail(
        tx,
        `booking-${booking.id}-requested-admin-${admin.id}`,
        bookingRequestedAdminEmail({
          locale: admin.locale,
          to: admin.email,
          booking: forEmail,
          publicUrl,
        }),
      );
    }
    return toMyBooking(booking, space, input.ttlHours);
  });
}
