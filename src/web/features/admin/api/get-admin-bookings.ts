import type { AdminBookingsResponse } from '#shared/schemas/admin.ts';
import type { BookingStatus } from '#shared/constants.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/admin/bookings?status=&page= — booking requests, with the counts of every tab. */
export function getAdminBookings(
  query: { status?: BookingStatus; page: number },
  signal?: AbortSignal,
): Promise<AdminBookingsResponse> {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.status) params.set('status', query.status);
  return apiFetch<AdminBookingsResponse>(`/api/admin/bookings?${params}`, { signal });
}
