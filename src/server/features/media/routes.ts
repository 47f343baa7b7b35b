import type { FastifyPluginAsync } from 'fastify';
import { isStorageKey, MEDIA_PREFIX } from '#server/adapters/storage/storage.ts';
import { notFound } from '#server/http/app-error.ts';
import { fileResponse } from '#server/http/file-response.ts';

/**
 * Serves stored images at /media/<key> (the disk default, or S3 without a CDN). Keys embed a
 * random id and never change, so the answer may be cached for a year.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    `${MEDIA_PREFIX}*`,
    {
      schema: {
        response: {
          200: fileResponse('the stored image', ['image/webp', 'image/jpeg', 'image/png']),
        },
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isStorageKey(key)) throw notFound();
      const object = await app.deps.storage.get(key);
      if (!object) throw notFound();
      reply
        .type(object.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (object.size !== undefined) reply.header('content-length', object.size);
      return reply.send(object.body);
    },
  );
};
