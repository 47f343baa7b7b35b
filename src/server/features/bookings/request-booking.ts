import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import { bookingQuote } from '#shared/domain/booking-price.ts';
import {
  bookingPeriod,
  checkBookingAvailability,
  checkGuests,
  timeRules,
} from '#shared/domain/booking-slots.ts';
import type { NamedUser } from '#shared/domain/display-name.ts';
import { newBookingReference } from '#shared/domain/booking-reference.ts';
import { BOOKABLE_SPACE_STATUS } from '#shared/domain/space-lifecycle.ts';
import { toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import { fieldRule } from '#shared/messages.ts';
import {
  isUuid,
  type BookingTerms,
  type CreateBooking,
  type MyBooking,
} from '#shared/schemas/booking.ts';
import type { Db, Queryable, Tx } from '#server/db/client.ts';
import { bookings, spaceBlocks, spaces } from '#server/db/schema.ts';
import { AppError, conflict, notFound } from '#server/http/app-error.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';
import { tellOfBooking } from './booking-notices.ts';
import { toBookingForEmail, toMyBooking, type BookingRow } from './booking-views.ts';
import { timeConflict } from './time-conflict.ts';

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

/** Draws of a reference before giving up: three clashes in a row are ~1 in 10^6 at 10^7 bookings. */
const REFERENCE_DRAWS = 5;

/**
 * Stores the booking under a fresh random reference (src/shared/domain/booking-reference.ts).
 * A clash with a stored reference, or with one a concurrent request is inserting, makes
 * `on conflict (reference) do nothing` insert nothing (waiting for the other transaction when it
 * has not committed) — no error that would abort this transaction — and another is drawn. Any
 * other constraint still raises as before. (Exported for its test, which forces a clash.)
 */
export async function insertWithReference(
  tx: Queryable,
  values: Omit<typeof bookings.$inferInsert, 'reference'>,
  draw: () => string = newBookingReference,
): Promise<BookingRow> {
  for (let attempt = 1; attempt <= REFERENCE_DRAWS; attempt += 1) {
    const [row] = await tx
      .insert(bookings)
      .values({ ...values, reference: draw() })
      .onConflictDoNothing({ target: bookings.reference })
      .returning();
    if (row) return row;
  }
  throw new Error(`no free booking reference in ${REFERENCE_DRAWS} draws`);
}

export interface Renter extends NamedUser {
  id: string;
  email: string;
  locale?: string | null;
}

/** A booking request's line in its conversation (issue 34), written in the request's transaction. */
export type NoteRequest = (
  tx: Tx,
  booking: { id: string; spaceId: string; renterId: string; reference: string },
  now: Date,
) => Promise<(() => void) | null>;

/**
 * A renter's booking request: the one place a booking is created (its later status changes all
 * go through `transitionBooking`). Every rule is checked again here (the page is never trusted);
 * the price comes from the space. In one transaction: refuse an overlap with a confirmed booking
 * (409 BOOKING_OVERLAP), a time inside the host's break between bookings (409 SLOT_IN_BUFFER) or
 * a time the host blocked (409 TIME_BLOCKED), store the request as pending, and queue the notices
 * of the notice table's `requested` row (renter, host, admins) — so either all of it happens or
 * none of it.
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
    /**
     * Writes the request's line into its conversation in this transaction (the messages feature,
     * wired by app.ts: features do not import each other); returns what to do once committed.
     */
    noteRequest?: NoteRequest;
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

  const committed: { run?: () => void } = {};
  const answer = await db.transaction(async (tx) => {
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
    // Kept apart by the space's buffer too: what the database's constraint will hold at the
    // confirm. A clash with the buffer alone is named as such, not as an overlap.
    const clash = await timeConflict(tx, {
      spaceId: space.id,
      period: range,
      bufferMinutes: space.bufferMinutes,
    });
    if (clash) throw conflict(clash);
    const [blocked] = await tx
      .select({ id: spaceBlocks.id })
      .from(spaceBlocks)
      .where(and(eq(spaceBlocks.spaceId, space.id), sql`${spaceBlocks.period} && ${range}`))
      .limit(1);
    if (blocked) throw conflict('TIME_BLOCKED');

    const booking = await insertWithReference(tx, {
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
    });

    // The renter, the host and the admins hear of it (the notice table's `requested` row).
    await tellOfBooking(tx, {
      event: 'requested',
      booking: toBookingForEmail(booking, space, renter),
      renterId: renter.id,
      renterLocale: recipientLocale(renter.locale, input.requestLocale),
      hostId: space.hostId,
      publicUrl: input.publicUrl,
      team: { email: input.teamEmail, locale: input.requestLocale },
      decidedAt: booking.createdAt,
      now: input.now,
    });
    // The request's line in the renter's conversation with the host (issue 34), where their
    // earlier questions about the space stay visible.
    committed.run =
      (await input.noteRequest?.(
        tx,
        { id: booking.id, spaceId: space.id, renterId: renter.id, reference: booking.reference },
        input.now,
      )) ?? undefined;
    return toMyBooking(booking, space, input.ttlHours);
  });
  committed.run?.();
  return answer;
}
