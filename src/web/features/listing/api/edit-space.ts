import type {
  HostSpace,
  UpdateSpaceRequestInput,
  UpdateSpaceResponse,
} from '#shared/schemas/space-edit.ts';
import { apiFetch } from '#web/lib/api-client.ts';

const url = (spaceId: string) => `/api/me/spaces/${encodeURIComponent(spaceId)}`;

/** GET /api/me/spaces/:id: the host's listing for the edit form (404 when not theirs). */
export function getMySpace(spaceId: string, signal?: AbortSignal) {
  return apiFetch<HostSpace>(url(spaceId), { signal });
}

/** PATCH /api/me/spaces/:id: what went live at once and what waits for review. */
export function updateMySpace(spaceId: string, input: UpdateSpaceRequestInput) {
  return apiFetch<UpdateSpaceResponse>(url(spaceId), { method: 'PATCH', body: input });
}
