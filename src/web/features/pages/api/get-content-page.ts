import type { LoaderFunctionArgs } from 'react-router';
import type { ContentPage, ContentPageResponse } from '#shared/schemas/pages.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { takePrerendered } from '#web/lib/prerendered.ts';

/** GET /api/pages/:page — /about, /terms or /privacy in both languages (content/pages/*.md). */
export function getContentPage(page: ContentPage) {
  return apiFetch<ContentPageResponse>(`/api/pages/${page}`);
}

/** The loader of /about, /terms and /privacy (route id = the page); the server pre-renders them. */
export const contentPageLoader =
  (page: ContentPage) =>
  async ({ request }: LoaderFunctionArgs): Promise<ContentPageResponse> =>
    takePrerendered<ContentPageResponse>(page, request.url) ?? getContentPage(page);
