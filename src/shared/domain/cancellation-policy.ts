import type { CancellationPolicy } from '../constants.ts';

/**
 * A listing's cancellation policy (issue 18): a renter may cancel a confirmed booking with a full
 * refund until this many hours before its start. After that they may still cancel, and get back
 * the policy's late share of what they paid (`LATE_REFUND_PERCENT`, issue 32, decision 054).
 */
export const FREE_CANCELLATION_HOURS: Record<CancellationPolicy, number> = {
  flexible: 24,
  moderate: 72,
  strict: 7 * 24,
};

/** The last moment a booking starting at `startsAt` can be cancelled free under `policy`. */
export function freeCancellationUntil(policy: CancellationPolicy, startsAt: Date): Date {
  return new Date(startsAt.getTime() - FREE_CANCELLATION_HOURS[policy] * 3_600_000);
}

/** Is a cancellation at `now` inside the policy's free window? (At the limit itself: yes.) */
export function isFreeCancellation(policy: CancellationPolicy, startsAt: Date, now: Date): boolean {
  return now.getTime() <= freeCancellationUntil(policy, startsAt).getTime();
}

/** The policy's free window in the largest whole unit: 24 hours, 72 hours, 7 days. */
export function freeWindow(policy: CancellationPolicy): { unit: 'hour' | 'day'; count: number } {
  const hours = FREE_CANCELLATION_HOURS[policy];
  return hours % 24 === 0 && hours >= 7 * 24
    ? { unit: 'day', count: hours / 24 }
    : { unit: 'hour', count: hours };
}

/**
 * The share of what was paid that a renter gets back for cancelling after the free window
 * (decision 054): flexible half, moderate a quarter, strict nothing.
 */
export const LATE_REFUND_PERCENT: Record<CancellationPolicy, number> = {
  flexible: 50,
  moderate: 25,
  strict: 0,
};

/** Who cancelled a paid booking: only a renter's own cancellation can be refunded in part. */
export type CancelledBy = 'renter' | 'admin' | 'host' | 'system';

export interface RefundDue {
  halalas: number;
  /** `full`: everything paid; `late`: the policy's late share */
  share: 'full' | 'late';
}

/**
 * What a cancelled paid booking refunds (issue 32). A renter inside the free window, an admin's
 * revoke, a host unable to host and the system (an unpaid or late-paid booking) → everything
 * paid. A renter after the free window → the policy's late share, rounded down to a whole halala
 * (the refund never exceeds the share; the half halala stays with the booking).
 */
export function refundDue(input: {
  policy: CancellationPolicy;
  startsAt: Date;
  cancelledAt: Date;
  paidHalalas: number;
  cancelledBy: CancelledBy;
}): RefundDue {
  const { policy, startsAt, cancelledAt, paidHalalas, cancelledBy } = input;
  if (!Number.isSafeInteger(paidHalalas) || paidHalalas < 0) {
    throw new RangeError('an amount paid must be a whole, non-negative number of halalas');
  }
  if (cancelledBy !== 'renter' || isFreeCancellation(policy, startsAt, cancelledAt)) {
    return { halalas: paidHalalas, share: 'full' };
  }
  return {
    halalas: Math.floor((paidHalalas * LATE_REFUND_PERCENT[policy]) / 100),
    share: 'late',
  };
}
