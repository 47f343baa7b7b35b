import type { HostWeek } from '#shared/schemas/host.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/host/spaces/:id/week?start= — seven days of a space the caller hosts. */
export function getSpaceWeek(spaceId: string, start: string, signal?: AbortSignal) {
  return apiFetch<HostWeek>(
    `/api/host/spaces/${encodeURIComponent(spaceId)}/week?start=${encodeURIComponent(start)}`,
    { signal },
  );
}
