import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { PageLoading } from '#web/components/ui/page-loading.tsx';

/** What a list read from the server stands at: its data once read, a failure, and a retry. */
export interface ListResult<T> {
  data: T | null;
  error: unknown;
  reload: () => unknown;
}

/**
 * A list's loading, failed (with a retry), empty and filled states, as the admin desk and the
 * documents lists show them. The words are the screen's (its own text section): `loading` is a
 * line for a list inside a page; without it, the page's own loading message.
 */
export function ListState<T>({
  result,
  empty,
  failed,
  retry,
  loading,
  isEmpty,
  children,
}: {
  result: ListResult<T>;
  empty: string;
  failed: string;
  retry: string;
  loading?: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (result.error && !result.data)
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-3xl bg-red-50 p-6 text-red-800"
      >
        <p className="font-semibold">{failed}</p>
        <Button variant="outline" size="sm" onClick={() => void result.reload()}>
          <RefreshCw aria-hidden />
          {retry}
        </Button>
      </div>
    );
  if (!result.data)
    return loading ? (
      <p role="status" className="text-muted">
        {loading}
      </p>
    ) : (
      <PageLoading />
    );
  if (isEmpty(result.data))
    return (
      <p className="rounded-3xl border border-dashed border-sand-200 bg-white p-8 text-center text-muted">
        {empty}
      </p>
    );
  return <>{children(result.data)}</>;
}
