import type { CalendarFeedUrl } from '#shared/schemas/calendar.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/**
 * GET /api/me/spaces/:id/calendar — the space's secret calendar-feed URL, made on the first call
 * (only its host; anyone else 404 SPACE_NOT_FOUND).
 */
export function getCalendarFeedUrl(spaceId: string, signal?: AbortSignal) {
  return apiFetch<CalendarFeedUrl>(`/api/me/spaces/${encodeURIComponent(spaceId)}/calendar`, {
    signal,
  });
}
