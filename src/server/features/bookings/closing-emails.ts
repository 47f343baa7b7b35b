import type { Locale } from '#shared/constants.ts';
import { bookingPeriod } from '#shared/domain/booking-slots.ts';
import { freeCancellationUntil } from '#shared/domain/cancellation-policy.ts';
import type { FreeTime } from '#shared/domain/free-times.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { formatDate, formatTime, formatTimeRange } from '#shared/format.ts';
import { formatDuration } from '#shared/format-duration.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';
import { renderIcs } from '#server/emails/ics.ts';
import {
  bookingWhen,
  greetingFor,
  policyLabel,
  policySentence,
  referenceRow,
  type BookingForEmail,
} from './booking-emails.ts';

/**
 * The emails of a request or booking that ends without taking place (issue 18): expired, declined
 * because its slot was taken, cancelled (by the renter or the admin), and the admins' reminder
 * digest. Each in the recipient's language, through the one email layout.
 */

const when = (booking: BookingForEmail, locale: Locale) => [
  ...bookingWhen(booking, locale),
  referenceRow(booking, locale),
];

const searchAgain = (locale: Locale, publicUrl: string) => ({
  label: locale === 'ar' ? 'ابحث عن موعد آخر' : 'Search again',
  url: `${publicUrl}/explore-spaces`,
});

/** To the renter: nobody decided on the request in time (or its start came), so it expired. */
export function requestExpiredRenterEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const ar = locale === 'ar';
  const name = spaceName(booking.space, locale);
  return renderEmail({
    locale,
    to: booking.renterEmail,
    subject: ar ? `انتهت مهلة طلب حجزك في «${name}»` : `Your booking request at “${name}” expired`,
    greeting: greetingFor(locale, booking.renterName),
    paragraphs: ar
      ? [
          'نأسف لإبلاغك بأن طلب حجزك انتهت مهلته قبل أن يُبت فيه، فلم يعد قائمًا. لم يُخصم أي مبلغ.',
          'يمكنك البحث عن موعد آخر في هذه المساحة أو في غيرها وإرسال طلب جديد.',
        ]
      : [
          'We are sorry: your booking request expired before a decision was made, so it no longer stands. Nothing has been charged.',
          'You can look for another time at this space or another one and send a new request.',
        ],
    details: when(booking, locale),
    button: searchAgain(locale, input.publicUrl),
  });
}

/** To the renter: another booking was confirmed for the time, with the day's other free times. */
export function slotTakenRenterEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  freeTimes: readonly FreeTime[];
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const ar = locale === 'ar';
  const name = spaceName(booking.space, locale);
  const times = input.freeTimes.map((t) => formatTimeRange(t.startTime, t.endTime, locale));
  const day = formatDate(booking.date, locale);
  return renderEmail({
    locale,
    to: booking.renterEmail,
    subject: ar
      ? `الموعد الذي طلبته في «${name}» لم يعد متاحًا`
      : `The time you asked for at “${name}” is no longer available`,
    greeting: greetingFor(locale, booking.renterName),
    paragraphs: [
      ar
        ? 'تأكّد حجز آخر يشغل الموعد الذي طلبته، فأُغلق طلبك تلقائيًا. لم يُخصم أي مبلغ.'
        : 'Another booking was confirmed for the time you asked for, so your request was closed automatically. Nothing has been charged.',
      times.length > 0
        ? ar
          ? `الأوقات المتاحة في هذه المساحة يوم ${day}:\n${times.join('\n')}`
          : `Free times at this space on ${day}:\n${times.join('\n')}`
        : ar
          ? `لم يبقَ وقت متاح في هذه المساحة يوم ${day}؛ جرّب يومًا آخر أو مساحة أخرى.`
          : `No free time is left at this space on ${day}; try another day or another space.`,
    ],
    details: when(booking, locale),
    button: {
      label: ar ? 'اختر موعدًا آخر' : 'Choose another time',
      url: `${input.publicUrl}/space/${booking.space.id}`,
    },
  });
}

/** Who cancelled a confirmed booking, and what the renter is told about the policy. */
export type Cancellation =
  { by: 'renter'; free: boolean } | { by: 'admin'; reason: string } | { by: 'renter-request' };

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
      summary: locale === 'ar' ? `حجز ملغى: ${name}` : `Cancelled booking: ${name}`,
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
  const policy = policySentence(booking.space.cancellationPolicy, locale);
  const untilText = `${formatDate(until.toISOString().slice(0, 10), locale)}`;
  return locale === 'ar'
    ? `أُلغي الحجز بعد انتهاء مدة الإلغاء المجاني (${policy}؛ انتهت في ${untilText}). لا تتقاضى منصة مساحة بالساعة أي مبلغ، فلن يُخصم منك شيء عبرنا؛ وإن كنت قد اتفقت مع المضيف على دفعة أو عربون فتنطبق شروطه على الإلغاء المتأخر.`
    : `The booking was cancelled after the free cancellation window (${policy}; it ended on ${untilText}). HourSpace takes no payment, so nothing is charged through us; if you agreed a payment or deposit with the host, the host’s terms for a late cancellation apply.`;
}

