import type { ReviewAnswer } from '#shared/schemas/reviews.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/host/reviews/:id/reply — the host's one answer. */
export function replyToReview(reviewId: string, body: string) {
  return apiFetch<ReviewAnswer>(`/api/host/reviews/${encodeURIComponent(reviewId)}/reply`, {
    method: 'POST',
    body: { body },
  });
}
