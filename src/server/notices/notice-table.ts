import type { BookingStatus, SpaceStatus } from '#shared/constants.ts';
import type { BookingTransition } from '#shared/domain/booking-lifecycle.ts';
import type { SpaceTransition } from '#shared/domain/space-lifecycle.ts';
import type { WhatsAppTemplate } from './whatsapp-templates.ts';

/**
 * THE TABLE OF NOTICES: for every event, who is told, on which channel, with which template.
 * Every email and WhatsApp message the product sends starts from a row here; the senders
 * (features/bookings/booking-notices.ts, features/spaces/space-notices.ts, the account and
 * contact services) read their row and queue each message in the transaction that makes the
 * change, so a rolled-back change tells no one. notice-table.test.ts walks every edge of the
 * booking and space state graphs (src/shared/domain) and fails when one has no row.
 *
 * Adding an event: one row here, and one template — its email in the feature's `emails/`
 * folder (the compiler asks for it: each feature's templates are a record keyed by the names
 * used here) with its words in words/ar.ts and words/en.ts, or a WhatsApp template in
 * whatsapp-templates.ts.
 *
 * Who:
 *   renter   the person who asked for the booking, at the address they gave with it
 *   host     the space's owner
 *   admins   every admin, or the team address while nobody holds an admin role (adminAudience)
 *   team     the team address itself (TEAM_EMAIL)
 *   account  the person whose account it is
 * A WhatsApp message goes only to a person who agreed to WhatsApp notices (enqueueWhatsApp).
 */
export type Audience = 'renter' | 'host' | 'admins' | 'team' | 'account';

/**
 * How one audience is told: an email template (named in its feature's templates) and/or a
 * WhatsApp template. In-app and push have their room in the type but no sender yet: their
 * template type is `never`, so no row can use them until one is built.
 */
export interface Channels {
  email?: string;
  whatsapp?: WhatsAppTemplate;
  inApp?: never;
  push?: never;
}

/** One event's row. `untold` says why someone who might expect to hear is not told. */
export type NoticeRow = Partial<Record<Audience, Channels>> & { untold?: string };

/** What happens to a booking that someone is (or is not) told about. */
export type BookingEvent =
  | 'requested'
  | 'confirmed'
  | 'rejected'
  | 'declined'
  | 'expired'
  | 'withdrawn'
  | 'cancelled'
  | 'revoked'
  | 'completed'
  | 'hostCancelled'
  | 'archivedDeclined'
  | 'slotFreed'
  | 'paid'
  | 'released'
  | 'paymentDue'
  | 'refundFailed'
  | 'requestsWaiting';

/** …and to a listing. */
export type SpaceEvent =
  | 'submitted'
  | 'approved'
  | 'rejected'
  | 'resubmitted'
  | 'paused'
  | 'resumed'
  | 'archived'
  | 'revisionSubmitted'
  | 'revisionApproved'
  | 'revisionRejected';

