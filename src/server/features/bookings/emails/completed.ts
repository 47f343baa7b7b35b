import type { Locale } from '#shared/constants.ts';
import { REVIEW_EDIT_DAYS } from '#shared/domain/reviews.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { wordsFor } from '#server/notices/words.ts';
import { bookingDetails, type BookingForEmail, renterBookingEmail } from './booking-details.ts';

/**
 * To the renter, once the booking's time has passed (notice table: booking `completed`): how
 * was it? One click to the review form in "My bookings", open for REVIEW_EDIT_DAYS.
 */
export function bookingReviewInvitationEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const words = wordsFor(locale).booking;
  const said = words.completed.renter;
  return renterBookingEmail(booking, locale, said.subject, {
    paragraphs: said.body,
    details: bookingDetails(booking, locale),
    button: {
      label: words.buttons.reviewSpace,
      url: `${input.publicUrl}/account?review=${booking.id}`,
    },
    footnote: said.footnote(REVIEW_EDIT_DAYS),
  });
}
