import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import type { Locale } from '#shared/constants.ts';
import { setLocale } from '../../lib/i18n.ts';

export function RootLayout() {
  const { t, i18n } = useTranslation();
  const other: Locale = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-20 items-center justify-between px-6">
        <a href="/" className="text-xl font-bold text-brand-700">
          {t('app.name')}
        </a>
        <button
          type="button"
          lang={other}
          onClick={() => void setLocale(other)}
          className="rounded-full border border-brand-100 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          {t('language.switchTo')}
        </button>
      </header>
      <main className="flex-1">
        <Suspense fallback={<p className="p-10 text-center">{t('app.loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
