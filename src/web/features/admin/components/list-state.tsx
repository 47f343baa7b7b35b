import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { PageLoading } from '#web/components/ui/page-loading.tsx';
import { useTranslation } from '#web/lib/i18n.ts';

/** A list's loading, failed (with a retry), empty and filled states. */
export function ListState<T>({
  result,
  empty,
  failed,
  isEmpty,
  children,
}: {
  result: { data: T | null; error: Error | null; reload: () => Promise<void> };
  empty: string;
  failed: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (result.error && !result.data)
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-3xl bg-red-50 p-6 text-red-800"
      >
        <p className="font-semibold">{failed}</p>
        <Button variant="outline" size="sm" onClick={() => void result.reload()}>
          <RefreshCw aria-hidden />
          {t('admin.retry')}
        </Button>
      </div>
    );
  if (!result.data) return <PageLoading />;
  if (isEmpty(result.data))
    return (
      <p className="rounded-3xl border border-dashed border-sand-200 bg-white p-8 text-center text-muted">
        {empty}
      </p>
    );
  return <>{children(result.data)}</>;
}
