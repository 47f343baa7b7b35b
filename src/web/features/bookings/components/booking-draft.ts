import type { BookingFormInput } from '#shared/schemas/booking.ts';

/**
 * What a signed-out visitor typed into the booking form, kept in sessionStorage while they sign in
 * (docs/product-spec.md §6: "Sign in to book this space", then back to the form with its values).
 * Per space, per tab, gone when the tab closes; cleared once the request is sent.
 */
const key = (spaceId: string) => `booking-draft:${spaceId}`;

export function saveBookingDraft(spaceId: string, values: Partial<BookingFormInput>) {
  try {
    window.sessionStorage.setItem(key(spaceId), JSON.stringify(values));
  } catch {
    /* storage unavailable: the visitor types again after signing in */
  }
}

export function readBookingDraft(spaceId: string): Partial<BookingFormInput> {
  try {
    const raw = window.sessionStorage.getItem(key(spaceId));
    if (!raw) return {};
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const out: Partial<BookingFormInput> = {};
    for (const field of ['date', 'startTime', 'endTime', 'contactPhone'] as const) {
      if (typeof parsed[field] === 'string') out[field] = parsed[field];
    }
    // JSON has no NaN: an empty guests field comes back as null, and stays empty (no value at
    // all: a NaN value makes the browser warn that it cannot show it).
    if (typeof parsed.guests === 'number') out.guests = parsed.guests;
    return out;
  } catch {
    return {};
  }
}

export function clearBookingDraft(spaceId: string) {
  try {
    window.sessionStorage.removeItem(key(spaceId));
  } catch {
    /* nothing to clear */
  }
}
