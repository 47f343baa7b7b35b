import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookings, spaces, users } from '#server/db/schema.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { adminAudience } from '#server/notices/audience.ts';
import { toBookingForEmail } from './booking-views.ts';
import { reminderDigestEmail } from './emails/requests-waiting.ts';
import { sweepDueBookings } from './batch-sweep.ts';
import { SYSTEM_ACTOR, transitionBooking } from './transition-booking.ts';

/**
 * The booking feature's periodic sweeps (src/server/job-wiring.ts lists them): pending
 * requests expire, and the admins are reminded of those that have waited long. Both are safe to
 * run in any number of processes at once: an expiry is `transitionBooking`'s compare-and-swap
 * (the loser's 409 is skipped), a reminder marks its rows under `FOR UPDATE SKIP LOCKED`.
 */
export interface RequestSweepSettings {
  /** REQUEST_TTL_HOURS: a request expires this long after it was sent, or at its start. */
  ttlHours: number;
  /** REQUEST_REMINDER_HOURS: the admins hear of a request that has waited this long. */
  reminderHours: number;
  publicUrl: string;
  /** Where the digest goes when nobody holds an admin role. */
  teamEmail: string;
}

/** When a pending request expires, in SQL: the earlier of its time to live and its start. */
export const expiresAtSql = (ttlHours: number) =>
  sql`least(${bookings.createdAt} + make_interval(secs => ${ttlHours * 3600}), lower(${bookings.period}))`;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * Expires every pending request that is due at `now` (src/shared/domain/booking-lifecycle.ts
 * `requestExpiresAt`), each in a transaction of its own through `transitionBooking`, which tells
 * the renter and the host (`sweepDueBookings`). Returns how many this run expired.
 */
export async function expireDueRequests(
  db: Db,
  now: Date,
  settings: Pick<RequestSweepSettings, 'ttlHours' | 'publicUrl' | 'teamEmail'>,
): Promise<number> {
  return sweepDueBookings(
    db,
    {
      where: and(
        eq(bookings.status, 'pending'),
        sql`${expiresAtSql(settings.ttlHours)} <= ${at(now)}`,
      ),
      orderBy: [asc(bookings.createdAt), asc(bookings.id)],
    },
    (tx, id) =>
      transitionBooking(tx, id, 'expire', SYSTEM_ACTOR, {
        // Written to a renter or host with no stored language: the product's first language.
        requestLocale: 'ar',
        publicUrl: settings.publicUrl,
        teamEmail: settings.teamEmail,
        now,
      }),
  );
}

/**
 * Sends each admin one digest of the pending requests that have waited `reminderHours` and are
 * not yet expired, each request in one run's digest only (`reminded_at`), soonest to expire
 * first. Returns how many requests this run reminded of.
 */
export async function remindAdminsOfWaitingRequests(
  db: Db,
  now: Date,
  settings: RequestSweepSettings,
): Promise<number> {
  return db.transaction(async (tx) => {
    const expiresAt = expiresAtSql(settings.ttlHours);
    const waiting = tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'pending'),
          isNull(bookings.remindedAt),
          sql`${bookings.createdAt} + make_interval(secs => ${settings.reminderHours * 3600}) <= ${at(now)}`,
          sql`${expiresAt} > ${at(now)}`,
        ),
      )
      .orderBy(asc(bookings.createdAt))
      .limit(500)
      .for('update', { skipLocked: true });
    const marked = await tx
      .update(bookings)
      .set({ remindedAt: now })
      .where(inArray(bookings.id, waiting))
      .returning({ id: bookings.id });
    if (marked.length === 0) return 0;

    const rows = await tx
      .select({
        booking: bookings,
        space: spaces,
        renter: users,
        expiresAt: sql<string>`${expiresAt}`,
      })
      .from(bookings)
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .innerJoin(users, eq(users.id, bookings.renterId))
      .where(
        inArray(
          bookings.id,
          marked.map((m) => m.id),
        ),
      );
    const requests = rows
      .map((r) => ({
        booking: toBookingForEmail(r.booking, r.space, r.renter),
        expiresAt: new Date(r.expiresAt),
      }))
      .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime());
    // One digest per admin per run: the run is named by the requests it lists.
    const run = createHash('sha256')
      .update(
        marked
          .map((m) => m.id)
          .sort()
          .join(','),
      )
      .digest('hex')
      .slice(0, 16);
    // The notice table's `requestsWaiting` row: every admin, or the team address in Arabic.
    const to = await adminAudience(tx, { email: settings.teamEmail, locale: 'ar' });
    for (const admin of to) {
      await enqueueMail(
        tx,
        `reminder-digest-${run}-${admin.key}`,
        reminderDigestEmail({
          locale: admin.locale,
          to: admin.email,
          requests,
          now,
          publicUrl: settings.publicUrl,
        }),
      );
    }
    return marked.length;
  });
}
