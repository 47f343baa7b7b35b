import { HALALAS_PER_SAR, TIME_ZONE, type Locale } from './constants.ts';

/**
 * Every number, price and date on screen and in emails goes through here, with the locale pinned on purpose
 * (docs/decisions/008-digits-and-calendar.md): Arabic uses Latin digits (0-9) and the Gregorian
 * calendar — `ar-SA` alone would switch to Arabic-Indic digits and the Hijri calendar — so prices,
 * phone numbers, dates and what people type read alike. English uses `en-GB` (day before month).
 */
export const INTL_LOCALE: Record<Locale, string> = {
  ar: 'ar-SA-u-nu-latn-ca-gregory',
  en: 'en-GB',
};

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

export function formatNumber(value: number, locale: Locale): string {
  return cached(`n:${locale}`, () => new Intl.NumberFormat(INTL_LOCALE[locale])).format(value);
}

/** Integer halalas → "SAR 150" / "150 ر.س." (no decimals when whole riyals). */
export function formatPrice(halalas: number, locale: Locale): string {
  const riyals = halalas / HALALAS_PER_SAR;
  const whole = Number.isInteger(riyals);
  return cached(
    `p:${locale}:${whole}`,
    () =>
      new Intl.NumberFormat(INTL_LOCALE[locale], {
        style: 'currency',
        currency: 'SAR',
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: 2,
      }),
  ).format(riyals);
}

/** A `YYYY-MM-DD` date (Asia/Riyadh wall clock) → "Sunday, 12 January 2031" / "الأحد 12 يناير 2031". */
export function formatDate(
  isoDate: string,
  locale: Locale,
  style: 'long' | 'medium' = 'long',
): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  // Noon UTC of that day is the same calendar day in Riyadh (UTC+3).
  const date = new Date(Date.UTC(y, m - 1, d, 12));
  return cached(
    `d:${locale}:${style}`,
    () =>
      new Intl.DateTimeFormat(INTL_LOCALE[locale], {
        timeZone: TIME_ZONE,
        ...(style === 'long'
          ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
          : { day: 'numeric', month: 'short', year: 'numeric' }),
      }),
  ).format(date);
}

/** `HH:mm` → "2:30 pm" / "2:30 م" (a 12-hour clock reads more naturally for bookings). */
export function formatTime(time: string, locale: Locale): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const date = new Date(Date.UTC(2000, 0, 1, h - 3, m)); // that wall-clock time in Riyadh
  return cached(
    `t:${locale}`,
    () =>
      new Intl.DateTimeFormat(INTL_LOCALE[locale], {
        timeZone: TIME_ZONE,
        hour: 'numeric',
        minute: '2-digit',
        hourCycle: 'h12',
      }),
  ).format(date);
}

export function currentYear(locale: Locale): string {
  return cached(
    `y:${locale}`,
    () => new Intl.DateTimeFormat(INTL_LOCALE[locale], { year: 'numeric', timeZone: TIME_ZONE }),
  ).format(new Date());
}
