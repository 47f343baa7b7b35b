import type { Locale } from '#shared/constants.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { wordsFor } from '#server/notices/words.ts';
import {
  addressRow,
  bookingDetails,
  type BookingForEmail,
  exploreUrl,
  hostChangeEmail,
  renterBookingEmail,
} from './booking-details.ts';

/** The emails of a request an admin did not accept (notice table: booking `rejected`). */

/** To the renter: the request was not accepted, with the admin's note when there is one. */
export function bookingRejectedEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  reason?: string;
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const words = wordsFor(locale).booking;
  const said = words.rejected.renter;
  return renterBookingEmail(booking, locale, said.subject, {
    paragraphs: [said.body, ...(input.reason ? [said.note, input.reason] : []), said.next],
    details: [...bookingDetails(booking, locale), addressRow(booking, locale)],
    button: { label: words.buttons.exploreSpaces, url: exploreUrl(input.publicUrl) },
  });
}

/** To the host: a request on their space was declined. */
export const bookingRejectedHostEmail = hostChangeEmail((w) => w.booking.rejected.host);
