import type { LoaderFunctionArgs } from 'react-router';
import { SEARCH_PARAMS } from '#shared/domain/space-search.ts';
import type { SpaceSearchResult } from '#shared/schemas/spaces.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { takePrerendered } from '#web/lib/prerendered.ts';

/**
 * GET /api/spaces for the explore page. The route's loader (below) starts the first page while
 * the page's code downloads; "load more" asks for the next pages. Only types come from the shared
 * zod schema, so this module (part of the router, hence of every page) stays tiny.
 */

/** What the explore page has shown for one set of filters: every page loaded so far. */
export interface ExploreResults extends SpaceSearchResult {
  /** the filters as a query string, in a fixed order */
  key: string;
}

/** The filters of a URL in a fixed order, without blanks or unknown keys: the cache key. */
export function filtersOf(params: URLSearchParams): URLSearchParams {
  const filters = new URLSearchParams();
  for (const name of SEARCH_PARAMS) {
    for (const value of params.getAll(name)) if (value.trim() !== '') filters.append(name, value);
  }
  return filters;
}

export async function fetchSpaces(filters: URLSearchParams, cursor?: string) {
  const query = new URLSearchParams(filters);
  if (cursor) query.set('cursor', cursor);
  return apiFetch<SpaceSearchResult>(`/api/spaces?${query.toString()}`);
}

/**
 * Results seen in the last minute, by filters: back from a space's page, the list (with the
 * pages loaded by "load more") is there at once, so the browser can restore the scroll position.
 */
const FRESH_MS = 60_000;
const seen = new Map<string, { at: number; results: ExploreResults }>();

export function rememberResults(results: ExploreResults) {
  seen.set(results.key, { at: Date.now(), results });
  if (seen.size > 20) seen.delete(seen.keys().next().value!);
}

export function exploreLoader({ request }: LoaderFunctionArgs): {
  key: string;
  results: ExploreResults | Promise<ExploreResults>;
} {
  const filters = filtersOf(new URL(request.url).searchParams);
  const key = filters.toString();
  const prerendered = takePrerendered<{ key: string; results: ExploreResults }>(
    'explore-spaces',
    request.url,
  );
  if (prerendered?.key === key) {
    rememberResults(prerendered.results);
    return prerendered;
  }
  // On the server (pre-rendering) nothing is remembered: every request asks the API.
  const recent = import.meta.env.SSR ? undefined : seen.get(key);
  if (recent && Date.now() - recent.at < FRESH_MS) return { key, results: recent.results };
  const results: Promise<ExploreResults> = fetchSpaces(filters).then((page) => {
    const value = { ...page, key };
    if (!import.meta.env.SSR) rememberResults(value);
    return value;
  });
  // Handled by the page (<Await errorElement>); this keeps an unobserved rejection quiet.
  results.catch(() => undefined);
  return { key, results };
}
export type ExploreLoaderData = ReturnType<typeof exploreLoader>;
