import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockSchema,
  contactPrivacySchema,
  conversationRefSchema,
  conversationSchema,
  hostResponseTimesSchema,
  inboxQuerySchema,
  inboxSchema,
  messageReportsSchema,
  readSchema,
  reportMessageSchema,
  sendMessageSchema,
  sentMessageSchema,
  streamQuerySchema,
  threadQuerySchema,
  threadSchema,
  unreadSchema,
  type LiveEvent,
} from '#shared/schemas/messages.ts';
import { displayName } from '#shared/domain/display-name.ts';
import { inArray } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import { noStore, requireAdmin, requireUser, signedInFirst } from '#server/http/guards.ts';
import { requestLocale } from '#server/http/locale.ts';
import {
  askHost,
  assertCanFollow,
  conversationDetails,
  conversationOfBooking,
  inbox,
  listReports,
  liveMessageEvent,
  markRead,
  missedMessages,
  reportMessage,
  sendMessage,
  setBlocked,
  setContactPrivacy,
  thread,
  unread,
} from './conversations.ts';
import type { LiveHub } from './live-hub.ts';
import { allResponseTimes } from '#server/users/response-time.ts';

const idParams = z.object({ id: z.string().max(200) });
const messageIdParams = z.object({
  id: z
    .string()
    .max(20)
    .regex(/^\d{1,18}$/),
});
const REPLAY_PAGE = 200;

/** The key a conversation's followers listen on (an admin watching one conversation). */
export const conversationKey = (id: string) => `conversation:${id}`;

/**
 * Conversations (issue 34, decisions 056 and 057): the inbox, a thread, sending, reading,
 * reports and blocks, the host's contact privacy, and the live stream (docs/messages-live.md).
 */
