import type { BookingStatus } from '../constants.ts';
import type { ErrorCode } from '../message-codes.ts';

/**
 * The booking lifecycle as an explicit state graph (Sharetribe's habit): every state change in
 * the server asks this module first, so a rule lives in one place. The server's one owner of
 * booking status changes is `transitionBooking` (src/server/features/bookings/transition-booking.ts).
 *
 *   pending   ──confirm  (admin)────► confirmed
 *   pending   ──reject   (admin)────► rejected
 *   pending   ──decline  (system)───► rejected    (another booking took the slot: SLOT_TAKEN;
 *                                                  its host archived the space: SPACE_ARCHIVED)
 *   pending   ──expire   (system)───► expired     (nobody decided in time, or its start came)
 *   pending   ──cancel   (renter)───► cancelled
 *   confirmed ──cancel   (renter)───► cancelled   (before it starts)
 *   confirmed ──revoke   (admin)────► cancelled   (with a reason: the host cannot host)
 *   confirmed ──complete (system)───► completed   (its end has passed; the renter may review it)
 *   confirmed ──pay      (system)───► confirmed   (unpaid → paid: the gateway's payment verified)
 *   confirmed ──release  (system)───► cancelled   (unpaid at its payment deadline:
 *                                                  PAYMENT_NOT_RECEIVED; the slot is free again)
 *
 * A confirmed booking is unpaid or paid (`paid_at`, issue 32, decision 053): `pay` and
 * `release` fire only on an unpaid one, so a payment and a release never both win.
 *
 * Hosts who decide their own requests (issue 35, decision 058): the space's `decision_mode`.
 *   pending   ──hostConfirm (host)──► confirmed   (a `host` or `instant` space, by its own host)
 *   pending   ──hostDecline (host)──► rejected
 *   pending   ──autoConfirm (system)► confirmed   (an `instant` space: the request passed every rule)
 *   confirmed ──hostCancel  (host)──► cancelled   (with a reason; the renter is refunded in full
 *                                                  and it counts on the host's record)
 *
 * `rejected`, `cancelled`, `expired` and `completed` are final: a decision is never undone
 * silently. `system` is the server itself (the periodic sweeps, and the declines inside a
 * confirm); its audit entries have no actor.
 */
export type BookingTransition =
  | 'confirm'
  | 'reject'
  | 'decline'
  | 'expire'
  | 'cancel'
  | 'revoke'
  | 'complete'
  | 'hostConfirm'
  | 'hostDecline'
  | 'autoConfirm'
  | 'hostCancel'
  | 'pay'
  | 'release';
export type BookingActor = 'renter' | 'admin' | 'system' | 'host';

interface Edge {
  from: readonly BookingStatus[];
  to: BookingStatus;
  by: BookingActor;
  /** The 409 answered when the booking is no longer in `from` (someone moved it first). */
  movedOn: ErrorCode;
  /** The move needs a reason (kept in the audit log and told to the renter). */
  needsReason?: boolean;
  /** Only from an unpaid booking (issue 32): a paid one answers `paidOn` instead. */
  unpaidOnly?: boolean;
}

export const BOOKING_TRANSITIONS: Record<BookingTransition, Edge> = {
  confirm: { from: ['pending'], to: 'confirmed', by: 'admin', movedOn: 'BOOKING_ALREADY_DECIDED' },
  reject: { from: ['pending'], to: 'rejected', by: 'admin', movedOn: 'BOOKING_ALREADY_DECIDED' },
  decline: { from: ['pending'], to: 'rejected', by: 'system', movedOn: 'BOOKING_ALREADY_DECIDED' },
  expire: { from: ['pending'], to: 'expired', by: 'system', movedOn: 'BOOKING_ALREADY_DECIDED' },
  cancel: {
    from: ['pending', 'confirmed'],
    to: 'cancelled',
    by: 'renter',
    movedOn: 'BOOKING_NOT_CANCELLABLE',
  },
  revoke: {
    from: ['confirmed'],
    to: 'cancelled',
    by: 'admin',
    movedOn: 'BOOKING_NOT_CANCELLABLE',
    needsReason: true,
  },
  complete: {
    from: ['confirmed'],
    to: 'completed',
    by: 'system',
    movedOn: 'BOOKING_ALREADY_DECIDED',
  },
  // Issue 35: the space's own host decides (decision 058).
  hostConfirm: {
    from: ['pending'],
    to: 'confirmed',
    by: 'host',
    movedOn: 'BOOKING_ALREADY_DECIDED',
  },
  hostDecline: {
    from: ['pending'],
    to: 'rejected',
    by: 'host',
    movedOn: 'BOOKING_ALREADY_DECIDED',
  },
  autoConfirm: {
    from: ['pending'],
    to: 'confirmed',
    by: 'system',
    movedOn: 'BOOKING_ALREADY_DECIDED',
  },
  hostCancel: {
    from: ['confirmed'],
    to: 'cancelled',
    by: 'host',
    movedOn: 'BOOKING_NOT_CANCELLABLE',
    needsReason: true,
  },
  pay: {
    from: ['confirmed'],
    to: 'confirmed',
    by: 'system',
    movedOn: 'BOOKING_NOT_PAYABLE',
    unpaidOnly: true,
  },
  release: {
    from: ['confirmed'],
    to: 'cancelled',
    by: 'system',
    movedOn: 'BOOKING_NOT_CANCELLABLE',
    unpaidOnly: true,
  },
};

