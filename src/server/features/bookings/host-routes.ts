import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  hostBookingsQuerySchema,
  hostBookingsSchema,
  hostSpaceParamsSchema,
  hostWeekQuerySchema,
  hostWeekSchema,
} from '#shared/schemas/host.ts';
import {
  decisionModeResponseSchema,
  decisionModeSchema,
  hostCancelSchema,
  hostDeclineSchema,
  hostDecisionResponseSchema,
} from '#shared/schemas/decisions.ts';
import { idParamsSchema } from '#shared/schemas/admin.ts';
import type { BookingTransition } from '#shared/domain/booking-lifecycle.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noStore, requireUser, signedInFirst } from '#server/http/guards.ts';
import { requestLocale } from '#server/http/locale.ts';
import { listHostBookings } from './host-bookings.ts';
import { getDecisionMode, setDecisionMode } from './host-decisions.ts';
import { getHostWeek } from './host-week.ts';
import {
  inBookingTransaction,
  transitionBooking,
  transitionSettings,
} from './transition-booking.ts';

/** /api/host/*: the Hosting area — a host's requests and bookings, and a space's week. */
export const hostBookingRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (
  app,
  options,
) => {
  const now = options.now ?? (() => new Date());
  const db = () => app.deps.database.db;
  app.addHook('onRequest', signedInFirst);

  app.get(
    '/host/bookings',
    {
      // NOT_FOUND: a `spaceId` this host does not host; INVALID_CURSOR: one it did not issue
      config: { errors: ['NOT_FOUND', 'INVALID_CURSOR'] },
      schema: { querystring: hostBookingsQuerySchema, response: { 200: hostBookingsSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      noStore(reply);
      return listHostBookings(db(), user.id, request.query, app.deps.config.requests.ttlHours);
    },
  );

  /**
   * The host's own decision (issue 35): a request of their space in `host` or `instant` mode, or
   * a confirmed booking they cannot host. Another host's booking is a 404; a request decided
   * already a 409 with its state now.
   */
  const decide = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    transition: BookingTransition,
    reason?: string,
  ) => {
    const user = await requireUser(request, reply);
    const { booking } = await inBookingTransaction(db(), id, (tx) =>
      transitionBooking(
        tx,
        id,
        transition,
        { role: 'host', userId: user.id },
        {
          requestLocale: requestLocale(request),
          ...transitionSettings(app.deps.config),
          reason,
          now: now(),
        },
      ),
    );
    app.deps.wakeWorker?.();
    noStore(reply);
    return { booking: { id: booking.id, status: booking.status } };
  };

  app.post(
    '/host/bookings/:id/confirm',
    {
      config: {
        errors: [
          'NOT_FOUND',
          'HOST_DECISIONS_OFF',
          'BOOKING_ALREADY_DECIDED',
          'SPACE_ARCHIVED',
          'TIME_BLOCKED',
          'BOOKING_OVERLAP',
          'SLOT_IN_BUFFER',
        ],
      },
      schema: { params: idParamsSchema, response: { 200: hostDecisionResponseSchema } },
    },
    async (request, reply) => decide(request, reply, request.params.id, 'hostConfirm'),
  );

  app.post(
    '/host/bookings/:id/decline',
    {
      config: { errors: ['NOT_FOUND', 'HOST_DECISIONS_OFF', 'BOOKING_ALREADY_DECIDED'] },
      schema: {
        params: idParamsSchema,
        body: hostDeclineSchema,
        response: { 200: hostDecisionResponseSchema },
      },
    },
    async (request, reply) =>
      decide(request, reply, request.params.id, 'hostDecline', request.body.reason),
  );

  app.post(
    '/host/bookings/:id/cancel',
    {
      config: { errors: ['NOT_FOUND', 'BOOKING_NOT_CANCELLABLE', 'BOOKING_STARTED'] },
      schema: {
        params: idParamsSchema,
        body: hostCancelSchema,
        response: { 200: hostDecisionResponseSchema },
      },
    },
    async (request, reply) =>
      decide(request, reply, request.params.id, 'hostCancel', request.body.reason),
  );

  app.get(
    '/host/spaces/:id/decision-mode',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: { params: idParamsSchema, response: { 200: decisionModeResponseSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      noStore(reply);
      return getDecisionMode(db(), user.id, request.params.id);
    },
  );

  app.put(
    '/host/spaces/:id/decision-mode',
    {
      config: { errors: ['NOT_FOUND', 'DECISION_MODE_NOT_ALLOWED'] },
      schema: {
        params: idParamsSchema,
        body: decisionModeSchema,
        response: { 200: decisionModeResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      noStore(reply);
      return setDecisionMode(db(), user.id, request.params.id, request.body.mode);
    },
  );

  app.get(
    '/host/spaces/:id/week',
    {
      schema: {
        params: hostSpaceParamsSchema,
        querystring: hostWeekQuerySchema,
        response: { 200: hostWeekSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      noStore(reply);
      return getHostWeek(db(), user.id, request.params.id, request.query.start, now());
    },
  );
};
