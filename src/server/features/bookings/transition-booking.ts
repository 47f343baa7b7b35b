import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import {
  BOOKING_TRANSITIONS,
  checkBookingTransition,
  type BookingActor,
  type BookingTransition,
} from '#shared/domain/booking-lifecycle.ts';
import { toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import { isUuid } from '#shared/schemas/booking.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { isRetryable, pgErrorCode } from '../../db/pg-error.ts';
import { recordTransition } from '../../db/audit.ts';
import { bookings, spaceBlocks, spaces, users } from '../../db/schema.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/app-error.ts';
import { enqueueMail } from '../../jobs/enqueue-mail.ts';
import { recipientLocale } from '../../users/recipient-locale.ts';
import {
  bookingConfirmedEmail,
  bookingRejectedEmail,
  type BookingForEmail,
  type HostBookingChange,
} from './booking-emails.ts';
import { toBookingForEmail, type BookingRow } from './booking-views.ts';
import { tellHost } from './host-notices.ts';

/** Who fires a transition: their role in the state graph and their account. */
export interface BookingActorRef {
  role: BookingActor;
  userId: string;
}

export interface TransitionContext {
  /** The language of the actor's request: used for a recipient with none stored. */
  requestLocale: Locale;
  publicUrl: string;
  /** The admin's note on a rejection (kept in the audit log and put in the email). */
  reason?: string;
}

type SpaceRow = typeof spaces.$inferSelect;

interface Notice {
  booking: BookingForEmail;
  /** The renter's language (their stored one, else the actor's request's). */
  renterLocale: Locale;
  decidedAt: Date;
  context: TransitionContext;
}

/**
 * Who is told what after each transition, queued in the same transaction. The host hears of
 * every change (`tellHost`); the renter of the decisions they did not take themself.
 */
const TELL_RENTER: Record<
  BookingTransition,
  ((tx: Queryable, n: Notice) => Promise<unknown>) | null
> = {
  confirm: (tx, n) =>
    enqueueMail(
      tx,
      `booking-${n.booking.id}-confirmed-renter`,
      bookingConfirmedEmail({
        locale: n.renterLocale,
        booking: n.booking,
        publicUrl: n.context.publicUrl,
        decidedAt: n.decidedAt,
      }),
    ),
  reject: (tx, n) =>
    enqueueMail(
      tx,
      `booking-${n.booking.id}-rejected-renter`,
      bookingRejectedEmail({
        locale: n.renterLocale,
        booking: n.booking,
        publicUrl: n.context.publicUrl,
        reason: n.context.reason,
      }),
    ),
  // The renter cancelled it themself.
  cancel: null,
};

const movedOn = (transition: BookingTransition, current: { id: string; status: string }) =>
  new AppError(409, BOOKING_TRANSITIONS[transition].movedOn, undefined, {
    current: { id: current.id, status: current.status },
  });

/**
 * The one function that changes a booking's status (docs/architecture.md, "State changes"). Run
 * it inside a transaction — `inBookingTransaction` gives one with retries. In order:
 *
 * 1. find the booking (a renter's someone-else's booking is a 404: its existence is not told);
 * 2. lock its space (`for no key update`): decisions on one space take turns, so two overlapping
 *    confirms never wait on each other inside the exclusion check (a deadlock PostgreSQL only
 *    breaks after a second) — the second finds the first's committed row and fails the
 *    constraint at once. New requests for the space stay free (their foreign key takes
 *    `key share`, which does not conflict);
 * 3. lock the booking row and check the move against the state graph, actor included
 *    (src/shared/domain/booking-lifecycle.ts): a wrong actor is 403, a booking that moved on is
 *    409 with its state now, so the page refreshes instead of guessing;
 * 4. compare-and-swap update (`… where status = <from>`);
 * 5. the audit entry and the notifications of this transition, in the same transaction.
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

  const check = checkBookingTransition(current.status, transition, actor.role);
  if (!check.ok) throw check.reason === 'NOT_ALLOWED' ? forbidden() : movedOn(transition, current);
  // A space its host removed takes no new bookings, even from requests made before.
  if (check.to === 'confirmed' && space.status === 'archived') throw conflict('SPACE_ARCHIVED');
  // A time the host blocked is never confirmed. Read under the space's lock, which adding a block
  // takes too: a block and a confirm over one time take turns, and the second is refused.
  if (check.to === 'confirmed') {
    const [blocked] = await tx
      .select({ id: spaceBlocks.id })
      .from(spaceBlocks)
      .where(
        and(eq(spaceBlocks.spaceId, space.id), sql`${spaceBlocks.period} && ${current.period}`),
      )
      .limit(1);
    if (blocked) throw conflict('TIME_BLOCKED');
  }

  const decided = actor.role === 'admin';
  const [booking] = await tx
    .update(bookings)
    .set({
      status: check.to,
      ...(decided ? { decidedBy: actor.userId, decidedAt: sql`now()` } : {}),
      // A confirmed booking holds its time and the space's buffer after it (migration 0007).
      ...(check.to === 'confirmed'
        ? {
            busyPeriod:
              sql`tstzrange(lower(${bookings.period}), upper(${bookings.period}) + make_interval(mins => ${space.bufferMinutes}), '[)')` as unknown as string,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, check.from)))
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
  const [renter] = await tx.select().from(users).where(eq(users.id, booking.renterId));
  const forEmail = toBookingForEmail(booking, space, renter ?? {});
  await TELL_RENTER[transition]?.(tx, {
    booking: forEmail,
    renterLocale: recipientLocale(renter?.locale, context.requestLocale),
    decidedAt: booking.decidedAt ?? new Date(),
    context,
  });
  await tellHost(tx, {
    hostId: space.hostId,
    booking: forEmail,
    event: BOOKING_TRANSITIONS[transition].to as HostBookingChange,
    publicUrl: context.publicUrl,
  });
  return { booking, space };
}

/**
 * Runs `work` (which calls `transitionBooking`) in a transaction of its own, retrying
 * serialisation failures and deadlocks, and answering the exclusion constraint's refusal — another
 * confirmed booking of the space holds part of this time — with 409 BOOKING_OVERLAP.
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
        throw new AppError(409, 'BOOKING_OVERLAP', undefined, {
          current: { id: bookingId, status: 'pending', conflict: true },
        });
      }
      if (isRetryable(error) && attempt < 5) continue;
      throw error;
    }
  }
}
