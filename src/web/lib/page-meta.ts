import { useEffect } from 'react';
import { useTranslation } from './i18n.ts';

/** Sets the page's <title> and meta description in the current language (and on a switch). */
export function usePageMeta(title: string | null, description?: string) {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} — ${appName}` : t('app.title');
    const meta = document.querySelector('meta[name="description"]');
    meta?.setAttribute('content', description ?? t('app.description'));
  }, [title, description, appName, t]);
}
