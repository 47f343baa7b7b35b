import type { Locale } from '#shared/constants.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { wordsFor } from '#server/notices/words.ts';
import {
  type BookingForEmail,
  bookingWhen,
  exploreUrl,
  referenceRow,
  renterBookingEmail,
  spaceUrl,
} from './booking-details.ts';

/**
 * To the renter: the host archived the space while the request waited, so it was declined
 * (notice table: booking `archivedDeclined`; issue 37).
 */
export function spaceArchivedRenterEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const words = wordsFor(locale).booking;
  const said = words.archivedDeclined.renter;
  return renterBookingEmail(booking, locale, said.subject, {
    paragraphs: [said.body],
    details: [...bookingWhen(booking, locale), referenceRow(booking, locale)],
    button: { label: words.buttons.exploreSpaces, url: exploreUrl(input.publicUrl) },
  });
}

/**
 * To a renter whose request was declined as SLOT_TAKEN: the booking that took the time was
 * cancelled before its start, so the time is free again; the button opens the space to request
 * it (notice table: booking `slotFreed`; decision 060).
 */
export function slotFreeAgainRenterEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const words = wordsFor(locale).booking;
  const said = words.slotFreed.renter;
  return renterBookingEmail(booking, locale, said.subject, {
    paragraphs: [said.body],
    details: [...bookingWhen(booking, locale)],
    button: { label: words.buttons.requestThisTime, url: spaceUrl(input.publicUrl, booking) },
  });
}
