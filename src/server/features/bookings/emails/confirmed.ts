import type { Locale } from '#shared/constants.ts';
import { bookingPeriod } from '#shared/domain/booking-slots.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { formatBookingDate, formatPrice } from '#shared/format.ts';
import { formatCount } from '#shared/format-count.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';
import { renderIcs } from '#server/emails/ics.ts';
import { greeting, wordsFor } from '#server/notices/words.ts';
import {
  addressRow,
  bookingDetails,
  formatDeadline,
  payUrl,
  hostChangeEmail,
  policyRow,
  spaceUrl,
  type BookingForEmail,
} from './booking-details.ts';

/** The emails of a confirmed booking (notice table: booking `confirmed`). */

/** To the renter: the booking is confirmed, with a calendar file. */
export function bookingConfirmedEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  publicUrl: string;
  /** DTSTAMP of the calendar file: the moment of the decision. */
  decidedAt: Date;
}): MailMessage {
  const { locale, booking } = input;
  const words = wordsFor(locale).booking;
  const said = words.confirmed.renter;
  const name = spaceName(booking.space, locale);
  const url = spaceUrl(input.publicUrl, booking);
  const period = bookingPeriod(booking);
  const ics = renderIcs({
    uid: `booking-${booking.id}@hourspace.sa`,
    stamp: input.decidedAt,
    start: period.startsAt,
    end: period.endsAt, // the next day's when at or before the start (decision 030)
    summary: said.calendarSummary(name),
    location: booking.space.address,
    description: [
      said.calendarNote,
      `${words.labels.date}: ${formatBookingDate(booking.date, locale)}`,
      `${words.labels.guests}: ${formatCount(booking.guests, 'guests', locale)}`,
    ].join('\n'),
    url,
  });
  return renderEmail({
    locale,
    to: booking.renterEmail,
    subject: said.subject(name),
    greeting: greeting(locale, booking.renterName),
    // Issue 32: how much, by when (Riyadh time, Hijri beside), and the way to pay.
    paragraphs: booking.paymentDueAt
      ? [
          ...(Array.isArray(said.body) ? said.body : [said.body]),
          words.payment.confirmedDue(
            formatPrice(booking.totalHalalas, locale),
            formatDeadline(booking.paymentDueAt, locale),
          ),
        ]
      : said.body,
    details: [
      ...bookingDetails(booking, locale),
      ...(booking.paymentDueAt
        ? [
            {
              label: words.payment.labels.dueBy,
              value: formatDeadline(booking.paymentDueAt, locale),
            },
          ]
        : []),
      addressRow(booking, locale),
      policyRow(booking, locale),
    ],
    button: booking.paymentDueAt
      ? { label: words.payment.payNow, url: payUrl(input.publicUrl, booking) }
      : { label: words.buttons.viewSpace, url },
    footnote: said.footnote,
    attachments: [
      {
        filename: 'hourspace-booking.ics',
        content: ics,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  });
}

/** To the host: a booking on their space is confirmed. */
export const bookingConfirmedHostEmail = hostChangeEmail((w) => w.booking.confirmed.host);
