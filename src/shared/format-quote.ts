import type { Locale } from './constants.ts';
import type { QuoteLine } from './domain/booking-price.ts';
import { formatCount, formatMinutes } from './format-count.ts';
import { formatNumber, formatPrice, isolate } from './format.ts';

/**
 * The label of one line of an itemised quote (src/shared/domain/booking-price.ts), the same on
 * the booking form, in the emails and on the admin desk (issue 35): "ساعتان × 450 ر.س للساعة",
 * "Day rate (from 8 hours)", "Coffee service × 1 · per guest". The amount is the line's
 * `amountHalalas` (`formatPrice`).
 */
const WORDS = {
  ar: {
    perHour: (price: string) => `${price} للساعة`,
    dayRate: (hours: string) => `سعر اليوم (من ${hours})`,
    per: { booking: 'للحجز', hour: 'للساعة', guest: 'للضيف' },
  },
  en: {
    perHour: (price: string) => `${price} per hour`,
    dayRate: (hours: string) => `Day rate (from ${hours})`,
    per: { booking: 'per booking', hour: 'per hour', guest: 'per guest' },
  },
} as const;

export function quoteLineLabel(line: QuoteLine, locale: Locale): string {
  const words = WORDS[locale];
  switch (line.kind) {
    case 'hours':
      return `${formatMinutes(line.minutes, locale)} × ${words.perHour(formatPrice(line.rateHalalasPerHour, locale))}`;
    case 'dayRate':
      return words.dayRate(formatCount(line.fromHours, 'hours', locale, { case: 'oblique' }));
    case 'addOn': {
      const name = locale === 'ar' ? line.nameAr : line.nameEn;
      return `${isolate(name)} × ${formatNumber(line.quantity, locale)} · ${formatPrice(line.unitHalalas, locale)} ${words.per[line.per]}`;
    }
  }
}

/** The lines as label and amount, for a table. */
export const quoteRows = (lines: readonly QuoteLine[], locale: Locale) =>
  lines.map((line) => ({
    label: quoteLineLabel(line, locale),
    value: formatPrice(line.amountHalalas, locale),
  }));
