import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import { displayName } from '#shared/domain/display-name.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  bookings,
  requestNoticeRecipients,
  requestNotices,
  spaces,
  users,
} from '#server/db/schema.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { REQUEST_NOTICES_JOB, type RequestNoticesJob } from '#server/jobs/job-kinds.ts';
import { enqueueJob } from '#server/jobs/queue.ts';
import { adminAudience } from '#server/notices/audience.ts';
import { noticeRow } from '#server/notices/notice-table.ts';
import { personToWrite } from '#server/users/person-to-write.ts';
import { whatsAppAboutBooking } from './booking-whatsapp.ts';
import { toBookingForEmail } from './booking-views.ts';
import type { BookingForEmail } from './emails/booking-details.ts';
import {
  bookingRequestedAdminEmail,
  bookingRequestedHostEmail,
  newRequestsEmail,
} from './emails/requested.ts';

/**
 * The "new request" notices to a host and to the admins, coalesced (issue 37, decision 072).
 *
 * A request adds a row per recipient to an outbox (`request_notices`) in its own transaction and
 * queues a job per recipient, due at once. Only the job sends, and it decides: under the
 * recipient's row lock, when the last email to them was at least the window ago
 * (`REQUEST_NOTICE_EVERY_SECONDS`, ten minutes by default) it empties the outbox into one email —
 * the request's own when it is alone, else one listing them all — and stamps the time; when it
 * was sooner, it leaves the outbox and makes sure one job waits for the end of the window (one
 * per last email: its dedupe key names that email's time). So the first request of a quiet
 * period is told at once, and a burst in one email per window.
 *
 * Requests take no lock of their own here, so a burst of them never waits on another: each
 * request's own job guarantees its rows are told (none is lost), and jobs of one recipient take
 * turns on its row, deleting what they email (none is told twice). Every time compared is the
 * database's clock, so instances whose clocks differ agree on when a window ends.
 */

/** Who a recipient key names, and which email they read. */
type Audience = 'host' | 'admin';
const audienceOf = (recipient: string): Audience =>
  recipient.startsWith('host:') ? 'host' : 'admin';

const queueNoticeJob = (tx: Queryable, recipient: string, runAt?: Date, dedupeKey?: string) => {
  const payload: RequestNoticesJob = { recipient };
  return enqueueJob(tx, { kind: REQUEST_NOTICES_JOB, payload, runAt, dedupeKey });
};

/** In the request's transaction: the request joins the outbox of its host and of the admins. */
export async function queueRequestNotices(
  tx: Queryable,
  input: {
    bookingId: string;
    hostId: string;
    team: { email?: string; locale: Locale };
  },
): Promise<void> {
  const row = noticeRow('booking', 'requested');
  const wanted: { recipient: string; email: string; locale: Locale }[] = [];
  if (row.host?.email || row.host?.whatsapp) {
    const [host] = await tx
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, input.hostId));
    if (host) wanted.push({ recipient: `host:${input.hostId}`, ...host });
  }
  if (row.admins?.email) {
    for (const admin of await adminAudience(tx, input.team)) {
      wanted.push({ recipient: `admin:${admin.key}`, email: admin.email, locale: admin.locale });
    }
  }
  if (wanted.length === 0) return;

  await tx.insert(requestNoticeRecipients).values(wanted).onConflictDoNothing();
  await tx
    .insert(requestNotices)
    .values(wanted.map((w) => ({ recipient: w.recipient, bookingId: input.bookingId })))
    .onConflictDoNothing();
  // Due at once: the job itself waits for the end of the window when the last email was recent.
  for (const w of wanted) await queueNoticeJob(tx, w.recipient);
}

/** The recipient's waiting requests as the emails read them, oldest first. */
async function requestsForEmail(tx: Queryable, bookingIds: string[]): Promise<BookingForEmail[]> {
  const rows = await tx
    .select({ booking: bookings, space: spaces, renter: users })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, bookings.renterId))
    .where(inArray(bookings.id, bookingIds))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  return rows.map((r) => toBookingForEmail(r.booking, r.space, r.renter));
}

/**
 * The job: empties the recipient's outbox and queues its email, in one transaction (a failure
 * rolls both back, and the retry finds the outbox as it was). A request alone is told with its
 * own email (and the host's WhatsApp, for those who agreed); several, with one email listing
 * them (and the host's WhatsApp, once, naming the first). The person's address and language are
 * read now, so a changed language is honoured.
 */
