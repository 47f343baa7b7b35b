import { randomUUID } from 'node:crypto';
import { betterAuth, type BetterAuthOptions, type BetterAuthPlugin } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  createEmailVerificationToken,
} from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { and, eq } from 'drizzle-orm';
import { type z } from 'zod';
import { pickLocale, type ErrorCode } from '#shared/messages.ts';
import {
  changePasswordRequestSchema,
  requestPasswordResetSchema,
  requestResetCodeSchema,
  RESET_PASSWORD_PAGE,
  resetPasswordPhoneSchema,
  resetPasswordRequestSchema,
  sendPhoneCodeSchema,
  signInEmailSchema,
  signInPhoneSchema,
  signUpRequestSchema,
  updateUserRequestSchema,
  verifyPhoneCodeSchema,
} from '#shared/schemas/account.ts';
import type { Logger } from '#server/adapters/logger.ts';
import type { SmsSender } from '#server/adapters/sms/sms-sender.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, sessions, users, verifications } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { ERROR_STATUS } from '#server/http/error-status.ts';
import type { NamedUser } from '#shared/domain/display-name.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { hashPassword, verifyPassword } from '#server/users/password-hash.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';
import { accountEmail } from './account-emails.ts';
import { cancelAccountDeletion } from './account-deletion.ts';
import {
  afterPasswordChange,
  RESET_LINK_TTL_SECONDS,
  resetPasswordByPhoneCode,
} from './password-changes.ts';
import { issueSignupProof, sendPhoneCode, verifyPhoneCode } from './phone-codes.ts';
import { createAccount } from './sign-up.ts';

export interface AuthDeps {
  db: Db;
  sms: SmsSender;
  /** The public origin (PUBLIC_URL): links in emails and callbacks. */
  publicUrl: string;
  /** The origins sign-in and every other state-changing auth request may come from. */
  trustedOrigins: () => string[];
  /** `Secure` (and `__Secure-`) session cookies: always in production. */
  secureCookies: boolean;
  secret: string;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** Called after a transaction queued a job (mail), so the worker looks now. */
  wakeWorker?: () => void;
  /** better-auth's own log lines go to the app's logger (never straight to the console). */
  logger: Logger;
}

/** Activation links last a day. */
const ACTIVATION_TTL_SECONDS = 24 * 60 * 60;
/** Where an activation link lands: the sign-in page, which thanks the user. */
export const ACTIVATED_CALLBACK = '/auth?activated=1';

/** better-auth's name of each status our codes are answered with (ERROR_STATUS). */
const statusName = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
} as const;

/**
 * Our errors inside better-auth's handlers carry our stable code, with the code's own status
 * (ERROR_STATUS); the mount translates them.
 */
function fail(code: ErrorCode, fields?: Record<string, string>): never {
  const status = statusName[ERROR_STATUS[code] as keyof typeof statusName] ?? 'BAD_REQUEST';
  throw new APIError(status, { code, message: code, ...(fields ? { fields } : {}) });
}

/** Runs a service; its AppError becomes better-auth's APIError with the same code. */
async function service<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) fail(error.code, error.fields);
    throw error;
  }
}

/** Parses a body with a shared schema; field errors keep their `fields.*` rule keys. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fail('VALIDATION_ERROR', fields);
}

/**
 * better-auth's own endpoints that take a body a person typed: parsed with our shared rules
 * before better-auth sees it, and the parsed (trimmed) values are what it stores.
 */
const ownEndpointBodies: Record<string, z.ZodType> = {
  '/update-user': updateUserRequestSchema,
  '/change-password': changePasswordRequestSchema,
  '/reset-password': resetPasswordRequestSchema,
  '/request-password-reset': requestPasswordResetSchema,
};

const localeOf = (request: Request | undefined) =>
  pickLocale(request?.headers.get('accept-language'));

/**
 * Our endpoints inside better-auth (so sessions and cookies are its own): phone codes, the
 * verified-phone-first sign-up (docs/product-spec.md §4), and sign-in by phone code.
 */
