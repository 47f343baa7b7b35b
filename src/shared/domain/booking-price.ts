import { bookingMinutes, checkBookingTimes, type BookingTimes } from './booking-slots.ts';

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

/** What a booking of given times costs, and for how long. */
export interface BookingQuote {
  minutes: number;
  totalHalalas: number;
}

/**
 * The price of a booking from its times: null until they make a booking (`checkBookingTimes`:
 * real times on the grid, at least the minimum length), else its minutes and total. The form's
 * live total and the total the server stores.
 */
export function bookingQuote(
  priceHalalasPerHour: number,
  times: Pick<BookingTimes, 'startTime' | 'endTime'>,
  /** the space's shortest booking (`bookingSettings`) */
  minMinutes?: number,
): BookingQuote | null {
  if (Object.keys(checkBookingTimes(times, minMinutes)).length > 0) return null;
  const minutes = bookingMinutes(times);
  return { minutes, totalHalalas: bookingTotalHalalas(priceHalalasPerHour, minutes) };
}