export const NOTICES = {
  booking: {
    // [*] → pending: the renter's request (requestBooking). The renter hears at once; the host
    // and the admins through their outbox, one email per 10 minutes listing a burst's requests
    // (features/bookings/request-notices.ts, decision 072).
    requested: {
      renter: { email: 'requested', whatsapp: 'booking_requested_renter' },
      host: { email: 'requested', whatsapp: 'booking_requested_host' },
      admins: { email: 'requested' },
    },
    confirmed: {
      renter: { email: 'confirmed', whatsapp: 'booking_confirmed_renter' },
      host: { email: 'confirmed', whatsapp: 'booking_confirmed_host' },
    },
    rejected: {
      renter: { email: 'rejected', whatsapp: 'booking_declined_renter' },
      host: { email: 'rejected', whatsapp: 'booking_declined_host' },
    },
    // Not accepted, with the way on: the email carries the day's free times.
    declined: {
      renter: { email: 'slot-taken', whatsapp: 'booking_declined_renter' },
      untold: 'host: the confirm that took the slot told them already',
    },
    expired: {
      renter: { email: 'expired', whatsapp: 'booking_expired_renter' },
      host: { email: 'expired', whatsapp: 'booking_expired_host' },
    },
    // A pending request the renter withdrew.
    withdrawn: {
      host: { email: 'cancelled', whatsapp: 'booking_cancelled_host' },
      untold: 'renter: they withdrew it themself; admins: nothing was arranged yet',
    },
    // A confirmed booking its renter cancelled: their calendar file, the admins who arrange it.
    cancelled: {
      renter: { email: 'cancelled' },
      host: { email: 'cancelled', whatsapp: 'booking_cancelled_host' },
      admins: { email: 'cancelled' },
    },
    // A confirmed booking an admin cancelled, with a reason.
    revoked: {
      renter: { email: 'cancelled', whatsapp: 'booking_revoked_renter' },
      host: { email: 'revoked', whatsapp: 'booking_revoked_host' },
      admins: { email: 'cancelled' },
    },
    // A confirmed booking its host cancelled, with a reason (issue 35): the renter reads the
    // reason, the admins see it on the host's record.
    hostCancelled: {
      renter: { email: 'cancelled', whatsapp: 'booking_revoked_renter' },
      admins: { email: 'cancelled' },
      untold: 'host: they cancelled it themself',
    },
    // Its time has passed: the renter is invited to review it.
    completed: {
      renter: { email: 'completed' },
      untold: 'host: a booking that simply ended is no news',
    },
    // Issue 32: the payment verified with the gateway; the booking is secured.
    paid: {
      renter: { email: 'paid' },
      untold:
        'host: the payment shows in their earnings; the confirmation told them of the booking',
    },
    // Unpaid at its deadline: cancelled with PAYMENT_NOT_RECEIVED, the time free again.
    released: {
      renter: { email: 'released', whatsapp: 'booking_released_renter' },
      host: { email: 'released', whatsapp: 'booking_released_host' },
    },
    // Not a transition: the one reminder before the payment deadline (the payment sweep).
    paymentDue: { renter: { email: 'payment-due', whatsapp: 'booking_payment_due_renter' } },
    // Not a transition: the gateway refused a refund (4xx, the refund job marks it `failed`):
    // the admins refund it by hand, so money is never silently stuck (refunds.ts).
    refundFailed: {
      admins: { email: 'refund-failed' },
      untold: 'renter: told of the refund when it is made; host: their earnings show no refund',
    },
    // Not a transition: the periodic reminder of requests that have waited long (one digest).
    requestsWaiting: { admins: { email: 'requests-waiting' } },
    // A decline with the reason SPACE_ARCHIVED: its host archived the space (issue 37).
    archivedDeclined: {
      renter: { email: 'space-archived', whatsapp: 'booking_declined_renter' },
      untold: 'host: they archived the space themself',
    },
    // Not a transition: a confirmed booking that declined requests as SLOT_TAKEN was cancelled
    // before its start; each declined renter whose time is still ahead hears it is free again
    // (decision 060).
    slotFreed: {
      renter: { email: 'slot-free-again' },
      untold: 'host and admins: the cancellation told them already',
    },
  },
  space: {
    // [*] → pending: a host's new listing (createSpace).
    submitted: { admins: { email: 'new' } },
    approved: { host: { email: 'approved' } },
    rejected: { host: { email: 'rejected' } },
    resubmitted: {
      admins: { email: 'resubmitted' },
      untold: 'host: they sent it again themself',
    },
    paused: { untold: 'the host paused it themself; renters see it on the page' },
    resumed: { untold: 'the host resumed it themself' },
    archived: {
      untold: 'the host archived it themself (none of its confirmed bookings is to come)',
    },
    // A host's edit of a live listing (space_revisions), not a change of its status.
    revisionSubmitted: { admins: { email: 'revision' } },
    revisionApproved: { untold: 'host: the live listing shows the change' },
    revisionRejected: { host: { email: 'revision-rejected' } },
  },
  account: {
    activation: { account: { email: 'activation' } },
    // the person asked for it (by email; by SMS it is the code, not a notice)
    passwordReset: { account: { email: 'password-reset' } },
    // changed on the account page or reset: told, in case it was not them (issue 38)
    passwordChanged: { account: { email: 'password-changed' } },
    // "download my data" is ready: the link (issue 38)
    dataExport: { account: { email: 'data-export' } },
    // a new email is confirmed by a link sent to it; the old address is told once it is done
    emailChange: { account: { email: 'email-change' } },
    emailChanged: { account: { email: 'email-changed' } },
    // "delete my account": told at the request and when signing in cancels it (decision 071)
    deletionRequested: { account: { email: 'deletion-requested' } },
    deletionCancelled: { account: { email: 'deletion-cancelled' } },
  },
  contact: {
    message: { team: { email: 'contact-message' } },
  },
  // A new message in a conversation (issue 34): the other side, at most one email per
  // conversation per 15 minutes and never for what they have read (features/messages).
  message: {
    received: {
      renter: { email: 'message-received', whatsapp: 'message_received' },
      host: { email: 'message-received', whatsapp: 'message_received' },
      untold: 'the sender wrote it; admins read the desk, not their inbox',
    },
  },
} as const satisfies {
  booking: Record<BookingEvent, NoticeRow>;
  space: Record<SpaceEvent, NoticeRow>;
  account: Record<string, NoticeRow>;
  contact: Record<string, NoticeRow>;
  message: Record<string, NoticeRow>;
};

