import type { AdminSpacesResponse } from '#shared/schemas/admin.ts';
import type { SpaceStatus } from '#shared/constants.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/admin/spaces?status=&page= — listings to review, with the counts of every tab. */
export function getAdminSpaces(
  query: { status?: SpaceStatus; page: number },
  signal?: AbortSignal,
): Promise<AdminSpacesResponse> {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.status) params.set('status', query.status);
  return apiFetch<AdminSpacesResponse>(`/api/admin/spaces?${params}`, { signal });
}
