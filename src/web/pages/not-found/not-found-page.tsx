import { Compass } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { Link } from 'react-router';
import { paths } from '#web/lib/paths.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';

/** Unknown paths and the placeholders in docs/product-spec.md (/about, /terms, /privacy). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageMeta(t('errors:NOT_FOUND'), t('notFound.meta.description'));
  return (
    <section className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-5 px-6 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-3xl bg-brand-50 text-brand-700">
        <Compass aria-hidden className="size-8" />
      </span>
      <p aria-hidden className="text-6xl font-bold text-brand-500">
        404
      </p>
      <h1 className="text-3xl font-bold text-ink">{t('errors:NOT_FOUND')}</h1>
      <p className="text-muted">{t('notFound.text')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonVariants()}>
          {t('notFound.home')}
        </Link>
        <Link to={paths.explore} className={buttonVariants({ variant: 'outline' })}>
          {t('notFound.explore')}
        </Link>
      </div>
    </section>
  );
}
