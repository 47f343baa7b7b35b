import { SlidersHorizontal, X } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { FilterForm, type FilterValues } from './filter-form.tsx';

const SHEET_ID = 'filters-sheet';

/**
 * On phones the filters open in a sheet from the bottom: the browser's own modal `<dialog>`
 * (focus kept inside, Escape closes, the page behind inert), in the server's HTML with its form,
 * opened and closed by invoker commands (`commandfor`/`command`, decision 073) — so the first tap
 * opens it in one frame, before the app has arrived and after. The form is a real
 * `<form method="get">` (FilterForm): sent before the app, the browser loads the results page;
 * once the app is there, it checks the fields and changes the URL in place.
 */
export function FiltersSheet({
  values,
  sort,
  activeCount,
  onApply,
}: {
  values: FilterValues;
  sort: string;
  activeCount: number;
  onApply: (values: FilterValues) => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <Button
        variant="outline"
        className="lg:hidden"
        aria-haspopup="dialog"
        commandfor={SHEET_ID}
        command="show-modal"
      >
        <SlidersHorizontal aria-hidden />
        {t('explore.filters.title')}
        {activeCount > 0 && (
          <span className="rounded-full bg-brand-700 px-2 text-xs text-white">{activeCount}</span>
        )}
      </Button>
      <dialog
        ref={dialog}
        id={SHEET_ID}
        aria-labelledby="filters-sheet-title"
        aria-describedby="filters-sheet-description"
        className="mx-0 mt-auto mb-0 max-h-[90dvh] w-full max-w-full rounded-t-3xl bg-white p-0 shadow-card backdrop:bg-black/50"
      >
        <div className="flex items-center justify-between border-b border-sand-200 px-5 py-3">
          <h2 id="filters-sheet-title" className="text-lg font-bold text-ink">
            {t('explore.filters.title')}
          </h2>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('explore.filters.close')}
            commandfor={SHEET_ID}
            command="close"
          >
            <X aria-hidden />
          </Button>
        </div>
        <p id="filters-sheet-description" className="sr-only">
          {t('explore.filters.description')}
        </p>
        <div className="px-5 py-4">
          <FilterForm
            idPrefix="sheet"
            values={values}
            sort={sort}
            onApply={(next) => {
              dialog.current?.close();
              onApply(next);
            }}
          />
        </div>
      </dialog>
    </>
  );
}
