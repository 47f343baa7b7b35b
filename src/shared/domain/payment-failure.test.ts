import { describe, expect, it } from 'vitest';
import { paymentFailureReason } from './payment-failure.ts';

describe('paymentFailureReason', () => {
  it('reads Moyasar’s test-card messages', () => {
    expect(paymentFailureReason('INSUFFICIENT FUNDS')).toBe('insufficientFunds');
    expect(paymentFailureReason('DECLINED: EXPIRED CARD')).toBe('expiredCard');
    expect(paymentFailureReason('DECLINED: LOST CARD')).toBe('lostOrStolen');
    expect(paymentFailureReason('DECLINED: STOLEN CARD')).toBe('lostOrStolen');
    expect(paymentFailureReason('DECLINED: EXCEEDS WITHDRAWAL LIMIT')).toBe('limit');
    expect(paymentFailureReason('3-D Secure transaction attempt failed (Not Enrolled)')).toBe(
      'authentication',
    );
    expect(paymentFailureReason('DECLINED')).toBe('declined');
    expect(paymentFailureReason('UNSPECIFIED FAILURE')).toBe('other');
    expect(paymentFailureReason(null)).toBe('other');
  });
});
