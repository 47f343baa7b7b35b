import type { Locale } from '#shared/constants.ts';
import { isFreeCancellation } from '#shared/domain/cancellation-policy.ts';
import { displayName } from '#shared/domain/display-name.ts';
import type { FreeTime } from '#shared/domain/free-times.ts';
import { riyadhInstant } from '#shared/domain/riyadh-calendar.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import type { Queryable } from '#server/db/client.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { adminAudience } from '#server/notices/audience.ts';
import { personToWrite } from '#server/users/person-to-write.ts';
import { noticeRow, type BookingEvent, type EmailTemplates } from '#server/notices/notice-table.ts';
import { whatsAppAboutBooking } from './booking-whatsapp.ts';
import { queueRequestNotices } from './request-notices.ts';
import type { BookingForEmail, HostEmailInput } from './emails/booking-details.ts';
import {
  bookingCancelledAdminEmail,
  bookingCancelledHostEmail,
  bookingCancelledRenterEmail,
  type Cancellation,
} from './emails/cancelled.ts';
import { bookingReviewInvitationEmail } from './emails/completed.ts';
import { bookingConfirmedEmail, bookingConfirmedHostEmail } from './emails/confirmed.ts';
import { requestExpiredHostEmail, requestExpiredRenterEmail } from './emails/expired.ts';
import { bookingRejectedEmail, bookingRejectedHostEmail } from './emails/rejected.ts';
import {
  bookingRequestedAdminEmail,
  bookingRequestedHostEmail,
  bookingRequestedRenterEmail,
} from './emails/requested.ts';
import {
  bookingPaidRenterEmail,
  bookingReleasedHostEmail,
  bookingReleasedRenterEmail,
  paymentDueRenterEmail,
} from './emails/payment.ts';
import { bookingRevokedHostEmail } from './emails/revoked.ts';
import { slotFreeAgainRenterEmail, spaceArchivedRenterEmail } from './emails/freed.ts';
import { slotTakenRenterEmail } from './emails/slot-taken.ts';

/**
 * Tells everyone the notice table (src/server/notices/notice-table.ts) names for a booking's
 * event, in the caller's transaction: the renter (at the address they gave with the request, in
 * their language), the host (in theirs) and the admins (or the team address), each by email and,
 * when they agreed to it, WhatsApp. Each email's dedupe key names the booking, the template and
 * the recipient (`booking-<id>-confirmed-renter`), so a retried job sends it once.
 */
