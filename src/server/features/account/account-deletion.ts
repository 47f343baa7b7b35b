import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import type { ErrorCode } from '#shared/messages.ts';
import { FORMER_PERSON_NAME } from '#shared/domain/former-person.ts';
import { formatDateTime } from '#shared/format.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  accounts,
  auditLog,
  bookings,
  contactChanges,
  dataExports,
  hostPayoutAccounts,
  ledgerEntries,
  ledgerPostings,
  phoneCodes,
  sessions,
  spaceImages,
  spaces,
  users,
  verifications,
} from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { UPLOAD_SWEEP_JOB, type UploadSweepJob } from '#server/jobs/job-kinds.ts';
import { enqueueJob } from '#server/jobs/queue.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';
import { accountEmail } from './account-emails.ts';

/**
 * "Delete my account" (issue 38, decisions 063 and 071). A request locks the person's user row
 * and checks, in the same transaction, what would make a deletion wrong for someone else: an
 * upcoming booking or request (as renter or as host), a space still listed or waiting for review,
 * money still owed to them. A booking request takes the same row lock (request-booking.ts), so
 * a deletion and a new booking take turns: whichever commits first wins and the other is
 * refused. The person is signed out everywhere; signing in again during the grace cancels it
 * (auth.ts, on every new session). After the grace, the sweep erases the personal data through
 * `ERASE_STEPS`, keeping the row (without identity) for what others and the law still need.
 */

export const ACCOUNT_DELETION_AUDIT = {
  request: 'account.delete_request',
  cancel: 'account.delete_cancel',
  erase: 'account.erase',
} as const;

/** Booking states that still hold a time to come: a request may yet be confirmed. */
const LIVE_BOOKING_STATUSES = ['pending', 'confirmed'] as const;
/** Space states in which renters can find or may yet find it (after review). */
const LISTED_SPACE_STATUSES = ['pending', 'approved', 'paused'] as const;

