import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditQuerySchema } from '#shared/schemas/admin.ts';
import { adminAuditResponseSchema } from '#shared/schemas/admin-answers.ts';
import { noStore, requireAdmin } from '#server/http/guards.ts';
import { listAudit } from './audit-log.ts';

/**
 * /api/admin/audit: the review desk's history. The desk's queues and decisions live with what they
 * change: /api/admin/spaces in features/spaces, /api/admin/bookings in features/bookings.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/audit',
    { schema: { querystring: adminAuditQuerySchema, response: { 200: adminAuditResponseSchema } } },
    async (request, reply) => {
      noStore(reply);
      return listAudit(app.deps.database.db, request.query);
    },
  );
};
