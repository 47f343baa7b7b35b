import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSpaceRequestSchema, createSpaceResponseSchema } from '#shared/schemas/space-form.ts';
import { requireUser } from '../../http/guards.ts';
import { createListing } from './service.ts';

/** Listing is rare: a host submitting thirty spaces an hour is a script. */
export const LISTING_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000 };

/** POST /api/spaces — a signed-in host lists a space → 201 `{ id, status: 'pending' }`. */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/spaces',
    {
      config: { rateLimit: LISTING_LIMIT },
      // Signed out is a 401 whatever the body (validation runs after onRequest).
      onRequest: async (request, reply) => {
        await requireUser(request, reply);
      },
      schema: { body: createSpaceRequestSchema, response: { 201: createSpaceResponseSchema } },
    },
    async (request, reply) => {
      // requireUser remembers the session it found in onRequest.
      const user = await requireUser(request, reply);
      const result = await createListing(
        {
          db: app.deps.database.db,
          publicUrl: app.deps.config.publicUrl,
          teamEmail: app.deps.config.mail.teamEmail,
        },
        { id: user.id, email: user.email },
        request.body,
      );
      app.deps.wakeWorker?.();
      return reply.code(201).send(result);
    },
  );
};
