import type { MyReview, ReviewInput } from '#shared/schemas/reviews.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST (a first review) or PATCH (an edit) /api/me/bookings/:id/review. */
export function saveReview(bookingId: string, input: ReviewInput, edit: boolean) {
  return apiFetch<MyReview>(`/api/me/bookings/${encodeURIComponent(bookingId)}/review`, {
    method: edit ? 'PATCH' : 'POST',
    body: input,
  });
}
