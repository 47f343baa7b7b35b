import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  hostEarningsSchema,
  payoutAccountResponseSchema,
  payoutAccountSchema,
} from '#shared/schemas/money.ts';
import { noStore, requireUser, signedInFirst } from '#server/http/guards.ts';
import { hostEarnings } from './earnings.ts';
import { getPayoutAccount, savePayoutAccount } from './payout-account.ts';

/**
 * /api/host/earnings and /api/host/payout-account (issue 32): what a host has earned, from the
 * ledger, and the IBAN their payouts go to. Each signed-in person sees only their own.
 */
export const hostMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  app.addHook('onRequest', signedInFirst);

  app.get(
    '/host/earnings',
    { schema: { response: { 200: hostEarningsSchema } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      noStore(reply);
      return hostEarnings(db(), user.id, app.deps.config.platformFeeBasisPoints);
    },
  );

  app.get(
    '/host/payout-account',
    { schema: { response: { 200: payoutAccountResponseSchema } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      noStore(reply);
      return getPayoutAccount(db(), user.id);
    },
  );

  app.put(
    '/host/payout-account',
    {
      schema: { body: payoutAccountSchema, response: { 200: payoutAccountResponseSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      noStore(reply);
      return savePayoutAccount(db(), user.id, request.body);
    },
  );
};
