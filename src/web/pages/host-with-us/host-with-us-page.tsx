import { Banknote, Globe2, ShieldCheck, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { Link } from 'react-router';
import { paths } from '#web/lib/paths.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';

const reasons = [
  { key: 'r1', Icon: Banknote },
  { key: 'r2', Icon: SlidersHorizontal },
  { key: 'r3', Icon: ShieldCheck },
  { key: 'r4', Icon: Globe2 },
] as const;

export default function HostWithUsPage() {
  const { t } = useTranslation();
  usePageMeta(t('hostWithUs.title'), t('hostWithUs.meta.description'));
  return (
    <>
      <PageHeader title={t('hostWithUs.title')} intro={t('hostWithUs.intro')}>
        <Link
          to={paths.listYourSpace}
          className={`${buttonVariants({ size: 'lg' })} mt-3 self-start`}
        >
          {t('hostWithUs.cta.button')}
        </Link>
      </PageHeader>
      <section
        aria-labelledby="reasons-title"
        className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6"
      >
        <h2 id="reasons-title" className="mb-8 text-3xl font-bold text-ink">
          {t('hostWithUs.reasons.title')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {reasons.map(({ key, Icon }) => (
            <li key={key} className="flex gap-4 rounded-3xl border border-sand-200 bg-white p-6">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gold-400/25 text-brand-700">
                <Icon aria-hidden className="size-6" />
              </span>
              <div className="flex flex-col gap-1">
                <h3 className="text-lg font-bold text-ink">
                  {t(`hostWithUs.reasons.${key}.title`)}
                </h3>
                <p className="leading-relaxed text-muted">{t(`hostWithUs.reasons.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="who-title" className="bg-sand-100/60 py-14">
        <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 text-center sm:px-6">
          <h2 id="who-title" className="text-3xl font-bold text-ink">
            {t('hostWithUs.who.title')}
          </h2>
          <p className="text-lg leading-relaxed text-muted">{t('hostWithUs.who.text')}</p>
          <p className="leading-relaxed text-ink">{t('hostWithUs.who.examples')}</p>
        </div>
      </section>
      <section className="mx-auto w-full max-w-7xl px-4 pt-14 sm:px-6">
        <div className="flex flex-col items-center gap-4 rounded-3xl bg-brand-700 p-10 text-center text-white">
          <h2 className="text-3xl font-bold">{t('hostWithUs.cta.title')}</h2>
          <p className="max-w-2xl leading-relaxed text-white/85">{t('hostWithUs.cta.text')}</p>
          <Link
            to={paths.listYourSpace}
            className={buttonVariants({ variant: 'accent', size: 'lg' })}
          >
            {t('hostWithUs.cta.button')}
          </Link>
        </div>
      </section>
    </>
  );
}
