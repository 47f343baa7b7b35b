import type { FastifyPluginAsync } from 'fastify';
import { publicConfigSchema, type PublicConfig } from '#shared/schemas/config.ts';
import type { PublicBusiness } from '#shared/schemas/pages.ts';
import type { Config } from '#server/env.ts';

/** The business identity as the web shows it (footer, /about, /terms, /privacy). */
export function publicBusiness(config: Config): PublicBusiness {
  const b = config.business;
  return {
    legalName: b.legalName,
    commercialRegistration: b.commercialRegistration,
    vatNumber: b.vatNumber,
    nationalAddress: { ar: b.nationalAddress.ar, en: b.nationalAddress.en },
    email: b.email,
    phone: b.phone,
    isDevelopmentDefault: config.businessIsDevelopmentDefault,
  };
}

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
        business: publicBusiness(app.deps.config),
      };
    },
  );
};
