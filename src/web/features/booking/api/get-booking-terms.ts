import { useEffect, useState } from 'react';
import type { BookingTerms } from '#shared/schemas/booking.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/spaces/:id/booking-terms — what the booking panel needs of an approved space. */
export function getBookingTerms(spaceId: string, signal?: AbortSignal) {
  return apiFetch<BookingTerms>(`/api/spaces/${encodeURIComponent(spaceId)}/booking-terms`, {
    signal,
  });
}

export type Loadable<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

export function useBookingTerms(spaceId: string): Loadable<BookingTerms> {
  const [state, setState] = useState<{ id: string; value: Loadable<BookingTerms> }>({
    id: spaceId,
    value: { status: 'loading' },
  });
  useEffect(() => {
    const controller = new AbortController();
    getBookingTerms(spaceId, controller.signal).then(
      (data) => setState({ id: spaceId, value: { status: 'ready', data } }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError')
          setState({ id: spaceId, value: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [spaceId]);
  return state.id === spaceId ? state.value : { status: 'loading' };
}
