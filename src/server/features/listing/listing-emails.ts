import type { Locale } from '#shared/constants.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { renderEmail } from '../../emails/email-layout.ts';

const PRICE_LOCALE: Record<Locale, string> = { ar: 'ar-SA-u-nu-latn', en: 'en-GB' };

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
  const name =
    (notice.locale === 'ar' ? notice.nameAr : notice.nameEn) ??
    (notice.listingLanguage === 'ar' ? notice.nameAr : notice.nameEn) ??
    '';
  const price = new Intl.NumberFormat(PRICE_LOCALE[notice.locale], {
    style: 'currency',
    currency: 'SAR',
    maximumFractionDigits: 2,
  }).format(notice.priceHalalas / 100);
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
      {
        label: c.capacity,
        value: new Intl.NumberFormat(PRICE_LOCALE[notice.locale]).format(notice.capacity),
      },
      { label: c.host, value: notice.hostEmail },
      { label: c.reference, value: notice.spaceId },
    ],
    button: { label: c.button, url: notice.reviewUrl },
  });
}
