import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SpaceTransition } from '#shared/domain/space-lifecycle.ts';
import { revisionDecisionResponseSchema } from '#shared/schemas/space-edit.ts';
import {
  approveSpaceSchema,
  adminSpacesQuerySchema,
  idParamsSchema,
  rejectSpaceSchema,
  type SpaceDecisionResponse,
} from '#shared/schemas/admin.ts';
import {
  adminSpacesResponseSchema,
  spaceDecisionResponseSchema,
} from '#shared/schemas/admin-answers.ts';
import { adminDecision } from '#server/http/admin-decision.ts';
import { noStore, requireAdmin } from '#server/http/guards.ts';
import { expectSpaceVersion } from './content-version.ts';
import { listSpacesForReview } from './review-queue.ts';
import { decideRevision, type RevisionDecision } from './revisions.ts';
import { transitionSpace } from './transition-space.ts';

/**
 * /api/admin/spaces: the review desk's queue of listings and its approve and reject;
 * /api/admin/revisions/:id: approve or reject a host's edit of a live listing.
 */
export const spaceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  app.addHook('onRequest', requireAdmin);

  const decide = (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    transition: SpaceTransition,
    reason?: string,
    version?: string,
  ) =>
    adminDecision(request, reply, async (actor, context): Promise<SpaceDecisionResponse> => {
      const space = await db().transaction(async (tx) => {
        // The content approved is the content the desk showed (issue 37): checked under the
        // row's lock, which a host's edit takes too. The body schema makes `version` required.
        if (transition === 'approve') await expectSpaceVersion(tx, id, version ?? '');
        return transitionSpace(tx, id, transition, actor, { ...context, reason });
      });
      return { space: { id: space.id, status: space.status, reviewNote: space.reviewNote } };
    });

  app.get(
    '/admin/spaces',
    {
      schema: {
        querystring: adminSpacesQuerySchema,
        response: { 200: adminSpacesResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return listSpacesForReview(db(), app.deps.storage, request.query);
    },
  );

  app.post(
    '/admin/spaces/:id/approve',
    {
      config: { errors: ['SPACE_ALREADY_DECIDED', 'SPACE_CHANGED'] },
      schema: {
        params: idParamsSchema,
        body: approveSpaceSchema,
        response: { 200: spaceDecisionResponseSchema },
      },
    },
    async (request, reply) =>
      decide(request, reply, request.params.id, 'approve', undefined, request.body.version),
  );

  app.post(
    '/admin/spaces/:id/reject',
    {
      config: { errors: ['SPACE_ALREADY_DECIDED'] },
      schema: {
        params: idParamsSchema,
        body: rejectSpaceSchema,
        response: { 200: spaceDecisionResponseSchema },
      },
    },
    async (request, reply) =>
      decide(request, reply, request.params.id, 'reject', request.body.reason),
  );

  const decideEdit = (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    decision: RevisionDecision,
    reason?: string,
    version?: string,
  ) =>
    adminDecision(request, reply, (actor, context) =>
      decideRevision({ db: db(), storage: app.deps.storage }, id, decision, actor, {
        ...context,
        reason,
        version,
      }),
    );

  app.post(
    '/admin/revisions/:id/approve',
    {
      config: { errors: ['SPACE_ALREADY_DECIDED', 'SPACE_ARCHIVED', 'SPACE_CHANGED'] },
      schema: {
        params: idParamsSchema,
        body: approveSpaceSchema,
        response: { 200: revisionDecisionResponseSchema },
      },
    },
    async (request, reply) =>
      decideEdit(request, reply, request.params.id, 'approve', undefined, request.body.version),
  );

  app.post(
    '/admin/revisions/:id/reject',
    {
      config: { errors: ['SPACE_ALREADY_DECIDED', 'SPACE_ARCHIVED'] },
      schema: {
        params: idParamsSchema,
        body: rejectSpaceSchema,
        response: { 200: revisionDecisionResponseSchema },
      },
    },
    async (request, reply) =>
      decideEdit(request, reply, request.params.id, 'reject', request.body.reason),
  );
};
