import { describe, expect, it } from 'vitest';
import { feeBasisPoints, splitPayment, splitRefund, type LedgerSplit } from './ledger-split.ts';

const sum = (s: LedgerSplit) => s.feeHalalas + s.feeVatHalalas + s.hostHalalas;

describe('feeBasisPoints', () => {
  it('reads whole and decimal percents up to two places, 0 to 100', () => {
    expect(feeBasisPoints('10')).toBe(1000);
    expect(feeBasisPoints('12.5')).toBe(1250);
    expect(feeBasisPoints('0')).toBe(0);
    expect(feeBasisPoints('100')).toBe(10_000);
    expect(feeBasisPoints(' 7.25 ')).toBe(725);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '-1', '100.01', '101', '1e1', '10%', 'ten', '1.234', '.5']) {
      expect(feeBasisPoints(bad)).toBeNull();
    }
  });
});

describe('splitPayment', () => {
  it('takes 10 % of the total as the fee, 15 % VAT on it, the rest for the host', () => {
    expect(splitPayment(34_500, 1000)).toEqual({
      feeHalalas: 3_450,
      feeVatHalalas: 518, // 517.5 → 518
      hostHalalas: 30_532,
    });
  });

  it('rounds each part half a halala up and always adds up to the payment', () => {
    expect(splitPayment(5, 1000)).toEqual({ feeHalalas: 1, feeVatHalalas: 0, hostHalalas: 4 });
    for (let total = 0; total < 3_000; total += 7) {
      for (const bp of [0, 1, 999, 1000, 1250, 5000, 8696, 9000, 10_000]) {
        const s = splitPayment(total, bp);
        expect(sum(s)).toBe(total);
        expect(Math.min(s.feeHalalas, s.feeVatHalalas, s.hostHalalas)).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('gives no fee at 0 % and caps fee and VAT at the total near 100 %', () => {
    expect(splitPayment(10_000, 0)).toEqual({
      feeHalalas: 0,
      feeVatHalalas: 0,
      hostHalalas: 10_000,
    });
    expect(splitPayment(11_500, 10_000)).toEqual({
      feeHalalas: 10_000,
      feeVatHalalas: 1_500,
      hostHalalas: 0,
    });
  });

  it('refuses amounts that are not whole halalas and fees out of range', () => {
    expect(() => splitPayment(1.5, 1000)).toThrow(RangeError);
    expect(() => splitPayment(-1, 1000)).toThrow(RangeError);
    expect(() => splitPayment(100, 10_001)).toThrow(RangeError);
  });
});

describe('splitRefund', () => {
  const held = splitPayment(34_500, 1000); // 3 450 + 518 + 30 532

  it('returns everything whole when everything is refunded', () => {
    expect(splitRefund(34_500, held)).toEqual(held);
  });

  it('takes each part in proportion, the leftover halalas to the largest remainders', () => {
    // half: 1 725, 259, 15 266 exactly
    expect(splitRefund(17_250, held)).toEqual({
      feeHalalas: 1_725,
      feeVatHalalas: 259,
      hostHalalas: 15_266,
    });
    // 1 halala: the host's remainder (30 532) is the largest
    expect(splitRefund(1, held)).toEqual({ feeHalalas: 0, feeVatHalalas: 0, hostHalalas: 1 });
  });

  it('gives ties to the host first, then the fee', () => {
    const even = { feeHalalas: 1, feeVatHalalas: 1, hostHalalas: 1 };
    expect(splitRefund(1, even)).toEqual({ feeHalalas: 0, feeVatHalalas: 0, hostHalalas: 1 });
    expect(splitRefund(2, even)).toEqual({ feeHalalas: 1, feeVatHalalas: 0, hostHalalas: 1 });
  });

  it('adds up, never takes more than a part holds, and partial refunds end at zero', () => {
    for (const total of [1, 2, 3, 99, 1_001, 34_500, 123_457]) {
      let left = splitPayment(total, 1000);
      let step = 1;
      while (sum(left) > 0) {
        const amount = Math.min(step, sum(left));
        const part = splitRefund(amount, left);
        expect(sum(part)).toBe(amount);
        left = {
          feeHalalas: left.feeHalalas - part.feeHalalas,
          feeVatHalalas: left.feeVatHalalas - part.feeVatHalalas,
          hostHalalas: left.hostHalalas - part.hostHalalas,
        };
        expect(
          Math.min(left.feeHalalas, left.feeVatHalalas, left.hostHalalas),
        ).toBeGreaterThanOrEqual(0);
        step = step * 3 + 1;
      }
    }
  });

  it('refuses a refund above what is held', () => {
    expect(() => splitRefund(34_501, held)).toThrow(RangeError);
    expect(() => splitRefund(-1, held)).toThrow(RangeError);
  });
});