/** Why the account cannot be deleted now, or null. Run under the user row's lock. */
export async function deletionBlocker(
  q: Queryable,
  userId: string,
  now: Date,
): Promise<ErrorCode | null> {
  const hostSpaces = q.select({ id: spaces.id }).from(spaces).where(eq(spaces.hostId, userId));
  const [upcoming] = await q
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        sql`(${bookings.renterId} = ${userId} or ${bookings.spaceId} in ${hostSpaces})`,
        inArray(bookings.status, LIVE_BOOKING_STATUSES),
        sql`upper(${bookings.period}) > ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  if (upcoming) return 'ACCOUNT_HAS_UPCOMING_BOOKINGS';
  const [listed] = await q
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.hostId, userId), inArray(spaces.status, LISTED_SPACE_STATUSES)))
    .limit(1);
  if (listed) return 'ACCOUNT_HAS_LISTED_SPACES';
  // What the ledger owes the host: the balance of their `host_payable` entries, signed from
  // HourSpace's books (their shares are credits, negative; payouts debit it back to zero).
  const [balance] = await q
    .select({ halalas: sql<string>`coalesce(sum(${ledgerEntries.amountHalalas}), 0)` })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.postingId, ledgerPostings.id))
    .where(and(eq(ledgerPostings.hostId, userId), eq(ledgerEntries.account, 'host_payable')));
  if (-Number(balance?.halalas ?? 0) > 0) return 'ACCOUNT_HAS_MONEY_OWED';
  return null;
}

/** The user row, locked against booking requests and other deletions (`for no key update`). */
async function lockUser(q: Queryable, userId: string) {
  const [user] = await q.select().from(users).where(eq(users.id, userId)).for('no key update');
  return user;
}

/**
 * Asks for the account's deletion: refused with the reason's code, or recorded with the day the
 * data will be erased; every session ends; the person is emailed; the admins' audit log has it.
 * Asking again during the grace answers the same day.
 */
export async function requestAccountDeletion(
  db: Db,
  input: { userId: string; now: Date; graceHours: number; requestLocale: Locale },
): Promise<{ erasesAt: Date }> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, input.userId);
    if (!user || user.deletedAt) throw new AppError('UNAUTHORIZED');
    if (user.deletionRequestedAt)
      return { erasesAt: erasesAt(user.deletionRequestedAt, input.graceHours) };
    const blocker = await deletionBlocker(tx, user.id, input.now);
    if (blocker) throw new AppError(blocker);
    await tx
      .update(users)
      .set({ deletionRequestedAt: input.now, updatedAt: input.now })
      .where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.insert(auditLog).values({
      actorId: user.id,
      action: ACCOUNT_DELETION_AUDIT.request,
      subjectType: 'account',
      subjectId: user.id,
      details: { erasesAt: erasesAt(input.now, input.graceHours).toISOString() },
      createdAt: input.now,
    });
    const when = erasesAt(input.now, input.graceHours);
    const locale = recipientLocale(user.locale, input.requestLocale);
    await enqueueMail(
      tx,
      `deletion-requested-${user.id}-${input.now.getTime()}`,
      accountEmail({
        kind: 'deletionRequested',
        to: user.email,
        user,
        locale,
        erasesOn: formatDateTime(when, locale),
      }),
    );
    return { erasesAt: when };
  });
}

const erasesAt = (requestedAt: Date, graceHours: number) =>
  new Date(requestedAt.getTime() + graceHours * 3_600_000);

/**
 * A new session during the grace (any sign-in: password, code, Google, an activation link)
 * cancels the deletion; the person is emailed and the audit log has it. True when it did.
 */
export async function cancelAccountDeletion(
  db: Db,
  input: { userId: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ deletionRequestedAt: null, updatedAt: input.now })
      .where(
        and(
          eq(users.id, input.userId),
          isNotNull(users.deletionRequestedAt),
          isNull(users.deletedAt),
        ),
      )
      .returning();
    if (!user) return false;
    await tx.insert(auditLog).values({
      actorId: user.id,
      action: ACCOUNT_DELETION_AUDIT.cancel,
      subjectType: 'account',
      subjectId: user.id,
      createdAt: input.now,
    });
    await enqueueMail(
      tx,
      `deletion-cancelled-${user.id}-${input.now.getTime()}`,
      accountEmail({
        kind: 'deletionCancelled',
        to: user.email,
        user,
        locale: recipientLocale(user.locale, 'ar'),
      }),
    );
    return true;
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An erased account's email: unique and undeliverable (.invalid is reserved). */
const erasedEmail = (userId: string) => `erased-${userId}@deleted.invalid`;

/**
 * What the erasure does, one step per kind of personal data (beside PERSONAL_DATA_SECTIONS in
 * data-export.ts: **a feature that keeps personal data adds its step here too**). What is kept
 * and why is decision 071 and the privacy page: bookings' amounts, dates and references (tax
 * records, the host's history), invoices and payout transfers (law), reviews (signed "a former
 * guest"), messages (the other party's record) — all pointing at a row with no identity left.
 */
export const ERASE_STEPS: {
  name: string;
  erase: (tx: Tx, user: { id: string; phone: string | null }, now: Date) => Promise<unknown>;
}[] = [
  {
    name: 'sign-in',
    erase: async (tx, user) => {
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      // passwords and linked Google accounts: nothing can sign in to it again
      await tx.delete(accounts).where(eq(accounts.userId, user.id));
      await tx.delete(verifications).where(sql`${verifications.value} like ${`%${user.id}%`}`);
      if (user.phone) await tx.delete(phoneCodes).where(eq(phoneCodes.phone, user.phone));
      await tx.delete(contactChanges).where(eq(contactChanges.userId, user.id));
    },
  },
  {
    name: 'data-exports',
    erase: (tx, user) => tx.delete(dataExports).where(eq(dataExports.userId, user.id)),
  },
  {
    name: 'payout-account',
    erase: (tx, user) =>
      tx.delete(hostPayoutAccounts).where(eq(hostPayoutAccounts.hostId, user.id)),
  },
  {
    // the renter's email and contact number written on each booking
    name: 'booking-contacts',
    erase: (tx, user) =>
      tx
        .update(bookings)
        .set({ contactPhone: '', renterEmail: erasedEmail(user.id) })
        .where(eq(bookings.renterId, user.id)),
  },
  {
    // the audit log's entries on their bookings name the renter by email (transitionBooking)
    name: 'audit-details',
    erase: (tx, user) =>
      tx
        .update(auditLog)
        .set({ details: sql`${auditLog.details} - 'renterEmail'` })
        .where(
          and(
            eq(auditLog.subjectType, 'booking'),
            sql`${auditLog.subjectId} in (select ${bookings.id}::text from ${bookings} where ${bookings.renterId} = ${user.id})`,
          ),
        ),
  },
  {
    // no space of theirs is listed (deletionBlocker): its contact goes, its photos are unclaimed
    // and the uploads sweep deletes the rows and the files
    name: 'unlisted-spaces',
    erase: async (tx, user) => {
      const own = tx.select({ id: spaces.id }).from(spaces).where(eq(spaces.hostId, user.id));
      await tx
        .update(spaces)
        .set({ contactPhone: '', contactEmail: '' })
        .where(eq(spaces.hostId, user.id));
      const images = await tx
        .update(spaceImages)
        .set({ spaceId: null })
        .where(sql`${spaceImages.spaceId} in ${own} or ${spaceImages.uploaderId} = ${user.id}`)
        .returning({ id: spaceImages.id });
      for (const image of images) {
        await enqueueJob(tx, {
          kind: UPLOAD_SWEEP_JOB,
          payload: { imageId: image.id } satisfies UploadSweepJob,
          dedupeKey: `erase-upload:${image.id}`,
        });
      }
    },
  },
  {
    name: 'profile',
    erase: (tx, user, now) =>
      tx
        .update(users)
        .set({
          name: FORMER_PERSON_NAME,
          fullName: null,
          // unique and undeliverable (.invalid is reserved): nobody can sign up with it
          email: erasedEmail(user.id),
          emailVerified: false,
          phone: null,
          phoneVerified: false,
          image: null,
          whatsappOptInAt: null,
          deletedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, user.id)),
  },
];

/**
 * The sweep (job-wiring.ts): every account whose grace ended is erased, each in its own
 * transaction under its row lock. A row cancelled or erased meanwhile is skipped; one that
 * gained a blocker since (an admin's confirm of a request that was pending at the request is
 * refused by the blocker check, but a payout may still be owed) waits for the next run.
 */
export async function eraseDueAccounts(
  db: Db,
  now: Date,
  settings: { graceHours: number },
): Promise<{ erased: number; waiting: number }> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNotNull(users.deletionRequestedAt),
        isNull(users.deletedAt),
        lte(users.deletionRequestedAt, new Date(now.getTime() - settings.graceHours * 3_600_000)),
      ),
    )
    .limit(100);
  let erased = 0;
  let waiting = 0;
  for (const { id } of due) {
    const outcome = await db.transaction(async (tx) => {
      const user = await lockUser(tx, id);
      if (!user || user.deletedAt || !user.deletionRequestedAt) return 'skipped';
      if (erasesAt(user.deletionRequestedAt, settings.graceHours) > now) return 'skipped';
      const blocker = await deletionBlocker(tx, id, now);
      if (blocker) return 'waiting';
      for (const step of ERASE_STEPS) await step.erase(tx, user, now);
      await tx.insert(auditLog).values({
        actorId: null,
        action: ACCOUNT_DELETION_AUDIT.erase,
        subjectType: 'account',
        subjectId: id,
        details: { automatic: true, requestedAt: user.deletionRequestedAt.toISOString() },
        createdAt: now,
      });
      return 'erased';
    });
    if (outcome === 'erased') erased += 1;
    if (outcome === 'waiting') waiting += 1;
  }
  return { erased, waiting };
}
