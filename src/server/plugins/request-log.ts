import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * onResponse: one log line per request (Fastify's own two are switched off in app.ts):
 * `GET /api/spaces 200 12 ms`, with the request id and, behind a proxy, the client address.
 */
export async function logRequest(request: FastifyRequest, reply: FastifyReply) {
  const ms = Math.round(reply.elapsedTime);
  request.log.info(
    { status: reply.statusCode, ms, ip: request.ip },
    `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${ms} ms`,
  );
}
