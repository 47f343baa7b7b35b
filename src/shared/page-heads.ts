/**
 * What search engines and share cards read of each public page (issue 19, decision 036): its
 * title and description in both languages, the same texts the web app shows in the tab
 * (src/web/lib/page-meta.ts; `src/web/lib/page-heads.test.ts` keeps the two equal), and the
 * rules the server's HTML and the browser share for a space's page.
 */
import type { City, Locale } from './constants.ts';

/** The pages a search engine may index, in the sitemap's order (a space's page besides). */
export const PUBLIC_PAGES = [
  '/',
  '/explore-spaces',
  '/how-it-works',
  '/host-with-us',
  '/list-your-space',
  '/faq',
  '/contact',
  '/about',
  '/terms',
  '/privacy',
] as const;
export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** Pages that work but are a person's own or a form: never indexed. */
export const PRIVATE_PAGES: readonly RegExp[] = [
  /^\/auth$/,
  /^\/reset-password$/,
  /^\/account$/,
  /^\/account\/confirm-email$/,
  /^\/admin\/dashboard$/,
  /^\/list-your-space\/new$/,
  /^\/list-your-space\/[^/]+\/edit$/,
];

/** A space's page: `/space/<uuid>`. */
export const SPACE_PAGE =
  /^\/space\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

interface HeadTexts {
  /** the tab's title is `<title> — <siteName>`; null: the site's own title */
  title: string | null;
  description: string;
}

interface LocaleHeads {
  siteName: string;
  siteTitle: string;
  siteDescription: string;
  pages: Record<PublicPage, HeadTexts>;
  notFound: HeadTexts;
  /** city names, for a space's address */
  cities: Record<City, string>;
}

