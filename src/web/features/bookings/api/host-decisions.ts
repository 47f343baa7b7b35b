import type { DecisionMode } from '#shared/domain/booking-lifecycle.ts';
import type { DecisionModeResponse } from '#shared/schemas/decisions.ts';
import { apiFetch } from '#web/lib/api-client.ts';

type Decision = { booking: { id: string; status: string } };

/** POST /api/host/bookings/:id/confirm|decline|cancel — the host's own decision (issue 35). */
export function hostDecide(
  bookingId: string,
  action: 'confirm' | 'decline' | 'cancel',
  reason?: string,
) {
  return apiFetch<Decision>(`/api/host/bookings/${encodeURIComponent(bookingId)}/${action}`, {
    method: 'POST',
    ...(reason !== undefined ? { body: { reason } } : {}),
  });
}

/** GET /api/host/spaces/:id/decision-mode */
export function getDecisionMode(spaceId: string, signal?: AbortSignal) {
  return apiFetch<DecisionModeResponse>(
    `/api/host/spaces/${encodeURIComponent(spaceId)}/decision-mode`,
    { signal },
  );
}

/** PUT /api/host/spaces/:id/decision-mode */
export function setDecisionMode(spaceId: string, mode: DecisionMode) {
  return apiFetch<DecisionModeResponse>(
    `/api/host/spaces/${encodeURIComponent(spaceId)}/decision-mode`,
    { method: 'PUT', body: { mode } },
  );
}
