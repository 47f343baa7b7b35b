import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  spaceDetailsSchema,
  spaceIdParamsSchema,
  spaceSearchQuerySchema,
  spaceSearchResultSchema,
} from '#shared/schemas/spaces.ts';
import { currentSession } from '../account/session.ts';
import { getSpaceDetails, searchSpaces } from './service.ts';

/** Renters find spaces: the search (explore page) and one space (details page). */
export const spaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/spaces',
    {
      schema: {
        querystring: spaceSearchQuerySchema,
        response: { 200: spaceSearchResultSchema },
      },
    },
    async (request) => searchSpaces(app.deps.database.db, app.deps.storage, request.query),
  );

  app.get(
    '/spaces/:id',
    {
      schema: { params: spaceIdParamsSchema, response: { 200: spaceDetailsSchema } },
    },
    async (request, reply) =>
      getSpaceDetails(app.deps.database.db, app.deps.storage, request.params.id, async () => {
        const session = await currentSession(app.auth, request, reply);
        return session ? { id: session.user.id } : null;
      }),
  );
};
