import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const READY_TIMEOUT_MS = 2_000;

/** Liveness (the process answers) and readiness (it can reach its database). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ready'), database: z.literal('up') }),
          503: z.object({ status: z.literal('unavailable'), database: z.literal('down') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await Promise.race([
          app.deps.database.ping(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS).unref(),
          ),
        ]);
        return { status: 'ready' as const, database: 'up' as const };
      } catch (error) {
        request.log.warn({ err: (error as Error).message }, 'database not reachable');
        return reply.code(503).send({ status: 'unavailable' as const, database: 'down' as const });
      }
    },
  );
};
