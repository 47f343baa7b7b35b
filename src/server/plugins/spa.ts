import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '#shared/constants.ts';
import { localeOf, loadPrerender, SESSION_COOKIE } from './prerender.ts';

/** A page's status and head tags (src/server/features/seo/page-head.ts). */
export type PageHeadOf = (
  request: FastifyRequest,
  locale: Locale,
) => Promise<{ status: 200 | 404; tags: string }>;

/**
 * The page's own head: `tags` (its title, description, canonical, alternates, share card…) in
 * place of the shell's title and description, and <html lang dir> of its language.
 */
export function withHead(html: string, locale: Locale, tags: string | null): string {
  let out = html.replace(
    /<html lang="[a-z]+" dir="(?:rtl|ltr)"/,
    `<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`,
  );
  if (tags === null) return out;
  out = out.replace(/\s*<meta\s+name="description"[^>]*>/, '');
  if (/<title>[\s\S]*?<\/title>/.test(out))
    return out.replace(/<title>[\s\S]*?<\/title>/, () => tags);
  return out.replace('</head>', () => `${tags}\n  </head>`);
}

/** What the build writes to .vite/preload-links.json (scripts/vite/boot-preloads.ts). */
type PreloadLinks = { path: string; prefix: boolean; links: string[]; scripts: string[] }[];

/**
 * The Link headers of the landing pages: the page's chunks (and the home page's hero), asked for
 * with the HTML instead of after the entry script. A build without the file sends none.
 */
async function readPreloadLinks(root: string): Promise<PreloadLinks> {
  const file = path.join(root, '.vite/preload-links.json');
  if (!existsSync(file)) return [];
  return JSON.parse(await readFile(file, 'utf8')) as PreloadLinks;
}

/**
 * A pre-rendered page lists its route's chunks in `data-preload`, beside the entry's imports: the
 * boot script asks for them with the entry when the app is wanted (decision 042), instead of the
 * Link headers, which would fetch them before the first paint.
 */
function withPageChunks(html: string, route: PreloadLinks[number] | undefined): string {
  const chunks = route?.scripts ?? [];
  if (chunks.length === 0) return html;
  return html.replace(/ data-preload="([^"]*)"/, (_, imports: string) => {
    const all = [...new Set([...imports.split(' ').filter(Boolean), ...chunks])];
    return ` data-preload="${all.join(' ')}"`;
  });
}

/**
 * Serves the built web app. Vite names files under /assets/ by their content hash, so they are
 * cached for a year; index.html must always be revalidated so a deploy reaches everyone.
 * Every other GET that is not an API or asset path is a client route (/explore-spaces, /space/…)
 * and gets index.html. `notFound` answers the paths that are not pages.
 */
export async function registerSpa(
  app: FastifyInstance,
  root: string,
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown,
  pageHead?: PageHeadOf,
): Promise<boolean> {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, 'web build not found: run `npm run build` (npm start does it for you)');
    return false;
  }
  const indexHtml = await readFile(indexFile);
  const shell = indexHtml.toString('utf8');
  const preloads = await readPreloadLinks(root);
  const prerender = await loadPrerender(app, root);
  await app.register(fastifyStatic, {
    root,
    index: false,
    // The build does not change while we run: one route per file, found at start.
    wildcard: false,
    cacheControl: false,
    // Made by the server for its own address (features/seo), not files of the build.
    globIgnore: ['robots.txt', 'sitemap.xml'],
    etag: true,
    lastModified: true,
    setHeaders(reply, filePath) {
      const rel = path.relative(root, filePath).split(path.sep).join('/');
      reply.header(
        'cache-control',
        rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const notAPage = /^\/(api|assets|media)(\/|$)/.test(urlPath) || urlPath === '/index.html';
    if (notAPage) return notFound(request, reply);
    const route = preloads.find((r) =>
      r.prefix ? urlPath.startsWith(r.path) : urlPath === r.path,
    );
    // A signed-in visitor's page greets them (src/server/plugins/prerender.ts): theirs alone.
    reply
      .header(
        'cache-control',
        SESSION_COOKIE.test(request.headers.cookie ?? '') ? 'private, no-cache' : 'no-cache',
      )
      .type('text/html; charset=utf-8');
    // The page depends on the language and session cookies.
    reply.header('vary', 'cookie');
    const locale = localeOf(request);
    // An unknown path, a placeholder or a space this visitor may not see: 404, and the shell,
    // whose app shows the not-found page.
    const head = pageHead ? await pageHead(request, locale) : null;
    reply.status(head?.status ?? 200);
    const page = prerender && head?.status !== 404 ? await prerender(request, shell) : null;
    if (page) return reply.send(withHead(withPageChunks(page, route), locale, head?.tags ?? null));
    // Rendered in the browser: its code, asked for with the HTML. (A pre-rendered page paints
    // without it, and the early requests would only delay its stylesheet.)
    if (route && route.links.length && head?.status !== 404)
      reply.header('link', route.links.join(', '));
    return reply.send(withHead(shell, locale, head?.tags ?? null));
  });
  return true;
}
