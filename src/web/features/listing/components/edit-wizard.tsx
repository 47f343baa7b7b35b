import { lazy, Suspense, useState } from 'react';
import type { EditableField, HostSpace, UpdateSpaceResponse } from '#shared/schemas/space-edit.ts';
import { updateMySpace } from '../api/edit-space.ts';
import { editFormOf } from '../edit-form.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { EditNotice } from './edit-notice.tsx';
import { ListingWizard } from './listing-wizard.tsx';
import { stepOfField, stepTitle } from './wizard-step-table.ts';

/** The wizard's steps that hold these fields (its one step table), in order: "Pricing, Availability". */
const stepsOf = (fields: readonly EditableField[]) =>
  [...new Set(fields.map((f) => stepOfField(f === 'priceHalalas' ? 'priceSar' : f)))]
    .filter((step): step is number => step !== undefined)
    .sort((a, b) => a - b)
    .map(stepTitle);

/**
 * What the save did loads as the save starts (its answer takes longer), not with the edit route:
 * the route stays inside its size budget (tests/build/web-budget.test.ts).
 */
const loadEditSaved = () => import('./edit-saved.tsx');
const EditSaved = lazy(() => loadEditSaved().then((m) => ({ default: m.EditSaved })));

/** The wizard in edit mode: starts from the listing, saves with PATCH, says what went live. */
export function EditWizard({
  space,
  signInHref,
  translationOn,
  doneHref,
}: {
  space: HostSpace;
  signInHref: string;
  translationOn: boolean;
  /** where "back to my spaces" goes */
  doneHref: string;
}) {
  const { t } = useTranslation();
  const [start] = useState(() => editFormOf(space));
  const [result, setResult] = useState<UpdateSpaceResponse | null>(null);
  return (
    <ListingWizard
      signedIn
      signInHref={signInHref}
      translationOn={translationOn}
      editing={{
        ...start,
        notice: <EditNotice space={result?.space ?? space} />,
        labels: {
          save: t('listingEdit.save'),
          saving: t('listingEdit.saving'),
          saved: t('listingEdit.saved'),
          failed: t('listingEdit.failed'),
        },
        save: async (request) => {
          void loadEditSaved();
          setResult(await updateMySpace(space.id, request));
        },
        renderSaved: (editAgain) =>
          result && (
            <Suspense fallback={<div aria-hidden className="min-h-64" />}>
              <EditSaved
                result={result}
                doneHref={doneHref}
                stepsOf={stepsOf}
                onEditAgain={() => {
                  const again = editFormOf(result.space);
                  editAgain(again.values, again.images);
                }}
              />
            </Suspense>
          ),
      }}
    />
  );
}
