import type { ReviewAnswer } from '#shared/schemas/reviews.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/admin/reviews/:id/hide — out of the page and the average, with a reason. */
export function hideReview(reviewId: string, reason: string) {
  return apiFetch<ReviewAnswer>(`/api/admin/reviews/${encodeURIComponent(reviewId)}/hide`, {
    method: 'POST',
    body: { reason },
  });
}
