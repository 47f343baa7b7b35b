import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '#server/http/app-error.ts';
import { shareImage } from './share-image.ts';
import { robotsTxt, sitemap, sitemapPart } from './sitemap.ts';

/**
 * What crawlers and share cards fetch (issue 19, decision 036): /robots.txt, /sitemap.xml (and
 * its parts) and a space's 1200×630 share image. Page heads are built in page-head.ts.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const origin = app.deps.config.publicUrl;
  const db = app.deps.database.db;

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(origin)),
  );

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await sitemap(db, origin)),
  );

  app.get('/sitemap/:file', async (request, reply) => {
    const match = /^([1-9]\d{0,5})\.xml$/.exec((request.params as { file: string }).file);
    const xml = match ? await sitemapPart(db, origin, Number(match[1])) : null;
    if (!xml) throw notFound();
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(xml);
  });

  app.get('/share/spaces/:file', async (request, reply) => {
    const match = /^([0-9a-f-]{36})\.jpg$/i.exec((request.params as { file: string }).file);
    const image = match ? await shareImage(db, app.deps.storage, match[1]!) : null;
    if (!image) throw notFound();
    // The URL stays when the cover changes (share cards know only the page): an hour's cache.
    return reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(image);
  });
};
