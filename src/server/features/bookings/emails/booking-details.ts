import type { CancellationPolicy, Locale } from '#shared/constants.ts';
import { freeWindow } from '#shared/domain/cancellation-policy.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { VAT_RATE_PERCENT } from '#shared/domain/vat.ts';
import { riyadhClock } from '#shared/domain/riyadh-calendar.ts';
import {
  BOOKING_DATE_SEPARATOR,
  formatBookingDate,
  formatPrice,
  formatTime,
  formatTimeRange,
  isolate,
} from '#shared/format.ts';
import { formatCount } from '#shared/format-count.ts';
import { quoteRows } from '#shared/format-quote.ts';
import type { DecisionMode } from '#shared/domain/booking-lifecycle.ts';
import type { BookingQuote } from '#shared/domain/booking-price.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail, type EmailContent } from '#server/emails/email-layout.ts';
import { greeting, wordsFor } from '#server/notices/words.ts';

/**
 * What every booking email shares: the booking as the emails read it, its rows (what, when, for
 * how many, for how much), its label and its links. One file per event beside this one holds
 * that event's emails; their words are in src/server/notices/words/. Numbers and dates follow
 * docs/decisions/008: Latin digits and the Gregorian calendar in Arabic too, `en-GB` in English,
 * with the Umm al-Qura date beside the Gregorian one and counts in the language's plural forms
 * (decision 034). What people wrote themselves (names, addresses) is isolated (`isolate`), so
 * it keeps its own direction in either language.
 */
export interface BookingForEmail {
  id: string;
  /** The short name a person reads (`HS-7K3Q9M`): name the booking by this, never by `id`. */
  reference: string;
  /** YYYY-MM-DD and HH:mm, Asia/Riyadh wall clock */
  date: string;
  startTime: string;
  endTime: string;
  guests: number;
  /** VAT included (decision 035) */
  totalHalalas: number;
  /** the VAT in the total, kept from the request; null: the host charged no VAT */
  vatHalalas: number | null;
  /** The phone and address the renter gave with the request: where they expect the answer. */
  contactPhone: string;
  renterEmail: string;
  /** src/shared/domain/display-name.ts: the name the header greets the renter by. */
  renterName: string;
  /** Issue 32: when a confirmed booking must be paid by (null: before payments, or not confirmed) */
  paymentDueAt?: Date | null;
  space: {
    id: string;
    nameAr: string | null;
    nameEn: string | null;
    address: string;
    cancellationPolicy: CancellationPolicy;
    /** who decides its requests (issue 35): a `host` space's host is asked to decide */
    decisionMode?: DecisionMode;
  };
  /** the itemised quote the booking was made with (issue 35); null for older bookings */
  quote?: BookingQuote | null;
}

/**
 * How an email names a booking — the one place to change it: its short human reference
 * (HS-7K3Q9, src/shared/domain/booking-reference.ts), the one the screens and the audit log show,
 * isolated so it reads left to right inside Arabic.
 */
export const bookingLabel = (booking: Pick<BookingForEmail, 'reference'>): string =>
  isolate(booking.reference);

/** "Moderate: free cancellation until 72 hours before the start" (src/shared/domain/cancellation-policy.ts). */
export function policySentence(policy: CancellationPolicy, locale: Locale): string {
  const words = wordsFor(locale).booking;
  const window = freeWindow(policy);
  const span = formatCount(window.count, window.unit === 'day' ? 'days' : 'hours', locale);
  return words.policySentence(words.policyNames[policy], span);
}

/** The listing's cancellation policy as a row. */
export const policyRow = (booking: BookingForEmail, locale: Locale) => ({
  label: wordsFor(locale).booking.labels.policy,
  value: policySentence(booking.space.cancellationPolicy, locale),
});

/** What and when: the first rows of every email about a booking. */
export function bookingWhen(booking: BookingForEmail, locale: Locale) {
  const { labels } = wordsFor(locale).booking;
  return [
    { label: labels.space, value: isolate(spaceName(booking.space, locale)) },
    { label: labels.date, value: formatBookingDate(booking.date, locale) },
    { label: labels.time, value: formatTimeRange(booking.startTime, booking.endTime, locale) },
  ];
}

/** The request's reference row. */
export const referenceRow = (booking: BookingForEmail, locale: Locale) => ({
  label: wordsFor(locale).booking.labels.reference,
  value: bookingLabel(booking),
});

/** The space's address row (what the renter wrote down to find it). */
export const addressRow = (booking: BookingForEmail, locale: Locale) => ({
  label: wordsFor(locale).booking.labels.address,
  value: isolate(booking.space.address),
});

