import type { Locale } from '#shared/constants.ts';
import { bookingPeriod } from '#shared/domain/booking-slots.ts';
import { freeCancellationUntil } from '#shared/domain/cancellation-policy.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { formatDate } from '#shared/format.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';
import { renderIcs } from '#server/emails/ics.ts';
import { wordsFor } from '#server/notices/words.ts';
import {
  adminDeskUrl,
  type BookingForEmail,
  bookingWhen,
  exploreUrl,
  hostChangeEmail,
  policyRow,
  policySentence,
  referenceRow,
  renterBookingEmail,
} from './booking-details.ts';

/**
 * The emails of a cancelled booking (notice table: booking `cancelled` — its renter cancelled a
 * confirmed booking — and `revoked` — an admin did, with a reason — and the host's of `withdrawn`,
 * a pending request its renter took back).
 */

/** Who cancelled a confirmed booking, and what the renter is told about the policy. */
export type Cancellation =
  | { by: 'renter'; free: boolean }
  | { by: 'admin'; reason: string }
  /** the space's host cancelled it (issue 35): the renter is refunded in full */
  | { by: 'host'; reason: string };

/** The cancelled booking's calendar entry: the same UID as the confirmation's, METHOD:CANCEL. */
function cancelIcs(booking: BookingForEmail, locale: Locale, stamp: Date, publicUrl: string) {
  const name = spaceName(booking.space, locale);
  return renderIcs(
    {
      uid: `booking-${booking.id}@hourspace.sa`,
      stamp,
      // The next day's end when at or before the start (decision 030), as the confirmation's.
      start: bookingPeriod(booking).startsAt,
      end: bookingPeriod(booking).endsAt,
      summary: wordsFor(locale).booking.cancelled.renter.calendarSummary(name),
      location: booking.space.address,
      url: `${publicUrl}/space/${booking.space.id}`,
      status: 'CANCELLED',
      sequence: 1,
    },
    'CANCEL',
  );
}

/** What a late cancellation means, said plainly (no payment goes through the platform). */
function lateCancellation(booking: BookingForEmail, locale: Locale): string {
  const until = freeCancellationUntil(
    booking.space.cancellationPolicy,
    new Date(`${booking.date}T${booking.startTime}:00+03:00`),
  );
  return wordsFor(locale).booking.cancelled.renter.late(
    policySentence(booking.space.cancellationPolicy, locale),
    formatDate(until.toISOString().slice(0, 10), locale),
  );
}

/** To the renter: their confirmed booking is cancelled (by them or by our team), with METHOD:CANCEL. */
export function bookingCancelledRenterEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  cancellation: Cancellation;
  cancelledAt: Date;
  publicUrl: string;
}): MailMessage {
  const { locale, booking, cancellation } = input;
  const words = wordsFor(locale).booking;
  const said = words.cancelled.renter;
  const paragraphs =
    cancellation.by === 'admin'
      ? [said.byAdmin, said.reason(cancellation.reason)]
      : cancellation.by === 'host'
        ? [said.byHost, said.reason(cancellation.reason)]
        : [said.byRenter, cancellation.free ? said.free : lateCancellation(booking, locale)];
  return renterBookingEmail(booking, locale, said.subject, {
    paragraphs: [...paragraphs, said.calendarFile],
    details: [
      ...bookingWhen(booking, locale),
      referenceRow(booking, locale),
      policyRow(booking, locale),
    ],
    button: { label: words.buttons.searchAgain, url: exploreUrl(input.publicUrl) },
    attachments: [
      {
        filename: 'hourspace-booking-cancelled.ics',
        content: cancelIcs(booking, locale, input.cancelledAt, input.publicUrl),
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
      },
    ],
  });
}

/** To one admin (or the team address): a confirmed booking was cancelled. */
export function bookingCancelledAdminEmail(input: {
  locale: Locale;
  to: string;
  booking: BookingForEmail;
  cancellation: Cancellation;
  publicUrl: string;
}): MailMessage {
  const { locale, booking, cancellation } = input;
  const words = wordsFor(locale).booking;
  const said = words.cancelled.admin;
  const by =
    cancellation.by === 'admin'
      ? said.byAdmin(cancellation.reason)
      : cancellation.by === 'host'
        ? said.byHost(cancellation.reason)
        : cancellation.free
          ? said.byRenterFree
          : said.byRenterLate;
  return renderEmail({
    locale,
    to: input.to,
    subject: said.subject(spaceName(booking.space, locale)),
    paragraphs: [by, said.reopened],
    details: [
      ...bookingWhen(booking, locale),
      referenceRow(booking, locale),
      { label: words.labels.renter, value: booking.renterEmail },
    ],
    button: { label: words.buttons.reviewDesk, url: adminDeskUrl(input.publicUrl) },
  });
}

/** To the host: the renter cancelled a booking (or took back a request) on their space. */
export const bookingCancelledHostEmail = hostChangeEmail((w) => w.booking.cancelled.host);