export const messageRoutes: FastifyPluginAsyncZod<{ hub: LiveHub; now?: () => Date }> = async (
  app,
  options,
) => {
  const { hub } = options;
  const now = options.now ?? (() => new Date());
  const db = () => app.deps.database.db;
  const limits = () => app.deps.config.messages;
  const publish = (audience: string[], conversationId: string, event: LiveEvent) =>
    hub.publish([...audience, conversationKey(conversationId)], event);

  app.post(
    '/spaces/:id/conversation',
    {
      onRequest: signedInFirst,
      config: {
        errors: [
          'SPACE_NOT_FOUND',
          'CONVERSATION_OWN_SPACE',
          'MESSAGING_BLOCKED',
          'MESSAGE_RATE_LIMITED',
        ],
      },
      schema: {
        params: idParams,
        body: sendMessageSchema,
        response: { 201: sentMessageSchema, 200: sentMessageSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const sent = await askHost(db(), {
        spaceId: request.params.id,
        viewer: user,
        body: request.body.body,
        limits: limits(),
        now: now(),
      });
      publish(sent.audience, sent.row.conversationId, await liveMessageEvent(db(), sent.row));
      return reply.code(sent.created ? 201 : 200).send({ message: sent.message });
    },
  );

  app.get(
    '/me/conversations',
    {
      onRequest: signedInFirst,
      schema: { querystring: inboxQuerySchema, response: { 200: inboxSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      return inbox(db(), {
        viewer: user,
        cursor: request.query.cursor,
        locale: requestLocale(request),
      });
    },
  );

  app.get(
    '/me/unread',
    { onRequest: signedInFirst, schema: { response: { 200: unreadSchema } } },
    async (request, reply) => unread(db(), await requireUser(request, reply)),
  );

  app.get(
    '/conversations/:id',
    {
      onRequest: signedInFirst,
      schema: { params: idParams, response: { 200: conversationSchema } },
    },
    async (request, reply) => {
      noStore(reply);
      const user = await requireUser(request, reply);
      return conversationDetails(db(), {
        conversationId: request.params.id,
        viewer: user,
        locale: requestLocale(request),
      });
    },
  );

  app.get(
    '/conversations/:id/messages',
    {
      onRequest: signedInFirst,
      schema: { params: idParams, querystring: threadQuerySchema, response: { 200: threadSchema } },
    },
    async (request, reply) => {
      noStore(reply);
      const user = await requireUser(request, reply);
      return thread(db(), {
        conversationId: request.params.id,
        viewer: user,
        before: request.query.before,
        after: request.query.after,
      });
    },
  );

  app.post(
    '/conversations/:id/messages',
    {
      onRequest: signedInFirst,
      config: { errors: ['MESSAGING_BLOCKED', 'MESSAGE_RATE_LIMITED'] },
      schema: { params: idParams, body: sendMessageSchema, response: { 201: sentMessageSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const sent = await sendMessage(db(), {
        conversationId: request.params.id,
        viewer: user,
        body: request.body.body,
        limits: limits(),
        now: now(),
      });
      publish(sent.audience, sent.row.conversationId, await liveMessageEvent(db(), sent.row));
      return reply.code(201).send({ message: sent.message });
    },
  );

  app.post(
    '/conversations/:id/read',
    {
      onRequest: signedInFirst,
      schema: {
        params: idParams,
        body: readSchema,
        response: { 200: z.object({ upTo: z.number() }) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const { event, audience } = await markRead(db(), {
        conversationId: request.params.id,
        viewer: user,
        upTo: request.body.upTo,
        now: now(),
      });
      publish(audience, request.params.id, event);
      return { upTo: event.type === 'read' ? event.upTo : 0 };
    },
  );

  app.put(
    '/conversations/:id/block',
    {
      onRequest: signedInFirst,
      config: { errors: ['FORBIDDEN'] },
      schema: {
        params: idParams,
        body: blockSchema,
        response: { 200: z.object({ blocked: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      return setBlocked(db(), {
        conversationId: request.params.id,
        viewer: user,
        blocked: request.body.blocked,
      });
    },
  );

  app.post(
    '/messages/:id/report',
    {
      onRequest: signedInFirst,
      config: { errors: ['MESSAGE_ALREADY_REPORTED'] },
      schema: {
        params: messageIdParams,
        body: reportMessageSchema,
        response: { 201: z.object({ reported: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      await reportMessage(db(), {
        messageId: Number(request.params.id),
        viewer: user,
        reason: request.body.reason,
      });
      return reply.code(201).send({ reported: true as const });
    },
  );

  app.get(
    '/bookings/:id/conversation',
    {
      onRequest: signedInFirst,
      schema: { params: idParams, response: { 200: conversationRefSchema } },
    },
    async (request, reply) => {
      noStore(reply);
      const user = await requireUser(request, reply);
      return conversationOfBooking(db(), request.params.id, user);
    },
  );

  app.put(
    '/host/spaces/:id/contact-privacy',
    {
      onRequest: signedInFirst,
      config: { errors: ['SPACE_NOT_FOUND'] },
      schema: {
        params: idParams,
        body: contactPrivacySchema,
        response: { 200: contactPrivacySchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      return setContactPrivacy(db(), {
        spaceId: request.params.id,
        viewer: user,
        contactPrivate: request.body.contactPrivate,
      });
    },
  );

  // ── the admins' desk ──
  app.get(
    '/admin/conversations',
    {
      onRequest: requireAdmin,
      schema: { querystring: inboxQuerySchema, response: { 200: inboxSchema } },
    },
    async (request, reply) => {
      noStore(reply);
      const user = await requireUser(request, reply);
      return inbox(db(), {
        viewer: user,
        cursor: request.query.cursor,
        locale: requestLocale(request),
        all: true,
      });
    },
  );

  app.get(
    '/admin/message-reports',
    { onRequest: requireAdmin, schema: { response: { 200: messageReportsSchema } } },
    async (_request, reply) => {
      noStore(reply);
      return listReports(db());
    },
  );

  app.get(
    '/admin/response-times',
    { onRequest: requireAdmin, schema: { response: { 200: hostResponseTimesSchema } } },
    async (_request, reply) => {
      noStore(reply);
      const figures = await allResponseTimes(db(), now());
      const people =
        figures.length === 0
          ? []
          : await db()
              .select({
                id: users.id,
                fullName: users.fullName,
                name: users.name,
                email: users.email,
              })
              .from(users)
              .where(
                inArray(
                  users.id,
                  figures.map((f) => f.hostId),
                ),
              );
      const names = new Map(people.map((p) => [p.id, displayName(p)]));
      return { hosts: figures.map((f) => ({ ...f, name: names.get(f.hostId) ?? '' })) };
    },
  );

  // ── the live stream (server-sent events; decision 056, docs/messages-live.md) ──
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    '/messages/live',
    {
      onRequest: signedInFirst,
      config: { errors: ['NOT_FOUND'] },
      schema: {
        querystring: streamQuerySchema,
        response: {
          200: z
            .string()
            .describe(
              'text/event-stream: events `hello`, `message`, `read`, `ping` (docs/messages-live.md)',
            ),
        },
      },
    },
    async (request, reply) => streamLive(request, reply),
  );

  async function streamLive(
    request: FastifyRequest<{ Querystring: z.infer<typeof streamQuerySchema> }>,
    reply: FastifyReply,
  ) {
    const user = await requireUser(request, reply);
    const conversationId = request.query.conversation;
    if (conversationId) await assertCanFollow(db(), conversationId, user);
    await hub.ready;

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    let closed = false;
    const write = (chunk: string) => {
      if (!closed) raw.write(chunk);
    };
    const send = (event: LiveEvent) => {
      const id = event.type === 'message' ? `id: ${event.message.id}\n` : '';
      write(`${id}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };

    // Listen before replaying, so nothing committed meanwhile is lost; what both bring once.
    const buffered: LiveEvent[] = [];
    let replaying = true;
    const replayed = new Set<number>();
    const wanted = (event: LiveEvent) =>
      !conversationId ||
      (event.type === 'message' ? event.message.conversationId : event.conversationId) ===
        conversationId;
    const stop = hub.listen(conversationId ? conversationKey(conversationId) : user.id, (event) => {
      if (!wanted(event)) return;
      if (replaying) buffered.push(event);
      else if (!(event.type === 'message' && replayed.has(event.message.id))) send(event);
    });
    const heartbeat = setInterval(
      () => write(`event: ping\ndata: {}\n\n`),
      app.deps.config.messages.heartbeatMs,
    );
    const end = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      stop();
      open.delete(end);
      raw.end();
    };
    open.add(end);
    raw.on('close', end);

    write(`retry: 1000\nevent: hello\ndata: ${JSON.stringify({ userId: user.id })}\n\n`);
    try {
      const lastEventId = Number(request.headers['last-event-id']);
      let after =
        request.query.after ?? (Number.isSafeInteger(lastEventId) ? lastEventId : undefined);
      while (after !== undefined && !closed) {
        const missed = await missedMessages(db(), {
          viewer: user,
          after,
          conversationId,
          limit: REPLAY_PAGE,
        });
        for (const event of missed) {
          if (event.type === 'message') replayed.add(event.message.id);
          send(event);
        }
        if (missed.length < REPLAY_PAGE) break;
        const last = missed.at(-1)!;
        after = last.type === 'message' ? last.message.id : undefined;
      }
    } catch (error) {
      request.log.error({ err: error }, 'live stream: replay failed');
      end();
      return;
    }
    replaying = false;
    for (const event of buffered)
      if (!(event.type === 'message' && replayed.has(event.message.id))) send(event);
    buffered.length = 0;
  }
};
