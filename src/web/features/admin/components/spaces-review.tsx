import { useState } from 'react';
import { ADMIN_SPACE_TABS, type AdminSpace, type AdminSpaceTab } from '#shared/schemas/admin.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { approveRevision, approveSpace, rejectRevision, rejectSpace } from '../api/decide-space.ts';
import { getAdminSpaces } from '../api/get-admin-spaces.ts';
import { useDecision } from '../hooks/use-decision.ts';
import { usePolled } from '../hooks/use-polled.ts';
import { ListState } from '#web/components/list-state.tsx';
import { Pager } from './pager.tsx';
import { RejectDialog } from './reject-dialog.tsx';
import { SpaceReviewCard } from './space-review-card.tsx';
import { StatusTabs } from './status-tabs.tsx';

const TABS = [...ADMIN_SPACE_TABS, 'all'] as const;

/**
 * Listings to review (pending first), hosts' edits of live listings to review (their own tab,
 * compared before/after on the card), or any status with its count, page by page.
 */
export function SpacesReview() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AdminSpaceTab | 'all'>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminSpace | null>(null);
  const [rejectingRevision, setRejectingRevision] = useState<AdminSpace | null>(null);
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
        retry={t('admin.retry')}
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <div className="flex flex-col gap-5">
            {data.items.map((space) => (
              <SpaceReviewCard
                key={space.id}
                space={space}
                busy={busyId === space.id}
                // The version shown goes with the approval: a listing the host changed since is
                // refused (SPACE_CHANGED), told, and the desk reloads with the new version.
                onApprove={() =>
                  void decide(
                    space.id,
                    () => approveSpace(space.id, space.version),
                    t('admin.done.approved'),
                  )
                }
                onReject={() => setRejecting(space)}
                onApproveRevision={() =>
                  void decide(
                    space.id,
                    () => approveRevision(space.revision!.id, space.revision!.version),
                    t('admin.revision.approved'),
                  )
                }
                onRejectRevision={() => setRejectingRevision(space)}
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
      <RejectDialog
        open={rejectingRevision !== null}
        onOpenChange={(open) => !open && setRejectingRevision(null)}
        title={t('admin.revision.rejectTitle')}
        description={t('admin.revision.rejectText')}
        reasonLabel={t('admin.reject.reason')}
        required
        onReject={async (reason) => {
          const space = rejectingRevision!;
          await decide(
            space.id,
            () => rejectRevision(space.revision!.id, reason),
            t('admin.revision.rejected'),
          );
          setRejectingRevision(null);
        }}
      />
    </div>
  );
}
