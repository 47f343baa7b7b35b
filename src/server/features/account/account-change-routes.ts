import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDeletionAnswerSchema,
  accountDeletionSchema,
  confirmEmailChangeSchema,
  emailChangeSchema,
  phoneChangeCodeSchema,
  phoneChangeSchema,
} from '#shared/schemas/account.ts';
import { unauthorized } from '#server/http/app-error.ts';
import { currentSession } from '#server/http/session.ts';
import { requestLocale } from '#server/http/locale.ts';
import { requestAccountDeletion } from './account-deletion.ts';
import {
  confirmEmailChange,
  confirmPhoneChange,
  requestEmailChange,
  requestPhoneChange,
} from './contact-changes.ts';

async function requireSession(request: FastifyRequest, reply: FastifyReply) {
  const session = await currentSession(request.server.auth, request, reply);
  if (!session) throw unauthorized();
  return session;
}

/** Uses of emailed links per client address (guessing tokens is pointless, but not free). */
export const CONFIRM_EMAIL_LIMIT = { max: 20, timeWindow: 60 * 60 * 1000 };

/**
 * The account page's changes of email and phone, and "delete my account" (issue 38, decision
 * 071). better-auth's own /change-email is disabled (auth.ts): these are the only way.
 */
export const accountChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const codes = () => ({ db: db(), sms: app.deps.sms, secret: app.deps.authSecret });

  app.post(
    '/me/email-change',
    {
      config: { errors: ['EMAIL_TAKEN', 'CHANGE_RATE_LIMITED'] },
      schema: {
        body: emailChangeSchema,
        response: { 202: z.object({ status: z.literal('sent'), email: z.string() }) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request, reply);
      await requestEmailChange(db(), {
        userId: user.id,
        newEmail: request.body.newEmail,
        now: new Date(),
        publicUrl: app.deps.config.publicUrl,
        requestLocale: requestLocale(request),
      });
      app.deps.wakeWorker?.();
      return reply.code(202).send({ status: 'sent' as const, email: request.body.newEmail });
    },
  );

  // No session needed: the link is the proof that the new address is theirs, and it may be
  // opened on another device.
  app.post(
    '/me/email-change/confirm',
    {
      config: { errors: ['INVALID_TOKEN', 'EMAIL_TAKEN'], rateLimit: CONFIRM_EMAIL_LIMIT },
      schema: {
        body: confirmEmailChangeSchema,
        response: { 200: z.object({ status: z.literal('changed'), email: z.string() }) },
      },
    },
    async (request) => {
      const { email } = await confirmEmailChange(db(), {
        token: request.body.token,
        now: new Date(),
      });
      app.deps.wakeWorker?.();
      return { status: 'changed' as const, email };
    },
  );

  app.post(
    '/me/phone/code',
    {
      config: {
        errors: [
          'PHONE_TAKEN',
          'CHANGE_RATE_LIMITED',
          'PHONE_CODE_TOO_SOON',
          'PHONE_CODE_LIMIT',
          'SMS_SEND_FAILED',
        ],
      },
      schema: {
        body: phoneChangeCodeSchema,
        response: {
          200: z.object({
            sent: z.literal(true),
            expiresInSeconds: z.number(),
            resendInSeconds: z.number(),
          }),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request, reply);
      const sent = await requestPhoneChange(codes(), {
        userId: user.id,
        phone: request.body.phone,
        now: new Date(),
        requestLocale: requestLocale(request),
      });
      return { sent: true as const, ...sent };
    },
  );

  app.post(
    '/me/phone',
    {
      config: { errors: ['INVALID_CODE', 'PHONE_TAKEN'] },
      schema: {
        body: phoneChangeSchema,
        response: { 200: z.object({ status: z.literal('changed'), phone: z.string() }) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request, reply);
      const { phone } = await confirmPhoneChange(codes(), {
        userId: user.id,
        phone: request.body.phone,
        code: request.body.code,
        now: new Date(),
      });
      return { status: 'changed' as const, phone };
    },
  );

  app.post(
    '/me/deletion',
    {
      config: {
        errors: [
          'ACCOUNT_HAS_UPCOMING_BOOKINGS',
          'ACCOUNT_HAS_LISTED_SPACES',
          'ACCOUNT_HAS_MONEY_OWED',
        ],
      },
      schema: { body: accountDeletionSchema, response: { 202: accountDeletionAnswerSchema } },
    },
    async (request, reply) => {
      const { user } = await requireSession(request, reply);
      const { erasesAt } = await requestAccountDeletion(db(), {
        userId: user.id,
        now: new Date(),
        graceHours: app.deps.config.account.deletionGraceHours,
        requestLocale: requestLocale(request),
      });
      app.deps.wakeWorker?.();
      // every session, this one too, ended with the request: the cookie names nothing now
      return reply
        .code(202)
        .send({ status: 'scheduled' as const, erasesAt: erasesAt.toISOString() });
    },
  );
};
