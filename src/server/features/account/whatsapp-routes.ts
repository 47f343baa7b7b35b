import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { whatsAppConsentResponseSchema, whatsAppConsentSchema } from '#shared/schemas/me.ts';
import { requireUser, signedInFirst } from '#server/http/guards.ts';
import { setWhatsAppConsent } from './whatsapp-consent.ts';

/** PUT /api/me/whatsapp — the signed-in person turns WhatsApp booking notices on or off. */
export const whatsAppConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/me/whatsapp',
    {
      onRequest: signedInFirst,
      // NOT_FOUND: the session's user no longer exists
      config: { errors: ['WHATSAPP_NEEDS_PHONE', 'NOT_FOUND'] },
      schema: { body: whatsAppConsentSchema, response: { 200: whatsAppConsentResponseSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', 'no-store');
      return setWhatsAppConsent(app.deps.database.db, user.id, request.body.optIn);
    },
  );
};
