import type { LoaderFunctionArgs } from 'react-router';
import type { SpaceReviews } from '#shared/schemas/reviews.ts';
import type { SpaceDetails } from '#shared/schemas/spaces.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { takePrerendered } from '#web/lib/prerendered.ts';

/** GET /api/spaces/:id (404 SPACE_NOT_FOUND when missing or not approved and not yours). */
export function getSpace(spaceId: string) {
  return apiFetch<SpaceDetails>(`/api/spaces/${encodeURIComponent(spaceId)}`);
}

export interface SpaceLoaderData {
  spaceId: string;
  space: SpaceDetails | Promise<SpaceDetails>;
  /**
   * The first page of the space's reviews, in the server's HTML with the rest (decision 075);
   * null when it could not be read (the reviews say so and offer to try again).
   */
  reviews: SpaceReviews | null | Promise<SpaceReviews | null>;
}

/**
 * The route's loader: the requests start beside the page's code, never after it. `readReviews`
 * is the reviews feature's, handed in by the route table (features do not import each other);
 * it is not even loaded when the server's data is at hand.
 */
export function spaceLoader(
  { params, request }: LoaderFunctionArgs,
  readReviews: (spaceId: string) => Promise<SpaceReviews>,
): SpaceLoaderData {
  const spaceId = params.spaceId ?? '';
  const prerendered = takePrerendered<SpaceLoaderData>('space', request.url);
  if (prerendered && prerendered.spaceId === spaceId) return prerendered;
  const space = getSpace(spaceId);
  space.catch(() => undefined); // shown by the page's <Await errorElement>
  // Below the fold: a failure there is the reviews' own, not the page's.
  const reviews = readReviews(spaceId).catch(() => null);
  return { spaceId, space, reviews };
}
