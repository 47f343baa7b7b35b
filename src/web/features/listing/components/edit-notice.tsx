import type { HostSpace } from '#shared/schemas/space-edit.ts';
import { useTranslation } from '#web/lib/i18n.ts';

/** Edit mode, before saving: what saving will do for this listing's state (live at once, or reviewed first). */
export function EditNotice({ space }: { space: HostSpace }) {
  const { t } = useTranslation();
  const reviewed = space.status === 'approved' || space.status === 'paused';
  return (
    <div
      data-testid="edit-notice"
      className="flex flex-col gap-2 rounded-2xl border border-brand-100 bg-brand-50 p-4 text-sm leading-relaxed text-ink"
    >
      <p>{t('listingEdit.intro')}</p>
      <p className="font-semibold">
        {reviewed
          ? t('listingEdit.introReviewed')
          : space.status === 'rejected'
            ? t('listingEdit.introRejected')
            : t('listingEdit.introPending')}
      </p>
      {space.pendingRevision && <p>{t('listingEdit.pendingRevision')}</p>}
    </div>
  );
}
