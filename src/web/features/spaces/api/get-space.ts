import type { LoaderFunctionArgs } from 'react-router';
import type { SpaceDetails } from '#shared/schemas/spaces.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { takePrerendered } from '#web/lib/prerendered.ts';

/** GET /api/spaces/:id (404 SPACE_NOT_FOUND when missing or not approved and not yours). */
export function getSpace(spaceId: string) {
  return apiFetch<SpaceDetails>(`/api/spaces/${encodeURIComponent(spaceId)}`);
}

/** The route's loader: the request starts beside the page's code, never after it. */
export function spaceLoader({ params, request }: LoaderFunctionArgs): {
  spaceId: string;
  space: SpaceDetails | Promise<SpaceDetails>;
} {
  const prerendered = takePrerendered<{ spaceId: string; space: SpaceDetails }>(
    'space',
    request.url,
  );
  if (prerendered && prerendered.spaceId === params.spaceId) return prerendered;
  const space = getSpace(params.spaceId ?? '');
  space.catch(() => undefined); // shown by the page's <Await errorElement>
  return { spaceId: params.spaceId ?? '', space };
}
export type SpaceLoaderData = ReturnType<typeof spaceLoader>;
