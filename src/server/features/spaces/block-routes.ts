import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockParamsSchema,
  createBlockSchema,
  spaceBlockSchema,
  spaceBlocksSchema,
} from '#shared/schemas/blocks.ts';
import { spaceIdParamsSchema } from '#shared/schemas/spaces.ts';
import { requireUser, signedInFirst } from '#server/http/guards.ts';
import { addBlock, listBlocks, removeBlock } from './blocks.ts';

/** /api/me/spaces/:id/blocks — the host's blocked times: list, add, remove (their spaces only). */
export const spaceBlockRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (
  app,
  options,
) => {
  const now = options.now ?? (() => new Date());
  const db = () => app.deps.database.db;
  app.addHook('onRequest', signedInFirst);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/me/spaces/:id/blocks',
    { schema: { params: spaceIdParamsSchema, response: { 200: spaceBlocksSchema } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      return { items: await listBlocks(db(), user.id, request.params.id, now()) };
    },
  );

  app.post(
    '/me/spaces/:id/blocks',
    {
      config: { errors: ['BLOCK_OVER_BOOKING'] },
      schema: {
        params: spaceIdParamsSchema,
        body: createBlockSchema,
        response: { 201: spaceBlockSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const block = await addBlock(db(), {
        hostId: user.id,
        spaceId: request.params.id,
        block: request.body,
        now: now(),
      });
      return reply.code(201).send(block);
    },
  );

  app.delete(
    '/me/spaces/:id/blocks/:blockId',
    {
      schema: {
        params: blockParamsSchema,
        response: { 204: z.null().describe('removed') },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      await removeBlock(db(), {
        hostId: user.id,
        spaceId: request.params.id,
        blockId: request.params.blockId,
      });
      return reply.code(204).send(null);
    },
  );
};
