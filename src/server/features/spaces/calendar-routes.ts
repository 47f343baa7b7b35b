import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calendarFeedParamsSchema,
  calendarFeedUrlSchema,
  calendarTokenOfFile,
  spaceCalendarParamsSchema,
} from '#shared/schemas/calendar.ts';
import { noStore, requireUser } from '#server/http/guards.ts';
import { notFound } from '#server/http/app-error.ts';
import { fileResponse } from '#server/http/file-response.ts';
import { renderCalendarFeed } from './calendar-feed.ts';
import { getCalendarFeedUrl, regenerateCalendarFeedUrl } from './calendar-token.ts';

/**
 * Calendar sync (docs/decisions/026-calendar-feed.md): the public feed a calendar client polls,
 * and the host's routes that show its secret URL and replace it.
 */
export const calendarRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const db = () => app.deps.database.db;

  /**
   * The feed. No session: the token is the credential. A malformed name, an unknown token and an
   * archived space's token all end in the same 404 NOT_FOUND as a path that does not exist; the
   * name is checked in onRequest, before the unstorable-text check could make some of them a 400.
   */
  app.get(
    '/calendar/:file',
    {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        // The URL is a secret: never indexed, never sent on as a referrer.
        reply.header('x-robots-tag', 'noindex, nofollow, noarchive');
        reply.header('referrer-policy', 'no-referrer');
        const { file } = request.params as { file?: unknown };
        if (typeof file !== 'string' || calendarTokenOfFile(file) === null) throw notFound();
      },
      schema: {
        params: calendarFeedParamsSchema,
        response: {
          200: fileResponse('the iCalendar feed', ['text/calendar']),
          304: z.null().describe('not modified since the ETag sent'),
        },
      },
    },
    async (request, reply) => {
      const token = calendarTokenOfFile(request.params.file);
      const feed = token ? await renderCalendarFeed(db(), token, now()) : null;
      if (!feed) throw notFound();
      // A secret URL: browsers and the calendar's fetcher may keep it a few minutes, shared
      // caches never; the ETag makes a poll that finds nothing new a bodiless 304.
      reply.header('cache-control', 'private, max-age=300');
      reply.header('etag', feed.etag);
      const asked = request.headers['if-none-match'];
      const known = typeof asked === 'string' ? asked.split(',').map((e) => e.trim()) : [];
      // If-None-Match compares weakly: a proxy that compressed the body may have sent W/"…".
      if (known.some((e) => e === '*' || e.replace(/^W\//, '') === feed.etag)) {
        return reply.code(304).send(null);
      }
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="hourspace.ics"')
        .send(feed.body);
    },
  );

  const spaceCalendarRoute = {
    // Signed out is a 401 before anything about the request is looked at.
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      await requireUser(request, reply);
      noStore(reply);
    },
    config: { errors: ['SPACE_NOT_FOUND'] as const },
    schema: { params: spaceCalendarParamsSchema, response: { 200: calendarFeedUrlSchema } },
  };

  /** The feed's URL, made on the first call (only the space's host; anyone else 404). */
  app.get('/me/spaces/:id/calendar', spaceCalendarRoute, async (request, reply) => {
    const user = await requireUser(request, reply);
    return getCalendarFeedUrl(db(), {
      spaceId: request.params.id,
      hostId: user.id,
      publicUrl: app.deps.config.publicUrl,
    });
  });

  /** A new URL; the old one stops working at once. */
  app.post('/me/spaces/:id/calendar/regenerate', spaceCalendarRoute, async (request, reply) => {
    const user = await requireUser(request, reply);
    return regenerateCalendarFeedUrl(db(), {
      spaceId: request.params.id,
      hostId: user.id,
      publicUrl: app.deps.config.publicUrl,
    });
  });
};
