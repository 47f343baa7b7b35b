/**
 * A booking's short human reference, `HS-7K3Q9M`: what a person reads and says to name a booking
 * (emails, screens, the audit log, later invoices) instead of its 36-character id.
 *
 * Six characters from Crockford's base32 alphabet — digits and capitals without I, L, O and U,
 * which are read as 1, 1, 0 and V (or make words) — are 32^6 = 1,073,741,824 references. With a
 * million bookings stored, a new random reference is already taken with a chance of
 * 10^6 / 1.07·10^9 ≈ 0.09 % (10 million: ≈ 0.9 %); the creator then draws again (a unique
 * constraint names the clash), so three clashes in a row at ten million bookings are ≈ 1 in 1.3
 * million requests. Five characters (33.5 million) would clash on 3 % of requests at a million.
 *
 * The reference is random, not a counter: it does not tell a renter how many bookings the
 * platform holds, and it needs no sequence shared by concurrent requests.
 */
import { latinDigits } from './phone.ts';

export const BOOKING_REFERENCE_PREFIX = 'HS-';
export const BOOKING_REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const BOOKING_REFERENCE_LENGTH = 6;

/** The stored form, exactly: what the database's check constraint holds every row to. */
export const BOOKING_REFERENCE_PATTERN = new RegExp(
  `^${BOOKING_REFERENCE_PREFIX}[${BOOKING_REFERENCE_ALPHABET}]{${BOOKING_REFERENCE_LENGTH}}$`,
);

/** A new random reference (crypto-strong: a reference is not guessable from its neighbours). */
export function newBookingReference(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (bytes) =>
    crypto.getRandomValues(bytes),
): string {
  // 256 is a multiple of 32: each byte's low five bits are one uniform character.
  const bytes = random(new Uint8Array(BOOKING_REFERENCE_LENGTH));
  let code = '';
  for (const byte of bytes) code += BOOKING_REFERENCE_ALPHABET[byte % 32];
  return BOOKING_REFERENCE_PREFIX + code;
}

/** Crockford's reading of the letters left out: O is zero, I and L are one. */
const READ_AS: Record<string, string> = { O: '0', I: '1', L: '1' };

/**
 * A reference as a person may type it — any case, with or without `HS` and the dash, spaces
 * between groups, O for 0, I or L for 1 — in its stored form; null when it cannot be one.
 */
export function parseBookingReference(input: string): string | null {
  let text = latinDigits(input.normalize('NFKC'))
    .toUpperCase()
    .replace(/[\s\-\u2010-\u2015]/g, '');
  // `HS` is the prefix only when it comes on top of a whole code (a code may start with HS).
  if (text.length === BOOKING_REFERENCE_LENGTH + 2 && text.startsWith('HS')) text = text.slice(2);
  if (text.length !== BOOKING_REFERENCE_LENGTH) return null;
  const code = [...text].map((c) => READ_AS[c] ?? c).join('');
  const reference = BOOKING_REFERENCE_PREFIX + code;
  return BOOKING_REFERENCE_PATTERN.test(reference) ? reference : null;
}
