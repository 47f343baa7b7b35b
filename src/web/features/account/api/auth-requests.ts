import type {
  SendPhoneCodeInput,
  SignInEmailInput,
  SignInPhoneInput,
  SignUpRequest,
  VerifyPhoneCodeInput,
} from '#shared/schemas/account.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** Where an activation link brings the user back (the server adds it to the email too). */
export const ACTIVATED_PATH = '/auth?activated=1';

/** POST /api/auth/phone/send-code — a 6-digit code by SMS (sign-up or sign-in). */
export const sendPhoneCode = (input: SendPhoneCodeInput) =>
  apiFetch<{ sent: true; expiresInSeconds: number; resendInSeconds: number }>(
    '/api/auth/phone/send-code',
    { method: 'POST', body: input },
  );

/** POST /api/auth/phone/verify — the code → a proof the sign-up presents. */
export const verifyPhoneCode = (input: VerifyPhoneCodeInput) =>
  apiFetch<{ phoneProof: string }>('/api/auth/phone/verify', { method: 'POST', body: input });

/** POST /api/auth/sign-up — the account; the activation email is on its way. */
export const signUp = (input: SignUpRequest) =>
  apiFetch<{ status: 'activation_sent' }>('/api/auth/sign-up', { method: 'POST', body: input });

/** POST /api/auth/sign-in/email */
export const signInWithEmail = (input: SignInEmailInput) =>
  apiFetch('/api/auth/sign-in/email', { method: 'POST', body: input });

/** POST /api/auth/sign-in/phone */
export const signInWithPhone = (input: SignInPhoneInput) =>
  apiFetch('/api/auth/sign-in/phone', { method: 'POST', body: input });

/** POST /api/auth/send-verification-email — sends the activation link again. */
export const resendActivation = (email: string) =>
  apiFetch('/api/auth/send-verification-email', {
    method: 'POST',
    body: { email, callbackURL: ACTIVATED_PATH },
  });

/** POST /api/auth/sign-in/social — starts Google sign-in; the browser follows the returned URL. */
export const startGoogleSignIn = (callbackURL: string) =>
  apiFetch<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL, errorCallbackURL: '/auth?error=google' },
  });
