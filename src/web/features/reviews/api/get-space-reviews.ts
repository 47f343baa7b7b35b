import type { SpaceReviews } from '#shared/schemas/reviews.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/spaces/:id/reviews — the rating and a page of reviews, newest first. */
export function getSpaceReviews(spaceId: string, cursor?: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiFetch<SpaceReviews>(`/api/spaces/${encodeURIComponent(spaceId)}/reviews${query}`, {
    signal,
  });
}
