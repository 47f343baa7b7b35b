import { useEffect, useState } from 'react';
import { isCalendarDate } from '#shared/domain/riyadh-calendar.ts';
import type { Availability } from '#shared/schemas/booking.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/spaces/:id/availability?date= — the day's hours and its confirmed (busy) periods. */
export function getAvailability(spaceId: string, date: string, signal?: AbortSignal) {
  return apiFetch<Availability>(
    `/api/spaces/${encodeURIComponent(spaceId)}/availability?date=${encodeURIComponent(date)}`,
    { signal },
  );
}

type AvailabilityState =
  | { status: 'idle' | 'loading' | 'error'; data?: undefined }
  | { status: 'ready'; data: Availability };

/** The availability of one date, refetched when the date (or `version`) changes. */
export function useAvailability(spaceId: string, date: string, version = 0): AvailabilityState {
  const key = `${spaceId}|${date}|${version}`;
  const [state, setState] = useState<{ key: string; value: AvailabilityState }>({
    key: '',
    value: { status: 'idle' },
  });
  const valid = isCalendarDate(date);
  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    getAvailability(spaceId, date, controller.signal).then(
      (data) => setState({ key, value: { status: 'ready', data } }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ key, value: { status: 'error' } });
      },
    );
    return () => controller.abort();
  }, [spaceId, date, key, valid]);
  if (!valid) return { status: 'idle' };
  return state.key === key ? state.value : { status: 'loading' };
}
