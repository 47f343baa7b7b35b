import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { ListState } from '#web/components/list-state.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import type { useKeysetPages } from '#web/lib/use-keyset-pages.ts';

type KeysetPages<T extends { id: string }> = ReturnType<typeof useKeysetPages<T>>;

/**
 * A list of e-invoice documents read in keyset pages (the host's, the admin desk's): the admin
 * desk's list states (`ListState`), then "Show more" while there is more. Its words are the
 * `invoices` text section's; the screen gives what its own loading, failure and emptiness say.
 */
export function DocumentList<T extends { id: string }>({
  pages,
  loading,
  failed,
  empty,
  children,
}: {
  pages: KeysetPages<T>;
  loading: string;
  failed: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const { state, more, loadMore, reload } = pages;
  return (
    <ListState
      result={{
        data: state.status === 'ready' ? state : null,
        error: state.status === 'error',
        reload,
      }}
      loading={loading}
      failed={failed}
      empty={empty}
      retry={t('invoices.retryLoad')}
      isEmpty={(page) => page.items.length === 0}
    >
      {(page) => (
        <>
          <ul className="flex flex-col gap-3">{children(page.items)}</ul>
          {page.nextCursor && (
            <div className="flex flex-col items-center gap-2">
              <Button variant="outline" onClick={loadMore} disabled={more === 'loading'}>
                {t(more === 'loading' ? 'invoices.moreLoading' : 'invoices.more')}
              </Button>
              {more === 'error' && (
                <p role="alert" className="text-sm text-red-800">
                  {t('invoices.moreFailed')}
                </p>
              )}
            </div>
          )}
        </>
      )}
    </ListState>
  );
}
