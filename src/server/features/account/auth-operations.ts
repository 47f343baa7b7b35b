import { z } from 'zod';
import type { ErrorCode } from '#shared/messages.ts';
import {
  changePasswordRequestSchema,
  requestPasswordResetSchema,
  requestResetCodeSchema,
  resetPasswordPhoneSchema,
  resetPasswordRequestSchema,
  sendPhoneCodeSchema,
  signInEmailSchema,
  signInPhoneSchema,
  signUpRequestSchema,
  updateUserRequestSchema,
  verifyPhoneCodeSchema,
} from '#shared/schemas/account.ts';

/**
 * better-auth answers under one Fastify route (`GET|POST /api/auth/*`); these are the endpoints
 * behind it that HourSpace uses, each with its request and answer, for the OpenAPI document
 * (plugins/api-docs). Requests use the same shared schemas the endpoints parse with.
 */
export interface AuthOperation {
  method: 'get' | 'post';
  path: string;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** status → answer */
  responses: Record<number, z.ZodType>;
  /**
   * The codes this endpoint answers beyond those every better-auth endpoint can
   * (`authOperationErrors` in plugins/api-docs); each lands under its `ERROR_STATUS`.
   */
  errors: ErrorCode[];
}

const authUser = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
});
const status = z.object({ status: z.boolean() });

