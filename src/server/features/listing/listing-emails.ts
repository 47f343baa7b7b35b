import type { Locale } from '#shared/constants.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { formatNumber, formatPrice } from '#shared/format.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { renderEmail } from '../../emails/email-layout.ts';

const copy = {
  ar: {
    subject: (name: string) => `مساحة جديدة بانتظار المراجعة: ${name}`,
    greeting: 'مرحبًا،',
    intro: 'أرسل مضيف مساحة جديدة، وهي بانتظار موافقتك قبل أن تظهر للمستأجرين.',
    name: 'اسم المساحة',
    language: 'لغة الإعلان',
    languages: { ar: 'العربية', en: 'الإنجليزية' },
    price: 'السعر للساعة',
    capacity: 'السعة',
    host: 'المضيف',
    reference: 'المرجع',
    button: 'مراجعة المساحات',
  },
  en: {
    subject: (name: string) => `A new listing to review: ${name}`,
    greeting: 'Hello,',
    intro: 'A host submitted a new space. It waits for your approval before renters can see it.',
    name: 'Space name',
    language: 'Listing language',
    languages: { ar: 'Arabic', en: 'English' },
    price: 'Price per hour',
    capacity: 'Capacity',
    host: 'Host',
    reference: 'Reference',
    button: 'Review spaces',
  },
} as const;

export interface NewListingNotice {
  to: string;
  locale: Locale;
  spaceId: string;
  nameAr: string | null;
  nameEn: string | null;
  listingLanguage: Locale;
  priceHalalas: number;
  capacity: number;
  hostEmail: string;
  reviewUrl: string;
}

/** To an admin (or the team): a new listing waits for review, in the recipient's language. */
export function newListingEmail(notice: NewListingNotice): MailMessage {
  const c = copy[notice.locale];
  const name = spaceName(notice, notice.locale);
  const price = formatPrice(notice.priceHalalas, notice.locale);
  return renderEmail({
    locale: notice.locale,
    to: notice.to,
    subject: c.subject(name),
    greeting: c.greeting,
    paragraphs: [c.intro],
    details: [
      { label: c.name, value: name },
      { label: c.language, value: c.languages[notice.listingLanguage] },
      { label: c.price, value: price },
      { label: c.capacity, value: formatNumber(notice.capacity, notice.locale) },
      { label: c.host, value: notice.hostEmail },
      { label: c.reference, value: notice.spaceId },
    ],
    button: { label: c.button, url: notice.reviewUrl },
  });
}
