import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BookingTransition } from '#shared/domain/booking-lifecycle.ts';
import {
  adminBookingsQuerySchema,
  cancelBookingSchema,
  idParamsSchema,
  rejectBookingSchema,
  type BookingDecisionResponse,
} from '#shared/schemas/admin.ts';
import {
  adminBookingsResponseSchema,
  bookingDecisionResponseSchema,
} from '#shared/schemas/admin-answers.ts';
import { hostDecisionModesSchema, hostRecordSchema } from '#shared/schemas/decisions.ts';
import { adminDecision } from '#server/http/admin-decision.ts';
import { hostRecord, setHostDecisionModes } from './host-decisions.ts';
import { noStore, requireAdmin } from '#server/http/guards.ts';
import { listBookingsForReview } from './review-queue.ts';
import {
  inBookingTransaction,
  transitionBooking,
  transitionSettings,
} from './transition-booking.ts';

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
        transitionBooking(tx, id, transition, actor, {
          ...context,
          ...transitionSettings(app.deps.config),
          reason,
        }),
      );
      return { booking: { id: booking.id, status: booking.status } };
    });

  /** A host's record (issue 35): the modes open to them and how often they cancelled. */
  app.get(
    '/admin/hosts/:id',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        params: z.object({ id: z.string().max(100) }),
        response: { 200: hostRecordSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return hostRecord(db(), request.params.id);
    },
  );

  /** The admin opens modes to a host (e.g. after N bookings without a problem). */
  app.put(
    '/admin/hosts/:id/decision-modes',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        params: z.object({ id: z.string().max(100) }),
        body: hostDecisionModesSchema,
        response: { 200: hostRecordSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return setHostDecisionModes(db(), request.params.id, request.body.modes);
    },
  );

  app.get(
    '/admin/bookings',
    {
      schema: {
        querystring: adminBookingsQuerySchema,
        response: { 200: adminBookingsResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return listBookingsForReview(db(), request.query, app.deps.config.requests.ttlHours);
    },
  );

  app.post(
    '/admin/bookings/:id/confirm',
    {
      config: {
        errors: [
          'BOOKING_ALREADY_DECIDED',
          'SPACE_ARCHIVED',
          'TIME_BLOCKED',
          'BOOKING_OVERLAP',
          'SLOT_IN_BUFFER',
        ],
      },
      schema: { params: idParamsSchema, response: { 200: bookingDecisionResponseSchema } },
    },
    async (request, reply) => decide(request, reply, request.params.id, 'confirm'),
  );

  app.post(
    '/admin/bookings/:id/reject',
    {
      config: { errors: ['BOOKING_ALREADY_DECIDED'] },
      schema: {
        params: idParamsSchema,
        body: rejectBookingSchema,
        response: { 200: bookingDecisionResponseSchema },
      },
    },
    async (request, reply) =>
      decide(request, reply, request.params.id, 'reject', request.body.reason),
  );

  /** A confirmed booking the host cannot host: cancelled with a reason the renter reads. */
  app.post(
    '/admin/bookings/:id/cancel',
    {
      config: { errors: ['BOOKING_NOT_CANCELLABLE', 'BOOKING_STARTED'] },
      schema: {
        params: idParamsSchema,
        body: cancelBookingSchema,
        response: { 200: bookingDecisionResponseSchema },
      },
    },
    async (request, reply) =>
      decide(request, reply, request.params.id, 'revoke', request.body.reason),
  );
};