/** To the renter: their confirmed booking is cancelled (by them or by our team), with METHOD:CANCEL. */
export function bookingCancelledRenterEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  cancellation: Exclude<Cancellation, { by: 'renter-request' }>;
  cancelledAt: Date;
  publicUrl: string;
}): MailMessage {
  const { locale, booking, cancellation } = input;
  const ar = locale === 'ar';
  const name = spaceName(booking.space, locale);
  const paragraphs =
    cancellation.by === 'admin'
      ? ar
        ? [
            'نأسف لإبلاغك بأن فريقنا ألغى حجزك المؤكد لأن المضيف لا يستطيع استقبالك في هذا الموعد. لم يُخصم أي مبلغ.',
            `السبب: ${cancellation.reason}`,
          ]
        : [
            'We are sorry: our team cancelled your confirmed booking because the host cannot host it at this time. Nothing has been charged.',
            `Reason: ${cancellation.reason}`,
          ]
      : [
          ar ? 'ألغيت حجزك المؤكد كما طلبت.' : 'Your confirmed booking is cancelled, as you asked.',
          cancellation.free
            ? ar
              ? 'أُلغي الحجز ضمن مدة الإلغاء المجاني في سياسة هذه المساحة. لم يُخصم أي مبلغ.'
              : 'It was cancelled within the free cancellation window of this space’s policy. Nothing has been charged.'
            : lateCancellation(booking, locale),
        ];
  return renderEmail({
    locale,
    to: booking.renterEmail,
    subject: ar ? `أُلغي حجزك في «${name}»` : `Your booking at “${name}” is cancelled`,
    greeting: greetingFor(locale, booking.renterName),
    paragraphs: [
      ...paragraphs,
      ar
        ? 'أُرفق ملف تقويم يزيل الموعد من تقويمك.'
        : 'The attached calendar file removes the booking from your calendar.',
    ],
    details: [
      ...when(booking, locale),
      {
        label: policyLabel(locale),
        value: policySentence(booking.space.cancellationPolicy, locale),
      },
    ],
    button: searchAgain(locale, input.publicUrl),
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
  cancellation: Exclude<Cancellation, { by: 'renter-request' }>;
  publicUrl: string;
}): MailMessage {
  const { locale, booking, cancellation } = input;
  const ar = locale === 'ar';
  const name = spaceName(booking.space, locale);
  const by =
    cancellation.by === 'admin'
      ? ar
        ? `ألغاه أحد المشرفين. السبب: ${cancellation.reason}`
        : `An admin cancelled it. Reason: ${cancellation.reason}`
      : cancellation.free
        ? ar
          ? 'ألغاه المستأجر ضمن مدة الإلغاء المجاني.'
          : 'The renter cancelled it within the free cancellation window.'
        : ar
          ? 'ألغاه المستأجر بعد انتهاء مدة الإلغاء المجاني.'
          : 'The renter cancelled it after the free cancellation window.';
  return renderEmail({
    locale,
    to: input.to,
    subject: ar ? `أُلغي حجز مؤكد: ${name}` : `A confirmed booking was cancelled: ${name}`,
    paragraphs: [by, ar ? 'أصبح الموعد متاحًا لطلبات أخرى.' : 'The time is open again.'],
    details: [
      ...when(booking, locale),
      { label: ar ? 'المستأجر' : 'Renter', value: booking.renterEmail },
    ],
    button: {
      label: ar ? 'لوحة المراجعة' : 'Review desk',
      url: `${input.publicUrl}/admin/dashboard`,
    },
  });
}

/** One line of the reminder digest. */
export interface WaitingRequest {
  booking: BookingForEmail;
  /** When it expires unless decided. */
  expiresAt: Date;
}

/** To one admin: the requests that have waited long, with the time each has left. */
export function reminderDigestEmail(input: {
  locale: Locale;
  to: string;
  requests: readonly WaitingRequest[];
  now: Date;
  publicUrl: string;
}): MailMessage {
  const { locale } = input;
  const ar = locale === 'ar';
  const lines = input.requests.map(({ booking, expiresAt }) => {
    const left = formatDuration(expiresAt.getTime() - input.now.getTime(), locale);
    const what = `${spaceName(booking.space, locale)} — ${formatDate(booking.date, locale)} ${formatTime(booking.startTime, locale)}`;
    return ar ? `• ${what} (المتبقي: ${left})` : `• ${what} (${left} left)`;
  });
  const count = input.requests.length;
  return renderEmail({
    locale,
    to: input.to,
    subject: ar
      ? `طلبات حجز تنتظر قرارك (${count})`
      : `Booking requests waiting for a decision (${count})`,
    paragraphs: [
      ar
        ? 'هذه الطلبات تنتظر التأكيد أو الرفض منذ مدة، وستنتهي مهلة كل منها في الوقت المذكور إن لم يُبت فيها:'
        : 'These requests have been waiting for a while; each expires at the time shown unless it is decided:',
      lines.join('\n'),
    ],
    button: {
      label: ar ? 'مراجعة الطلبات' : 'Review requests',
      url: `${input.publicUrl}/admin/dashboard`,
    },
  });
}
