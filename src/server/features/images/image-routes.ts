import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { uploadedImageSchema } from '#shared/schemas/space-request.ts';
import { AppError } from '#server/http/app-error.ts';
import { requireUser, signedInFirst } from '#server/http/guards.ts';
import { IMAGE_MAX_BYTES, storeUploadedImage } from './image-uploads.ts';

/** Uploading is heavy (decode + three encodes): a host adding ten photos stays far below this. */
export const UPLOAD_LIMIT = { max: 60, timeWindow: 60 * 1000 };

/**
 * What a failed multipart read means for the client: too large, one of the plugin's own 4xx
 * (too many parts...), or — a body cut off or malformed, which busboy reports as a bare Error —
 * a 400 rather than a 500.
 */
function uploadError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('IMAGE_TOO_LARGE');
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500)
    return error as Error;
  return new AppError('INVALID_MULTIPART');
}

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
      config: {
        rateLimit: UPLOAD_LIMIT,
        errors: [
          'UNSUPPORTED_MEDIA_TYPE',
          'INVALID_MULTIPART',
          'IMAGE_MISSING',
          'IMAGE_EMPTY',
          'IMAGE_FILE_NAME',
          'IMAGE_UNSUPPORTED',
          'IMAGE_TOO_LARGE',
        ],
      },
      onRequest: signedInFirst,
      schema: { response: { 201: uploadedImageSchema } },
    },
    async (request, reply) => {
      // requireUser remembers the session it found in onRequest.
      const user = await requireUser(request, reply);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      let fileName: string;
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new AppError('IMAGE_MISSING');
        fileName = file.filename;
        bytes = await file.toBuffer();
      } catch (error) {
        throw uploadError(error);
      }
      const image = await storeUploadedImage(
        { db: app.deps.database.db, storage: app.deps.storage },
        { uploaderId: user.id, fileName, bytes },
      );
      return reply.code(201).send(image);
    },
  );
};
