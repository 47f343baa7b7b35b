import type { AdminAuditResponse } from '#shared/schemas/admin.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/admin/audit?page= — who decided what, when and why, newest first. */
export function getAuditLog(query: { page: number }, signal?: AbortSignal) {
  return apiFetch<AdminAuditResponse>(`/api/admin/audit?page=${query.page}`, { signal });
}
