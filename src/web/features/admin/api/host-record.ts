import type { DecisionMode } from '#shared/domain/booking-lifecycle.ts';
import type { HostRecord } from '#shared/schemas/decisions.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/admin/hosts/:id — the host's record (issue 35). */
export function getHostRecord(hostId: string, signal?: AbortSignal) {
  return apiFetch<HostRecord>(`/api/admin/hosts/${encodeURIComponent(hostId)}`, { signal });
}

/** PUT /api/admin/hosts/:id/decision-modes — the modes the host may choose (`admin` always). */
export function setHostDecisionModes(hostId: string, modes: DecisionMode[]) {
  return apiFetch<HostRecord>(`/api/admin/hosts/${encodeURIComponent(hostId)}/decision-modes`, {
    method: 'PUT',
    body: { modes },
  });
}
