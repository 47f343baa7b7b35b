import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageSchema } from '#shared/schemas/contact.ts';
import { requestLocale } from '#server/http/locale.ts';
import { submitContactMessage } from './service.ts';

/** Repeated submissions from one address are limited (issue: the shell and public pages). */
export const CONTACT_LIMIT = { max: 5, timeWindow: 15 * 60 * 1000 };

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: CONTACT_LIMIT },
      schema: {
        body: contactMessageSchema,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const result = await submitContactMessage(app.deps.database.db, request.body, {
        locale: requestLocale(request),
        teamEmail: app.deps.config.mail.teamEmail,
      });
      app.deps.wakeWorker?.();
      return reply.code(201).send(result);
    },
  );
};