type Rows = typeof NOTICES;

/** The email templates a subject's rows name for one audience: what its feature must provide. */
export type EmailTemplates<S extends keyof Rows, A extends Audience> = {
  [E in keyof Rows[S]]: Rows[S][E] extends { [K in A]: { email: infer N } } ? N : never;
}[keyof Rows[S]];

/** The row of a subject's event, with every audience optional (for senders that walk them). */
export const noticeRow = <S extends keyof Rows>(subject: S, event: keyof Rows[S]): NoticeRow =>
  NOTICES[subject][event] as NoticeRow;

/**
 * Which event each edge of the booking state graph is (src/shared/domain/booking-lifecycle.ts),
 * by the state it leaves: a cancel of a pending request is a withdrawal, of a confirmed booking
 * a cancellation.
 */
export const BOOKING_TRANSITION_EVENTS: {
  [T in BookingTransition]: Partial<Record<BookingStatus, BookingEvent>>;
} = {
  confirm: { pending: 'confirmed' },
  reject: { pending: 'rejected' },
  decline: { pending: 'declined' },
  expire: { pending: 'expired' },
  cancel: { pending: 'withdrawn', confirmed: 'cancelled' },
  revoke: { confirmed: 'revoked' },
  complete: { confirmed: 'completed' },
  hostConfirm: { pending: 'confirmed' },
  hostDecline: { pending: 'rejected' },
  autoConfirm: { pending: 'confirmed' },
  hostCancel: { confirmed: 'hostCancelled' },
  pay: { confirmed: 'paid' },
  release: { confirmed: 'released' },
};

/** A decline's reason that makes it an event of its own (the renter is told another why). */
const DECLINE_REASON_EVENTS: Record<string, BookingEvent> = { SPACE_ARCHIVED: 'archivedDeclined' };

/** The event of a booking transition from a state (every edge has one: notice-table.test.ts). */
export function bookingEvent(
  transition: BookingTransition,
  from: BookingStatus,
  reason?: string,
): BookingEvent {
  if (
    transition === 'decline' &&
    reason !== undefined &&
    Object.hasOwn(DECLINE_REASON_EVENTS, reason)
  )
    return DECLINE_REASON_EVENTS[reason]!;
  const event = BOOKING_TRANSITION_EVENTS[transition][from];
  if (!event) throw new Error(`No notice row for booking ${transition} from ${from}`);
  return event;
}

/** Which event each edge of the space state graph is (src/shared/domain/space-lifecycle.ts). */
export const SPACE_TRANSITION_EVENTS: {
  [T in SpaceTransition]: Partial<Record<SpaceStatus, SpaceEvent>>;
} = {
  approve: { pending: 'approved' },
  reject: { pending: 'rejected' },
  resubmit: { rejected: 'resubmitted' },
  pause: { approved: 'paused' },
  resume: { paused: 'resumed' },
  archive: { pending: 'archived', approved: 'archived', rejected: 'archived', paused: 'archived' },
};

export function spaceEvent(transition: SpaceTransition, from: SpaceStatus): SpaceEvent {
  const event = SPACE_TRANSITION_EVENTS[transition][from];
  if (!event) throw new Error(`No notice row for space ${transition} from ${from}`);
  return event;
}
