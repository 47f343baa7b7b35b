import { RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { paths } from '../lib/paths.ts';

/** The router's error element: a friendly page, never a white screen (docs/product-spec.md §2). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    document.title = `${t('routeError.title')} — ${t('app.name')}`;
  }, [t]);
  useEffect(() => {
    // Logged for whoever debugs it; the reader sees a calm page.
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-sand-50 px-6 text-center">
      <p aria-hidden className="text-6xl">
        ⚠️
      </p>
      <h1 className="text-3xl font-bold text-ink">{t('routeError.title')}</h1>
      <p className="max-w-md text-muted">{t('routeError.text')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RotateCw aria-hidden />
          {t('routeError.reload')}
        </Button>
        <Button asChild variant="outline">
          <a href={paths.home}>{t('notFound.home')}</a>
        </Button>
      </div>
    </main>
  );
}
