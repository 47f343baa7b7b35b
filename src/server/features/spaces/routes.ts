import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mySpacesSchema } from '#shared/schemas/my-spaces.ts';
import { createSpaceRequestSchema, createSpaceResponseSchema } from '#shared/schemas/space-form.ts';
import {
  spaceDetailsSchema,
  spaceIdParamsSchema,
  spaceSearchQuerySchema,
  spaceSearchResultSchema,
} from '#shared/schemas/spaces.ts';
import { requireUser } from '../../http/guards.ts';
import { currentSession } from '../../http/session.ts';
import { createSpace } from './create-space.ts';
import { listMySpaces } from './my-spaces.ts';
import { searchSpaces } from './search.ts';
import { getSpaceDetails } from './space-details.ts';

/** Listing is rare: a host submitting thirty spaces an hour is a script. */
export const LISTING_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000 };

/** Spaces: the search (explore page), one space (details page), listing one, my listings. */
export const spaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    '/spaces',
    {
      schema: {
        querystring: spaceSearchQuerySchema,
        response: { 200: spaceSearchResultSchema },
      },
    },
    async (request) => searchSpaces(db(), app.deps.storage, request.query),
  );

  app.get(
    '/spaces/:id',
    {
      schema: { params: spaceIdParamsSchema, response: { 200: spaceDetailsSchema } },
    },
    async (request, reply) =>
      getSpaceDetails(db(), app.deps.storage, request.params.id, async () => {
        const session = await currentSession(app.auth, request, reply);
        return session ? { id: session.user.id } : null;
      }),
  );

  /** A signed-in host lists a space → 201 `{ id, status: 'pending' }`. */
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
      const result = await createSpace(
        {
          db: db(),
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

  app.get(
    '/me/spaces',
    { schema: { response: { 200: mySpacesSchema } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      return { items: await listMySpaces(db(), user.id) };
    },
  );
};
