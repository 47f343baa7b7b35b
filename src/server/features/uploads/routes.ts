import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { requireUser } from '../../http/guards.ts';
import { IMAGE_MAX_BYTES, storeUploadedImage } from './service.ts';

/** Uploading is heavy (decode + three encodes): a host adding ten photos stays far below this. */
export const UPLOAD_LIMIT = { max: 60, timeWindow: 60 * 1000 };

/**
 * POST /api/uploads/images — signed in, multipart, one file per request → 201 with the variant
 * URLs. Multipart is registered here only: every other route still takes JSON alone.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    // Keep the client's name as sent ("../../x.jpg"), so a path-like name is refused, not trimmed.
    preservePath: true,
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.post(
    '/uploads/images',
    {
      config: { rateLimit: UPLOAD_LIMIT },
      // Signed out is refused before a byte of the body is read.
      onRequest: async (request, reply) => {
        await requireUser(request, reply);
      },
    },
    async (request, reply) => {
      // requireUser remembers the session it found in onRequest.
      const user = await requireUser(request, reply);
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
      const file = await request.file();
      if (!file) throw new AppError(400, 'IMAGE_MISSING');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, 'IMAGE_TOO_LARGE');
        throw error;
      }
      const image = await storeUploadedImage(
        { db: app.deps.database.db, storage: app.deps.storage },
        { uploaderId: user.id, fileName: file.filename, bytes },
      );
      return reply.code(201).send(image);
    },
  );
};
