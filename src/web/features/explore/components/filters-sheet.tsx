import * as Dialog from '@radix-ui/react-dialog';
import { SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
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
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" className="lg:hidden">
          <SlidersHorizontal aria-hidden />
          {t('explore.filters.title')}
          {activeCount > 0 && (
            <span className="rounded-full bg-brand-700 px-2 text-xs text-white">{activeCount}</span>
          )}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          dir={i18n.dir()}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-3xl bg-white shadow-card"
        >
          <div className="flex items-center justify-between border-b border-sand-200 px-5 py-3">
            <Dialog.Title className="text-lg font-bold text-ink">
              {t('explore.filters.title')}
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('explore.filters.close')}>
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            {t('explore.filters.description')}
          </Dialog.Description>
          <div className="overflow-y-auto px-5 py-4">
            <FilterForm
              idPrefix="sheet"
              values={values}
              onApply={(next) => {
                setOpen(false);
                onApply(next);
              }}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
