/**
 * Pre-rendering on the server (docs/decisions/021-prerendered-landing-pages.md): the landing
 * pages' HTML in the reader's language, with the data their loaders fetched, so a phone paints
 * the page before any script has run. Once the page's code and data are in, main.tsx hydrates it
 * (src/server/plugins/prerender.ts).
 *
 * Built by `vite build --ssr` into dist/server; React and React Router come from node_modules.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Locale } from '#shared/constants.ts';
import type { MeResponse } from '#shared/schemas/me.ts';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { setServerFetch } from './lib/api-client.ts';
import { prepareServerLocales, selectServerLocale } from './lib/i18n.ts';
import type { PrerenderedData } from './lib/prerendered.ts';
import { loadServerRenderedParts } from './lib/server-rendered-part.tsx';
import { getMeDirect } from './lib/session/get-me.ts';
import { setSiteOrigin } from './lib/site-origin.ts';

export interface PrerenderedPage {
  /** the markup of the app, for inside #root */
  html: string;
  data: PrerenderedData;
  /** the signed-in user the header was drawn for; null: signed out (decision 038) */
  session: MeResponse | null;
}

const handler = createStaticHandler(routes);

/**
 * Loads both languages' texts and routes the loaders' API calls to `fetcher`; `origin` is the
 * site's public address, which canonical URLs (a space's "share") start with. Call once.
 */
export async function preparePrerender(fetcher: typeof fetch, origin: string): Promise<void> {
  setServerFetch(fetcher);
  setSiteOrigin(origin);
  await prepareServerLocales();
}

/** A loader's answer with its promises settled: null when one failed (the page is not pre-rendered). */
async function settle(value: unknown): Promise<unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = await Promise.all(
    Object.entries(value).map(async ([key, field]) => [key, await field] as const),
  );
  return Object.fromEntries(entries);
}

/**
 * The page at `url` in `locale`, or null when it cannot be pre-rendered as the browser would show
 * it: a redirect, an error (a missing space, the API unreachable), or a failed render. `signedIn`:
 * the request has a session cookie (the fetcher sends it with every API call), so the header
 * greets the user as the browser would (decision 038); the browser starts from the same answer.
 */
export async function prerenderPage(
  url: string,
  locale: Locale,
  signedIn = false,
): Promise<PrerenderedPage | null> {
  const [context, session] = await Promise.all([
    handler.query(new Request(url)),
    signedIn ? getMeDirect().catch(() => undefined) : Promise.resolve(null),
  ]);
  // The session could not be read (not a refused one: that is null): the browser renders.
  if (session === undefined) return null;
  if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
  const loaderData: Record<string, unknown> = {};
  try {
    for (const [routeId, value] of Object.entries(context.loaderData)) {
      loaderData[routeId] = await settle(value);
    }
  } catch {
    return null;
  }
  // <Await> draws settled values at once, and the parts below the fold whose code the browser
  // loads later are loaded here (the route's own were declared by its module, just loaded): the
  // render does not suspend, so the HTML holds the whole page (decision 075).
  context.loaderData = loaderData;
  await loadServerRenderedParts();
  const router = createStaticRouter(handler.dataRoutes, context);
  selectServerLocale(locale);
  const html = renderToString(
    <StrictMode>
      <AppProviders session={session}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const { pathname, search } = new URL(url);
  const data: PrerenderedData = {
    url: pathname + search,
    loaderData: Object.fromEntries(
      Object.entries(loaderData).filter(([, value]) => value !== null && value !== undefined),
    ),
  };
  return { html, data, session };
}
