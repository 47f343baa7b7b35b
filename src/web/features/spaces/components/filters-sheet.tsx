import { SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { NativeDialog } from '#web/components/ui/native-dialog.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { FilterForm, type FilterValues } from './filter-form.tsx';

/** On phones the filters open in a sheet from the bottom (a modal dialog: focus stays inside). */
export function FiltersSheet({
  values,
  activeCount,
  onApply,
}: {
  values: FilterValues;
  activeCount: number;
  onApply: (values: FilterValues) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        className="lg:hidden"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <SlidersHorizontal aria-hidden />
        {t('explore.filters.title')}
        {activeCount > 0 && (
          <span className="rounded-full bg-brand-700 px-2 text-xs text-white">{activeCount}</span>
        )}
      </Button>
      <NativeDialog
        open={open}
        onClose={() => setOpen(false)}
        labelledBy="filters-sheet-title"
        describedBy="filters-sheet-description"
        className="mx-0 mt-auto mb-0 max-h-[90dvh] w-full max-w-full rounded-t-3xl bg-white p-0 shadow-card"
      >
        <div className="flex items-center justify-between border-b border-sand-200 px-5 py-3">
          <h2 id="filters-sheet-title" className="text-lg font-bold text-ink">
            {t('explore.filters.title')}
          </h2>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('explore.filters.close')}
            onClick={() => setOpen(false)}
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
            onApply={(next) => {
              setOpen(false);
              onApply(next);
            }}
          />
        </div>
      </NativeDialog>
    </>
  );
}
