import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function HomePage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.title');
  }, [t]);
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-6 py-16 sm:py-24">
      <p className="rounded-full bg-brand-50 px-4 py-1 text-sm font-semibold text-brand-700">
        {t('home.eyebrow')}
      </p>
      <h1 className="text-4xl leading-tight font-extrabold text-balance text-ink sm:text-5xl">
        {t('home.title')}
      </h1>
      <p className="max-w-2xl text-lg text-muted">{t('home.subtitle')}</p>
      <a
        href="/explore-spaces"
        className="rounded-xl bg-brand-700 px-6 py-3 font-semibold text-white shadow-card hover:bg-brand-600"
      >
        {t('home.cta')}
      </a>
    </section>
  );
}