export interface BookingNotice {
  event: BookingEvent;
  booking: BookingForEmail;
  renterId: string;
  /** the renter's stored language, else the request's */
  renterLocale: Locale;
  hostId: string;
  publicUrl: string;
  /** where the admins' notices go while nobody holds an admin role, and in which language */
  team: { email?: string; locale: Locale };
  /** the moment of the change (a confirmation's calendar stamp, a cancellation's) */
  decidedAt: Date;
  /** the time of the move: a renter's cancellation is free or late by it */
  now: Date;
  /** the admin's note on a rejection, or their reason for cancelling */
  reason?: string;
  /** the free times left on the day of a declined request (read only when an email needs them) */
  freeTimes?: () => Promise<FreeTime[]>;
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** Who cancelled a confirmed booking: the admin (revoked, with a reason) or its renter. */
function cancellationOf(n: BookingNotice): Cancellation {
  if (n.event === 'revoked') return { by: 'admin', reason: n.reason ?? '' };
  if (n.event === 'hostCancelled') return { by: 'host', reason: n.reason ?? '' };
  const startsAt = riyadhInstant(n.booking.date, minutesOf(n.booking.startTime));
  return {
    by: 'renter',
    free: isFreeCancellation(n.booking.space.cancellationPolicy, startsAt, n.now),
  };
}

type Render<In> = (input: In) => MailMessage | Promise<MailMessage>;

/** The renter's email of each template the table names for them. */
const RENTER_EMAILS: Record<EmailTemplates<'booking', 'renter'>, Render<BookingNotice>> = {
  requested: (n) =>
    bookingRequestedRenterEmail({
      locale: n.renterLocale,
      booking: n.booking,
      publicUrl: n.publicUrl,
    }),
  confirmed: (n) =>
    bookingConfirmedEmail({
      locale: n.renterLocale,
      booking: n.booking,
      publicUrl: n.publicUrl,
      decidedAt: n.decidedAt,
    }),
  rejected: (n) =>
    bookingRejectedEmail({
      locale: n.renterLocale,
      booking: n.booking,
      publicUrl: n.publicUrl,
      reason: n.reason,
    }),
  'slot-taken': async (n) => {
    if (!n.freeTimes) throw new Error('A slot-taken email lists the day’s free times');
    return slotTakenRenterEmail({
      locale: n.renterLocale,
      booking: n.booking,
      freeTimes: await n.freeTimes(),
      publicUrl: n.publicUrl,
    });
  },
  expired: (n) =>
    requestExpiredRenterEmail({
      locale: n.renterLocale,
      booking: n.booking,
      publicUrl: n.publicUrl,
    }),
  cancelled: (n) =>
    bookingCancelledRenterEmail({
      locale: n.renterLocale,
      booking: n.booking,
      cancellation: cancellationOf(n),
      cancelledAt: n.decidedAt,
      publicUrl: n.publicUrl,
    }),
  completed: (n) =>
    bookingReviewInvitationEmail({
      locale: n.renterLocale,
      booking: n.booking,
      publicUrl: n.publicUrl,
    }),
  'space-archived': (n) =>
    spaceArchivedRenterEmail({
      locale: n.renterLocale,
      booking: n.booking,
      publicUrl: n.publicUrl,
    }),
  'slot-free-again': (n) =>
    slotFreeAgainRenterEmail({
      locale: n.renterLocale,
      booking: n.booking,
      publicUrl: n.publicUrl,
    }),
  paid: (n) => bookingPaidRenterEmail(n.renterLocale, n.booking, n.publicUrl),
  released: (n) => bookingReleasedRenterEmail(n.renterLocale, n.booking, n.publicUrl),
  'payment-due': (n) => paymentDueRenterEmail(n.renterLocale, n.booking, n.publicUrl),
};

/** The host's email of each template the table names for them. */
const HOST_EMAILS: Record<EmailTemplates<'booking', 'host'>, Render<HostEmailInput>> = {
  requested: bookingRequestedHostEmail,
  confirmed: bookingConfirmedHostEmail,
  rejected: bookingRejectedHostEmail,
  expired: requestExpiredHostEmail,
  cancelled: bookingCancelledHostEmail,
  revoked: bookingRevokedHostEmail,
  released: bookingReleasedHostEmail,
};

/** An admin's (or the team's) email of each template the table names for them. */
const ADMIN_EMAILS: Record<
  Exclude<EmailTemplates<'booking', 'admins'>, 'requests-waiting' | 'refund-failed'>,
  Render<{ n: BookingNotice; to: string; locale: Locale }>
> = {
  requested: ({ n, to, locale }) =>
    bookingRequestedAdminEmail({ locale, to, booking: n.booking, publicUrl: n.publicUrl }),
  cancelled: ({ n, to, locale }) =>
    bookingCancelledAdminEmail({
      locale,
      to,
      booking: n.booking,
      cancellation: cancellationOf(n),
      publicUrl: n.publicUrl,
    }),
};

/** Queues every notice of a booking's event (its row in the notice table). */
export async function tellOfBooking(tx: Queryable, n: BookingNotice): Promise<void> {
  const row = noticeRow('booking', n.event);
  // A new request reaches its host and the admins through their outbox, coalesced when requests
  // arrive in a burst (request-notices.ts, decision 072); its renter is told here, at once.
  const coalesced = n.event === 'requested';
  const key = (template: string, recipient: string) =>
    `booking-${n.booking.id}-${template}-${recipient}`;

  if (row.renter?.email) {
    const template = row.renter.email as keyof typeof RENTER_EMAILS;
    await enqueueMail(tx, key(template, 'renter'), await RENTER_EMAILS[template](n));
  }
  if (row.renter?.whatsapp) {
    await whatsAppAboutBooking(tx, n.renterId, row.renter.whatsapp, n.booking, n.publicUrl);
  }

  if (coalesced) {
    await queueRequestNotices(tx, {
      bookingId: n.booking.id,
      hostId: n.hostId,
      team: n.team,
    });
    return;
  }

  if (row.host) {
    const host = await personToWrite(tx, n.hostId);
    if (host) {
      if (row.host.email) {
        const template = row.host.email as keyof typeof HOST_EMAILS;
        const message = await HOST_EMAILS[template]({
          locale: host.locale,
          to: host.email,
          hostName: displayName(host),
          booking: n.booking,
          publicUrl: n.publicUrl,
        });
        await enqueueMail(tx, key(template, 'host'), message);
      }
      if (row.host.whatsapp) {
        await whatsAppAboutBooking(tx, n.hostId, row.host.whatsapp, n.booking, n.publicUrl);
      }
    }
  }

  if (row.admins?.email) {
    const template = row.admins.email as keyof typeof ADMIN_EMAILS;
    for (const admin of await adminAudience(tx, n.team)) {
      const message = await ADMIN_EMAILS[template]({ n, to: admin.email, locale: admin.locale });
      const recipient = admin.key === 'team' ? 'team' : `admin-${admin.key}`;
      await enqueueMail(tx, key(template, recipient), message);
    }
  }
}
