import { describe, expect, it } from 'vitest';
import { normalizeVatNumber, vatBreakdown, vatPartHalalas, VAT_RATE_PERCENT } from './vat.ts';

describe('vatPartHalalas (15 % inside a VAT-inclusive amount)', () => {
  it('is 15/115 of the amount for amounts that divide exactly', () => {
    expect(VAT_RATE_PERCENT).toBe(15);
    expect(vatPartHalalas(11_500)).toBe(1_500); // 115 SAR = 100 + 15
    expect(vatPartHalalas(23_000)).toBe(3_000);
    expect(vatPartHalalas(0)).toBe(0);
  });

  it('rounds to the nearest halala', () => {
    expect(vatPartHalalas(15_000)).toBe(1_957); // 1956.52 → 1957
    expect(vatPartHalalas(10_000)).toBe(1_304); // 1304.35 → 1304
    expect(vatPartHalalas(1)).toBe(0); // 0.13 → 0
    expect(vatPartHalalas(4)).toBe(1); // 0.52 → 1
    expect(vatPartHalalas(3)).toBe(0); // 0.39 → 0
  });

  it('is the nearest halala for every amount (no half can occur at 15 %: 115·odd / 30 is never whole)', () => {
    for (let amount = 0; amount < 20_000; amount++) {
      expect(vatPartHalalas(amount), String(amount)).toBe(Math.round((amount * 15) / 115));
    }
  });

  it('never drifts like floating point would, at the largest booking (1000 SAR × 24 h)', () => {
    expect(vatPartHalalas(2_400_000)).toBe(313_043); // 313043.48
    expect(vatPartHalalas(10_001 * 24)).toBe(31_307); // 31307.48
  });

  it('refuses amounts that are not whole and non-negative', () => {
    expect(() => vatPartHalalas(1.5)).toThrow(RangeError);
    expect(() => vatPartHalalas(-1)).toThrow(RangeError);
    expect(() => vatPartHalalas(Number.NaN)).toThrow(RangeError);
  });
});

describe('vatBreakdown', () => {
  it('splits the amount of a registered host into VAT and the rest, which add up', () => {
    expect(vatBreakdown(15_000, true)).toEqual({
      totalHalalas: 15_000,
      vatHalalas: 1_957,
      netHalalas: 13_043,
    });
  });

  it('has no VAT for a host who is not registered', () => {
    expect(vatBreakdown(15_000, false)).toEqual({
      totalHalalas: 15_000,
      vatHalalas: null,
      netHalalas: 15_000,
    });
  });
});

describe('normalizeVatNumber', () => {
  it('accepts 15 digits that start and end with 3, as typed', () => {
    expect(normalizeVatNumber('300000000000003')).toBe('300000000000003');
    expect(normalizeVatNumber(' 310 1234 5678 9003 ')).toBe('310123456789003');
    expect(normalizeVatNumber('٣١٠١٢٣٤٥٦٧٨٩٠٠٣')).toBe('310123456789003');
    expect(normalizeVatNumber('310-1234-5678-9003')).toBe('310123456789003');
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      '30000000000003', // 14 digits
      '3000000000000003', // 16 digits
      '200000000000003', // starts with 2
      '300000000000004', // ends with 4
      '30000000000000a',
      '+300000000000003',
    ]) {
      expect(normalizeVatNumber(bad), bad).toBeNull();
    }
  });
});
