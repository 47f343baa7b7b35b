import { describe, expect, it } from 'vitest';
import {
  freeCancellationUntil,
  freeWindow,
  isFreeCancellation,
  LATE_REFUND_PERCENT,
  refundDue,
} from './cancellation-policy.ts';

const start = new Date('2026-12-20T10:00:00+03:00');

describe('cancellation policy', () => {
  it('gives each policy its free window before the start', () => {
    expect(freeCancellationUntil('flexible', start)).toEqual(new Date('2026-12-19T10:00:00+03:00'));
    expect(freeCancellationUntil('moderate', start)).toEqual(new Date('2026-12-17T10:00:00+03:00'));
    expect(freeCancellationUntil('strict', start)).toEqual(new Date('2026-12-13T10:00:00+03:00'));
  });

  it('is free up to the limit and not a minute after', () => {
    const limit = freeCancellationUntil('moderate', start);
    expect(isFreeCancellation('moderate', start, limit)).toBe(true);
    expect(isFreeCancellation('moderate', start, new Date(limit.getTime() + 60_000))).toBe(false);
    expect(isFreeCancellation('flexible', start, new Date(limit.getTime() + 60_000))).toBe(true);
  });

  it('names the window in hours, or days for a week', () => {
    expect(freeWindow('flexible')).toEqual({ unit: 'hour', count: 24 });
    expect(freeWindow('moderate')).toEqual({ unit: 'hour', count: 72 });
    expect(freeWindow('strict')).toEqual({ unit: 'day', count: 7 });
  });
});

describe('refundDue', () => {
  const paid = 34_501;
  const due = (
    policy: 'flexible' | 'moderate' | 'strict',
    cancelledAt: Date,
    cancelledBy: 'renter' | 'admin' | 'host' | 'system' = 'renter',
    paidHalalas = paid,
  ) => refundDue({ policy, startsAt: start, cancelledAt, paidHalalas, cancelledBy });

  it('refunds a renter in full up to the end of the free window, the limit included', () => {
    for (const policy of ['flexible', 'moderate', 'strict'] as const) {
      const limit = freeCancellationUntil(policy, start);
      expect(due(policy, new Date(limit.getTime() - 86_400_000))).toEqual({
        halalas: paid,
        share: 'full',
      });
      expect(due(policy, limit)).toEqual({ halalas: paid, share: 'full' });
    }
  });

  it("gives a renter after the window the policy's late share, rounded down to a halala", () => {
    const late = (policy: 'flexible' | 'moderate' | 'strict') =>
      due(policy, new Date(freeCancellationUntil(policy, start).getTime() + 60_000));
    expect(late('flexible')).toEqual({ halalas: 17_250, share: 'late' }); // 17 250.5 → 17 250
    expect(late('moderate')).toEqual({ halalas: 8_625, share: 'late' }); // 8 625.25 → 8 625
    expect(late('strict')).toEqual({ halalas: 0, share: 'late' });
    expect(LATE_REFUND_PERCENT).toEqual({ flexible: 50, moderate: 25, strict: 0 });
  });

  it('refunds everything when an admin, the host or the system cancels, however late', () => {
    const lastMinute = new Date(start.getTime() - 60_000);
    for (const by of ['admin', 'host', 'system'] as const) {
      expect(due('strict', lastMinute, by)).toEqual({ halalas: paid, share: 'full' });
    }
    expect(due('strict', lastMinute, 'renter')).toEqual({ halalas: 0, share: 'late' });
  });

  it('refunds nothing of nothing and refuses amounts that are not whole halalas', () => {
    expect(due('flexible', start, 'renter', 0)).toEqual({ halalas: 0, share: 'late' });
    expect(() => due('flexible', start, 'renter', 10.5)).toThrow(RangeError);
    expect(() => due('flexible', start, 'renter', -1)).toThrow(RangeError);
  });
});