function hourspaceAccounts(deps: AuthDeps) {
  const codes = { db: deps.db, sms: deps.sms, secret: deps.secret };
  return {
    id: 'hourspace-accounts',
    endpoints: {
      phoneSendCode: createAuthEndpoint('/phone/send-code', { method: 'POST' }, async (ctx) => {
        const input = parse(sendPhoneCodeSchema, ctx.body);
        const [owner] = await deps.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.phone, input.phone));
        if (input.purpose === 'signup' && owner) fail('PHONE_TAKEN', { phone: 'fields.invalid' });
        // Signing in with a number nobody has: answer as if sent, so numbers cannot be probed.
        if (input.purpose === 'signin' && !owner)
          return ctx.json({ sent: true, expiresInSeconds: 300, resendInSeconds: 60 });
        const result = await service(() =>
          sendPhoneCode(codes, { ...input, locale: localeOf(ctx.request) }),
        );
        return ctx.json({ sent: true, ...result });
      }),

      phoneVerify: createAuthEndpoint('/phone/verify', { method: 'POST' }, async (ctx) => {
        const input = parse(verifyPhoneCodeSchema, ctx.body);
        const { codeId } = await service(() =>
          verifyPhoneCode(codes, { ...input, purpose: 'signup' }),
        );
        return ctx.json({ phoneProof: await issueSignupProof(codes, codeId) });
      }),

      signUp: createAuthEndpoint('/sign-up', { method: 'POST' }, async (ctx) => {
        const input = parse(signUpRequestSchema, ctx.body);
        const locale = input.locale ?? localeOf(ctx.request);
        const userId = randomUUID();
        const token = await createEmailVerificationToken(
          ctx.context.secret,
          input.email,
          undefined,
          ACTIVATION_TTL_SECONDS,
          { userId },
        );
        const link = `${ctx.context.baseURL}/verify-email?token=${token}&callbackURL=${encodeURIComponent(ACTIVATED_CALLBACK)}`;
        await service(() =>
          createAccount(deps, {
            userId,
            ...input,
            locale,
            passwordHash: () => hashPassword(input.password),
            activationEmail: (user) =>
              accountEmail({ kind: 'activation', to: user.email, user, link, locale }),
          }),
        );
        deps.wakeWorker?.();
        ctx.setStatus(201);
        return ctx.json({ status: 'activation_sent', email: input.email });
      }),

      // Reset by SMS (issue 38), step 1: a code to the number, if an account has it verified.
      // The answer is the same either way, and so is a failure to send (logged), so a number
      // cannot be probed; the limits per number and address are the mount's (routes.ts).
      phoneResetCode: createAuthEndpoint('/phone/reset-code', { method: 'POST' }, async (ctx) => {
        const input = parse(requestResetCodeSchema, ctx.body);
        const sent = { sent: true, expiresInSeconds: 300, resendInSeconds: 60 } as const;
        const [owner] = await deps.db
          .select({ id: users.id, locale: users.locale })
          .from(users)
          .where(and(eq(users.phone, input.phone), eq(users.phoneVerified, true)));
        if (!owner) return ctx.json(sent);
        try {
          await sendPhoneCode(codes, {
            phone: input.phone,
            purpose: 'reset',
            locale: recipientLocale(owner.locale, localeOf(ctx.request)),
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // too soon, too many, or the SMS provider failed: never told apart from "sent"
          deps.logger.warn({ component: 'auth', code: error.code }, 'reset code not sent');
        }
        return ctx.json(sent);
      }),

      // Step 2: the code and the new password; every session and token of the account ends.
      phoneResetPassword: createAuthEndpoint(
        '/phone/reset-password',
        { method: 'POST' },
        async (ctx) => {
          const input = parse(resetPasswordPhoneSchema, ctx.body);
          await service(() =>
            resetPasswordByPhoneCode(
              { ...codes, hashPassword },
              { ...input, requestLocale: localeOf(ctx.request) },
            ),
          );
          deps.wakeWorker?.();
          return ctx.json({ status: true });
        },
      ),

      signInPhone: createAuthEndpoint('/sign-in/phone', { method: 'POST' }, async (ctx) => {
        const input = parse(signInPhoneSchema, ctx.body);
        await service(() => verifyPhoneCode(codes, { ...input, purpose: 'signin' }));
        const [row] = await deps.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.phone, input.phone));
        const user = row ? await ctx.context.internalAdapter.findUserById(row.id) : null;
        if (!user) fail('INVALID_CODE');
        if (!user.emailVerified) fail('EMAIL_NOT_VERIFIED');
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ user: { id: user.id, email: user.email } });
      }),
    },
  } satisfies BetterAuthPlugin;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth({
    appName: 'HourSpace',
    baseURL: deps.publicUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: () => deps.trustedOrigins(),
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    databaseHooks: {
      session: {
        create: {
          // Signing in during the deletion grace cancels the deletion (decision 071): every way
          // in (password, code, Google, an activation link) makes a session here.
          after: async (session) => {
            await cancelAccountDeletion(deps.db, { userId: session.userId, now: new Date() });
            deps.wakeWorker?.();
          },
        },
      },
    },
    user: {
      additionalFields: {
        fullName: { type: 'string', required: false, input: true },
        phone: { type: 'string', required: false, input: false },
        phoneVerified: { type: 'boolean', required: false, defaultValue: false, input: false },
        locale: { type: 'string', required: false, defaultValue: 'ar', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      maxPasswordLength: 256,
      password: {
        hash: (password) => hashPassword(password),
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
      // Reset by email link (issue 38): single use, 30 minutes, to the app's reset page; every
      // session ends on reset, and the person is told.
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => {
        const locale = recipientLocale((user as { locale?: string }).locale, localeOf(request));
        await enqueueMail(
          deps.db,
          `password-reset-${user.id}-${token.slice(0, 8)}`,
          accountEmail({
            kind: 'passwordReset',
            to: user.email,
            user: user as NamedUser,
            link: `${deps.publicUrl}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`,
            locale,
          }),
        );
        deps.wakeWorker?.();
      },
      onPasswordReset: async ({ user }, request) => {
        await afterPasswordChange(deps.db, {
          userId: user.id,
          how: 'reset',
          requestLocale: localeOf(request),
        });
        deps.wakeWorker?.();
      },
    },
    emailVerification: {
      sendOnSignUp: false, // our /sign-up queues the activation email in its own transaction
      autoSignInAfterVerification: true,
      expiresIn: ACTIVATION_TTL_SECONDS,
      // The resend (POST /send-verification-email): queued like every email.
      sendVerificationEmail: async ({ user, url }) => {
        const link = url.replace(
          /callbackURL=[^&]*/,
          `callbackURL=${encodeURIComponent(ACTIVATED_CALLBACK)}`,
        );
        const locale = recipientLocale((user as { locale?: string }).locale, 'ar');
        await enqueueMail(
          deps.db,
          `activation-${user.id}-${Date.now()}`,
          accountEmail({
            kind: 'activation',
            to: user.email,
            user: user as NamedUser,
            link,
            locale,
          }),
        );
        deps.wakeWorker?.();
      },
    },
    // The sign-up of docs/product-spec.md (phone first) replaces better-auth's own.
    // /change-email: our own /api/me/email-change confirms the new address by a link sent to
    // it and tells the old one (decision 071); better-auth's would bypass those rules.
    disabledPaths: ['/sign-up/email', '/change-email'],
    plugins: [
      hourspaceAccounts(deps),
      // Apps: sign-in answers with a `set-auth-token` header (the signed session token), sent
      // back as `Authorization: Bearer …` on every route; only signed tokens are taken.
      bearer({ requireSignature: true }),
      ...(deps.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  discoveryUrl: `${deps.google.issuer}/.well-known/openid-configuration`,
                  clientId: deps.google.clientId,
                  clientSecret: deps.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                  mapProfileToUser: (profile) => ({
                    fullName: typeof profile.name === 'string' ? profile.name : undefined,
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const rule = ownEndpointBodies[ctx.path];
        if (rule) return { context: { body: parse(rule, ctx.body) } };
        if (ctx.path !== '/sign-in/email') return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const hasEmail = typeof body.email === 'string' && body.email.trim() !== '';
        const hasPhone = typeof body.phone === 'string' && body.phone.trim() !== '';
        const hasPassword = typeof body.password === 'string' && body.password !== '';
        if (!hasEmail && !hasPhone && !hasPassword) fail('CREDENTIALS_REQUIRED');
        if (!hasEmail || !hasPassword) fail('EMAIL_PASSWORD_REQUIRED');
        parse(signInEmailSchema, body);
      }),
    },
    // Our own limits (attempt-counter.ts) run in the HTTP mount, on Fastify's view of the client address.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'hs',
      useSecureCookies: deps.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: ['x-hs-client-ip'] },
      database: { generateId: () => randomUUID() },
      // better-auth skips its Origin/CSRF checks under NODE_ENV=test unless told not to.
      disableOriginCheck: false,
    },
    onAPIError: { errorURL: `${deps.publicUrl}/auth` },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const entry = { component: 'auth', details: args.length ? args : undefined };
        if (level === 'error') deps.logger.error(entry, message);
        else if (level === 'warn') deps.logger.warn(entry, message);
        else deps.logger.debug(entry, message);
      },
    },
  } satisfies BetterAuthOptions);
}

export type Auth = ReturnType<typeof createAuth>;
