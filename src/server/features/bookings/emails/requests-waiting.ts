import type { Locale } from '#shared/constants.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { formatDate, formatTime } from '#shared/format.ts';
import { formatDuration } from '#shared/format-duration.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';
import { wordsFor } from '#server/notices/words.ts';
import { adminDeskUrl, type BookingForEmail } from './booking-details.ts';

/** One line of the reminder digest. */
export interface WaitingRequest {
  booking: BookingForEmail;
  /** When it expires unless decided. */
  expiresAt: Date;
}

/**
 * To one admin (notice table: booking `requestsWaiting`): the requests that have waited long,
 * with the time each has left.
 */
export function reminderDigestEmail(input: {
  locale: Locale;
  to: string;
  requests: readonly WaitingRequest[];
  now: Date;
  publicUrl: string;
}): MailMessage {
  const { locale } = input;
  const words = wordsFor(locale).booking;
  const said = words.requestsWaiting.admin;
  const lines = input.requests.map(({ booking, expiresAt }) => {
    const left = formatDuration(expiresAt.getTime() - input.now.getTime(), locale);
    const what = `${spaceName(booking.space, locale)} — ${formatDate(booking.date, locale)} ${formatTime(booking.startTime, locale)}`;
    return said.line(what, left);
  });
  return renderEmail({
    locale,
    to: input.to,
    subject: said.subject(input.requests.length),
    paragraphs: [said.body, lines.join('\n')],
    button: { label: words.buttons.reviewRequests, url: adminDeskUrl(input.publicUrl) },
  });
}
