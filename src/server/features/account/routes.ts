import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { fieldRule } from '#shared/message-codes.ts';
import { normalizeSaudiMobile } from '#shared/domain/phone.ts';
import { ERROR_CODES, pickLocale, type ErrorCode } from '#shared/messages.ts';
import { roles, userRoles, users } from '#server/db/schema.ts';
import { type MeResponse, meResponseSchema } from '#shared/schemas/me.ts';
import { sendApiError } from '#server/plugins/error-handler.ts';
import { AppError } from '#server/http/app-error.ts';
import { findUnstorableText } from '#server/http/unstorable-text.ts';
import { ATTEMPT_LIMITS, type AttemptCounter } from './attempt-counter.ts';
import type { Auth } from './auth.ts';
import { afterPasswordChange } from './password-changes.ts';
import { takeSignInAttempt } from './sign-in-attempts.ts';
import { currentSession } from '#server/http/session.ts';

/** The only client address better-auth sees: Fastify's `request.ip` (TRUST_PROXY decides it). */
export const CLIENT_IP_HEADER = 'x-hs-client-ip';

/** better-auth's own error codes → ours. Ours pass through; anything else goes by status. */
const codeMap: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'INVALID_TOKEN',
  MISSING_OR_NULL_ORIGIN: 'ORIGIN_NOT_TRUSTED',
  INVALID_ORIGIN: 'ORIGIN_NOT_TRUSTED',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'FORBIDDEN',
  INVALID_CALLBACK_URL: 'FORBIDDEN',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  PASSWORD_TOO_LONG: 'VALIDATION_ERROR',
  PASSWORD_TOO_SHORT: 'PASSWORD_POLICY',
  INVALID_PASSWORD: 'WRONG_PASSWORD',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'NO_PASSWORD',
  // a reset token whose account is gone: the same answer as any bad token
  USER_NOT_FOUND: 'INVALID_TOKEN',
};
const byStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'RATE_LIMITED',
};

function ourCode(code: unknown, status: number): ErrorCode {
  if (typeof code === 'string') {
    if ((ERROR_CODES as readonly string[]).includes(code) && code !== 'VALIDATION_ERROR')
      return code as ErrorCode;
    if (code in codeMap) return codeMap[code]!;
  }
  return byStatus[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR');
}

/**
 * The parsed JSON of a better-auth request: `{}` for no body or a body that is not JSON;
 * `INVALID_JSON` for JSON that does not parse; `VALIDATION_ERROR` for text PostgreSQL cannot
 * store anywhere in it — the same guard every other route has (http/unstorable-text.ts), so no
 * better-auth endpoint reaches the database with it.
 */
function jsonBody(request: FastifyRequest): Record<string, unknown> {
  if (typeof request.body !== 'string' || request.body.trim() === '') return {};
  if (!request.headers['content-type']?.includes('json')) return {};
  let value: unknown;
  try {
    value = JSON.parse(request.body);
  } catch {
    throw new AppError('INVALID_JSON');
  }
  const unstorable = findUnstorableText(value);
  if (unstorable !== null)
    throw new AppError('VALIDATION_ERROR', { [unstorable]: fieldRule('invalid') });
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The account a sign-in names; only a string counts (String() of a deeply nested array overflows the stack). */
const identity = (body: Record<string, unknown>) => {
  const given = [body.email, body.phone].find((v): v is string => typeof v === 'string') ?? '';
  return given.trim().toLowerCase().slice(0, 254);
};

/**
 * Mounts better-auth at /api/auth/* (in its own scope, where bodies pass through raw), with our
 * limits in front of it: sign-ups per address, failed sign-ins per address and per account, phone
 * codes per address — in every environment, keyed on the address Fastify derives (TRUST_PROXY), so
 * a forged X-Forwarded-For changes nothing. Errors leave in the API's format and language.
 */
export async function accountRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; counter: AttemptCounter },
) {
  const { auth, counter } = opts;

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );

    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      handler: async (request, reply) => {
        const path = new URL(request.url, 'http://x').pathname.replace(/^\/api\/auth/, '');
        const body = request.method === 'POST' ? jsonBody(request) : {};
        const ip = request.ip;
        const who = identity(body);
        const isSignIn =
          request.method === 'POST' && (path === '/sign-in/email' || path === '/sign-in/phone');

        if (request.method === 'POST' && path === '/sign-up') {
          const n = await counter.hit(`sign-up:${ip}`, ATTEMPT_LIMITS.signUpPerAddress.windowMs);
          if (n > ATTEMPT_LIMITS.signUpPerAddress.max)
            return limited(
              request,
              reply,
              'SIGNUP_RATE_LIMITED',
              ATTEMPT_LIMITS.signUpPerAddress.windowMs,
            );
        }
        if (request.method === 'POST' && path === '/phone/send-code') {
          const n = await counter.hit(
            `phone-code:${ip}`,
            ATTEMPT_LIMITS.phoneCodesPerAddress.windowMs,
          );
          if (n > ATTEMPT_LIMITS.phoneCodesPerAddress.max)
            return limited(
              request,
              reply,
              'RATE_LIMITED',
              ATTEMPT_LIMITS.phoneCodesPerAddress.windowMs,
            );
        }
        const resetLimit = await passwordResetLimit(counter, request.method, path, ip, body);
        if (resetLimit) return limited(request, reply, resetLimit.code, resetLimit.windowMs);
        // Changing the password: limited per account; on success the side effects below.
        const changer =
          request.method === 'POST' && path === '/change-password'
            ? await currentSession(auth, request, reply)
            : null;
        if (changer) {
          const { max, windowMs } = ATTEMPT_LIMITS.passwordChangesPerAccount;
          if ((await counter.hit(`password-change:${changer.user.id}`, windowMs)) > max)
            return limited(request, reply, 'RATE_LIMITED', windowMs);
        }
        const attempt = isSignIn ? await takeSignInAttempt(counter, ip, who) : null;
        if (isSignIn && !attempt)
          return limited(
            request,
            reply,
            'SIGNIN_RATE_LIMITED',
            ATTEMPT_LIMITS.failedSignInPerAccountAndAddress.windowMs,
          );

        const headers = new Headers();
        for (const [key, value] of Object.entries(request.headers)) {
          if (value === undefined) continue;
          if (Array.isArray(value)) for (const v of value) headers.append(key, v);
          else headers.set(key, String(value));
        }
        headers.set(CLIENT_IP_HEADER, ip); // replaces anything the client sent
        const rawBody =
          typeof request.body === 'string' && request.body.length > 0 ? request.body : undefined;
        const response = await auth.handler(
          new Request(new URL(request.url, app.deps.config.publicUrl), {
            method: request.method,
            headers,
            body: rawBody,
          }),
        );

        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);

        if (changer && response.ok) {
          // better-auth ended every session and gave this client a new one; the reset links
          // and codes still out end too, and the person is told (in case it was not them).
          await afterPasswordChange(app.deps.database.db, {
            userId: changer.user.id,
            how: 'changed',
            requestLocale: pickLocale(request.headers['accept-language']),
          });
          app.deps.wakeWorker?.();
        }

        await attempt?.settle(
          response.status === 401 || response.status === 400
            ? 'failed'
            : response.ok
              ? 'succeeded'
              : 'other',
        );

        if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
          const error = (await response.json().catch(() => null)) as {
            code?: unknown;
            fields?: Record<string, string>;
          } | null;
          const code = ourCode(error?.code, response.status);
          if (code === 'ORIGIN_NOT_TRUSTED')
            request.log.warn(
              { origin: request.headers.origin ?? null, publicUrl: app.deps.config.publicUrl },
              'sign-in refused: the page was opened at an address this server does not trust. ' +
                'Open PUBLIC_URL, or set PUBLIC_URL to the address people use (in development ' +
                'the addresses the server listens on are trusted too).',
            );
          request.log.info(
            { authCode: error?.code, code, status: response.status },
            'auth request refused',
          );
          return sendApiError(request, reply, code, error?.fields);
        }
        if (response.status === 404) return sendApiError(request, reply, 'NOT_FOUND');

        reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
        });
        const text = await response.text();
        return reply.send(text.length > 0 ? text : null);
      },
    });
  });

  // GET /api/me — the user and their role codes; 401 when signed out.
  app.get(
    '/api/me',
    { schema: { response: { 200: meResponseSchema } } },
    async (request, reply): Promise<MeResponse | undefined> => {
      const session = await currentSession(auth, request, reply);
      if (!session) {
        await sendApiError(request, reply, 'UNAUTHORIZED');
        return;
      }
      const rows = await app.deps.database.db
        .select({ code: roles.code })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, session.user.id));
      const [consent] = await app.deps.database.db
        .select({ at: users.whatsappOptInAt })
        .from(users)
        .where(eq(users.id, session.user.id));
      reply.header('cache-control', 'no-store');
      const u = session.user;
      return {
        user: {
          id: u.id,
          email: u.email,
          emailVerified: u.emailVerified,
          fullName: u.fullName ?? null,
          name: u.name,
          phone: u.phone ?? null,
          phoneVerified: Boolean(u.phoneVerified),
          locale: u.locale === 'en' ? 'en' : 'ar',
          whatsappOptInAt: consent?.at ? consent.at.toISOString() : null,
          createdAt: new Date(u.createdAt).toISOString(),
        },
        roles: rows.map((r) => r.code).sort(),
      };
    },
  );
}

