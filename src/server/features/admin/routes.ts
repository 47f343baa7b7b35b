import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  adminAuditQuerySchema,
  adminBookingsQuerySchema,
  adminSpacesQuerySchema,
  idParamsSchema,
  rejectBookingSchema,
  rejectSpaceSchema,
} from '#shared/schemas/admin.ts';
import { requireRole } from '../../http/guards.ts';
import { requestLocale } from '../../http/locale.ts';
import {
  approveSpace,
  confirmBooking,
  listAudit,
  listBookingsForReview,
  listSpacesForReview,
  rejectBooking,
  rejectSpace,
  type Decider,
} from './service.ts';

/**
 * /api/admin/*: the review desk (issue 8). Every route first asks for the admin or super_admin
 * role (401 signed out, 403 otherwise); services own the rules and transactions.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  // The guard runs before the body and query are validated: a signed-out caller learns nothing
  // about the shape of admin requests.
  const deciders = new WeakMap<FastifyRequest, Decider>();
  app.addHook('onRequest', async (request, reply) => {
    const admin = await requireRole(request, reply, ['admin', 'super_admin']);
    deciders.set(request, {
      adminId: admin.id,
      requestLocale: requestLocale(request),
      publicUrl: app.deps.config.publicUrl,
    });
  });
  const decider = (request: FastifyRequest) => deciders.get(request)!;
  const decided = <T>(reply: FastifyReply, result: T) => {
    app.deps.wakeWorker?.();
    reply.header('cache-control', 'no-store');
    return result;
  };

  app.get(
    '/admin/spaces',
    { schema: { querystring: adminSpacesQuerySchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSpacesForReview(db, app.deps.storage, request.query);
    },
  );

  app.post(
    '/admin/spaces/:id/approve',
    { schema: { params: idParamsSchema } },
    async (request, reply) =>
      decided(reply, await approveSpace(db, request.params.id, decider(request))),
  );

  app.post(
    '/admin/spaces/:id/reject',
    { schema: { params: idParamsSchema, body: rejectSpaceSchema } },
    async (request, reply) =>
      decided(
        reply,
        await rejectSpace(db, request.params.id, decider(request), request.body.reason),
      ),
  );

  app.get(
    '/admin/bookings',
    { schema: { querystring: adminBookingsQuerySchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listBookingsForReview(db, request.query);
    },
  );

  app.post(
    '/admin/bookings/:id/confirm',
    { schema: { params: idParamsSchema } },
    async (request, reply) =>
      decided(reply, await confirmBooking(db, request.params.id, decider(request))),
  );

  app.post(
    '/admin/bookings/:id/reject',
    { schema: { params: idParamsSchema, body: rejectBookingSchema } },
    async (request, reply) =>
      decided(
        reply,
        await rejectBooking(db, request.params.id, decider(request), request.body.reason),
      ),
  );

  app.get(
    '/admin/audit',
    { schema: { querystring: adminAuditQuerySchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAudit(db, request.query);
    },
  );
};
