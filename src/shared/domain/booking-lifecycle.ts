import type { BookingStatus } from '../constants.ts';
import type { ErrorCode } from '../message-codes.ts';

/**
 * The booking lifecycle as an explicit state graph (Sharetribe's habit): every state change in
 * the server asks this module first, so a rule lives in one place. The server's one owner of
 * booking status changes is `transitionBooking` (src/server/features/bookings/transition-booking.ts).
 *
 *   pending ──confirm (admin)──► confirmed
 *   pending ──reject  (admin)──► rejected
 *   pending ──cancel  (renter)─► cancelled
 *
 * `confirmed`, `rejected` and `cancelled` are final: a decision is never undone silently.
 */
export type BookingTransition = 'confirm' | 'reject' | 'cancel';
export type BookingActor = 'renter' | 'admin';

interface Edge {
  from: BookingStatus;
  to: BookingStatus;
  by: BookingActor;
  /** The 409 answered when the booking is no longer in `from` (someone moved it first). */
  movedOn: ErrorCode;
}

export const BOOKING_TRANSITIONS: Record<BookingTransition, Edge> = {
  confirm: { from: 'pending', to: 'confirmed', by: 'admin', movedOn: 'BOOKING_ALREADY_DECIDED' },
  reject: { from: 'pending', to: 'rejected', by: 'admin', movedOn: 'BOOKING_ALREADY_DECIDED' },
  cancel: { from: 'pending', to: 'cancelled', by: 'renter', movedOn: 'BOOKING_NOT_CANCELLABLE' },
};

export const FINAL_BOOKING_STATUSES: readonly BookingStatus[] = [
  'confirmed',
  'rejected',
  'cancelled',
];

export type TransitionCheck =
  | { ok: true; from: BookingStatus; to: BookingStatus }
  | { ok: false; reason: 'NOT_ALLOWED' | 'WRONG_STATE' };

/**
 * May `actor` fire `transition` on a booking that is `status` now? `WRONG_STATE` means the
 * booking moved on (someone else decided first: a 409); `NOT_ALLOWED` means this actor may
 * never fire it (a 403).
 */
export function checkBookingTransition(
  status: BookingStatus,
  transition: BookingTransition,
  actor: BookingActor,
): TransitionCheck {
  const edge = BOOKING_TRANSITIONS[transition];
  if (edge.by !== actor) return { ok: false, reason: 'NOT_ALLOWED' };
  if (edge.from !== status) return { ok: false, reason: 'WRONG_STATE' };
  return { ok: true, from: edge.from, to: edge.to };
}

/** The transitions `actor` may fire from `status` (what buttons to show). */
export function availableBookingTransitions(
  status: BookingStatus,
  actor: BookingActor,
): BookingTransition[] {
  return (Object.keys(BOOKING_TRANSITIONS) as BookingTransition[]).filter(
    (t) => checkBookingTransition(status, t, actor).ok,
  );
}
