import type { BookingStatus } from '#shared/constants.ts';
import type { HostBookings } from '#shared/schemas/host.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/**
 * GET /api/host/bookings — requests and bookings on the spaces the caller hosts (one of them with
 * `spaceId`), newest first; `cursor` is the previous page's `nextCursor`.
 */
export function getHostBookings(
  query: { spaceId?: string; status?: BookingStatus; cursor?: string },
  signal?: AbortSignal,
) {
  const params = new URLSearchParams();
  if (query.spaceId) params.set('spaceId', query.spaceId);
  if (query.status) params.set('status', query.status);
  if (query.cursor) params.set('cursor', query.cursor);
  const search = params.toString();
  return apiFetch<HostBookings>(`/api/host/bookings${search ? `?${search}` : ''}`, { signal });
}