export const PAGE_HEADS: Record<Locale, LocaleHeads> = {
  ar: {
    siteName: 'مساحة بالساعة',
    siteTitle: 'مساحة بالساعة — احجز المساحات بالساعة في السعودية',
    siteDescription:
      'احجز قاعات الاجتماعات والاستوديوهات وقاعات المناسبات بالساعة في المملكة العربية السعودية.',
    pages: {
      '/': {
        title: null,
        description:
          'احجز قاعات الاجتماعات والمناسبات واستوديوهات التصوير والبودكاست وغيرها بالساعة في أنحاء السعودية. ابحث، وأرسل طلبك، ويؤكد فريقنا حجزك.',
      },
      '/explore-spaces': {
        title: 'استكشف المساحات',
        description: 'ابحث عن قاعات اجتماعات واستوديوهات وقاعات مناسبات بالساعة في مدن المملكة.',
      },
      '/how-it-works': {
        title: 'كيف تعمل مساحة بالساعة',
        description:
          'تعرّف على طريقة عمل مساحة بالساعة: ابحث عن مساحتك وأرسل طلب حجز دون دفع مسبق ليؤكده فريقنا، أو اعرض مساحتك في خمس خطوات.',
      },
      '/host-with-us': {
        title: 'استضف مع مساحة بالساعة',
        description:
          'شارك مساحتك على منصة مساحة بالساعة واكسب من ساعات فراغها. أنت تحدد السعر والأوقات والأيام، ونحن نراجع كل إعلان ونوصلك بالمستأجرين.',
      },
      '/list-your-space': {
        title: 'اعرض مساحتك على مساحة بالساعة',
        description:
          'اعرض مساحتك على منصة مساحة بالساعة في خطوات بسيطة. حدّد سعرك وأوقاتك، وبعد أن يعتمد فريقنا إعلانك تبدأ باستقبال الطلبات.',
      },
      '/faq': {
        title: 'الأسئلة الشائعة',
        description:
          'إجابات عن أكثر الأسئلة شيوعًا حول حجز المساحات بالساعة واستضافتها على منصة مساحة بالساعة: الطلبات والتأكيد والأسعار ومراجعة الإعلانات.',
      },
      '/contact': {
        title: 'تواصل معنا',
        description:
          'تواصل مع فريق مساحة بالساعة عبر نموذج التواصل أو واتساب للمساعدة في حجز مساحة أو عرض مساحتك.',
      },
      '/about': {
        title: 'من نحن',
        description:
          'تعرّف على مساحة بالساعة، منصة استئجار المساحات بالساعة في السعودية، والشركة التي تديرها وبياناتها النظامية.',
      },
      '/terms': {
        title: 'الشروط والأحكام',
        description:
          'شروط استخدام مساحة بالساعة: الحسابات وطلبات الحجز وتأكيدها والإلغاء والتقييمات ومسؤوليات المضيفين والمستأجرين.',
      },
      '/privacy': {
        title: 'سياسة الخصوصية',
        description:
          'ما البيانات الشخصية التي تحفظها مساحة بالساعة ولماذا، ومدة حفظها، وحقوقك وفق نظام حماية البيانات الشخصية وكيف تمارسها.',
      },
    },
    notFound: {
      title: 'الصفحة غير موجودة',
      description:
        'الصفحة التي تبحث عنها غير موجودة. استكشف المساحات المتاحة للحجز بالساعة على منصة مساحة بالساعة.',
    },
    cities: {
      abha: 'أبها',
      al_bahah: 'الباحة',
      al_kharj: 'الخرج',
      arar: 'عرعر',
      buraidah: 'بريدة',
      dammam: 'الدمام',
      dhahran: 'الظهران',
      hail: 'حائل',
      hofuf: 'الهفوف',
      jeddah: 'جدة',
      jizan: 'جازان',
      jubail: 'الجبيل',
      khamis_mushait: 'خميس مشيط',
      khobar: 'الخبر',
      madinah: 'المدينة المنورة',
      makkah: 'مكة المكرمة',
      najran: 'نجران',
      other: 'مدينة أخرى',
      qassim: 'القصيم',
      qatif: 'القطيف',
      riyadh: 'الرياض',
      sakaka: 'سكاكا',
      tabuk: 'تبوك',
      taif: 'الطائف',
      yanbu: 'ينبع',
    },
  },
  en: {
    siteName: 'HourSpace',
    siteTitle: 'HourSpace — book spaces by the hour in Saudi Arabia',
    siteDescription: 'Book meeting rooms, studios and event halls by the hour across Saudi Arabia.',
    pages: {
      '/': {
        title: null,
        description:
          'Book meeting rooms, event halls, studios and more by the hour across Saudi Arabia. Search, send a request, and our team confirms your booking.',
      },
      '/explore-spaces': {
        title: 'Explore spaces',
        description: 'Find meeting rooms, studios and event halls by the hour across the Kingdom.',
      },
      '/how-it-works': {
        title: 'How HourSpace works',
        description:
          'How HourSpace works: find a space and send a booking request with no upfront payment for our team to confirm, or list your own space in five steps.',
      },
      '/host-with-us': {
        title: 'Host with HourSpace',
        description:
          'Share your space on HourSpace and earn from its idle hours. You set the price, hours and days; we review every listing and connect you with renters.',
      },
      '/list-your-space': {
        title: 'List your space on HourSpace',
        description:
          'List your space on HourSpace in a few simple steps. Set your own price and hours, and once our team approves your listing, start receiving requests.',
      },
      '/faq': {
        title: 'Frequently asked questions',
        description:
          'Answers to common questions about booking and hosting spaces by the hour on HourSpace: requests, confirmation, pricing and listing review.',
      },
      '/contact': {
        title: 'Contact us',
        description:
          'Contact the HourSpace team through our form or on WhatsApp for help booking a space or listing your own.',
      },
      '/about': {
        title: 'About us',
        description:
          'About HourSpace, the marketplace for renting spaces by the hour in Saudi Arabia, and the company that runs it.',
      },
      '/terms': {
        title: 'Terms and conditions',
        description:
          'The terms of using HourSpace: accounts, booking requests and their confirmation, cancellations, reviews, and what hosts and renters are responsible for.',
      },
      '/privacy': {
        title: 'Privacy policy',
        description:
          'What personal data HourSpace keeps and why, how long, and your rights under the Personal Data Protection Law and how to use them.',
      },
    },
    notFound: {
      title: 'Page Not Found',
      description:
        'The page you are looking for could not be found. Explore spaces you can book by the hour on HourSpace.',
    },
    cities: {
      abha: 'Abha',
      al_bahah: 'Al Bahah',
      al_kharj: 'Al Kharj',
      arar: 'Arar',
      buraidah: 'Buraidah',
      dammam: 'Dammam',
      dhahran: 'Dhahran',
      hail: 'Hail',
      hofuf: 'Hofuf',
      jeddah: 'Jeddah',
      jizan: 'Jizan',
      jubail: 'Jubail',
      khamis_mushait: 'Khamis Mushait',
      khobar: 'Al Khobar',
      madinah: 'Madinah',
      makkah: 'Makkah',
      najran: 'Najran',
      other: 'Other city',
      qassim: 'Qassim',
      qatif: 'Qatif',
      riyadh: 'Riyadh',
      sakaka: 'Sakaka',
      tabuk: 'Tabuk',
      taif: 'Taif',
      yanbu: 'Yanbu',
    },
  },
};

/** The tab's title: `<page> — <site>`, or the site's own title. */
export function documentTitle(locale: Locale, title: string | null): string {
  const heads = PAGE_HEADS[locale];
  return title ? `${title} — ${heads.siteName}` : heads.siteTitle;
}

/** `?lang=` of a URL when it names a language: links and crawlers reach English this way. */
export function localeFromQuery(search: string): Locale | null {
  const lang = new URLSearchParams(search).get('lang');
  return lang === 'ar' || lang === 'en' ? lang : null;
}

/** A page's address in a language: Arabic (the default) without `lang`, English with `?lang=en`. */
export function localizedPath(path: string, locale: Locale): string {
  return locale === 'ar' ? path : `${path}?lang=en`;
}

/**
 * A page's canonical URL in a language: the one its head names (`<link rel="canonical">`,
 * src/server/features/seo/page-head.ts) and the one a space's "share" sends (decision 079).
 * `origin` is the site's public address (`PUBLIC_URL`), without a trailing slash.
 */
export function canonicalUrl(origin: string, path: string, locale: Locale): string {
  return `${origin}${localizedPath(path, locale)}`;
}
