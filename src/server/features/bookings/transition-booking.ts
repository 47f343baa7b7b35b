import { and, eq, ne, sql } from 'drizzle-orm';
import type { Day, Locale } from '#shared/constants.ts';
import {
  BOOKING_TRANSITIONS,
  checkBookingTransition,
  hasStarted,
  SLOT_TAKEN,
  type BookingActor,
  type BookingTransition,
} from '#shared/domain/booking-lifecycle.ts';
import { isFreeCancellation } from '#shared/domain/cancellation-policy.ts';
import { freeTimes, type FreeTime } from '#shared/domain/free-times.ts';
import { riyadhInstant, toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import { isUuid } from '#shared/schemas/booking.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { isRetryable, pgErrorCode } from '#server/db/pg-error.ts';
import { recordTransition } from '#server/db/audit.ts';
import { bookings, spaceBlocks, spaces, users } from '#server/db/schema.ts';
import { AppError, conflict, forbidden, notFound } from '#server/http/app-error.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';
import { adminRecipients } from '#server/users/roles.ts';
import {
  bookingConfirmedEmail,
  bookingRejectedEmail,
  bookingReviewInvitationEmail,
  type BookingForEmail,
  type HostBookingChange,
} from './booking-emails.ts';
import {
  bookingCancelledAdminEmail,
  bookingCancelledRenterEmail,
  requestExpiredRenterEmail,
  slotTakenRenterEmail,
  type Cancellation,
} from './closing-emails.ts';
import { busyOfDay } from './availability.ts';
import { toBookingForEmail, type BookingRow } from './booking-views.ts';
import { whatsAppAboutBooking } from './booking-whatsapp.ts';
import { tellHost } from './host-notices.ts';

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
}

type SpaceRow = typeof spaces.$inferSelect;

interface Notice {
  booking: BookingForEmail;
  row: BookingRow;
  space: SpaceRow;
  /** The status it left. */
  from: string;
  renterId: string;
  /** The renter's language (their stored one, else the actor's request's). */
  renterLocale: Locale;
  decidedAt: Date;
  context: TransitionContext;
}

/** The free times left on a declined request's date (`freeTimes`), for its renter's email. */
async function dayFreeTimes(tx: Queryable, n: Notice): Promise<FreeTime[]> {
  const space = n.space;
  const hours = { opensAt: toHourMinute(space.opensAt), closesAt: toHourMinute(space.closesAt) };
  // The day as the booking form reads it: by period, to closing time the next morning.
  const busy = await busyOfDay(tx, { id: space.id, ...hours }, n.row.date);
  return freeTimes(
    {
      ...hours,
      availableDays: space.availableDays as Day[],
      minBookingMinutes: space.minBookingMinutes,
      minNoticeHours: space.minNoticeHours,
      horizonDays: space.horizonDays,
      bufferMinutes: space.bufferMinutes,
    },
    { date: n.row.date, busy },
    n.context.now ?? new Date(),
  );
}

/** Every admin (or the team address when there is none) hears of a cancelled confirmed booking. */
async function tellAdminsCancelled(
  tx: Queryable,
  n: Notice,
  cancellation: Exclude<Cancellation, { by: 'renter-request' }>,
) {
  const admins = await adminRecipients(tx);
  const to =
    admins.length > 0
      ? admins.map((a) => ({ key: a.id, email: a.email, locale: a.locale }))
      : n.context.teamEmail
        ? [{ key: 'team', email: n.context.teamEmail, locale: n.context.requestLocale }]
        : [];
  for (const admin of to) {
    await enqueueMail(
      tx,
      `booking-${n.booking.id}-cancelled-admin-${admin.key}`,
      bookingCancelledAdminEmail({
        locale: admin.locale,
        to: admin.email,
        booking: n.booking,
        cancellation,
        publicUrl: n.context.publicUrl,
      }),
    );
  }
}

/** The renter and the admins hear of a confirmed booking's cancellation. */
async function tellCancelled(
  tx: Queryable,
  n: Notice,
  cancellation: Exclude<Cancellation, { by: 'renter-request' }>,
) {
  await enqueueMail(
    tx,
    `booking-${n.booking.id}-cancelled-renter`,
    bookingCancelledRenterEmail({
      locale: n.renterLocale,
      booking: n.booking,
      cancellation,
      cancelledAt: n.decidedAt,
      publicUrl: n.context.publicUrl,
    }),
  );
  await tellAdminsCancelled(tx, n, cancellation);
}

/**
 * Who is told what after each transition, queued in the same transaction. The host hears of
 * every change but a decline (`HOST_EVENT`; the confirm that caused it told them already) and a
 * completion; the renter of the moves they did not make themself (a completion invites them to
 * review), and of their own cancellation of a confirmed booking (its calendar file); the admins
 * of every cancelled confirmed booking.
 */
const TELL_RENTER: Record<
  BookingTransition,
  ((tx: Queryable, n: Notice) => Promise<unknown>) | null
