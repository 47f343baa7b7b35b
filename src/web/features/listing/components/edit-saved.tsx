import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { EditableField, UpdateSpaceResponse } from '#shared/schemas/space-edit.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import type { ListSpaceKey } from '../listing-translation.ts';

/**
 * After saving an edit: which changes are live and which wait for review, named by the wizard's
 * steps (the edit page's own, loaded as a save starts; the new-listing route never loads it).
 */

/** After: which changes are live and which wait for review. */
export function EditSaved({
  result,
  doneHref,
  onEditAgain,
  stepsOf,
}: {
  result: UpdateSpaceResponse;
  doneHref: string;
  onEditAgain: () => void;
  /** the titles of the wizard's steps that hold these fields, in order (edit-wizard.tsx) */
  stepsOf: (fields: readonly EditableField[]) => ListSpaceKey[];
}) {
  const { t, i18n } = useTranslation();
  const list = (fields: EditableField[]) =>
    new Intl.ListFormat(i18n.language === 'ar' ? 'ar' : 'en-GB', { type: 'conjunction' }).format(
      stepsOf(fields).map((title) => t(title)),
    );
  return (
    <div
      role="status"
      data-testid="edit-saved"
      className="flex flex-col items-center gap-4 rounded-3xl border border-sand-200 bg-white p-8 text-center shadow-card sm:p-12"
    >
      <CircleCheck aria-hidden className="size-14 text-brand-700" />
      <h2 className="text-2xl font-bold text-ink">{t('listingEdit.saved')}</h2>
      <div className="flex max-w-xl flex-col gap-2 leading-relaxed text-muted">
        {result.applied.length > 0 && (
          <p>{t('listingEdit.live', { fields: list(result.applied) })}</p>
        )}
        {result.underReview.length > 0 && (
          <p>{t('listingEdit.underReview', { fields: list(result.underReview) })}</p>
        )}
        {result.resubmitted && <p>{t('listingEdit.resubmitted')}</p>}
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={doneHref} className={buttonVariants({ variant: 'primary' })}>
          {t('listingEdit.backToSpaces')}
        </Link>
        <Button type="button" variant="outline" onClick={onEditAgain}>
          {t('listingEdit.editAgain')}
        </Button>
      </div>
    </div>
  );
}
