import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  payoutCreatedSchema,
  payoutDueSchema,
  payoutListSchema,
  payoutParamsSchema,
} from '#shared/schemas/money.ts';
import { fileResponse } from '#server/http/file-response.ts';
import { noStore, requireAdmin, requireUser } from '#server/http/guards.ts';
import { listPayouts, payoutCsv, payoutDue, runPayout } from './payouts.ts';

/**
 * /api/admin/payouts (issue 32, decision 055): what is due to hosts now, the payouts made, a run
 * that pays what is due, and each payout's file for the bank's bulk transfer.
 */
export const adminPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/payouts/due',
    { schema: { response: { 200: payoutDueSchema } } },
    async (_request, reply) => {
      noStore(reply);
      return payoutDue(db(), new Date());
    },
  );

  app.get(
    '/admin/payouts',
    { schema: { response: { 200: payoutListSchema } } },
    async (_request, reply) => {
      noStore(reply);
      return { items: await listPayouts(db()) };
    },
  );

  app.post(
    '/admin/payouts',
    {
      config: { errors: ['PAYOUT_NOTHING_DUE'] },
      schema: { response: { 201: payoutCreatedSchema } },
    },
    async (request, reply) => {
      const admin = await requireUser(request, reply);
      noStore(reply);
      const payout = await runPayout(db(), admin.id, new Date());
      return reply.code(201).send({ payout });
    },
  );

  app.get(
    '/admin/payouts/:id/transfers.csv',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        params: payoutParamsSchema,
        response: { 200: fileResponse("the bank's bulk-transfer file", ['text/csv']) },
      },
    },
    async (request, reply) => {
      const csv = await payoutCsv(db(), request.params.id);
      noStore(reply);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="hourspace-payout-${request.params.id.slice(0, 8)}.csv"`,
        )
        .send(csv);
    },
  );
};
