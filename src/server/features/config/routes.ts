import type { FastifyPluginAsync } from 'fastify';
import { publicConfigSchema, type PublicConfig } from '#shared/schemas/config.ts';

/** GET /api/config — the public switches (docs/architecture.md, API surface). */
export const configRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/config',
    { schema: { response: { 200: publicConfigSchema } } },
    async (_request, reply): Promise<PublicConfig> => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        googleSignIn: app.deps.config.auth.google !== null,
        translation: app.deps.config.translate.kind !== 'off',
        whatsappNumber: app.deps.config.whatsappNumber,
      };
    },
  );
};