export const AUTH_OPERATIONS: AuthOperation[] = [
  {
    method: 'post',
    path: '/api/auth/phone/send-code',
    summary: 'Send a 6-digit code to a Saudi mobile (sign-up or sign-in)',
    body: sendPhoneCodeSchema,
    responses: {
      200: z.object({
        sent: z.literal(true),
        expiresInSeconds: z.number(),
        resendInSeconds: z.number(),
      }),
    },
    errors: ['PHONE_TAKEN', 'PHONE_CODE_TOO_SOON', 'PHONE_CODE_LIMIT', 'SMS_SEND_FAILED'],
  },
  {
    method: 'post',
    path: '/api/auth/phone/verify',
    summary: 'Verify the sign-up code: a proof for /sign-up',
    body: verifyPhoneCodeSchema,
    responses: { 200: z.object({ phoneProof: z.string() }) },
    errors: ['INVALID_CODE'],
  },
  {
    method: 'post',
    path: '/api/auth/sign-up',
    summary: 'Create an account (verified phone first); an activation email follows',
    body: signUpRequestSchema,
    responses: {
      201: z.object({ status: z.literal('activation_sent'), email: z.string() }),
    },
    errors: ['PHONE_NOT_VERIFIED', 'EMAIL_TAKEN', 'PHONE_TAKEN', 'SIGNUP_RATE_LIMITED'],
  },
  {
    method: 'post',
    path: '/api/auth/sign-in/email',
    summary:
      'Sign in with email and password. Sets the session cookie, and answers the bearer token for apps in the `set-auth-token` header',
    body: signInEmailSchema,
    responses: {
      200: z.object({
        redirect: z.boolean(),
        token: z.string(),
        url: z.string().nullable().optional(),
        user: authUser,
      }),
    },
    errors: [
      'CREDENTIALS_REQUIRED',
      'EMAIL_PASSWORD_REQUIRED',
      'INVALID_CREDENTIALS',
      'EMAIL_NOT_VERIFIED',
      'SIGNIN_RATE_LIMITED',
      // better-auth could not create the session
      'UNAUTHORIZED',
    ],
  },
  {
    method: 'post',
    path: '/api/auth/sign-in/phone',
    summary: 'Sign in with a code sent to the phone (session cookie and `set-auth-token`)',
    body: signInPhoneSchema,
    responses: { 200: z.object({ user: z.object({ id: z.string(), email: z.string() }) }) },
    errors: ['INVALID_CODE', 'EMAIL_NOT_VERIFIED', 'SIGNIN_RATE_LIMITED'],
  },
  {
    method: 'post',
    path: '/api/auth/sign-out',
    summary: 'End the session (cookie or bearer token); the token is refused afterwards',
    body: z.object({}),
    responses: { 200: z.object({ success: z.boolean() }) },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/auth/get-session',
    summary: 'The current session and user, or null',
    responses: {
      200: z
        .object({
          session: z.looseObject({ id: z.string(), expiresAt: z.string() }),
          user: authUser,
        })
        .nullable(),
    },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/auth/update-user',
    summary: 'Change the signed-in user’s name (the sign-up rules)',
    body: updateUserRequestSchema,
    responses: { 200: status },
    errors: ['UNAUTHORIZED'],
  },
  {
    method: 'post',
    path: '/api/auth/change-password',
    summary:
      'Change the password (current one required, the policy applies). Every other session and bearer token ends unless `revokeOtherSessions` is false; this client gets a fresh session (cookie and `token`). The account is emailed',
    body: changePasswordRequestSchema,
    responses: { 200: z.looseObject({ token: z.string().nullable(), user: authUser }) },
    errors: ['UNAUTHORIZED', 'WRONG_PASSWORD', 'NO_PASSWORD', 'RATE_LIMITED', 'PASSWORD_POLICY'],
  },
  {
    method: 'post',
    path: '/api/auth/request-password-reset',
    summary:
      'Email a reset link (30 minutes, single use) if an account has this email; the same answer either way',
    body: requestPasswordResetSchema,
    responses: { 200: z.object({ status: z.boolean(), message: z.string() }) },
    errors: ['RESET_RATE_LIMITED'],
  },
  {
    method: 'post',
    path: '/api/auth/reset-password',
    summary:
      'Set a new password with a reset link’s token (the policy applies); every session ends and the account is emailed',
    body: resetPasswordRequestSchema,
    responses: { 200: status },
    errors: ['INVALID_TOKEN', 'RESET_RATE_LIMITED', 'PASSWORD_POLICY'],
  },
  {
    method: 'post',
    path: '/api/auth/phone/reset-code',
    summary:
      'Send a reset code by SMS if an account has this number verified; the same answer either way',
    body: requestResetCodeSchema,
    responses: {
      200: z.object({
        sent: z.literal(true),
        expiresInSeconds: z.number(),
        resendInSeconds: z.number(),
      }),
    },
    errors: ['RESET_RATE_LIMITED'],
  },
  {
    method: 'post',
    path: '/api/auth/phone/reset-password',
    summary:
      'Set a new password with the SMS reset code; every session ends and the account is emailed',
    body: resetPasswordPhoneSchema,
    responses: { 200: status },
    errors: ['INVALID_CODE', 'RESET_RATE_LIMITED'],
  },
  {
    method: 'post',
    path: '/api/auth/send-verification-email',
    summary: 'Send the activation email again',
    body: z.object({ email: z.string(), callbackURL: z.string().optional() }),
    responses: { 200: status },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/auth/verify-email',
    summary: 'The activation link: verifies the email, signs in and redirects to the sign-in page',
    query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
    responses: { 200: status, 302: z.null() },
    // a bad or expired token; a token whose user is gone; a callback URL on another origin
    errors: ['INVALID_TOKEN', 'UNAUTHORIZED', 'FORBIDDEN'],
  },
  {
    method: 'post',
    path: '/api/auth/sign-in/social',
    summary: 'Start “Continue with Google” (when configured): the provider URL to open',
    body: z.object({
      provider: z.literal('google'),
      callbackURL: z.string().optional(),
      errorCallbackURL: z.string().optional(),
    }),
    responses: { 200: z.object({ url: z.string(), redirect: z.boolean() }) },
    // a provider that is not configured
    errors: ['NOT_FOUND'],
  },
  {
    method: 'get',
    path: '/api/auth/callback/{providerId}',
    summary: 'The provider’s redirect back: signs in and redirects into the app',
    query: z.looseObject({ code: z.string().optional(), state: z.string().optional() }),
    responses: { 302: z.null() },
    // FORBIDDEN: a callback URL on another origin; NOT_FOUND: a provider that is not configured
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  },
];
