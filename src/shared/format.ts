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

/** A whole percent as the reader writes it: "50%", "50٪" (a refund's share, the platform fee). */
export function formatPercent(percent: number, locale: Locale): string {
  return `${formatNumber(percent, locale)}${locale === 'ar' ? '٪' : '%'}`;
}

/** Integer halalas → "SAR 150" / "150 ر.س." (no decimals when whole riyals). */
/**
 * A price range in SAR ("SAR 300–450", "‏300–450 ر.س.‏"): one currency sign, never a bare "from";
 * one price when both ends are equal.
 */
export function formatPriceRange(minHalalas: number, maxHalalas: number, locale: Locale): string {
  if (minHalalas === maxHalalas) return formatPrice(minHalalas, locale);
  const whole =
    Number.isInteger(minHalalas / HALALAS_PER_SAR) &&
    Number.isInteger(maxHalalas / HALALAS_PER_SAR);
  return cached(
    `p:${locale}:${whole}`,
    () =>
      new Intl.NumberFormat(INTL_LOCALE[locale], {
        style: 'currency',
        currency: 'SAR',
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: 2,
      }),
  ).formatRange(minHalalas / HALALAS_PER_SAR, maxHalalas / HALALAS_PER_SAR);
}

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

/** A moment → its Riyadh date and time, short: "28 Nov 2026, 19:05" / "28 نوفمبر 2026، 7:05 م". */
export function formatDateTime(moment: Date, locale: Locale): string {
  return cached(
    `dt:${locale}`,
    () =>
      new Intl.DateTimeFormat(INTL_LOCALE[locale], {
        timeZone: TIME_ZONE,
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
  ).format(moment);
}

/**
 * The Umm al-Qura (Hijri) calendar, shown beside the Gregorian date of a booking and never
 * instead of it (people pick and agree dates in the Gregorian calendar; decision 034). Pinned
 * like `INTL_LOCALE`: Arabic month names with Latin digits, English month names.
 */
export const HIJRI_INTL_LOCALE: Record<Locale, string> = {
  ar: 'ar-SA-u-nu-latn-ca-islamic-umalqura',
  en: 'en-GB-u-ca-islamic-umalqura',
};

/** A `YYYY-MM-DD` date → its Umm al-Qura date: "16 جمادى الآخرة 1448 هـ" / "16 Jumada II 1448 AH". */
export function formatHijriDate(isoDate: string, locale: Locale): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return cached(
    `h:${locale}`,
    () =>
      new Intl.DateTimeFormat(HIJRI_INTL_LOCALE[locale], {
        timeZone: TIME_ZONE,
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
  ).format(new Date(Date.UTC(y, m - 1, d, 12)));
}

/**
 * A booking's date as people read it in Saudi Arabia, Gregorian first and the Umm al-Qura date
 * beside it: "الخميس 26 نوفمبر 2026 · 16 جمادى الآخرة 1448 هـ" /
 * "Thursday, 26 November 2026 · 16 Jumada II 1448 AH".
 */
export function formatBookingDate(
  isoDate: string,
  locale: Locale,
  style: 'long' | 'medium' = 'long',
): string {
  return bookingDateParts(isoDate, locale, style).join(BOOKING_DATE_SEPARATOR);
}

/** What stands between a booking's Gregorian and Hijri dates. */
export const BOOKING_DATE_SEPARATOR = ' · ';

/**
 * `formatBookingDate`'s two dates apart, for a screen that keeps each on one line (a narrow
 * column may break between them, never inside one: "1448" on one line and "هـ" on the next).
 */
export function bookingDateParts(
  isoDate: string,
  locale: Locale,
  style: 'long' | 'medium' = 'long',
): [gregorian: string, hijri: string] {
  return [formatDate(isoDate, locale, style), formatHijriDate(isoDate, locale)];
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

const NEXT_DAY: Record<Locale, string> = { ar: 'اليوم التالي', en: 'next day' };

/**
 * The end of a range of one date's times: an end at or before the start is the next day's, and
 * says so — "1:00 am (next day)" / "1:00 ص (اليوم التالي)" (decision 030).
 */
export function formatEndTime(start: string, end: string, locale: Locale): string {
  return end.slice(0, 5) <= start.slice(0, 5)
    ? formatNextDayTime(end, locale)
    : formatTime(end, locale);
}

/** A time of the next day: "1:00 am (next day)". */
export function formatNextDayTime(time: string, locale: Locale): string {
  return `${formatTime(time, locale)} (${NEXT_DAY[locale]})`;
}

/** `10:00 am – 12:00 pm`, or `10:00 pm – 1:00 am (next day)`: a range of wall-clock times. */
export function formatTimeRange(start: string, end: string, locale: Locale): string {
  return `${formatTime(start, locale)} – ${formatEndTime(start, end, locale)}`;
}

export function currentYear(locale: Locale): string {
  return cached(
    `y:${locale}`,
    () => new Intl.DateTimeFormat(INTL_LOCALE[locale], { year: 'numeric', timeZone: TIME_ZONE }),
  ).format(new Date());
}

/**
 * Someone's own words (a name, an address, a space's name) set inside a sentence of ours, in
 * either script: wrapped in Unicode's first-strong isolate (U+2068 … U+2069), it keeps its own
 * direction without turning the punctuation and numbers around it (the plain-text twin of
 * `dir="auto"` / `<bdi>`; the email layout turns it into `<bdi>` in HTML). Decision 034.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
