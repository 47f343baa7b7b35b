import type { Locale } from '#shared/constants.ts';
import type { FreeTime } from '#shared/domain/free-times.ts';
import { formatDate, formatTimeRange } from '#shared/format.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { wordsFor } from '#server/notices/words.ts';
import {
  type BookingForEmail,
  bookingWhen,
  referenceRow,
  renterBookingEmail,
  spaceUrl,
} from './booking-details.ts';

/**
 * To the renter: another booking was confirmed for the time, with the day's other free times
 * (notice table: booking `declined`; issue 18).
 */
export function slotTakenRenterEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  freeTimes: readonly FreeTime[];
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const words = wordsFor(locale).booking;
  const said = words.slotTaken.renter;
  const times = input.freeTimes.map((t) => formatTimeRange(t.startTime, t.endTime, locale));
  const day = formatDate(booking.date, locale);
  return renterBookingEmail(booking, locale, said.subject, {
    paragraphs: [
      said.body,
      times.length > 0 ? said.freeTimes(day, times.join('\n')) : said.noFreeTime(day),
    ],
    details: [...bookingWhen(booking, locale), referenceRow(booking, locale)],
    button: { label: words.buttons.chooseAnotherTime, url: spaceUrl(input.publicUrl, booking) },
  });
}
