import { Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { Link } from 'react-router';
import { LOCALES, type Locale } from '#shared/constants.ts';
import { currentYear } from '#shared/format.ts';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';
import type { PublicBusiness } from '#shared/schemas/pages.ts';
import { usePublicConfig } from '#web/features/config/api/get-public-config.ts';
import { useLanguageLink } from './language-toggle.tsx';
import { Logo } from './logo.tsx';

/**
 * The social accounts do not exist yet (docs/product-spec.md §2): shown, reachable, and announced
 * as "coming soon".
 */
const socials: { name: string; icon: ReactNode }[] = [
  {
    name: 'Facebook',
    icon: <path d="M14 8h3V4h-3a5 5 0 0 0-5 5v3H6v4h3v8h4v-8h3l1-4h-4V9a1 1 0 0 1 1-1z" />,
  },
  { name: 'X (Twitter)', icon: <path d="M4 4l16 16M20 4L4 20" /> },
  {
    name: 'Instagram',
    icon: (
      <>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.6" />
      </>
    ),
  },
  {
    name: 'LinkedIn',
    icon: (
      <>
        <path d="M4 9h4v11H4zM6 4.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4z" />
        <path d="M10 9h4v1.6c.6-1 1.8-1.9 3.6-1.9 3 0 3.4 2 3.4 4.6V20h-4v-5.6c0-1.3 0-2.8-1.7-2.8S13.9 13 13.9 14.3V20H10z" />
      </>
    ),
  },
];

const localeNames: Record<Locale, string> = { ar: 'العربية', en: 'English' };

const languageClass =
  'rounded-full border px-4 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-gold-400';

/**
 * One language of the footer's picker (decision 079): the current one is marked, the other is a
 * link to this page in it — the header's switch (`useLanguageLink`): it works from the server's
 * HTML before the app (and before the footer's own code) has come, and in place once it has.
 */
function FooterLanguage({ code, current }: { code: Locale; current: boolean }) {
  const link = useLanguageLink(code);
  if (current)
    return (
      <span
        lang={code}
        aria-current="true"
        className={cn(languageClass, 'border-gold-400 bg-gold-400 text-brand-900')}
      >
        {localeNames[code]}
      </span>
    );
  return (
    <a
      {...link}
      lang={code}
      className={cn(
        languageClass,
        'border-sand-100/40 text-sand-100 hover:border-white hover:text-white',
      )}
    >
      {localeNames[code]}
    </a>
  );
}

/** Who runs the service (BUSINESS_* configuration, issue 38): name, CR, VAT, address, contact. */
function BusinessLine({ business, locale }: { business: PublicBusiness; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1" data-testid="business-identity">
      <span className="font-semibold text-sand-100/90">{business.legalName[locale]}</span>
      <span>
        {t('footer.business.cr')} <bdi>{business.commercialRegistration}</bdi>
      </span>
      <span>
        {t('footer.business.vat')} <bdi>{business.vatNumber}</bdi>
      </span>
      <span>{business.nationalAddress[locale]}</span>
      <a
        className="underline-offset-4 hover:text-white hover:underline"
        href={`mailto:${business.email}`}
      >
        <bdi>{business.email}</bdi>
      </a>
      <a
        className="underline-offset-4 hover:text-white hover:underline"
        href={`tel:${business.phone}`}
      >
        <bdi dir="ltr">{business.phone}</bdi>
      </a>
      {business.isDevelopmentDefault && (
        <span className="rounded bg-gold-400 px-2 font-semibold text-brand-900">
          {t('footer.business.devData')}
        </span>
      )}
    </p>
  );
}

export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const business = usePublicConfig()?.business ?? null;
  const locale = i18n.language as Locale;
  const linkClass =
    'rounded text-sand-100/80 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-gold-400';
  return (
    <footer className="footer-enter below-fold mt-16 bg-brand-900 text-sand-100">
      <div className="bg-gold-400 text-brand-900">
        <div className="mx-auto flex max-w-7xl items-center justify-center gap-3 px-4 py-3 text-center text-sm font-semibold sm:px-6">
          <Smartphone aria-hidden className="size-5 shrink-0" />
          <p>
            <span className="font-bold">{t('footer.appComingSoon.title')}</span>{' '}
            {t('footer.appComingSoon.text')}
          </p>
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-4">
          <Logo tone="light" className="self-start" />
          <p className="max-w-xs leading-relaxed text-sand-100/80">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.explore')} className="flex flex-col gap-3">
          <h2 className="font-bold text-white">{t('footer.explore')}</h2>
          <Link className={linkClass} to={paths.explore}>
            {t('nav.explore')}
          </Link>
          <Link className={linkClass} to={paths.howItWorks}>
            {t('nav.howItWorks')}
          </Link>
          <Link className={linkClass} to={paths.listYourSpace}>
            {t('nav.hostWithUs')}
          </Link>
          <Link className={linkClass} to={paths.faq}>
            {t('nav.faq')}
          </Link>
        </nav>
        <nav aria-label={t('footer.company')} className="flex flex-col gap-3">
          <h2 className="font-bold text-white">{t('footer.company')}</h2>
          <Link className={linkClass} to={paths.about}>
            {t('nav.about')}
          </Link>
          <Link className={linkClass} to={paths.terms}>
            {t('nav.terms')}
          </Link>
          <Link className={linkClass} to={paths.privacy}>
            {t('nav.privacy')}
          </Link>
          <Link className={linkClass} to={paths.contact}>
            {t('nav.contact')}
          </Link>
        </nav>
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-3">
            <h2 className="font-bold text-white" id="footer-language">
              {t('footer.language')}
            </h2>
            <div role="group" aria-labelledby="footer-language" className="flex gap-2">
              {LOCALES.map((code) => (
                <FooterLanguage key={code} code={code} current={code === locale} />
              ))}
            </div>
          </div>
          <div className="flex flex-col gap-3">
            <h2 className="font-bold text-white">{t('footer.followUs')}</h2>
            <ul className="flex gap-2">
              {socials.map((social) => (
                <li key={social.name}>
                  <a
                    role="link"
                    aria-disabled="true"
                    tabIndex={0}
                    title={`${social.name} — ${t('footer.socialComingSoon')}`}
                    onClick={(event) => event.preventDefault()}
                    className="inline-flex size-10 cursor-not-allowed items-center justify-center rounded-full border border-sand-100/30 text-sand-100/70 focus-visible:outline-2 focus-visible:outline-gold-400"
                  >
                    <svg
                      aria-hidden
                      viewBox="0 0 24 24"
                      className="size-4.5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    >
                      {social.icon}
                    </svg>
                    <span className="sr-only">
                      {social.name} ({t('footer.socialComingSoon')})
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-sand-100/70 sm:px-6">
          <p>
            © {currentYear(locale)} {t('app.name')}. {t('footer.rights')}
          </p>
          {business && <BusinessLine business={business} locale={locale} />}
        </div>
      </div>
    </footer>
  );
}
