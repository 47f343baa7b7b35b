import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { accountSessionsSchema, type AccountSessions } from '#shared/schemas/sessions.ts';
import { sessions } from '#server/db/schema.ts';
import { notFound, unauthorized } from '#server/http/app-error.ts';
import { currentSession } from '#server/http/session.ts';
import { requestLocale } from '#server/http/locale.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';
import { dataExportHtml, findDataExport, requestDataExport } from './data-export.ts';

/** The signed-in session (user and session id), or 401. */
async function requireSession(request: FastifyRequest, reply: FastifyReply) {
  const session = await currentSession(request.server.auth, request, reply);
  if (!session) throw unauthorized();
  return session;
}

/**
 * The account's signed-in devices (issue 38): the list (never a token), "sign out of this one",
 * and "sign out everywhere" (this device too). Another account's session is 404.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.get(
    '/me/sessions',
    { schema: { response: { 200: accountSessionsSchema } } },
    async (request, reply): Promise<AccountSessions> => {
      const session = await requireSession(request, reply);
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, session.user.id), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.updatedAt));
      reply.header('cache-control', 'no-store');
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          current: row.id === session.session.id,
          userAgent: row.userAgent ?? null,
          ipAddress: row.ipAddress ?? null,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.updatedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
        })),
      };
    },
  );

  app.delete(
    '/me/sessions/:sessionId',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: { params: z.object({ sessionId: z.string().max(100) }), response: { 204: z.null() } },
    },
    async (request, reply) => {
      const session = await requireSession(request, reply);
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.id, request.params.sessionId), eq(sessions.userId, session.user.id)))
        .returning({ id: sessions.id });
      if (ended.length === 0) throw notFound();
      return reply.code(204).send(null);
    },
  );

  // a path of its own (not DELETE /me/sessions): an empty id in DELETE /me/sessions/:id must
  // never reach "everywhere"
  app.post(
    '/me/sessions/end-all',
    { schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const session = await requireSession(request, reply);
      await db.delete(sessions).where(eq(sessions.userId, session.user.id));
      return reply.code(204).send(null);
    },
  );
};

/**
 * "Download my data" (issue 38): ask (the job queue prepares it and emails a link), and the
 * link itself — JSON, or `?format=html` to read — for the account's own session, until it
 * expires; anyone else's link, or a guessed one, is 404.
 */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.post(
    '/me/data-export',
    {
      config: { errors: ['RATE_LIMITED'] },
      schema: { response: { 202: z.object({ status: z.literal('preparing') }) } },
    },
    async (request, reply) => {
      const { user } = await requireSession(request, reply);
      await requestDataExport(db, {
        userId: user.id,
        locale: recipientLocale(user.locale, requestLocale(request)),
      });
      app.deps.wakeWorker?.();
      return reply.code(202).send({ status: 'preparing' as const });
    },
  );

  app.get(
    '/me/data-export/:token',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        params: z.object({ token: z.string().max(100) }),
        querystring: z.object({ format: z.enum(['json', 'html']).default('json') }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request, reply);
      const found = await findDataExport(db, { token: request.params.token, userId: user.id });
      if (!found) throw notFound();
      const day = found.readyAt.toISOString().slice(0, 10);
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'html') {
        const title = found.locale === 'ar' ? 'بياناتي في مساحة بالساعة' : 'My HourSpace data';
        reply.header('content-disposition', `attachment; filename="hourspace-data-${day}.html"`);
        reply.type('text/html; charset=utf-8');
        return dataExportHtml(found.data, { locale: found.locale, title, readyAt: found.readyAt });
      }
      reply.header('content-disposition', `attachment; filename="hourspace-data-${day}.json"`);
      reply.type('application/json; charset=utf-8');
      return JSON.stringify(found.data, null, 2);
    },
  );
};
