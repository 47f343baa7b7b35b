import { describe, expect, it } from 'vitest';
import {
  currentYear,
  formatDate,
  formatDateTime,
  formatEndTime,
  formatNumber,
  formatPrice,
  formatPriceRange,
  formatTime,
  formatTimeRange,
} from './format.ts';

const plain = (s: string) => s.replace(/\s/g, ' ');
const latinDigitsOnly = (s: string) => !/[\u0660-\u0669\u06F0-\u06F9]/.test(s);

describe('formatting', () => {
  it('prices in SAR from halalas, Latin digits in Arabic', () => {
    expect(plain(formatPrice(15_000, 'en'))).toBe('SAR 150');
    expect(plain(formatPrice(15_050, 'en'))).toBe('SAR 150.50');
    const ar = formatPrice(15_000, 'ar');
    expect(ar).toContain('150');
    expect(latinDigitsOnly(ar)).toBe(true);
  });

  it('a price range with one currency sign, never a bare "from" (issue 35)', () => {
    expect(plain(formatPriceRange(30_000, 45_000, 'en'))).toBe('SAR 300–450');
    expect(plain(formatPriceRange(30_000, 45_050, 'en'))).toBe('SAR 300.00–450.50');
    expect(plain(formatPriceRange(30_000, 30_000, 'en'))).toBe('SAR 300');
    const ar = formatPriceRange(30_000, 45_000, 'ar');
    expect(ar).toMatch(/300–450/);
    expect(ar).toContain('ر.س');
    expect(latinDigitsOnly(ar)).toBe(true);
  });

  it('numbers with grouping', () => {
    expect(formatNumber(10000, 'en')).toBe('10,000');
    expect(latinDigitsOnly(formatNumber(10000, 'ar'))).toBe(true);
  });

  it('dates in the Gregorian calendar, en-GB day-month order', () => {
    expect(formatDate('2031-01-12', 'en')).toBe('Sunday, 12 January 2031');
    const ar = formatDate('2031-01-12', 'ar');
    expect(ar).toContain('2031');
    expect(ar).toContain('يناير');
    expect(latinDigitsOnly(ar)).toBe(true);
  });

  it('a moment as its Riyadh date and time, Latin digits in Arabic', () => {
    const moment = new Date('2026-11-28T04:05:00Z'); // 07:05 in Riyadh
    // en-GB: the 24-hour clock
    expect(formatDateTime(moment, 'en')).toBe('28 Nov 2026, 7:05');
    expect(formatDateTime(new Date('2026-11-28T16:05:00Z'), 'en')).toBe('28 Nov 2026, 19:05');
    expect(formatDateTime(moment, 'ar')).toContain('2026');
    expect(formatDateTime(moment, 'ar')).toContain('7:05');
    expect(formatDateTime(moment, 'ar')).toMatch(/نوفمبر/);
  });

  it('times as the Riyadh wall clock', () => {
    expect(plain(formatTime('14:30', 'en'))).toMatch(/^2:30 pm$/i);
    expect(plain(formatTime('09:00', 'en'))).toMatch(/^9:00 am$/i);
    // Noon and midnight read 12, not 0 (Node's ICU gives "0:30 pm" for en-GB with hour12).
    expect(plain(formatTime('12:30', 'en'))).toMatch(/^12:30 pm$/i);
    expect(plain(formatTime('00:00', 'en'))).toMatch(/^12:00 am$/i);
    expect(latinDigitsOnly(formatTime('14:30', 'ar'))).toBe(true);
  });

  it('the year', () => {
    expect(currentYear('en')).toBe(String(new Date().getUTCFullYear()));
  });

  it('says when a range ends the next day (hours that cross midnight)', () => {
    expect(plain(formatTimeRange('10:00', '12:00', 'en'))).toMatch(/^10:00 am – 12:00 pm$/i);
    expect(plain(formatTimeRange('22:00', '01:00', 'en'))).toMatch(
      /^10:00 pm – 1:00 am \(next day\)$/i,
    );
    expect(plain(formatEndTime('18:00', '00:00', 'en'))).toMatch(/^12:00 am \(next day\)$/i);
    expect(formatEndTime('16:00:00', '02:00:00', 'ar')).toContain('(اليوم التالي)');
    expect(formatEndTime('10:00', '12:00', 'ar')).not.toContain('اليوم التالي');
  });
});
