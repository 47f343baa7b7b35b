import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadPrerender } from './prerender.ts';

/** What the build writes to .vite/preload-links.json (scripts/vite/boot-preloads.ts). */
type PreloadLinks = { path: string; prefix: boolean; links: string[] }[];

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
 * Serves the built web app. Vite names files under /assets/ by their content hash, so they are
 * cached for a year; index.html must always be revalidated so a deploy reaches everyone.
 * Every other GET that is not an API or asset path is a client route (/explore-spaces, /space/…)
 * and gets index.html. `notFound` answers the paths that are not pages.
 */
export async function registerSpa(
  app: FastifyInstance,
  root: string,
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown,
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
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    // The page depends on the language and session cookies.
    if (prerender) reply.header('vary', 'cookie');
    const page = prerender ? await prerender(request, shell) : null;
    if (page) return reply.send(page);
    // Rendered in the browser: its code, asked for with the HTML. (A pre-rendered page paints
    // without it, and the early requests would only delay its stylesheet.)
    if (route && route.links.length) reply.header('link', route.links.join(', '));
    return reply.send(indexHtml);
  });
  return true;
}
