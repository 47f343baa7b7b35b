import type { CancellationPolicy } from '../constants.ts';

/**
 * A listing's cancellation policy (issue 18): a renter may cancel a confirmed booking free of the
 * host's terms until this many hours before its start. After that they may still cancel — the
 * platform takes no payment, so nothing is charged through it — but the host's terms for a late
 * cancellation apply to whatever the two agreed.
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
