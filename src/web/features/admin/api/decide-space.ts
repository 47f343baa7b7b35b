import type { SpaceDecisionResponse } from '#shared/schemas/admin.ts';
import type { RevisionDecisionResponse } from '#shared/schemas/space-edit.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/**
 * POST /api/admin/spaces/:id/approve { version } → 200; 409 when another admin decided first,
 * or SPACE_CHANGED when the host changed the listing since the desk showed `version` (issue 37).
 */
export function approveSpace(spaceId: string, version: string) {
  return apiFetch<SpaceDecisionResponse>(
    `/api/admin/spaces/${encodeURIComponent(spaceId)}/approve`,
    { method: 'POST', body: { version } },
  );
}

/** POST /api/admin/spaces/:id/reject { reason } → 200; 400 without a reason; 409 decided. */
export function rejectSpace(spaceId: string, reason: string) {
  return apiFetch<SpaceDecisionResponse>(
    `/api/admin/spaces/${encodeURIComponent(spaceId)}/reject`,
    { method: 'POST', body: { reason } },
  );
}

/** POST /api/admin/revisions/:id/approve { version } → 200; 409 decided or SPACE_CHANGED. */
export function approveRevision(revisionId: string, version: string) {
  return apiFetch<RevisionDecisionResponse>(
    `/api/admin/revisions/${encodeURIComponent(revisionId)}/approve`,
    { method: 'POST', body: { version } },
  );
}

/** POST /api/admin/revisions/:id/reject { reason } → 200; the live listing stays as it is. */
export function rejectRevision(revisionId: string, reason: string) {
  return apiFetch<RevisionDecisionResponse>(
    `/api/admin/revisions/${encodeURIComponent(revisionId)}/reject`,
    { method: 'POST', body: { reason } },
  );
}
