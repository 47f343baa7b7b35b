import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  hostBookingsQuerySchema,
  hostBookingsSchema,
  hostSpaceParamsSchema,
  hostWeekQuerySchema,
  hostWeekSchema,
} from '#shared/schemas/host.ts';
import { noStore, requireUser, signedInFirst } from '#server/http/guards.ts';
import { listHostBookings } from './host-bookings.ts';
import { getHostWeek } from './host-week.ts';

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
