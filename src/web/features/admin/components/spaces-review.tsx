import { useState } from 'react';
import { SPACE_STATUSES, type SpaceStatus } from '#shared/constants.ts';
import type { AdminSpace } from '#shared/schemas/admin.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { approveSpace, rejectSpace } from '../api/decide-space.ts';
import { getAdminSpaces } from '../api/get-admin-spaces.ts';
import { useDecision } from '../hooks/use-decision.ts';
import { usePolled } from '../hooks/use-polled.ts';
import { ListState } from './list-state.tsx';
import { Pager } from './pager.tsx';
import { RejectDialog } from './reject-dialog.tsx';
import { SpaceReviewCard } from './space-review-card.tsx';
import { StatusTabs } from './status-tabs.tsx';

const TABS = [...SPACE_STATUSES, 'all'] as const;

/** Listings to review (pending first), or any status with its count, page by page. */
export function SpacesReview() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SpaceStatus | 'all'>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminSpace | null>(null);
  const spaces = usePolled(`spaces:${status}:${page}`, (signal) =>
    getAdminSpaces({ status: status === 'all' ? undefined : status, page }, signal),
  );
  const { busyId, decide } = useDecision(spaces.reload);

  return (
    <div className="flex flex-col gap-5">
      <StatusTabs
        label={t('admin.filter.label')}
        statuses={TABS}
        counts={spaces.data?.counts}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
      <ListState
        result={spaces}
        empty={t('admin.empty.spaces')}
        failed={t('admin.loadError.spaces')}
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <div className="flex flex-col gap-5">
            {data.items.map((space) => (
              <SpaceReviewCard
                key={space.id}
                space={space}
                busy={busyId === space.id}
                onApprove={() =>
                  void decide(space.id, () => approveSpace(space.id), t('admin.done.approved'))
                }
                onReject={() => setRejecting(space)}
              />
            ))}
          </div>
        )}
      </ListState>
      {spaces.data && (
        <Pager
          page={page}
          pageSize={spaces.data.pageSize}
          total={spaces.data.total}
          onChange={setPage}
        />
      )}
      <RejectDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t('admin.reject.spaceTitle')}
        description={t('admin.reject.spaceText')}
        reasonLabel={t('admin.reject.reason')}
        required
        onReject={async (reason) => {
          const space = rejecting!;
          await decide(
            space.id,
            () => rejectSpace(space.id, reason),
            t('admin.done.spaceRejected'),
          );
          setRejecting(null);
        }}
      />
    </div>
  );
}
