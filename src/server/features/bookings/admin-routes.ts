import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BookingTransition } from '#shared/domain/booking-lifecycle.ts';
import {
  adminBookingsQuerySchema,
  idParamsSchema,
  rejectBookingSchema,
  type BookingDecisionResponse,
} from '#shared/schemas/admin.ts';
import { adminDecision } from '../../http/admin-decision.ts';
import { noStore, requireAdmin } from '../../http/guards.ts';
import { listBookingsForReview } from './review-queue.ts';
import { inBookingTransaction, transitionBooking } from './transition-booking.ts';

/** /api/admin/bookings: the review desk's queue of requests and its confirm and reject. */
export const bookingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  app.addHook('onRequest', requireAdmin);

  const decide = (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    transition: BookingTransition,
    reason?: string,
  ) =>
    adminDecision(request, reply, async (actor, context): Promise<BookingDecisionResponse> => {
      const { booking } = await inBookingTransaction(db(), id, (tx) =>
        transitionBooking(tx, id, transition, actor, { ...context, reason }),
      );
      return { booking: { id: booking.id, status: booking.status } };
    });

  app.get(
    '/admin/bookings',
    { schema: { querystring: adminBookingsQuerySchema } },
    async (request, reply) => {
      noStore(reply);
      return listBookingsForReview(db(), request.query);
    },
  );

  app.post(
    '/admin/bookings/:id/confirm',
    { schema: { params: idParamsSchema } },
    async (request, reply) => decide(request, reply, request.params.id, 'confirm'),
  );

  app.post(
    '/admin/bookings/:id/reject',
    { schema: { params: idParamsSchema, body: rejectBookingSchema } },
    async (request, reply) =>
      decide(request, reply, request.params.id, 'reject', request.body.reason),
  );
};
