import { useTranslation } from '#web/lib/i18n.ts';

/** The centred loading message shown while a page's code arrives (docs/product-spec.md §2). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-1 items-center justify-center p-10"
    >
      <div className="flex flex-col items-center gap-3 text-muted">
        <span
          aria-hidden
          className="size-8 animate-spin rounded-full border-3 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
        />
        <span>{t('app.loading')}</span>
      </div>
    </div>
  );
}
