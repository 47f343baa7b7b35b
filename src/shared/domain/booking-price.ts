import {
  bookingMinutes,
  checkBookingTimes,
  type BookingTimes,
  type TimeRules,
} from './booking-slots.ts';
import { vatBreakdown } from './vat.ts';

/**
 * The price of a booking: hours × price per hour, in integer halalas (1 SAR = 100 halalas).
 * Computed on the server from the space's price; the form shows the same number live.
 *
 * With a 30-minute grid a price with an odd number of halalas can leave half a halala
 * (1.5 h × 100.01 SAR); it is rounded half up, to the nearest whole halala.
 */
export function bookingTotalHalalas(priceHalalasPerHour: number, minutes: number): number {
  if (!Number.isInteger(priceHalalasPerHour) || priceHalalasPerHour < 0) {
    throw new RangeError('price per hour must be a whole number of halalas');
  }
  if (!Number.isInteger(minutes) || minutes <= 0) {
    throw new RangeError('minutes must be a positive whole number');
  }
  // Integer arithmetic first, then one division: no floating-point drift on money.
  return Math.floor((priceHalalasPerHour * minutes * 2 + 60) / 120);
}

/** What a booking of given times costs (VAT included), for how long, and the VAT in it. */
export interface BookingQuote {
  minutes: number;
  /** what the renter pays: VAT included */
  totalHalalas: number;
  /** the VAT part of the total for a VAT-registered host; null when the host charges no VAT */
  vatHalalas: number | null;
}

/**
 * The price of a booking from its times: null until they make a booking (`checkBookingTimes`:
 * real times on the grid, at least the minimum length, past midnight only where the hours cross
 * it), else its minutes and total. The form's live total and the total the server stores. The
 * price per hour already includes VAT (decision 035); for a VAT-registered host the quote names
 * the VAT part of the total (`vatPartHalalas`), which the stored booking keeps.
 */
export function bookingQuote(
  priceHalalasPerHour: number,
  times: Pick<BookingTimes, 'startTime' | 'endTime'>,
  /** the space's time rules (`timeRules`) */
  rules: TimeRules = {},
  /** the host is VAT-registered (the space's `vatRegistered`) */
  vatRegistered = false,
): BookingQuote | null {
  if (Object.keys(checkBookingTimes(times, rules)).length > 0) return null;
  const minutes = bookingMinutes(times);
  const { totalHalalas, vatHalalas } = vatBreakdown(
    bookingTotalHalalas(priceHalalasPerHour, minutes),
    vatRegistered,
  );
  return { minutes, totalHalalas, vatHalalas };
}
