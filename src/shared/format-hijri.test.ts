import { describe, expect, it } from 'vitest';
import { formatBookingDate, formatHijriDate } from './format.ts';
import { UMM_AL_QURA_TABLE } from './umm-al-qura-known-dates.ts';

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('formatHijriDate: Umm al-Qura', () => {
  it.each(UMM_AL_QURA_TABLE)('%s is %s / %s', (gregorian, ar, en) => {
    expect(plain(formatHijriDate(gregorian, 'ar'))).toBe(ar);
    expect(plain(formatHijriDate(gregorian, 'en'))).toBe(en);
  });

  it('keeps Latin digits in Arabic', () => {
    expect(formatHijriDate('2026-11-26', 'ar')).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
  });
});

describe('formatBookingDate: Gregorian, then Hijri', () => {
  it('in Arabic', () => {
    expect(plain(formatBookingDate('2026-11-26', 'ar'))).toBe(
      'الخميس، 26 نوفمبر 2026 · 16 جمادى الآخرة 1448 هـ',
    );
  });
  it('in English', () => {
    expect(plain(formatBookingDate('2026-11-26', 'en'))).toBe(
      'Thursday, 26 November 2026 · 16 Jumada II 1448 AH',
    );
  });
  it('in the medium style', () => {
    expect(plain(formatBookingDate('2026-11-26', 'en', 'medium'))).toBe(
      '26 Nov 2026 · 16 Jumada II 1448 AH',
    );
  });
});