/**
 * Who decides a space's requests (issue 35, decision 058): `admin` — the review desk, the
 * default; `host` — the space's host confirms or declines from the Hosting area; `instant` — a
 * request that passes every rule is confirmed at once. The admin may decide any request in every
 * mode; the modes a host may choose are the admin's to give (users.decision_modes).
 */
export const DECISION_MODES = ['admin', 'host', 'instant'] as const;
export type DecisionMode = (typeof DECISION_MODES)[number];

/** May the space's host decide its pending requests in this mode? */
export const hostDecides = (mode: DecisionMode) => mode !== 'admin';

/**
 * Who cancelled a cancelled booking, for the refund rule and the host's record: a host's cancel
 * refunds the renter in full whatever the cancellation policy (issue 35).
 */
export function cancelledBy(transition: BookingTransition): 'renter' | 'admin' | 'host' | null {
  if (transition === 'cancel') return 'renter';
  if (transition === 'revoke') return 'admin';
  if (transition === 'hostCancel') return 'host';
  return null;
}

/** The reason a `release` records: the renter did not pay by the deadline. */
export const PAYMENT_NOT_RECEIVED = 'PAYMENT_NOT_RECEIVED';

/** The states a booking never leaves (a confirmed one still completes once its time has passed). */
export const FINAL_BOOKING_STATUSES: readonly BookingStatus[] = [
  'rejected',
  'cancelled',
  'expired',
  'completed',
];

/** The reason a `decline` records: a confirmed booking took the request's time. */
export const SLOT_TAKEN = 'SLOT_TAKEN';

/** The reason a `decline` records when the host archived the space (issue 37). */
export const SPACE_ARCHIVED_REASON = 'SPACE_ARCHIVED';

export type TransitionCheck =
  | { ok: true; from: BookingStatus; to: BookingStatus }
  | { ok: false; reason: 'NOT_ALLOWED' | 'WRONG_STATE' | 'ALREADY_PAID' };

/**
 * May `actor` fire `transition` on a booking that is `status` now? `WRONG_STATE` means the
 * booking moved on (someone else decided first: a 409); `NOT_ALLOWED` means this actor may
 * never fire it (a 403); `ALREADY_PAID` that a payment edge met a paid booking (a 409).
 */
export function checkBookingTransition(
  status: BookingStatus,
  transition: BookingTransition,
  actor: BookingActor,
  paid = false,
): TransitionCheck {
  const edge = BOOKING_TRANSITIONS[transition];
  if (edge.by !== actor) return { ok: false, reason: 'NOT_ALLOWED' };
  if (!edge.from.includes(status)) return { ok: false, reason: 'WRONG_STATE' };
  if (edge.unpaidOnly && paid) return { ok: false, reason: 'ALREADY_PAID' };
  return { ok: true, from: status, to: edge.to };
}

/**
 * Has the booking started (or passed)? A confirmed booking is cancelled only before its start;
 * `startsAt` is its period's lower bound.
 */
export const hasStarted = (startsAt: Date, now: Date) => startsAt.getTime() <= now.getTime();

/** The transitions `actor` may fire from `status` (what buttons to show). */
export function availableBookingTransitions(
  status: BookingStatus,
  actor: BookingActor,
  paid = false,
): BookingTransition[] {
  return (Object.keys(BOOKING_TRANSITIONS) as BookingTransition[]).filter(
    (t) => checkBookingTransition(status, t, actor, paid).ok,
  );
}

/**
 * When a pending request expires: `ttlHours` after it was sent, or at its start if that comes
 * first (issue 18). Fractions of an hour are allowed (tests shorten the wait).
 */
export function requestExpiresAt(sentAt: Date, startsAt: Date, ttlHours: number): Date {
  const byTtl = sentAt.getTime() + ttlHours * 3_600_000;
  return new Date(Math.min(byTtl, startsAt.getTime()));
}
