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