export async function sendRequestNotices(
  db: Db,
  job: RequestNoticesJob,
  settings: { publicUrl: string; everyMs: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [recipient] = await tx
      .select({
        email: requestNoticeRecipients.email,
        locale: requestNoticeRecipients.locale,
        lastSentAt: requestNoticeRecipients.lastSentAt,
        // The database's clock (the transaction's start), the one the queue's run times are read
        // by: a job due at the window's end never finds itself early.
        now: sql<Date>`now()`.mapWith(requestNoticeRecipients.lastSentAt),
      })
      .from(requestNoticeRecipients)
      .where(eq(requestNoticeRecipients.recipient, job.recipient))
      .for('update');
    if (!recipient) return;
    const now = recipient.now;
    const lastSent = recipient.lastSentAt?.getTime();
    if (lastSent !== undefined && lastSent + settings.everyMs > now.getTime()) {
      // Too soon after the last email: whatever waits goes with the job at the end of the
      // window, queued once per last email.
      const [anyWaiting] = await tx
        .select({ id: requestNotices.id })
        .from(requestNotices)
        .where(eq(requestNotices.recipient, job.recipient))
        .limit(1);
      if (anyWaiting) {
        await queueNoticeJob(
          tx,
          job.recipient,
          new Date(lastSent + settings.everyMs),
          `request-notices:${job.recipient}:${lastSent}`,
        );
      }
      return;
    }
    const waiting = await tx
      .delete(requestNotices)
      .where(eq(requestNotices.recipient, job.recipient))
      .returning({ id: requestNotices.id, bookingId: requestNotices.bookingId });
    if (waiting.length === 0) return;
    await tx
      .update(requestNoticeRecipients)
      .set({ lastSentAt: now })
      .where(eq(requestNoticeRecipients.recipient, job.recipient));

    const audience = audienceOf(job.recipient);
    const userId = job.recipient.slice(job.recipient.indexOf(':') + 1);
    const person = userId === 'team' ? undefined : await personToWrite(tx, userId);
    // An account deleted meanwhile is told nothing; the team's address is the one stored.
    if (userId !== 'team' && !person) return;
    const to = person?.email ?? recipient.email;
    const locale: Locale = person?.locale ?? recipient.locale;

    const requests = await requestsForEmail(
      tx,
      waiting.map((w) => w.bookingId),
    );
    if (requests.length === 0) return;
    const row = noticeRow('booking', 'requested');
    if (requests.length === 1) {
      const [booking] = requests as [BookingForEmail];
      // The request's own email, under the key it always had: one email per request and person.
      if (audience === 'host') {
        if (row.host?.email) {
          await enqueueMail(
            tx,
            `booking-${booking.id}-requested-host`,
            bookingRequestedHostEmail({
              locale,
              to,
              hostName: person ? displayName(person) : '',
              booking,
              publicUrl: settings.publicUrl,
            }),
          );
        }
        if (row.host?.whatsapp) {
          await whatsAppAboutBooking(tx, userId, row.host.whatsapp, booking, settings.publicUrl);
        }
      } else {
        await enqueueMail(
          tx,
          `booking-${booking.id}-requested-${userId === 'team' ? 'team' : `admin-${userId}`}`,
          bookingRequestedAdminEmail({ locale, to, booking, publicUrl: settings.publicUrl }),
        );
      }
      return;
    }
    // Several: one email lists them all. Its key names the recipient and the first outbox row,
    // which no later email can share (the rows are gone once told).
    const first = Math.min(...waiting.map((w) => w.id));
    await enqueueMail(
      tx,
      `request-notices-${job.recipient}-${first}`,
      newRequestsEmail({
        locale,
        to,
        audience,
        requests,
        publicUrl: settings.publicUrl,
        everyMs: settings.everyMs,
      }),
    );
    // A WhatsApp template names one booking: a host who agreed hears of the batch's first, once
    // per email, never once per request (the email lists the rest).
    if (audience === 'host' && row.host?.whatsapp) {
      await whatsAppAboutBooking(tx, userId, row.host.whatsapp, requests[0]!, settings.publicUrl);
    }
  });
}
