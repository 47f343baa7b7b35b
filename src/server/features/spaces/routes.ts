import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mySpaceSchema, mySpacesSchema } from '#shared/schemas/my-spaces.ts';
import {
  hostSpaceSchema,
  updateSpaceRequestSchema,
  updateSpaceResponseSchema,
} from '#shared/schemas/space-edit.ts';
import {
  createSpaceRequestSchema,
  createSpaceResponseSchema,
} from '#shared/schemas/space-request.ts';
import {
  spaceDetailsSchema,
  spaceIdParamsSchema,
  spaceSearchQuerySchema,
  spaceSearchResultSchema,
} from '#shared/schemas/spaces.ts';
import type { Locale } from '#shared/constants.ts';
import type { Queryable } from '#server/db/client.ts';
import { requireUser, signedInFirst } from '#server/http/guards.ts';
import { requestLocale } from '#server/http/locale.ts';
import { currentSession } from '#server/http/session.ts';
import { createSpace } from './create-space.ts';
import { getHostSpace, updateSpace } from './edit-space.ts';
import { listMySpaces } from './my-spaces.ts';
import { searchSpaces } from './search.ts';
import { getSpaceDetails } from './space-details.ts';
import { toMySpace } from './space-views.ts';
import { transitionSpace } from './transition-space.ts';

/** Listing is rare: a host submitting thirty spaces an hour is a script. */
export const LISTING_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000 };

/**
 * What else happens in an archive's transaction: the bookings feature declines the space's
 * pending requests and tells their renters (app.ts wires it in; features do not import each other).
 */
export type WhenArchived = (
  tx: Queryable,
  spaceId: string,
  context: { requestLocale: Locale; publicUrl: string; teamEmail?: string },
) => Promise<unknown>;

/** Spaces: the search (explore page), one space (details page), listing one, my listings. */
export const spaceRoutes: FastifyPluginAsyncZod<{ whenArchived: WhenArchived }> = async (
  app,
  options,
) => {
  const db = () => app.deps.database.db;

  app.get(
    '/spaces',
    {
      config: { errors: ['INVALID_CURSOR'] },
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
      config: { errors: ['SPACE_NOT_FOUND'] },
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
      onRequest: signedInFirst,
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

  /** The host pauses, resumes or archives their own listing; another's is a 404. */
  const hostMove =
    (transition: 'pause' | 'resume' | 'archive') =>
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const user = await requireUser(request, reply);
      const context = {
        requestLocale: requestLocale(request),
        publicUrl: app.deps.config.publicUrl,
        teamEmail: app.deps.config.mail.teamEmail,
      };
      const space = await db().transaction(async (tx) => {
        const moved = await transitionSpace(
          tx,
          request.params.id,
          transition,
          { role: 'host', userId: user.id },
          context,
        );
        // Its pending requests are declined and their renters told, in the same transaction.
        if (transition === 'archive') await options.whenArchived(tx, moved.id, context);
        return moved;
      });
      reply.header('cache-control', 'no-store');
      return toMySpace(space);
    };
  const hostMoveSchema = {
    onRequest: signedInFirst,
    config: { errors: ['SPACE_STATE', 'SPACE_HAS_UPCOMING_BOOKINGS'] as const },
    schema: { params: spaceIdParamsSchema, response: { 200: mySpaceSchema } },
  };
  app.post('/me/spaces/:id/pause', hostMoveSchema, hostMove('pause'));
  app.post('/me/spaces/:id/resume', hostMoveSchema, hostMove('resume'));
  app.delete('/me/spaces/:id', hostMoveSchema, hostMove('archive'));

  /** The host's own listing for the edit form; another's is a 404. */
  app.get(
    '/me/spaces/:id',
    {
      onRequest: signedInFirst,
      schema: { params: spaceIdParamsSchema, response: { 200: hostSpaceSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', 'no-store');
      return getHostSpace({ db: db(), storage: app.deps.storage }, user.id, request.params.id);
    },
  );

  /** The host edits their listing: operational fields live at once, content per its status. */
  app.patch(
    '/me/spaces/:id',
    {
      config: { rateLimit: LISTING_LIMIT, errors: ['SPACE_ARCHIVED'] },
      onRequest: signedInFirst,
      schema: {
        params: spaceIdParamsSchema,
        body: updateSpaceRequestSchema,
        response: { 200: updateSpaceResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const result = await updateSpace(
        {
          db: db(),
          storage: app.deps.storage,
          publicUrl: app.deps.config.publicUrl,
          teamEmail: app.deps.config.mail.teamEmail,
        },
        { id: user.id },
        request.params.id,
        request.body,
        requestLocale(request),
      );
      // The admins' notice of a new edit or a resubmission is queued: send it now.
      app.deps.wakeWorker?.();
      reply.header('cache-control', 'no-store');
      return result;
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
