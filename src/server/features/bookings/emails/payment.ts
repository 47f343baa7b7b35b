import type { Locale } from '#shared/constants.ts';
import { formatPrice } from '#shared/format.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { wordsFor } from '#server/notices/words.ts';
import {
  bookingDetails,
  bookingWhen,
  exploreUrl,
  formatDeadline,
  hostChangeEmail,
  payUrl,
  referenceRow,
  renterBookingEmail,
  type BookingForEmail,
} from './booking-details.ts';

/** The emails of a booking's payment (notice table: booking `paid`, `released`, `paymentDue`). */

const accountUrl = (publicUrl: string) => `${publicUrl}/account`;

/** To the renter: the payment was verified with the gateway; the booking is secured. */
export function bookingPaidRenterEmail(
  locale: Locale,
  booking: BookingForEmail,
  publicUrl: string,
): MailMessage {
  const words = wordsFor(locale).booking;
  const said = words.payment.paid;
  const email = renterBookingEmail(booking, locale, said.subject, {
    paragraphs: [said.body],
    details: [
      ...bookingDetails(booking, locale),
      { label: words.payment.labels.paid, value: formatPrice(booking.totalHalalas, locale) },
      referenceRow(booking, locale),
    ],
    button: { label: words.buttons.myBookings, url: accountUrl(publicUrl) },
  });
  // Its tax invoice or receipt goes with it as a PDF, added when the email is sent (issue 33).
  return { ...email, attachPaidDocumentOf: booking.id };
}

/** To the renter: one reminder before the payment deadline — how much, by when, where to pay. */
export function paymentDueRenterEmail(
  locale: Locale,
  booking: BookingForEmail,
  publicUrl: string,
): MailMessage {
  const words = wordsFor(locale).booking;
  const deadline = booking.paymentDueAt ? formatDeadline(booking.paymentDueAt, locale) : '';
  return renterBookingEmail(booking, locale, words.payment.due.subject, {
    paragraphs: [words.payment.due.body(formatPrice(booking.totalHalalas, locale), deadline)],
    details: [
      ...bookingDetails(booking, locale),
      { label: words.payment.labels.dueBy, value: deadline },
      referenceRow(booking, locale),
    ],
    button: { label: words.payment.payNow, url: payUrl(publicUrl, booking) },
  });
}

/** To the renter: unpaid at its deadline, the booking was cancelled (PAYMENT_NOT_RECEIVED). */
export function bookingReleasedRenterEmail(
  locale: Locale,
  booking: BookingForEmail,
  publicUrl: string,
): MailMessage {
  const words = wordsFor(locale).booking;
  const said = words.payment.released.renter;
  return renterBookingEmail(booking, locale, said.subject, {
    paragraphs: said.body,
    details: [...bookingWhen(booking, locale), referenceRow(booking, locale)],
    button: { label: words.buttons.searchAgain, url: exploreUrl(publicUrl) },
  });
}

/** To the host: the booking on their space was not paid in time and is cancelled. */
export const bookingReleasedHostEmail = hostChangeEmail((w) => w.booking.payment.released.host);
