import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hideReviewSchema,
  hostReplySchema,
  myReviewSchema,
  reviewAnswerSchema,
  reviewInputSchema,
  spaceReviewsQuerySchema,
  spaceReviewsSchema,
} from '#shared/schemas/reviews.ts';
import { spaceIdParamsSchema } from '#shared/schemas/spaces.ts';
import { noStore, requireAdmin, requireUser, signedInFirst } from '#server/http/guards.ts';
import { currentSession } from '#server/http/session.ts';
import { editReview, hideReview, listSpaceReviews, replyToReview, writeReview } from './reviews.ts';

const idParams = z.object({ id: z.string().max(200) });

/**
 * Reviews (issue 18): a space's reviews for anyone; the renter's review of their completed
 * booking; the host's reply; an admin's hiding.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const db = () => app.deps.database.db;

  app.get(
    '/spaces/:id/reviews',
    {
      config: { errors: ['SPACE_NOT_FOUND', 'INVALID_CURSOR'] },
      schema: {
        params: spaceIdParamsSchema,
        querystring: spaceReviewsQuerySchema,
        response: { 200: spaceReviewsSchema },
      },
    },
    async (request, reply) => {
      // The answer says what this viewer may do: never shared between people.
      reply.header('cache-control', 'private, no-cache');
      return listSpaceReviews(db(), request.params.id, request.query, async () => {
        const session = await currentSession(app.auth, request, reply);
        return session ? { id: session.user.id } : null;
      });
    },
  );

  app.post(
    '/me/bookings/:id/review',
    {
      onRequest: signedInFirst,
      config: { errors: ['REVIEW_BOOKING_NOT_COMPLETED', 'REVIEW_EXISTS', 'OWN_SPACE'] },
      schema: { params: idParams, body: reviewInputSchema, response: { 201: myReviewSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const review = await writeReview(db(), {
        renterId: user.id,
        bookingId: request.params.id,
        values: request.body,
      });
      return reply.code(201).send(review);
    },
  );

  app.patch(
    '/me/bookings/:id/review',
    {
      onRequest: signedInFirst,
      config: { errors: ['REVIEW_HIDDEN', 'REVIEW_EDIT_CLOSED', 'OWN_SPACE'] },
      schema: { params: idParams, body: reviewInputSchema, response: { 200: myReviewSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      return editReview(db(), {
        renterId: user.id,
        bookingId: request.params.id,
        values: request.body,
        now: now(),
      });
    },
  );

  app.post(
    '/host/reviews/:id/reply',
    {
      onRequest: signedInFirst,
      config: { errors: ['REVIEW_HIDDEN', 'REVIEW_ALREADY_REPLIED', 'OWN_SPACE'] },
      schema: { params: idParams, body: hostReplySchema, response: { 201: reviewAnswerSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const review = await replyToReview(db(), {
        hostId: user.id,
        reviewId: request.params.id,
        body: request.body.body,
      });
      return reply.code(201).send(review);
    },
  );

  app.post(
    '/admin/reviews/:id/hide',
    {
      onRequest: requireAdmin,
      config: { errors: ['REVIEW_HIDDEN'] },
      schema: { params: idParams, body: hideReviewSchema, response: { 200: reviewAnswerSchema } },
    },
    async (request, reply) => {
      noStore(reply);
      const admin = await requireUser(request, reply);
      return hideReview(db(), {
        adminId: admin.id,
        reviewId: request.params.id,
        reason: request.body.reason,
      });
    },
  );
};
