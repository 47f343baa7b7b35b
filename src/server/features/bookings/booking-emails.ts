import type { CancellationPolicy, Locale } from '#shared/constants.ts';
import { bookingPeriod } from '#shared/domain/booking-slots.ts';
import { freeWindow } from '#shared/domain/cancellation-policy.ts';
import { REVIEW_EDIT_DAYS } from '#shared/domain/reviews.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { localSaudiMobile } from '#shared/domain/phone.ts';
import { VAT_RATE_PERCENT } from '#shared/domain/vat.ts';
import { formatBookingDate, formatPrice, formatTimeRange, isolate } from '#shared/format.ts';
import { formatCount } from '#shared/format-count.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';
import { renderIcs } from '#server/emails/ics.ts';

/**
 * Every email about a booking, each in the recipient's language, written as content for the one
 * email layout. Numbers and dates follow docs/decisions/008: Latin digits and the Gregorian
 * calendar in Arabic too, `en-GB` in English, with the Umm al-Qura date beside the Gregorian one
 * and counts in the language's plural forms (decision 034). What people wrote themselves (names,
 * addresses) is isolated (`isolate`), so it keeps its own direction in either language. They
 * all read one shape, `BookingForEmail`, made by `toBookingForEmail`.
 */
export interface BookingForEmail {
  id: string;
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
  space: {
    id: string;
    nameAr: string | null;
    nameEn: string | null;
    address: string;
    cancellationPolicy: CancellationPolicy;
  };
}

const copy = {
  ar: {
    hello: (name: string) => `أهلًا ${isolate(name)}،`,
    labels: {
      space: 'المساحة',
      date: 'التاريخ',
      time: 'الوقت',
      guests: 'الضيوف',
      total: 'الإجمالي (شامل ضريبة القيمة المضافة)',
      vat: `منها ضريبة القيمة المضافة (${VAT_RATE_PERCENT}%)`,
      address: 'العنوان',
      renter: 'المستأجر',
      phone: 'جوال التواصل',
      reference: 'رقم الطلب',
    },
  },
  en: {
    hello: (name: string) => `Hello ${isolate(name)},`,
    labels: {
      space: 'Space',
      date: 'Date',
      time: 'Time',
      guests: 'Guests',
      total: 'Total (VAT included)',
      vat: `Of which VAT (${VAT_RATE_PERCENT}%)`,
      address: 'Address',
      renter: 'Renter',
      phone: 'Contact phone',
      reference: 'Reference',
    },
  },
} as const;

const POLICY_NAME: Record<Locale, Record<CancellationPolicy, string>> = {
  ar: { flexible: 'مرنة', moderate: 'معتدلة', strict: 'صارمة' },
  en: { flexible: 'Flexible', moderate: 'Moderate', strict: 'Strict' },
};

/** "Moderate: free cancellation until 72 hours before the start" (src/shared/domain/cancellation-policy.ts). */
export function policySentence(policy: CancellationPolicy, locale: Locale): string {
  const window = freeWindow(policy);
  const span = formatCount(window.count, window.unit === 'day' ? 'days' : 'hours', locale);
  return locale === 'ar'
    ? `${POLICY_NAME.ar[policy]}: الإلغاء مجاني حتى ${span} قبل موعد البدء`
    : `${POLICY_NAME.en[policy]}: free cancellation until ${span} before the start`;
}

export const policyLabel = (locale: Locale) =>
  locale === 'ar' ? 'سياسة الإلغاء' : 'Cancellation policy';

/** "Hello Sara," in the recipient's language, their name kept in its own direction. */
export const greetingFor = (locale: Locale, name: string) => copy[locale].hello(name);

/** What and when: the first rows of every email about a booking (this file's and closing-emails.ts's). */
export function bookingWhen(booking: BookingForEmail, locale: Locale) {
  const { labels } = copy[locale];
  return [
    { label: labels.space, value: isolate(spaceName(booking.space, locale)) },
    { label: labels.date, value: formatBookingDate(booking.date, locale) },
    {
      label: labels.time,
      value: formatTimeRange(booking.startTime, booking.endTime, locale),
    },
  ];
}

/** The request's reference row. */
export const referenceRow = (booking: BookingForEmail, locale: Locale) => ({
  label: copy[locale].labels.reference,
  value: booking.id,
});

