import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityQuerySchema,
  availabilitySchema,
  createBookingSchema,
} from '#shared/schemas/booking.ts';
import { myBookingSchema, myBookingsSchema } from '#shared/schemas/my-bookings.ts';
import { requireUser, signedInFirst } from '#server/http/guards.ts';
import { requestLocale } from '#server/http/locale.ts';
import { getAvailability } from './availability.ts';
import { toMyBooking } from './booking-views.ts';
import { documentsOfBookings } from './booking-documents.ts';
import { listMyBookings } from './my-bookings.ts';
import { paymentOfBooking } from './payments/booking-payment.ts';
import { requestBooking, type NoteRequest } from './request-booking.ts';
import {
  inBookingTransaction,
  transitionBooking,
  transitionSettings,
} from './transition-booking.ts';

const idParams = z.object({ id: z.string() });

/**
 * Renters: a space's free times, a booking request, their bookings, cancelling a request or a
 * confirmed booking (before it starts).
 */
export const bookingRoutes: FastifyPluginAsyncZod<{
  now?: () => Date;
  /** The messages feature's line in the request's conversation (app.ts wires it). */
  noteRequest?: NoteRequest;
}> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const db = () => app.deps.database.db;

  app.get(
    '/spaces/:id/availability',
    {
      schema: {
        params: idParams,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
    },
    async (request) => getAvailability(db(), request.params.id, request.query.date),
  );

  app.post(
    '/bookings',
    {
      onRequest: signedInFirst,
      // NOT_FOUND: no such space (or one that takes no requests: pending, rejected, archived)
      config: {
        errors: [
          'NOT_FOUND',
          'SPACE_PAUSED',
          'BOOKING_OVERLAP',
          'SLOT_IN_BUFFER',
          'TIME_BLOCKED',
          'OWN_SPACE',
          'TOO_MANY_PENDING_REQUESTS',
          'ACCOUNT_DELETION_PENDING',
        ],
      },
      schema: { body: createBookingSchema, response: { 201: myBookingSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const booking = await requestBooking(db(), {
        renter: user,
        request: request.body,
        requestLocale: requestLocale(request),
        now: now(),
        ...transitionSettings(app.deps.config),
        ttlHours: app.deps.config.requests.ttlHours,
        noteRequest: options.noteRequest,
      });
      app.deps.wakeWorker?.();
      return reply.code(201).send(booking);
    },
  );

  app.get(
    '/me/bookings',
    { schema: { response: { 200: myBookingsSchema } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      return { items: await listMyBookings(db(), user.id, app.deps.config.requests.ttlHours) };
    },
  );

  app.post(
    '/me/bookings/:id/cancel',
    {
      config: { errors: ['BOOKING_NOT_CANCELLABLE', 'BOOKING_STARTED'] },
      schema: { params: idParams, response: { 200: myBookingSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const { id } = request.params;
      const { booking, space } = await inBookingTransaction(db(), id, (tx) =>
        transitionBooking(
          tx,
          id,
          'cancel',
          { role: 'renter', userId: user.id },
          {
            requestLocale: requestLocale(request),
            ...transitionSettings(app.deps.config),
            now: now(),
          },
        ),
      );
      app.deps.wakeWorker?.();
      return toMyBooking(
        booking,
        space,
        app.deps.config.requests.ttlHours,
        null,
        await paymentOfBooking(db(), booking),
        (await documentsOfBookings(db(), [booking.id])).get(booking.id) ?? [],
      );
    },
  );
};
