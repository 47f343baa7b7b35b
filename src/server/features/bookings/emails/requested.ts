import type { Locale } from '#shared/constants.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { localSaudiMobile } from '#shared/domain/phone.ts';
import { formatBookingDate, formatTimeRange, isolate } from '#shared/format.ts';
import { formatCount, formatMinutes } from '#shared/format-count.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';
import { wordsFor } from '#server/notices/words.ts';
import {
  accountUrl,
  adminDeskUrl,
  bookingDetails,
  type BookingForEmail,
  hostBookingEmail,
  hostingUrl,
  type HostEmailInput,
  referenceRow,
  renterBookingEmail,
} from './booking-details.ts';

/** The emails of a new booking request (notice table: booking `requested`). */

/** To the renter: "request received", nothing charged, not confirmed yet (docs/product-spec.md §4). */
export function bookingRequestedRenterEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const words = wordsFor(locale).booking;
  const said = words.requested.renter;
  return renterBookingEmail(booking, locale, said.subject, {
    paragraphs: [said.body],
    details: [...bookingDetails(booking, locale), referenceRow(booking, locale)],
    button: { label: words.buttons.myBookings, url: accountUrl(input.publicUrl) },
    footnote: said.footnote,
  });
}

/** To one admin (or the team address): a new request to confirm or reject. */
export function bookingRequestedAdminEmail(input: {
  locale: Locale;
  to: string;
  booking: BookingForEmail;
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const words = wordsFor(locale).booking;
  const said = words.requested.admin;
  const named = booking.renterName && booking.renterName !== booking.renterEmail;
  return renderEmail({
    locale,
    to: input.to,
    subject: said.subject(spaceName(booking.space, locale)),
    paragraphs: [said.body],
    details: [
      ...bookingDetails(booking, locale),
      {
        label: words.labels.renter,
        value: named
          ? `${isolate(booking.renterName)} <${booking.renterEmail}>`
          : booking.renterEmail,
      },
      { label: words.labels.phone, value: localSaudiMobile(booking.contactPhone) },
      referenceRow(booking, locale),
    ],
    button: { label: words.buttons.reviewRequests, url: adminDeskUrl(input.publicUrl) },
    replyTo: booking.renterEmail,
  });
}

/** To the host: a new request on their space, and what happens next. */
export function bookingRequestedHostEmail(input: HostEmailInput): MailMessage {
  const said = wordsFor(input.locale).booking.requested.host;
  const space = spaceName(input.booking.space, input.locale);
  // A space whose host decides (issue 35): the host is asked to, and the button opens the request.
  const hostDecides = input.booking.space.decisionMode === 'host';
  return hostBookingEmail(input, {
    subject: said.subject,
    paragraphs: [said.arrived(isolate(space)), hostDecides ? said.nextHostDecides : said.next],
    ...(hostDecides ? { button: wordsFor(input.locale).booking.buttons.openRequest } : {}),
  });
}

/**
 * To a host or an admin: the requests that arrived in a burst, in one email (issue 37, decision
 * 072) — the space, the day and time and the reference of each, oldest first, a host's each with
 * the link that opens it in the Hosting area, and the way to decide them (the host's Hosting
 * area, the admins' desk). `everyMs`: the window, said in the footnote.
 */
export function newRequestsEmail(input: {
  locale: Locale;
  to: string;
  audience: 'host' | 'admin';
  requests: readonly BookingForEmail[];
  publicUrl: string;
  everyMs: number;
}): MailMessage {
  const { locale, requests } = input;
  const words = wordsFor(locale).booking;
  const said = words.newRequests;
  const lines = requests.map((booking) => {
    const line = said.line(
      `${isolate(spaceName(booking.space, locale))} — ${formatBookingDate(booking.date, locale)} ${formatTimeRange(booking.startTime, booking.endTime, locale)}`,
      // Left-to-right runs kept whole and in order inside an Arabic line: «HS-…» never reads
      // «-HS», and the link never breaks into the words around it.
      isolate(booking.reference),
    );
    return input.audience === 'host'
      ? `${line}\n${isolate(hostingUrl(input.publicUrl, booking))}`
      : line;
  });
  const every = formatMinutes(Math.max(1, Math.round(input.everyMs / 60_000)), locale);
  return renderEmail({
    locale,
    to: input.to,
    subject: said.subject(requests.length),
    paragraphs: [
      said.body(formatCount(requests.length, 'requests', locale)),
      lines.join(input.audience === 'host' ? '\n\n' : '\n'),
    ],
    button:
      input.audience === 'host'
        ? { label: words.buttons.hostRequests, url: `${input.publicUrl}/account?tab=hosting` }
        : { label: words.buttons.reviewRequests, url: adminDeskUrl(input.publicUrl) },
    footnote: said.footnote(every),
  });
}