/** The rows every booking email shows: what, when, for how many, for how much. */
function bookingDetails(booking: BookingForEmail, locale: Locale) {
  const { labels } = copy[locale];
  return [
    ...bookingWhen(booking, locale),
    { label: labels.guests, value: formatCount(booking.guests, 'guests', locale) },
    { label: labels.total, value: formatPrice(booking.totalHalalas, locale) },
    // Only a VAT-registered host's booking holds VAT; the amount is the one stored with it.
    ...(booking.vatHalalas === null
      ? []
      : [{ label: labels.vat, value: formatPrice(booking.vatHalalas, locale) }]),
  ];
}

const spaceUrl = (publicUrl: string, booking: BookingForEmail) =>
  `${publicUrl}/space/${booking.space.id}`;

/** To the renter: "request received", nothing charged, not confirmed yet (docs/product-spec.md §4). */
export function bookingRequestedRenterEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const ar = locale === 'ar';
  const space = spaceName(booking.space, locale);
  return renderEmail({
    locale,
    to: booking.renterEmail,
    subject: ar ? `استلمنا طلب حجزك: ${space}` : `We received your booking request: ${space}`,
    greeting: copy[locale].hello(booking.renterName),
    paragraphs: [
      ar
        ? 'استلمنا طلب حجزك وهو الآن قيد المراجعة. لم يُخصم أي مبلغ، ولا يُعد الحجز مؤكدًا حتى يتواصل معك فريقنا.'
        : 'We received your booking request and it is now being reviewed. Nothing has been charged, and the booking is not confirmed until our team contacts you.',
    ],
    details: [
      ...bookingDetails(booking, locale),
      { label: copy[locale].labels.reference, value: booking.id },
    ],
    button: { label: ar ? 'حجوزاتي' : 'My bookings', url: `${input.publicUrl}/account` },
    footnote: ar
      ? 'يمكنك متابعة طلبك أو إلغاؤه ما دام قيد المراجعة من صفحة حجوزاتي.'
      : 'You can follow your request, or cancel it while it is pending, in My bookings.',
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
  const { labels } = copy[locale];
  const ar = locale === 'ar';
  const space = spaceName(booking.space, locale);
  const named = booking.renterName && booking.renterName !== booking.renterEmail;
  return renderEmail({
    locale,
    to: input.to,
    subject: ar
      ? `طلب حجز جديد بانتظار المراجعة: ${space}`
      : `New booking request to review: ${space}`,
    paragraphs: [
      ar
        ? 'وصل طلب حجز جديد ينتظر التأكيد أو الرفض.'
        : 'A new booking request is waiting to be confirmed or rejected.',
    ],
    details: [
      ...bookingDetails(booking, locale),
      {
        label: labels.renter,
        value: named
          ? `${isolate(booking.renterName)} <${booking.renterEmail}>`
          : booking.renterEmail,
      },
      { label: labels.phone, value: localSaudiMobile(booking.contactPhone) },
      { label: labels.reference, value: booking.id },
    ],
    button: {
      label: ar ? 'مراجعة الطلبات' : 'Review requests',
      url: `${input.publicUrl}/admin/dashboard`,
    },
    replyTo: booking.renterEmail,
  });
}

/** To the renter: the booking is confirmed, with a calendar file. */
export function bookingConfirmedEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  publicUrl: string;
  /** DTSTAMP of the calendar file: the moment of the decision. */
  decidedAt: Date;
}): MailMessage {
  const { locale, booking } = input;
  const ar = locale === 'ar';
  const name = spaceName(booking.space, locale);
  const url = spaceUrl(input.publicUrl, booking);
  const period = bookingPeriod(booking);
  const ics = renderIcs({
    uid: `booking-${booking.id}@hourspace.sa`,
    stamp: input.decidedAt,
    start: period.startsAt,
    end: period.endsAt, // the next day's when at or before the start (decision 030)
    summary: ar ? `حجز: ${name}` : `Booking: ${name}`,
    location: booking.space.address,
    description: [
      ar ? 'حجز مؤكد عبر مساحة بالساعة.' : 'Confirmed booking through HourSpace.',
      `${copy[locale].labels.date}: ${formatBookingDate(booking.date, locale)}`,
      `${copy[locale].labels.guests}: ${formatCount(booking.guests, 'guests', locale)}`,
    ].join('\n'),
    url,
  });
  return renderEmail({
    locale,
    to: booking.renterEmail,
    subject: ar ? `تم تأكيد حجزك في «${name}»` : `Your booking at “${name}” is confirmed`,
    greeting: copy[locale].hello(booking.renterName),
    paragraphs: ar
      ? [
          'يسعدنا إبلاغك بأن طلب حجزك قد تأكد. أضف الموعد إلى تقويمك من الملف المرفق.',
          'لم يُخصم أي مبلغ؛ سيتواصل معك فريقنا لترتيب الدفع والتفاصيل.',
        ]
      : [
          'Good news: your booking request is confirmed. Add it to your calendar with the attached file.',
          'Nothing has been charged; our team will contact you about payment and the details.',
        ],
    details: [
      ...bookingDetails(booking, locale),
      { label: copy[locale].labels.address, value: isolate(booking.space.address) },
      {
        label: policyLabel(locale),
        value: policySentence(booking.space.cancellationPolicy, locale),
      },
    ],
    button: { label: ar ? 'عرض المساحة' : 'View the space', url },
    footnote: ar
      ? 'يمكنك إلغاء الحجز قبل موعده من صفحة حجوزاتي. بعد انتهاء مدة الإلغاء المجاني يبقى الإلغاء ممكنًا، وتنطبق عندها شروط المضيف على ما اتفقتما عليه؛ لا تتقاضى المنصة أي مبلغ.'
      : 'You can cancel the booking before it starts in My bookings. After the free cancellation window you can still cancel; the host’s terms then apply to whatever you agreed with them. The platform takes no payment.',
    attachments: [
      {
        filename: 'hourspace-booking.ics',
        content: ics,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  });
}

/** To the renter: the request was not accepted, with the admin's note when there is one. */
export function bookingRejectedEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  reason?: string;
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const name = spaceName(booking.space, locale);
  const ar = locale === 'ar';
  const reason = input.reason ? [ar ? 'ملاحظة:' : 'Note:', input.reason] : [];
  return renderEmail({
    locale,
    to: booking.renterEmail,
    subject: ar
      ? `لم يُقبل طلب حجزك في «${name}»`
      : `Your booking request at “${name}” was not accepted`,
    greeting: copy[locale].hello(booking.renterName),
    paragraphs: ar
      ? [
          'نأسف لإبلاغك بأن المضيف لم يقبل طلب حجزك لهذا الموعد. لم يُخصم أي مبلغ.',
          ...reason,
          'يمكنك اختيار موعد آخر أو مساحة أخرى من صفحة استكشاف المساحات.',
        ]
      : [
          'We are sorry: the host did not accept your booking request for this time. Nothing has been charged.',
          ...reason,
          'You can choose another time or another space on the explore page.',
        ],
    details: [
      ...bookingDetails(booking, locale),
      { label: copy[locale].labels.address, value: isolate(booking.space.address) },
    ],
    button: {
      label: ar ? 'استكشف المساحات' : 'Explore spaces',
      url: `${input.publicUrl}/explore-spaces`,
    },
  });
}

/**
 * To the renter, once the booking's time has passed (it is `completed`): how was it? One click to
 * the review form in "My bookings", open for REVIEW_EDIT_DAYS.
 */
export function bookingReviewInvitationEmail(input: {
  locale: Locale;
  booking: BookingForEmail;
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const name = spaceName(booking.space, locale);
  const ar = locale === 'ar';
  return renderEmail({
    locale,
    to: booking.renterEmail,
    subject: ar ? `كيف كانت تجربتك في «${name}»؟` : `How was “${name}”?`,
    greeting: copy[locale].hello(booking.renterName),
    paragraphs: ar
      ? [
          'نأمل أن يكون حجزك قد جرى كما أردت. شاركنا تقييمك للمساحة من نجمة إلى خمس نجوم، مع تعليق قصير إن رغبت.',
          'يساعد تقييمك المستأجرين الآخرين على الاختيار، ويساعد المضيف على تحسين مساحته.',
        ]
      : [
          'We hope your booking went as you wanted. Rate the space from one to five stars, with a short comment if you like.',
          'Your review helps other renters choose, and helps the host improve the space.',
        ],
    details: bookingDetails(booking, locale),
    button: {
      label: ar ? 'قيّم المساحة' : 'Review the space',
      url: `${input.publicUrl}/account?review=${booking.id}`,
    },
    footnote: ar
      ? `يمكنك تعديل تقييمك خلال ${REVIEW_EDIT_DAYS} يومًا من كتابته.`
      : `You can edit your review for ${REVIEW_EDIT_DAYS} days after writing it.`,
  });
}

// ── to the host ──

/** The host's view of a booking: everything but the renter's contact (the admin arranges). */
function hostDetails(booking: BookingForEmail, locale: Locale) {
  const { labels } = copy[locale];
  return [
    ...bookingDetails(booking, locale),
    { label: labels.renter, value: isolate(booking.renterName) },
    { label: labels.reference, value: booking.id },
  ];
}

const hostingUrl = (publicUrl: string) => `${publicUrl}/account?tab=hosting`;

/** To the host: a new request on their space, and what happens next. */
export function bookingRequestedHostEmail(input: {
  locale: Locale;
  to: string;
  hostName: string;
  booking: BookingForEmail;
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const ar = locale === 'ar';
  const space = spaceName(booking.space, locale);
  return renderEmail({
    locale,
    to: input.to,
    subject: ar ? `طلب حجز جديد على «${space}»` : `New booking request for “${space}”`,
    greeting: copy[locale].hello(input.hostName),
    paragraphs: ar
      ? [
          `وصل طلب حجز جديد على مساحتك «${isolate(space)}».`,
          'يراجع فريقنا الطلب ويتواصل مع المستأجر، وسنراسلك فور تأكيده أو رفضه. إن كان الموعد لا يناسبك فتواصل معنا في أقرب وقت.',
        ]
      : [
          `A new booking request has arrived for your space “${isolate(space)}”.`,
          'Our team reviews it and contacts the renter; we will email you as soon as it is confirmed or declined. If the time does not suit you, contact us as soon as you can.',
        ],
    details: hostDetails(booking, locale),
    button: {
      label: ar ? 'طلبات مساحاتي' : 'Requests for my spaces',
      url: hostingUrl(input.publicUrl),
    },
  });
}

export type HostBookingChange = 'confirmed' | 'rejected' | 'cancelled' | 'expired' | 'revoked';

const hostChangeCopy: Record<
  HostBookingChange,
  Record<Locale, { subject: (space: string) => string; body: string }>
> = {
  confirmed: {
    ar: {
      subject: (space) => `تأكّد حجز على «${space}»`,
      body: 'تأكّد هذا الحجز وأصبح الموعد محجوزًا في تقويم مساحتك. استعد لاستقبال الضيوف في الموعد.',
    },
    en: {
      subject: (space) => `A booking for “${space}” is confirmed`,
      body: 'This booking is confirmed and the time is now taken on your space’s calendar. Please be ready to welcome the guests.',
    },
  },
  rejected: {
    ar: {
      subject: (space) => `لم يُقبل طلب حجز على «${space}»`,
      body: 'لم يُقبل طلب الحجز هذا، وما زال الموعد متاحًا لطلبات أخرى.',
    },
    en: {
      subject: (space) => `A booking request for “${space}” was declined`,
      body: 'This booking request was not accepted; the time stays open for other requests.',
    },
  },
  cancelled: {
    ar: {
      subject: (space) => `ألغى المستأجر حجزًا على «${space}»`,
      body: 'ألغى المستأجر هذا الحجز، وأصبح الموعد متاحًا لطلبات أخرى.',
    },
    en: {
      subject: (space) => `A booking for “${space}” was cancelled`,
      body: 'The renter cancelled this booking; the time is open for other requests.',
    },
  },
  expired: {
    ar: {
      subject: (space) => `انتهت مهلة طلب حجز على «${space}»`,
      body: 'انتهت مهلة طلب الحجز هذا قبل أن يُبت فيه، فلم يعد قائمًا، وما زال الموعد متاحًا لطلبات أخرى.',
    },
    en: {
      subject: (space) => `A booking request for “${space}” expired`,
      body: 'This booking request expired before a decision was made; it no longer stands and the time stays open for other requests.',
    },
  },
  revoked: {
    ar: {
      subject: (space) => `أُلغي حجز مؤكد على «${space}»`,
      body: 'ألغى فريقنا هذا الحجز المؤكد، وأصبح الموعد متاحًا لطلبات أخرى.',
    },
    en: {
      subject: (space) => `A confirmed booking for “${space}” was cancelled`,
      body: 'Our team cancelled this confirmed booking; the time is open for other requests.',
    },
  },
};

/** To the host: a request on their space was confirmed, declined or cancelled. */
export function bookingChangedHostEmail(input: {
  locale: Locale;
  to: string;
  hostName: string;
  booking: BookingForEmail;
  change: HostBookingChange;
  publicUrl: string;
}): MailMessage {
  const { locale, booking } = input;
  const c = hostChangeCopy[input.change][locale];
  return renderEmail({
    locale,
    to: input.to,
    subject: c.subject(spaceName(booking.space, locale)),
    greeting: copy[locale].hello(input.hostName),
    paragraphs: [c.body],
    details: hostDetails(booking, locale),
    button: {
      label: locale === 'ar' ? 'طلبات مساحاتي' : 'Requests for my spaces',
      url: hostingUrl(input.publicUrl),
    },
  });
}
