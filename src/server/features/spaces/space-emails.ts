import type { Locale } from '#shared/constants.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { formatPrice, isolate } from '#shared/format.ts';
import { formatCount } from '#shared/format-count.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';

/**
 * Every email about a listing, each in the recipient's language: a new listing to review (to the
 * admins), and the admin's decision (to the host). Numbers follow docs/decisions/008.
 */
export interface SpaceNames {
  nameAr: string | null;
  nameEn: string | null;
}

const hello = (locale: Locale, name: string) =>
  locale === 'ar' ? `أهلًا ${isolate(name)}،` : `Hello ${isolate(name)},`;

const newListingCopy = {
  ar: {
    subject: {
      new: (name: string) => `مساحة جديدة بانتظار المراجعة: ${name}`,
      resubmitted: (name: string) => `مساحة عُدّلت بعد رفضها بانتظار المراجعة: ${name}`,
      revision: (name: string) => `تعديلات على مساحة معتمدة بانتظار المراجعة: ${name}`,
    },
    greeting: 'مرحبًا،',
    intro: {
      new: 'أرسل مضيف مساحة جديدة، وهي بانتظار موافقتك قبل أن تظهر للمستأجرين.',
      resubmitted:
        'عدّل المضيف مساحة سبق رفضها وأعاد إرسالها، وهي بانتظار موافقتك قبل أن تظهر للمستأجرين.',
      revision:
        'عدّل المضيف محتوى مساحة معتمدة. تبقى النسخة الحالية ظاهرة حتى توافق على التعديلات أو ترفضها.',
    },
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
    subject: {
      new: (name: string) => `A new listing to review: ${name}`,
      resubmitted: (name: string) => `A listing edited after rejection to review: ${name}`,
      revision: (name: string) => `Changes to a live listing to review: ${name}`,
    },
    greeting: 'Hello,',
    intro: {
      new: 'A host submitted a new space. It waits for your approval before renters can see it.',
      resubmitted:
        'A host edited a listing that was not approved and sent it again. It waits for your approval before renters can see it.',
      revision:
        'A host changed the content of a live listing. The current version stays visible until you approve or reject the changes.',
    },
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
  /** a new listing, one sent again after a rejection, or a live listing's edit */
  kind?: 'new' | 'resubmitted' | 'revision';
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
  const c = newListingCopy[notice.locale];
  const kind = notice.kind ?? 'new';
  const name = spaceName(notice, notice.locale);
  const price = formatPrice(notice.priceHalalas, notice.locale);
  return renderEmail({
    locale: notice.locale,
    to: notice.to,
    subject: c.subject[kind](name),
    greeting: c.greeting,
    paragraphs: [c.intro[kind]],
    details: [
      { label: c.name, value: isolate(name) },
      { label: c.language, value: c.languages[notice.listingLanguage] },
      { label: c.price, value: price },
      { label: c.capacity, value: formatCount(notice.capacity, 'guests', notice.locale) },
      { label: c.host, value: notice.hostEmail },
      { label: c.reference, value: notice.spaceId },
    ],
    button: { label: c.button, url: notice.reviewUrl },
  });
}

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
            `راجع فريقنا مساحتك «${isolate(name)}» ووافق عليها. أصبحت الآن ظاهرة في صفحة استكشاف المساحات ويمكن للمستأجرين طلب حجزها.`,
            'سنراسلك عند وصول كل طلب حجز.',
          ]
        : [
            `Our team reviewed your space “${isolate(name)}” and approved it. It now shows on the explore page and renters can request to book it.`,
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
            `راجع فريقنا مساحتك «${isolate(name)}» ولم يتمكن من الموافقة عليها بعد، لذا لن تظهر للمستأجرين.`,
            'سبب الرفض:',
            input.reason,
            'يمكنك الاطلاع على السبب في صفحة «مساحاتي» في حسابك.',
          ]
        : [
            `Our team reviewed your space “${isolate(name)}” and could not approve it yet, so renters will not see it.`,
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

/** To the host: an admin did not accept their edit of a live listing; the live version stays. */
export function revisionRejectedEmail(input: {
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
        ? `لم تتم الموافقة على تعديلاتك على «${name}»`
        : `Your changes to “${name}” were not approved`,
    greeting: hello(locale, input.hostName),
    paragraphs:
      locale === 'ar'
        ? [
            `راجع فريقنا التعديلات التي أرسلتها على مساحتك «${isolate(name)}» ولم يتمكن من اعتمادها، لذا تبقى المساحة ظاهرة للمستأجرين كما كانت.`,
            'سبب الرفض:',
            input.reason,
            'يمكنك تعديل المساحة مرة أخرى من صفحة «مساحاتي» في حسابك.',
          ]
        : [
            `Our team reviewed the changes you sent for your space “${isolate(name)}” and could not approve them, so renters keep seeing the space as it was.`,
            'The reason:',
            input.reason,
            'You can edit the space again under “My spaces” in your account.',
          ],
    button: {
      label: locale === 'ar' ? 'حسابي' : 'My account',
      url: `${input.publicUrl}/account`,
    },
  });
}