/**
 * The limits on asking for a reset (link or SMS code) and on using one: RESET_RATE_LIMITED, or
 * null to go on. Counted before better-auth sees the request, on atomic counters, so 50 requests
 * at once pass no more than the limit.
 */
async function passwordResetLimit(
  counter: AttemptCounter,
  method: string,
  path: string,
  ip: string,
  body: Record<string, unknown>,
): Promise<{ code: ErrorCode; windowMs: number } | null> {
  if (method !== 'POST') return null;
  if (path === '/request-password-reset' || path === '/phone/reset-code') {
    const perAddress = ATTEMPT_LIMITS.resetRequestsPerAddress;
    if ((await counter.hit(`reset-request:${ip}`, perAddress.windowMs)) > perAddress.max)
      return { code: 'RESET_RATE_LIMITED', windowMs: perAddress.windowMs };
    const account =
      path === '/request-password-reset'
        ? typeof body.email === 'string'
          ? body.email.trim().toLowerCase().slice(0, 254)
          : null
        : typeof body.phone === 'string'
          ? normalizeSaudiMobile(body.phone)
          : null;
    // a malformed email or number: the endpoint refuses it (VALIDATION_ERROR), nothing to count
    if (account) {
      const perAccount = ATTEMPT_LIMITS.resetRequestsPerAccount;
      if ((await counter.hit(`reset-request:${account}`, perAccount.windowMs)) > perAccount.max)
        return { code: 'RESET_RATE_LIMITED', windowMs: perAccount.windowMs };
    }
  }
  if (path === '/reset-password' || path === '/phone/reset-password') {
    const { max, windowMs } = ATTEMPT_LIMITS.resetAttemptsPerAddress;
    if ((await counter.hit(`reset-attempt:${ip}`, windowMs)) > max)
      return { code: 'RESET_RATE_LIMITED', windowMs };
  }
  return null;
}

function limited(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, windowMs: number) {
  reply.header('retry-after', String(Math.ceil(windowMs / 1000)));
  return sendApiError(request, reply, code);
}
