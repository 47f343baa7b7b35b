import type { FastifyRequest } from 'fastify';
import type { Locale } from '#shared/constants.ts';
import { pickLocale } from '#shared/messages.ts';

/** The language to answer in: the client's Accept-Language, Arabic by default (the product's). */
export function requestLocale(request: FastifyRequest): Locale {
  return pickLocale(request.headers['accept-language']);
}
