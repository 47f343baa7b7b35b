import type { Locale } from '#shared/constants.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { formatDate, formatNumber, formatPrice, formatTime } from '#shared/format.ts';
import { localSaudiMobile } from '#shared/domain/phone.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { renderEmail } from '../../emails/email-layout.ts';

export interface BookingEmailFacts {
  bookingId: string;
  spaceNameAr: string | null;
  spaceNameEn: string | null;
  date: string;
  startTime: string;
  endTime: string;
  guests: number;
  totalHalalas: number;
  contactPhone: string;
  renterEmail: string;
  renterName: string | null;
}

const copy = {
  ar: {
    renterSubject: (space: string) => `استلمنا طلب حجزك: ${space}`,
    hello: (name: string) => `أهلًا ${name}،`,
    received:
      'استلمنا طلب حجزك وهو الآن قيد المراجعة. لم يُخصم أي مبلغ، ولا يُعد الحجز مؤكدًا حتى يتواصل معك فريقنا.',
    cancelHint: 'يمكنك متابعة طلبك أو إلغاؤه ما دام قيد المراجعة من صفحة حجوزاتي.',
    myBookings: 'حجوزاتي',
    adminSubject: (space: string) => `طلب حجز جديد بانتظار المراجعة: ${space}`,
    adminBody: 'وصل طلب حجز جديد ينتظر التأكيد أو الرفض.',
    review: 'مراجعة الطلبات',
    labels: {
      space: 'المساحة',
      date: 'التاريخ',
      time: 'الوقت',
      guests: 'عدد الضيوف',
      total: 'الإجمالي',
      renter: 'المستأجر',
      phone: 'جوال التواصل',
      reference: 'رقم الطلب',
    },
    to: 'إلى',
  },
  en: {
    renterSubject: (space: string) => `We received your booking request: ${space}`,
    hello: (name: string) => `Hello ${name},`,
    received:
      'We received your booking request and it is now being reviewed. Nothing has been charged, and the booking is not confirmed until our team contacts you.',
    cancelHint: 'You can follow your request, or cancel it while it is pending, in My bookings.',
    myBookings: 'My bookings',
    adminSubject: (space: string) => `New booking request to review: ${space}`,
    adminBody: 'A new booking request is waiting to be confirmed or rejected.',
    review: 'Review requests',
    labels: {
      space: 'Space',
      date: 'Date',
      time: 'Time',
      guests: 'Guests',
      total: 'Total',
      renter: 'Renter',
      phone: 'Contact phone',
      reference: 'Reference',
    },
    to: 'to',
  },
} as const;

function details(facts: BookingEmailFacts, locale: Locale) {
  const c = copy[locale];
  return [
    {
      label: c.labels.space,
      value: spaceName({ nameAr: facts.spaceNameAr, nameEn: facts.spaceNameEn }, locale),
    },
    { label: c.labels.date, value: formatDate(facts.date, locale) },
    {
      label: c.labels.time,
      value: `${formatTime(facts.startTime, locale)} ${c.to} ${formatTime(facts.endTime, locale)}`,
    },
    {
      label: c.labels.guests,
      value: formatNumber(facts.guests, locale),
    },
    { label: c.labels.total, value: formatPrice(facts.totalHalalas, locale) },
  ];
}

/** To the renter: "request received", nothing charged, not confirmed yet (spec §4). */
export function bookingRequestedRenterEmail(
  facts: BookingEmailFacts,
  locale: Locale,
  publicUrl: string,
): MailMessage {
  const c = copy[locale];
  const space = spaceName({ nameAr: facts.spaceNameAr, nameEn: facts.spaceNameEn }, locale);
  return renderEmail({
    locale,
    to: facts.renterEmail,
    subject: c.renterSubject(space),
    greeting: c.hello(facts.renterName?.trim() || facts.renterEmail),
    paragraphs: [c.received],
    details: [...details(facts, locale), { label: c.labels.reference, value: facts.bookingId }],
    button: { label: c.myBookings, url: `${publicUrl}/account` },
    footnote: c.cancelHint,
  });
}

/** To one admin (or the team address): a new request to confirm or reject. */
export function bookingRequestedAdminEmail(
  facts: BookingEmailFacts,
  to: string,
  locale: Locale,
  publicUrl: string,
): MailMessage {
  const c = copy[locale];
  const space = spaceName({ nameAr: facts.spaceNameAr, nameEn: facts.spaceNameEn }, locale);
  return renderEmail({
    locale,
    to,
    subject: c.adminSubject(space),
    paragraphs: [c.adminBody],
    details: [
      ...details(facts, locale),
      {
        label: c.labels.renter,
        value: facts.renterName?.trim()
          ? `${facts.renterName.trim()} <${facts.renterEmail}>`
          : facts.renterEmail,
      },
      { label: c.labels.phone, value: localSaudiMobile(facts.contactPhone) },
      { label: c.labels.reference, value: facts.bookingId },
    ],
    button: { label: c.review, url: `${publicUrl}/admin/dashboard` },
    replyTo: facts.renterEmail,
  });
}
