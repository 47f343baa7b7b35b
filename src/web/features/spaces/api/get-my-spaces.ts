import type { MySpace } from '#shared/schemas/my-spaces.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/me/spaces — the signed-in user's listings with their review status. */
export function getMySpaces(signal?: AbortSignal) {
  return apiFetch<{ items: MySpace[] }>('/api/me/spaces', { signal });
}
