import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translateRequestSchema, translateResponseSchema } from '#shared/schemas/space-request.ts';
import { createTranslator } from '#server/adapters/translate/create-translator.ts';
import type { Translator } from '#server/adapters/translate/translator.ts';
import { signedInFirst } from '#server/http/guards.ts';
import { translateListingText } from './translation.ts';

/** Each call costs the provider: a host translating a listing needs a handful a minute. */
export const TRANSLATE_LIMIT = { max: 30, timeWindow: 60 * 1000 };

/** POST /api/translate `{ text, from, to }` → `{ text }` (signed in; the wizard's Translate action). */
export const translationRoutes: FastifyPluginAsyncZod<{ translator?: Translator }> = async (
  app,
  options,
) => {
  const translator = options.translator ?? createTranslator(app.deps.config.translate);
  app.post(
    '/translate',
    {
      config: { rateLimit: TRANSLATE_LIMIT, errors: ['TRANSLATION_OFF', 'TRANSLATION_FAILED'] },
      onRequest: signedInFirst,
      schema: { body: translateRequestSchema, response: { 200: translateResponseSchema } },
    },
    async (request) => {
      return translateListingText(translator, request.body, request.log);
    },
  );
};
