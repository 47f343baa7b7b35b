import { useState } from 'react';
import type { HostSpace, UpdateSpaceResponse } from '#shared/schemas/space-edit.ts';
import { updateMySpace } from '../api/edit-space.ts';
import { editFormOf } from '../edit-form.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { EditNotice } from './edit-notice.tsx';
import { EditSaved } from './edit-saved.tsx';
import { ListingWizard } from './listing-wizard.tsx';

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
        save: async (request) => setResult(await updateMySpace(space.id, request)),
        renderSaved: (editAgain) =>
          result && (
            <EditSaved
              result={result}
              doneHref={doneHref}
              onEditAgain={() => {
                const again = editFormOf(result.space);
                editAgain(again.values, again.images);
              }}
            />
          ),
      }}
    />
  );
}
