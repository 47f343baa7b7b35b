import type { Locale } from '#shared/constants.ts';
import { BOOKING_DATE_SEPARATOR, bookingDateParts } from '#shared/format.ts';

/**
 * A booking's date, Gregorian and Hijri (`formatBookingDate`'s text), each kept on one line: a
 * narrow column breaks between the two dates, never inside one (the Hijri year's "هـ" alone on a
 * line, at 390 px).
 */
export function BookingDate({
  date,
  locale,
  style,
}: {
  /** `YYYY-MM-DD` */
  date: string;
  locale: Locale;
  style?: 'long' | 'medium';
}) {
  const [gregorian, hijri] = bookingDateParts(date, locale, style);
  return (
    <>
      <span className="whitespace-nowrap">{gregorian}</span>
      {BOOKING_DATE_SEPARATOR}
      <span className="whitespace-nowrap">{hijri}</span>
    </>
  );
}
