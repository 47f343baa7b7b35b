import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('errors:NOT_FOUND')} — ${t('app.name')}`;
  }, [t]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-ink">{t('errors:NOT_FOUND')}</h1>
      <a href="/" className="font-semibold text-brand-700 underline underline-offset-4">
        {t('notFound.home')}
      </a>
    </section>
  );
}