> = {
  confirm: async (tx, n) => {
    await enqueueMail(
      tx,
      `booking-${n.booking.id}-confirmed-renter`,
      bookingConfirmedEmail({
        locale: n.renterLocale,
        booking: n.booking,
        publicUrl: n.context.publicUrl,
        decidedAt: n.decidedAt,
      }),
    );
    await whatsAppAboutBooking(tx, n.renterId, 'booking_confirmed_renter', n.booking);
  },
  reject: async (tx, n) => {
    await enqueueMail(
      tx,
      `booking-${n.booking.id}-rejected-renter`,
      bookingRejectedEmail({
        locale: n.renterLocale,
        booking: n.booking,
        publicUrl: n.context.publicUrl,
        reason: n.context.reason,
      }),
    );
    await whatsAppAboutBooking(tx, n.renterId, 'booking_declined_renter', n.booking);
  },
  decline: async (tx, n) => {
    const free = n.context.freeTimesOf?.get(n.row.date) ?? (await dayFreeTimes(tx, n));
    n.context.freeTimesOf?.set(n.row.date, free);
    await enqueueMail(
      tx,
      `booking-${n.booking.id}-slot-taken-renter`,
      slotTakenRenterEmail({
        locale: n.renterLocale,
        booking: n.booking,
        freeTimes: free,
        publicUrl: n.context.publicUrl,
      }),
    );
    // Not accepted, with the way on: the email carries the day's free times.
    await whatsAppAboutBooking(tx, n.renterId, 'booking_declined_renter', n.booking);
  },
  expire: async (tx, n) => {
    await enqueueMail(
      tx,
      `booking-${n.booking.id}-expired-renter`,
      requestExpiredRenterEmail({
        locale: n.renterLocale,
        booking: n.booking,
        publicUrl: n.context.publicUrl,
      }),
    );
    await whatsAppAboutBooking(tx, n.renterId, 'booking_expired_renter', n.booking);
  },
  // A pending request the renter withdrew: they know. A confirmed booking: its calendar file.
  cancel: async (tx, n) => {
    if (n.from !== 'confirmed') return;
    const startsAt = riyadhInstant(n.row.date, minutesOf(n.row.startTime));
    const now = n.context.now ?? new Date();
    await tellCancelled(tx, n, {
      by: 'renter',
      free: isFreeCancellation(n.space.cancellationPolicy, startsAt, now),
    });
  },
  revoke: async (tx, n) => {
    await tellCancelled(tx, n, { by: 'admin', reason: n.context.reason ?? '' });
    await whatsAppAboutBooking(tx, n.renterId, 'booking_revoked_renter', n.booking);
  },
  // Its time has passed: the renter is invited to review it.
  complete: (tx, n) =>
    enqueueMail(
      tx,
      `booking-${n.booking.id}-completed-renter`,
      bookingReviewInvitationEmail({
        locale: n.renterLocale,
        booking: n.booking,
        publicUrl: n.context.publicUrl,
      }),
    ),
};

/** The host's email of each transition (none for a decline; a booking that simply ended is no news). */
const HOST_EVENT: Record<BookingTransition, HostBookingChange | null> = {
  confirm: 'confirmed',
  reject: 'rejected',
  decline: null,
  expire: 'expired',
  cancel: 'cancelled',
  revoke: 'revoked',
  complete: null,
};

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

  // An admin's or the server's move is a decision (who and when); the renter's own is not, nor
  // a completion (the booking's time simply passed: who confirmed it, and when, stays).
  const decided = actor.role !== 'renter' && check.to !== 'completed';
  const [booking] = await tx
    .update(bookings)
    .set({
      status: check.to,
      ...(decided ? { decidedBy: actor.userId, decidedAt: sql`now()` } : {}),
      // What the renter reads as the why: the admin's reason, or SLOT_TAKEN.
      ...(context.reason !== undefined ? { statusReason: context.reason } : {}),
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
    row: booking,
    space,
    from: check.from,
    renterId: booking.renterId,
    renterLocale: recipientLocale(renter?.locale, context.requestLocale),
    decidedAt: decided ? (booking.decidedAt ?? booking.updatedAt) : booking.updatedAt,
    context: { ...context, now },
  });
  const hostEvent = HOST_EVENT[transition];
  if (hostEvent) {
    await tellHost(tx, {
      hostId: space.hostId,
      booking: forEmail,
      event: hostEvent,
      publicUrl: context.publicUrl,
    });
  }

  // Taken slots decline themselves (issue 18): every pending request of the space whose time,
  // with the buffer after it, meets this booking's — in this transaction, under the space's lock.
  if (check.to === 'confirmed') {
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
        throw new AppError('BOOKING_OVERLAP', undefined, {
          current: { id: bookingId, status: 'pending', conflict: true },
        });
      }
      if (isRetryable(error) && attempt < 5) continue;
      throw error;
    }
  }
}
