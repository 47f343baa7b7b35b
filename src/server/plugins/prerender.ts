import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type Locale } from '#shared/constants.ts';
import { localeFromQuery } from '#shared/page-heads.ts';

/**
 * Pre-rendered landing pages (docs/decisions/021-prerendered-landing-pages.md, 038). The home
 * page, explore and a space's page are rendered on the server by the web app's own code
 * (src/web/entry-server.tsx, built to dist/server), in the visitor's language (`?lang=`, else the
 * `locale` cookie) and as the visitor sees them: the loaders ask the API with the visitor's
 * cookie, and a signed-in visitor's header greets them. A phone paints the page from the HTML,
 * before any script has run. Anything that cannot be rendered as the browser would show it — a
 * missing space, an error, a slow answer — gets the plain app shell, exactly as before.
 */

/** What dist/server/entry-server.js exports. */
interface Renderer {
  preparePrerender(fetcher: typeof fetch, origin: string): Promise<void>;
  prerenderPage(
    url: string,
    locale: Locale,
    signedIn: boolean,
  ): Promise<{
    html: string;
    data: { url: string; loaderData: Record<string, unknown> };
    session: unknown;
  } | null>;
}

/** The page's HTML, or null for the plain shell. */
export type Prerender = (request: FastifyRequest, shell: string) => Promise<string | null>;

const PAGES = [
  /^\/$/,
  /^\/explore-spaces$/,
  /^\/space\/[0-9a-f-]{36}$/i,
  // the business's pages (issue 38)
  /^\/(about|terms|privacy)$/,
];
/** Past this, the visitor gets the shell at once: the browser renders the page itself. */
const RENDER_TIMEOUT_MS = 1500;
/** A session cookie: the page is this person's (their header), never stored by a shared cache. */
export const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?hs\.session_token=/;
const LOCALE_COOKIE = /(?:^|;\s*)locale=(ar|en)(?:;|$)/;
const ROOT_START = '<div id="root">';

/**
 * The visitor's address, so the API's rate limit counts the loaders' calls as theirs, and their
 * cookie, so the API answers the loaders as it would answer the browser.
 */
const visitor = new AsyncLocalStorage<{ ip: string; cookie: string | undefined }>();

/**
 * The page's language: `?lang=` in the URL (links and crawlers reach English this way; the boot
 * script saves it, decision 036), else the `locale` cookie, else Arabic.
 */
export function localeOf(request: FastifyRequest): Locale {
  const query = request.url.indexOf('?');
  const fromUrl = query >= 0 ? localeFromQuery(request.url.slice(query)) : null;
  if (fromUrl) return fromUrl;
  const match = LOCALE_COOKIE.exec(request.headers.cookie ?? '');
  return (match?.[1] as Locale | undefined) ?? DEFAULT_LOCALE;
}

/** JSON in a <script type="application/json">: nothing in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * The head of a pre-rendered page: its stylesheets first, and no script request before the first
 * paint. The page paints from the HTML and CSS alone; the app's scripts (which the shell's head
 * lists first, and which over HTTP/1.1 would hold the connections the CSS waits for) would only
 * delay it, and on a phone their evaluation would hold the paint back further.
 */
function firstPaintFirst(head: string): string {
  const sheets = head.match(STYLESHEET) ?? [];
  const entry = ENTRY_SCRIPT.exec(head)?.[1];
  const anchor = head.indexOf('<meta charset');
  if (sheets.length === 0 || !entry || anchor < 0) return head;
  const afterCharset = head.indexOf('>', anchor) + 1;
  // The boot script loads the entry when the visitor reaches for the page (data-entry, decision
  // 042, scripts/vite/boot-preloads.ts), with the entry's imports beside it (data-preload; the
  // server adds the page's own chunks, src/server/plugins/spa.ts).
  const imports = [...head.matchAll(MODULE_PRELOAD)].map(
    (tag) => /href="([^"]+)"/.exec(tag[0])?.[1] ?? '',
  );
  const rest = head.replace(STYLESHEET, '').replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  return (
    rest
      .slice(0, afterCharset)
      .replace(
        /<html ([^>]*)>/,
        `<html $1 data-entry="${entry}" data-preload="${imports.filter(Boolean).join(' ')}">`,
      ) +
    sheets.join('') +
    rest.slice(afterCharset)
  );
}

/** The shell with the page in #root, the data beside it, and <html lang dir> of its language. */
export function fillShell(
  shell: string,
  locale: Locale,
  page: { html: string; data: unknown; session?: unknown },
): string {
  const start = shell.indexOf(ROOT_START);
  const end = shell.lastIndexOf('</body>');
  if (start < 0 || end < start) throw new Error('index.html has no <div id="root"> in its body');
  return (
    firstPaintFirst(shell.slice(0, start)).replace(
      /<html lang="[a-z]+" dir="(?:rtl|ltr)"/,
      `<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`,
    ) +
    `<div id="root" data-prerendered="${locale}">${page.html}</div>` +
    `<script type="application/json" id="prerendered-data">${scriptJson(page.data)}</script>\n  ` +
    // The user the header greets (null: signed out), for the browser's first render (main.tsx).
    `<script type="application/json" id="prerendered-session">${scriptJson(page.session ?? null)}</script>\n  ` +
    shell.slice(end)
  );
}

/** Loads the server renderer next to the web build, or null when there is none (development). */
export async function loadPrerender(
  app: FastifyInstance,
  webRoot: string,
): Promise<Prerender | null> {
  const file = path.join(webRoot, '..', 'server', 'entry-server.js');
  if (!existsSync(file)) return null;
  const renderer = (await import(pathToFileURL(file).href)) as Renderer;
  // The loaders' API calls go straight to the routes, in process: no socket, same rules. The
  // public address is the canonical URLs' (a space's "share", decision 079), as in the head.
  await renderer.preparePrerender(async (input, init) => {
    const answer = await app.inject({
      method: 'GET',
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      headers: {
        accept: 'application/json',
        ...(init?.headers as Record<string, string>),
        ...(visitor.getStore()?.cookie ? { cookie: visitor.getStore()!.cookie! } : {}),
      },
      remoteAddress: visitor.getStore()?.ip ?? '127.0.0.1',
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(answer.statusCode === 204 ? null : answer.body, {
      status: answer.statusCode,
      headers,
    });
  }, app.deps.config.publicUrl);

  return async (request, shell) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (!PAGES.some((page) => page.test(urlPath))) return null;
    const cookie = request.headers.cookie;
    const signedIn = SESSION_COOKIE.test(cookie ?? '');
    const locale = localeOf(request);
    let timer: NodeJS.Timeout | undefined;
    try {
      const page = await Promise.race([
        visitor.run({ ip: request.ip, cookie }, () =>
          renderer.prerenderPage(`http://localhost${request.url}`, locale, signedIn),
        ),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
        }),
      ]);
      return page ? fillShell(shell, locale, page) : null;
    } catch (error) {
      request.log.warn({ err: error, url: request.url }, 'pre-rendering failed: sent the shell');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
