import {
  CalendarCheck,
  ClipboardList,
  Eye,
  Handshake,
  Search,
  Send,
  ShieldCheck,
  UserCheck,
} from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { Link } from 'react-router';
import { paths } from '#web/lib/paths.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';

const stepKeys = ['step1', 'step2', 'step3', 'step4'] as const;
const journeys = [
  { key: 'renters', icons: [Search, Eye, Send, CalendarCheck] },
  { key: 'hosts', icons: [UserCheck, ClipboardList, ShieldCheck, Handshake] },
] as const;

export default function HowItWorksPage() {
  const { t } = useTranslation();
  usePageMeta(t('howItWorks.title'), t('howItWorks.meta.description'));
  return (
    <>
      <PageHeader title={t('howItWorks.title')} intro={t('howItWorks.intro')} />
      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2">
        {journeys.map(({ key, icons }) => (
          <section
            key={key}
            aria-labelledby={`${key}-title`}
            className="rounded-3xl border border-sand-200 bg-white p-6 sm:p-8"
          >
            <h2 id={`${key}-title`} className="mb-6 text-2xl font-bold text-ink">
              {t(`howItWorks.${key}.title`)}
            </h2>
            <ol className="flex flex-col gap-6">
              {icons.map((Icon, i) => (
                <li key={i} className="flex gap-4">
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                    <Icon aria-hidden className="size-6" />
                  </span>
                  <div className="flex flex-col gap-1">
                    <h3 className="font-bold text-ink">
                      <span className="text-brand-700">{i + 1}. </span>
                      {t(`howItWorks.${key}.${stepKeys[i]!}.title`)}
                    </h3>
                    <p className="leading-relaxed text-muted">
                      {t(`howItWorks.${key}.${stepKeys[i]!}.text`)}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
      <section className="mx-auto w-full max-w-7xl px-4 sm:px-6">
        <div className="flex flex-col items-center gap-5 rounded-3xl bg-brand-700 p-10 text-center text-white">
          <h2 className="text-3xl font-bold">{t('howItWorks.cta.title')}</h2>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to={paths.explore} className={buttonVariants({ variant: 'accent', size: 'lg' })}>
              {t('howItWorks.cta.explore')}
            </Link>
            <Link
              to={paths.listYourSpace}
              className={buttonVariants({ variant: 'outline', size: 'lg' })}
            >
              {t('howItWorks.cta.host')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
