import { and, eq, ne, sql } from 'drizzle-orm';
import type { Day, Locale } from '#shared/constants.ts';
import {
  BOOKING_TRANSITIONS,
  checkBookingTransition,
  hasStarted,
  hostDecides,
  SLOT_TAKEN,
  type BookingActor,
  type BookingTransition,
} from '#shared/domain/booking-lifecycle.ts';
import { paymentDeadline } from '#shared/domain/payment-deadline.ts';
import { freeTimes, type FreeTime } from '#shared/domain/free-times.ts';
import { riyadhInstant, toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import { isUuid } from '#shared/schemas/booking.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { Config } from '#server/env.ts';
import { isRetryable, pgErrorCode } from '#server/db/pg-error.ts';
import { recordTransition } from '#server/db/audit.ts';
import { bookings, spaceBlocks, spaces, users } from '#server/db/schema.ts';
import { AppError, conflict, forbidden, notFound } from '#server/http/app-error.ts';
import { bookingEvent } from '#server/notices/notice-table.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';
import { busyOfDay } from './availability.ts';
import { tellOfBooking } from './booking-notices.ts';
import { tellFreedSlots } from './freed-slots.ts';
import { toBookingForEmail, type BookingRow } from './booking-views.ts';
import { orderRefundOnCancel } from './payments/refunds.ts';
import { confirmConflict } from './time-conflict.ts';

/** Who fires a transition: their role in the state graph and their account (none for `system`). */
export type BookingActorRef =
  { role: Exclude<BookingActor, 'system'>; userId: string } | { role: 'system'; userId: null };

/** The server itself: the periodic sweeps and the declines inside a confirm. */
export const SYSTEM_ACTOR: BookingActorRef = { role: 'system', userId: null };

export interface TransitionContext {
  /** The language of the actor's request: used for a recipient with none stored. */
  requestLocale: Locale;
  publicUrl: string;
  /** The admin's note on a rejection or cancellation, or `SLOT_TAKEN` (audit log and email). */
  reason?: string;
  /** The time of the move: a confirmed booking is cancelled only before it starts. */
  now?: Date;
  /** Where admins' notices go when nobody holds an admin role yet. */
  teamEmail?: string;
  /**
   * The free times of each date, kept by a confirm for the declines it makes: they all read the
   * same day after the same confirm (a decline frees nothing), so it is read once per date.
   */
  freeTimesOf?: Map<string, FreeTime[]>;
  /** PAYMENT_WINDOW_HOURS: a confirm sets the payment deadline by it (issue 32). */
  paymentWindowHours?: number;
}

/** PAYMENT_WINDOW_HOURS' default (env.ts). */
export const DEFAULT_PAYMENT_WINDOW_HOURS = 24;

/**
 * The app's settings a transition takes, read from the config in this one place: every route
 * that moves a booking (the renter's, the host's, the admin's, a request that confirms itself)
 * spreads them into its context, so none names PAYMENT_WINDOW_HOURS or the team address itself.
 */
export function transitionSettings(
  config: Pick<Config, 'publicUrl' | 'mail' | 'payments'>,
): Required<Pick<TransitionContext, 'publicUrl' | 'teamEmail' | 'paymentWindowHours'>> {
  return {
    publicUrl: config.publicUrl,
    teamEmail: config.mail.teamEmail,
    paymentWindowHours: config.payments.windowHours,
  };
}

type SpaceRow = typeof spaces.$inferSelect;

/** The free times left on a declined request's date (`freeTimes`), for its renter's email. */
async function dayFreeTimes(
  tx: Queryable,
  space: SpaceRow,
  date: string,
  now: Date,
): Promise<FreeTime[]> {
  const hours = { opensAt: toHourMinute(space.opensAt), closesAt: toHourMinute(space.closesAt) };
  // The day as the booking form reads it: by period, to closing time the next morning.
  const busy = await busyOfDay(tx, { id: space.id, ...hours }, date);
  return freeTimes(
    {
      ...hours,
      availableDays: space.availableDays as Day[],
      minBookingMinutes: space.minBookingMinutes,
      minNoticeHours: space.minNoticeHours,
      horizonDays: space.horizonDays,
      bufferMinutes: space.bufferMinutes,
    },
    { date, busy },
    now,
  );
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

const movedOn = (transition: BookingTransition, current: { id: string; status: string }) =>
  new AppError(BOOKING_TRANSITIONS[transition].movedOn, undefined, {
    current: { id: current.id, status: current.status },
  });

/**
 * The one function that changes a booking's status (docs/architecture.md, "State changes"). Run
 * it inside a transaction — `inBookingTransaction` gives one with retries. In order:
 *
 * 1. find the booking (a renter's someone-else's booking is a 404: its existence is not told;
 *    so is a host's booking of another host's space, issue 35);
 * 2. lock its space (`for no key update`): decisions on one space take turns, so two overlapping
 *    confirms never wait on each other inside the exclusion check (a deadlock PostgreSQL only
 *    breaks after a second) — the second finds the first's committed row and fails the
 *    constraint at once. New requests for the space stay free (their foreign key takes
 *    `key share`, which does not conflict);
 * 3. lock the booking row and check the move against the state graph, actor included
 *    (src/shared/domain/booking-lifecycle.ts): a wrong actor is 403, a booking that moved on is
 *    409 with its state now, so the page refreshes instead of guessing;
 * 4. compare-and-swap update (`… where status = <from>`);
 * 5. the audit entry and the notices of this transition (its row in
 *    src/server/notices/notice-table.ts), in the same transaction.
 */
export async function transitionBooking(
  tx: Queryable,
  bookingId: string,
  transition: BookingTransition,
  actor: BookingActorRef,
  context: TransitionContext,
): Promise<{ booking: BookingRow; space: SpaceRow }> {
  if (!isUuid(bookingId)) throw notFound();
  const [found] = await tx
    .select({ spaceId: bookings.spaceId, renterId: bookings.renterId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!found) throw notFound();
  if (actor.role === 'renter' && found.renterId !== actor.userId) throw notFound();

  const [space] = await tx
    .select()
    .from(spaces)
    .where(eq(spaces.id, found.spaceId))
    .for('no key update');
  const [current] = await tx
    .select()
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  if (!space || !current) throw notFound();
  // A host acts only on their own spaces' bookings: anyone else's is a 404 (issue 35).
  if (actor.role === 'host' && space.hostId !== actor.userId) throw notFound();
  // …and decides requests only where the space's mode gives them the decision (decision 058).
  if (
    actor.role === 'host' &&
    (transition === 'hostConfirm' || transition === 'hostDecline') &&
    !hostDecides(space.decisionMode)
  ) {
    throw new AppError('HOST_DECISIONS_OFF');
  }

  const check = checkBookingTransition(
    current.status,
    transition,
    actor.role,
    current.paidAt !== null,
  );
  if (!check.ok) {
    if (check.reason === 'NOT_ALLOWED') throw forbidden();
    if (check.reason === 'ALREADY_PAID') {
      throw new AppError('ALREADY_PAID', undefined, {
        current: { id: current.id, status: current.status },
      });
    }
    throw movedOn(transition, current);
  }
  const now = context.now ?? new Date();
  // A confirmed booking is cancelled only before it starts (a 409 with its state now).
  if (
    check.from === 'confirmed' &&
    check.to === 'cancelled' &&
    hasStarted(riyadhInstant(current.date, minutesOf(current.startTime)), now)
  ) {
    throw new AppError('BOOKING_STARTED', undefined, {
      current: { id: current.id, status: current.status },
    });
  }
  // A space its host removed takes no new bookings, even from requests made before.
  if (check.to === 'confirmed' && space.status === 'archived') throw conflict('SPACE_ARCHIVED');
  // A confirm proper (pending → confirmed), not `pay` (confirmed → confirmed): only a confirm
  // checks blocks, takes the time with its buffer and declines the requests over it. A paid
  // booking's time was taken when it was confirmed, and stays as it was.
  const confirming = check.to === 'confirmed' && check.from === 'pending';
  // A time the host blocked is never confirmed. Read under the space's lock, which adding a block
  // takes too: a block and a confirm over one time take turns, and the second is refused.
  if (confirming) {
    const [blocked] = await tx
      .select({ id: spaceBlocks.id })
      .from(spaceBlocks)
      .where(
        and(eq(spaceBlocks.spaceId, space.id), sql`${spaceBlocks.period} && ${current.period}`),
      )
      .limit(1);
    if (blocked) throw conflict('TIME_BLOCKED');
  }

  // An admin's or the server's move is a decision (who and when); the renter's own is not, nor
  // a completion (the booking's time simply passed: who confirmed it, and when, stays).
  const decided = actor.role !== 'renter' && check.to !== 'completed' && transition !== 'pay';
  const startsAt = riyadhInstant(current.date, minutesOf(current.startTime));
  const [booking] = await tx
    .update(bookings)
    .set({
      status: check.to,
      ...(decided ? { decidedBy: actor.userId, decidedAt: sql`now()` } : {}),
      // What the renter reads as the why: the admin's reason, or SLOT_TAKEN.
      ...(context.reason !== undefined ? { statusReason: context.reason } : {}),
      // A confirmed booking holds its time and the space's buffer after it (migration 0007).
      ...(confirming
        ? {
            busyPeriod:
              sql`tstzrange(lower(${bookings.period}), upper(${bookings.period}) + make_interval(mins => ${space.bufferMinutes}), '[)')` as unknown as string,
          }
        : {}),
      // Issue 32: a confirm starts the time to pay; `pay` marks the booking paid.
      ...(confirming
        ? {
            paymentDueAt: paymentDeadline(
              now,
              startsAt,
              context.paymentWindowHours ?? DEFAULT_PAYMENT_WINDOW_HOURS,
            ),
          }
        : {}),
      ...(transition === 'pay' ? { paidAt: now } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.status, check.from),
        // `pay` and `release` take an unpaid booking only: of the two, one wins.
        BOOKING_TRANSITIONS[transition].unpaidOnly ? sql`${bookings.paidAt} is null` : undefined,
      ),
    )
    .returning();
  if (!booking) throw movedOn(transition, current);

  await recordTransition(tx, {
    subjectType: 'booking',
    subjectId: booking.id,
    transition,
    actorId: actor.userId,
    from: check.from,
    to: check.to,
    reason: context.reason,
    details: {
      nameAr: space.nameAr,
      nameEn: space.nameEn,
      renterEmail: booking.renterEmail,
      date: booking.date,
      startTime: toHourMinute(booking.startTime),
      endTime: toHourMinute(booking.endTime),
    },
  });
  // Who is told what: the transition's row in the notice table, queued in this transaction.
  const [renter] = await tx.select().from(users).where(eq(users.id, booking.renterId));
  await tellOfBooking(tx, {
    event: bookingEvent(transition, check.from, context.reason),
    booking: toBookingForEmail(booking, space, renter ?? {}),
    renterId: booking.renterId,
    renterLocale: recipientLocale(renter?.locale, context.requestLocale),
    hostId: space.hostId,
    publicUrl: context.publicUrl,
    team: { email: context.teamEmail, locale: context.requestLocale },
    decidedAt: decided ? (booking.decidedAt ?? booking.updatedAt) : booking.updatedAt,
    now,
    reason: context.reason,
    // The declines of one confirm all read the same day after it (a decline frees nothing).
    freeTimes: async () => {
      const free =
        context.freeTimesOf?.get(booking.date) ??
        (await dayFreeTimes(tx, space, booking.date, now));
      context.freeTimesOf?.set(booking.date, free);
      return free;
    },
  });

  // A confirmed booking cancelled before its start frees the time it took: the renters its confirm
  // declined as SLOT_TAKEN hear it (issue 37, decision 060). `current` still has the confirm's time.
  if (check.from === 'confirmed' && check.to === 'cancelled') {
    await tellFreedSlots(tx, {
      space,
      confirmedAt: current.decidedAt,
      now,
      requestLocale: context.requestLocale,
      publicUrl: context.publicUrl,
      teamEmail: context.teamEmail,
    });
  }

  // A paid booking cancelled (by its renter, an admin, or …) is refunded as its policy says, by a
  // durable job ordered in this transaction (issue 32).
  if (check.from === 'confirmed' && check.to === 'cancelled' && current.paidAt !== null) {
    await orderRefundOnCancel(tx, {
      booking,
      policy: space.cancellationPolicy,
      startsAt,
      cancelledAt: now,
      cancelledBy: actor.role,
    });
  }

  // Taken slots decline themselves (issue 18): every pending request of the space whose time,
  // with the buffer after it, meets this booking's — in this transaction, under the space's lock.
  if (confirming) {
    const overlapping = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.spaceId, space.id),
          eq(bookings.status, 'pending'),
          ne(bookings.id, booking.id),
          sql`tstzrange(lower(${bookings.period}), upper(${bookings.period}) + make_interval(mins => ${space.bufferMinutes}), '[)') && ${booking.busyPeriod}`,
        ),
      )
      .orderBy(bookings.createdAt);
    const freeTimesOf = new Map<string, FreeTime[]>();
    for (const other of overlapping) {
      await transitionBooking(tx, other.id, 'decline', SYSTEM_ACTOR, {
        freeTimesOf,
        requestLocale: context.requestLocale,
        publicUrl: context.publicUrl,
        teamEmail: context.teamEmail,
        reason: SLOT_TAKEN,
        now,
      });
    }
  }
  return { booking, space };
}

/**
 * Runs `work` (which calls `transitionBooking`) in a transaction of its own, retrying
 * serialisation failures and deadlocks, and answering the exclusion constraints' refusal — another
 * confirmed booking of the space holds part of this time, or of the buffer around it — with 409
 * BOOKING_OVERLAP or SLOT_IN_BUFFER.
 */
export async function inBookingTransaction<T>(
  db: Db,
  bookingId: string,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (error) {
      if (pgErrorCode(error) === '23P01') {
        throw new AppError(await confirmConflict(db, bookingId), undefined, {
          current: { id: bookingId, status: 'pending', conflict: true },
        });
      }
      if (isRetryable(error) && attempt < 5) continue;
      throw error;
    }
  }
}
