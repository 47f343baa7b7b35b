import type { Locale } from '#shared/constants.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { formatDate, formatNumber, formatPrice, formatTime } from '#shared/format.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { renderEmail } from '../../emails/email-layout.ts';
import { renderIcs } from '../../emails/ics.ts';

/**
 * The emails of the admin's decisions, each in the recipient's language, written as content for
 * the one email layout. Numbers and dates follow docs/decisions/008: Latin digits and the
 * Gregorian calendar in Arabic too, `en-GB` in English.
 */
export interface SpaceNames {
  nameAr: string | null;
  nameEn: string | null;
}

const hello = (locale: Locale, name: string) =>
  locale === 'ar' ? `أهلًا ${name}،` : `Hello ${name},`;

// ── listings ──

export function spaceApprovedEmail(input: {
  locale: Locale;
  to: string;
  hostName: string;
  space: SpaceNames & { id: string };
  publicUrl: string;
}): MailMessage {
  const { locale } = input;
  const name = spaceName(input.space, locale);
  const url = `${input.publicUrl}/space/${input.space.id}`;
  return renderEmail({
    locale,
    to: input.to,
    subject:
      locale === 'ar' ? `تمت الموافقة على مساحتك «${name}»` : `Your space “${name}” is approved`,
    greeting: hello(locale, input.hostName),
    paragraphs:
      locale === 'ar'
        ? [
            `راجع فريقنا مساحتك «${name}» ووافق عليها. أصبحت الآن ظاهرة في صفحة استكشاف المساحات ويمكن للمستأجرين طلب حجزها.`,
            'سنراسلك عند وصول كل طلب حجز.',
          ]
        : [
            `Our team reviewed your space “${name}” and approved it. It now shows on the explore page and renters can request to book it.`,
            'We will email you about every booking request.',
          ],
    button: { label: locale === 'ar' ? 'عرض المساحة' : 'View your space', url },
  });
}

export function spaceRejectedEmail(input: {
  locale: Locale;
  to: string;
  hostName: string;
  space: SpaceNames & { id: string };
  reason: string;
  publicUrl: string;
}): MailMessage {
  const { locale } = input;
  const name = spaceName(input.space, locale);
  return renderEmail({
    locale,
    to: input.to,
    subject:
      locale === 'ar'
        ? `لم تتم الموافقة على مساحتك «${name}»`
        : `Your space “${name}” was not approved`,
    greeting: hello(locale, input.hostName),
    paragraphs:
      locale === 'ar'
        ? [
            `راجع فريقنا مساحتك «${name}» ولم يتمكن من الموافقة عليها بعد، لذا لن تظهر للمستأجرين.`,
            'سبب الرفض:',
            input.reason,
            'يمكنك الاطلاع على السبب في صفحة «مساحاتي» في حسابك.',
          ]
        : [
            `Our team reviewed your space “${name}” and could not approve it yet, so renters will not see it.`,
            'The reason:',
            input.reason,
            'You can read the reason again under “My spaces” in your account.',
          ],
    button: {
      label: locale === 'ar' ? 'حسابي' : 'My account',
      url: `${input.publicUrl}/account`,
    },
  });
}

// ── bookings ──

export interface BookingForEmail {
  id: string;
  date: string;
  startTime: string;
  endTime: string;
  guests: number;
  totalHalalas: number;
  space: SpaceNames & { id: string; address: string; city: string };
}

function bookingDetails(booking: BookingForEmail, locale: Locale) {
  const ar = locale === 'ar';
  return [
    { label: ar ? 'المساحة' : 'Space', value: spaceName(booking.space, locale) },
    { label: ar ? 'التاريخ' : 'Date', value: formatDate(booking.date, locale) },
    {
      label: ar ? 'الوقت' : 'Time',
      value: `${formatTime(booking.startTime, locale)} – ${formatTime(booking.endTime, locale)}`,
    },
    {
      label: ar ? 'عدد الضيوف' : 'Guests',
      value: formatNumber(booking.guests, locale),
    },
    { label: ar ? 'الإجمالي' : 'Total', value: formatPrice(booking.totalHalalas, locale) },
    { label: ar ? 'العنوان' : 'Address', value: booking.space.address },
  ];
}

export function bookingConfirmedEmail(input: {
  locale: Locale;
  to: string;
  renterName: string;
  booking: BookingForEmail;
  publicUrl: string;
  /** DTSTAMP of the calendar file: the moment of the decision. */
  decidedAt: Date;
}): MailMessage {
  const { locale, booking } = input;
  const name = spaceName(booking.space, locale);
  const spaceUrl = `${input.publicUrl}/space/${booking.space.id}`;
  const ics = renderIcs({
    uid: `booking-${booking.id}@hourspace.sa`,
    stamp: input.decidedAt,
    start: new Date(`${booking.date}T${booking.startTime}:00+03:00`),
    end: new Date(`${booking.date}T${booking.endTime}:00+03:00`),
    summary: locale === 'ar' ? `حجز: ${name}` : `Booking: ${name}`,
    location: booking.space.address,
    description:
      locale === 'ar'
        ? `حجز مؤكد عبر مساحة بالساعة. عدد الضيوف: ${booking.guests}.`
        : `Confirmed booking through HourSpace. Guests: ${booking.guests}.`,
    url: spaceUrl,
  });
  return renderEmail({
    locale,
    to: input.to,
    subject:
      locale === 'ar' ? `تم تأكيد حجزك في «${name}»` : `Your booking at “${name}” is confirmed`,
    greeting: hello(locale, input.renterName),
    paragraphs:
      locale === 'ar'
        ? [
            'يسعدنا إبلاغك بأن طلب حجزك قد تأكد. أضف الموعد إلى تقويمك من الملف المرفق.',
            'لم يُخصم أي مبلغ؛ سيتواصل معك فريقنا لترتيب الدفع والتفاصيل.',
          ]
        : [
            'Good news: your booking request is confirmed. Add it to your calendar with the attached file.',
            'Nothing has been charged; our team will contact you about payment and the details.',
          ],
    details: bookingDetails(booking, locale),
    button: { label: locale === 'ar' ? 'عرض المساحة' : 'View the space', url: spaceUrl },
    attachments: [
      {
        filename: 'hourspace-booking.ics',
        content: ics,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  });
}

export function bookingRejectedEmail(input: {
  locale: Locale;
  to: string;
  renterName: string;
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
    to: input.to,
    subject: ar
      ? `لم يُقبل طلب حجزك في «${name}»`
      : `Your booking request at “${name}” was not accepted`,
    greeting: hello(locale, input.renterName),
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
    details: bookingDetails(booking, locale),
    button: {
      label: ar ? 'استكشف المساحات' : 'Explore spaces',
      url: `${input.publicUrl}/explore-spaces`,
    },
  });
}
