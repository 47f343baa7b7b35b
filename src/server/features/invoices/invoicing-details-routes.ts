import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invoicingDetailsResponseSchema,
  invoicingDetailsSchema,
} from '#shared/schemas/invoicing-details.ts';
import { noStore, requireUser, signedInFirst } from '#server/http/guards.ts';
import { getInvoicingDetails, saveInvoicingDetails } from './seller-details.ts';

/**
 * /api/host/invoicing-details (issue 33, decision 074): the seller's registered name, VAT
 * number, CR and national address on invoices issued on the host's behalf. Each signed-in
 * person reads and writes only their own.
 */
export const invoicingDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  app.addHook('onRequest', signedInFirst);

  app.get(
    '/host/invoicing-details',
    { schema: { response: { 200: invoicingDetailsResponseSchema } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      noStore(reply);
      return getInvoicingDetails(db(), user.id);
    },
  );

  app.put(
    '/host/invoicing-details',
    {
      schema: {
        body: invoicingDetailsSchema,
        response: { 200: invoicingDetailsResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      noStore(reply);
      return saveInvoicingDetails(db(), user.id, request.body);
    },
  );
};
