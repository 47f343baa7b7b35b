/**
 * Saudi VAT on HourSpace's prices (decision 035). A host's price per hour is what the renter pays:
 * it includes VAT. For a VAT-registered host, 15 % of the price before VAT is in it, so the VAT
 * part of an inclusive amount is amount × 15 / 115, rounded to the nearest whole halala (half a
 * halala up). A host who is not VAT-registered charges no VAT: the price is all theirs, and the
 * renter sees no VAT line. Money is integer halalas throughout; this file is the one place VAT is
 * computed (the booking form's total, the stored booking, the emails).
 */

/** The Saudi standard VAT rate, in whole percent. */
export const VAT_RATE_PERCENT = 15;

/**
 * The VAT part of a VAT-inclusive amount in halalas: round(amount × 15 / 115), half a halala up.
 * Integer arithmetic only (no floating point on money): floor((2 · amount · 15 + 115) / 230).
 */
export function vatPartHalalas(inclusiveHalalas: number): number {
  if (!Number.isSafeInteger(inclusiveHalalas) || inclusiveHalalas < 0) {
    throw new RangeError('an amount must be a whole, non-negative number of halalas');
  }
  const base = 100 + VAT_RATE_PERCENT;
  return Math.floor((2 * inclusiveHalalas * VAT_RATE_PERCENT + base) / (2 * base));
}

/** An amount split into its VAT part and the rest (`net + vat = total`, always). */
export interface VatBreakdown {
  totalHalalas: number;
  /** null: the host is not VAT-registered, so no VAT is charged */
  vatHalalas: number | null;
  netHalalas: number;
}

/** What a VAT-inclusive amount holds: for a registered host the VAT part, else no VAT at all. */
export function vatBreakdown(totalHalalas: number, vatRegistered: boolean): VatBreakdown {
  const vatHalalas = vatRegistered ? vatPartHalalas(totalHalalas) : null;
  return { totalHalalas, vatHalalas, netHalalas: totalHalalas - (vatHalalas ?? 0) };
}

/** The Saudi VAT registration number: 15 digits, starting and ending with 3. */
export const SAUDI_VAT_NUMBER = /^3\d{13}3$/;

/** A VAT number as typed ("300 0000 0000 0003", Arabic-Indic digits) → 15 Latin digits, or null. */
export function normalizeVatNumber(input: string): string | null {
  const digits = input
    .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10))
    .replace(/[\s-]/g, '');
  return SAUDI_VAT_NUMBER.test(digits) ? digits : null;
}
