import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import { bookingQuote } from '#shared/domain/booking-price.ts';
import {
  bookingMinutes,
  bookingPeriod,
  checkBookingAvailability,
  checkGuests,
  timeRules,
} from '#shared/domain/booking-slots.ts';
import type { NamedUser } from '#shared/domain/display-name.ts';
import { newBookingReference } from '#shared/domain/booking-reference.ts';
import { pendingCapReached } from '#shared/domain/request-caps.ts';
import { BOOKABLE_SPACE_STATUS } from '#shared/domain/space-lifecycle.ts';
import { toHourMinute, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import {
  checkChosenAddOns,
  dayMinimumMinutes,
  readPriceRules,
} from '#shared/domain/price-rules.ts';
import { fieldRule } from '#shared/messages.ts';
import {
  isUuid,
  type BookingTerms,
  type CreateBooking,
  type MyBooking,
} from '#shared/schemas/booking.ts';
import type { Db, Queryable, Tx } from '#server/db/client.ts';
import { bookings, spaceBlocks, spaces, users } from '#server/db/schema.ts';
import { AppError, conflict, notFound } from '#server/http/app-error.ts';
import { isRetryable, pgErrorCode } from '#server/db/pg-error.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';
import { tellOfBooking } from './booking-notices.ts';
import { toBookingForEmail, toMyBooking, type BookingRow } from './booking-views.ts';
import { timeConflict } from './time-conflict.ts';
import { SYSTEM_ACTOR, transitionBooking } from './transition-booking.ts';

/**
 * A space that takes requests: approved. A paused one is a 409 `SPACE_PAUSED` (its page says so);
 * any other state, or no such space, a 404.
 */
async function bookableSpace(
  q: Queryable,
  spaceId: string,
  lock: false | 'share' | 'no key update' = false,
) {
  if (!isUuid(spaceId)) throw notFound();
  const query = q
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), inArray(spaces.status, ['approved', 'paused'])));
  const [space] = lock ? await query.for(lock) : await query;
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
    /** PAYMENT_WINDOW_HOURS: an `instant` request confirms itself, and its time to pay starts. */
    paymentWindowHours?: number;
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
  // A host keeps a time for themselves with a block, not a booking (issue 37): a booking of
  // their own space would let them review it.
  if (space.hostId === renter.id) throw new AppError('OWN_SPACE');

  const fields: Record<string, string> = {};
  for (const [field, rule] of Object.entries(checkBookingAvailability(space, request, input.now))) {
    fields[field] = fieldRule(rule);
  }
  const guests = checkGuests(request.guests, space.capacity);
  if (guests) fields.guests = fieldRule(guests);
  // The space's price rules (issue 35): the day's minimum hours, and add-ons it offers, each
  // within its maximum.
  const priceRules = readPriceRules(space.priceRules);
  if (!fields.endTime && !fields.startTime && !fields.date) {
    const minimum = dayMinimumMinutes(priceRules, weekdayOf(request.date));
    if (bookingMinutes(request) < minimum) fields.endTime = fieldRule('bookingBelowDayMinimum');
  }
  for (const [field, rule] of Object.entries(checkChosenAddOns(priceRules, request.addOns))) {
    fields[field] = fieldRule(rule);
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_ERROR', fields);

  const { startsAt, endsAt } = bookingPeriod(request);
  const range = sql`tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, '[)')`;

  const committed: { run?: () => void } = {};
  const answer = await db.transaction(async (tx) => {
    // The renter's requests take turns (their user row's lock), so the caps hold however many
    // arrive at once: each counts what the ones before it committed (issue 37, decision 061).
    // "Delete my account" takes the same lock (decision 071): a deletion committed first
    // refuses this request; a request committed first refuses the deletion.
    const [renterRow] = await tx
      .select({ deletionRequestedAt: users.deletionRequestedAt, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, renter.id))
      .for('no key update');
    if (renterRow?.deletionRequestedAt || renterRow?.deletedAt)
      throw conflict('ACCOUNT_DELETION_PENDING');
    const [pending] = await tx
      .select({
        overall: sql<number>`count(*)::int`,
        ofSpace: sql<number>`(count(*) filter (where ${bookings.spaceId} = ${space.id}))::int`,
      })
      .from(bookings)
      .where(and(eq(bookings.renterId, renter.id), eq(bookings.status, 'pending')));
    if (pendingCapReached({ ofSpace: Number(pending!.ofSpace), overall: Number(pending!.overall) }))
      throw conflict('TOO_MANY_PENDING_REQUESTS');
    // Again under a share lock: a pause committed meanwhile wins (the host's pause takes the
    // row's update lock, so the two take turns) and this request is refused.
    // An `instant` space's request confirms itself below, which takes the space's decision lock
    // (`for no key update`): taken now, so two instant requests take turns instead of both
    // holding `share` and deadlocking on the upgrade.
    const locked = await bookableSpace(
      tx,
      space.id,
      space.decisionMode === 'instant' ? 'no key update' : 'share',
    );
    // The same quote the booking panel shows (the checks above guarantee the times are valid),
    // from the row as locked: its price (VAT included) and, for a VAT-registered host, the VAT
    // in it, which the booking keeps whatever the host changes later (decision 035).
    // With the rules as locked (issue 35): the itemised quote the booking keeps.
    const quote = bookingQuote(
      locked.priceHalalas,
      request,
      timeRules(locked),
      locked.vatNumber !== null,
      {
        date: request.date,
        guests: request.guests,
        priceRules: readPriceRules(locked.priceRules),
        addOns: request.addOns,
      },
    )!;
    const { totalHalalas, vatHalalas } = quote;
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
      quote,
      addOns: request.addOns,
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
    // An `instant` space (issue 35, decision 058): a request that passed every rule is confirmed
    // at once, by the same transition and under the same lock as anyone's confirm. Should the
    // confirm fail on a rule only it checks, the request stays pending for a decision.
    if (locked.decisionMode === 'instant') {
      try {
        const confirmed = await tx.transaction(async (inner) =>
          transitionBooking(inner, booking.id, 'autoConfirm', SYSTEM_ACTOR, {
            requestLocale: input.requestLocale,
            publicUrl: input.publicUrl,
            teamEmail: input.teamEmail,
            paymentWindowHours: input.paymentWindowHours,
            now: input.now,
          }),
        );
        return toMyBooking(confirmed.booking, space, input.ttlHours);
      } catch (error) {
        if (!(error instanceof AppError) && pgErrorCode(error) !== '23P01' && !isRetryable(error)) {
          throw error;
        }
      }
    }
    return toMyBooking(booking, space, input.ttlHours);
  });
  committed.run?.();
  return answer;
}
