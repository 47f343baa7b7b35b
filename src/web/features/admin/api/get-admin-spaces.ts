import type { AdminSpacesResponse, AdminSpaceTab } from '#shared/schemas/admin.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/admin/spaces?status=&page= — listings to review, with the counts of every tab. */
export function getAdminSpaces(
  query: { status?: AdminSpaceTab; page: number },
  signal?: AbortSignal,
): Promise<AdminSpacesResponse> {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.status) params.set('status', query.status);
  return apiFetch<AdminSpacesResponse>(`/api/admin/spaces?${params}`, { signal });
}
