import type { CalendarFeedUrl } from '#shared/schemas/calendar.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/me/spaces/:id/calendar/regenerate — a new feed URL; the old one stops working. */
export function regenerateCalendarFeedUrl(spaceId: string) {
  return apiFetch<CalendarFeedUrl>(
    `/api/me/spaces/${encodeURIComponent(spaceId)}/calendar/regenerate`,
    { method: 'POST' },
  );
}