/** The rows every booking email shows: what, when, for how many, for how much. */
export function bookingDetails(booking: BookingForEmail, locale: Locale) {
  const { labels } = wordsFor(locale).booking;
  return [
    ...bookingWhen(booking, locale),
    { label: labels.guests, value: formatCount(booking.guests, 'guests', locale) },
    // The itemised quote line by line (issue 35), when it says more than hours × one price.
    ...(booking.quote &&
    (booking.quote.lines.length > 1 || booking.quote.lines[0]?.kind !== 'hours')
      ? quoteRows(booking.quote.lines, locale)
      : []),
    { label: labels.total, value: formatPrice(booking.totalHalalas, locale) },
    // Only a VAT-registered host's booking holds VAT; the amount is the one stored with it.
    ...(booking.vatHalalas === null
      ? []
      : [{ label: labels.vat(VAT_RATE_PERCENT), value: formatPrice(booking.vatHalalas, locale) }]),
  ];
}

export const spaceUrl = (publicUrl: string, booking: BookingForEmail) =>
  `${publicUrl}/space/${booking.space.id}`;
export const exploreUrl = (publicUrl: string) => `${publicUrl}/explore-spaces`;
export const accountUrl = (publicUrl: string) => `${publicUrl}/account`;
export const adminDeskUrl = (publicUrl: string) => `${publicUrl}/admin/dashboard`;
/**
 * The Hosting area opened on the booking's space and the booking itself (issue 35), named by its
 * reference as everywhere a person reads it (decision 050), never by its id.
 */
export const hostingUrl = (publicUrl: string, booking: BookingForEmail) =>
  `${publicUrl}/account?tab=hosting&space=${booking.space.id}&booking=${booking.reference}`;

/**
 * A renter's email about their booking: to the address they gave with it, its subject naming
 * the space, greeting them by name (the renter's counterpart of `hostBookingEmail`).
 */
export function renterBookingEmail(
  booking: BookingForEmail,
  locale: Locale,
  subject: (space: string) => string,
  content: Omit<EmailContent, 'locale' | 'to' | 'subject' | 'greeting'>,
): MailMessage {
  return renderEmail({
    locale,
    to: booking.renterEmail,
    subject: subject(spaceName(booking.space, locale)),
    greeting: greeting(locale, booking.renterName),
    ...content,
  });
}

/** What a host's email is given. */
export interface HostEmailInput {
  locale: Locale;
  to: string;
  hostName: string;
  booking: BookingForEmail;
  publicUrl: string;
}

/**
 * A host's email of a booking on their space: everything but the renter's contact (the admin
 * arranges), and a link to their requests.
 */
export function hostBookingEmail(
  input: HostEmailInput,
  content: { subject: (space: string) => string; paragraphs: string[]; button?: string },
): MailMessage {
  const { locale, booking } = input;
  const words = wordsFor(locale).booking;
  return renderEmail({
    locale,
    to: input.to,
    subject: content.subject(spaceName(booking.space, locale)),
    greeting: greeting(locale, input.hostName),
    paragraphs: content.paragraphs,
    details: [
      ...bookingDetails(booking, locale),
      { label: words.labels.renter, value: isolate(booking.renterName) },
      referenceRow(booking, locale),
    ],
    button: {
      label: content.button ?? words.buttons.hostRequests,
      url: hostingUrl(input.publicUrl, booking),
    },
  });
}

/** A host's email that says what happened in one paragraph (a change of a booking). */
export const hostChangeEmail =
  (
    pick: (words: ReturnType<typeof wordsFor>) => {
      subject: (space: string) => string;
      body: string;
    },
  ) =>
  (input: HostEmailInput): MailMessage => {
    const words = pick(wordsFor(input.locale));
    return hostBookingEmail(input, { subject: words.subject, paragraphs: [words.body] });
  };

/** Where the renter pays a booking (the server starts the checkout and sends them on). */
export const payUrl = (publicUrl: string, booking: BookingForEmail) =>
  `${publicUrl}/api/me/bookings/${booking.id}/pay`;

/**
 * A payment deadline as a renter reads it: the Riyadh date (with the Umm al-Qura date beside
 * it) and the Riyadh time.
 */
export function formatDeadline(at: Date, locale: Locale): string {
  const { date, minutes } = riyadhClock(at);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${formatBookingDate(date, locale)}${BOOKING_DATE_SEPARATOR}${formatTime(`${hh}:${mm}`, locale)}`;
}
