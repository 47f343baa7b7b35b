import type { Locale } from '#shared/constants.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { wordsFor } from '#server/notices/words.ts';
import {
  type BookingForEmail,
  bookingWhen,
  exploreUrl,
  hostChangeEmail,
  referenceRow,
  renterBookingEmail,
} from './booking-details.ts';

/** The emails of a request nobody decided in time (notice table: booking `expired`). */

/** To the renter: nobody decided on the request in time (or its start came), so it expired. */
export function requestExpiredRenterEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const words = wordsFor(locale).booking;
  const said = words.expired.renter;
  return renterBookingEmail(booking, locale, said.subject, {
    paragraphs: said.body,
    details: [...bookingWhen(booking, locale), referenceRow(booking, locale)],
    button: { label: words.buttons.searchAgain, url: exploreUrl(input.publicUrl) },
  });
}

/** To the host: a request on their space expired. */
export const requestExpiredHostEmail = hostChangeEmail((w) => w.booking.expired.host);
