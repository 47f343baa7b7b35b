import type { AccountSessions } from '#shared/schemas/sessions.ts';
import {
  RESET_PASSWORD_PAGE,
  type ChangePasswordRequest,
  type RequestResetCodeInput,
  type ResetPasswordPhoneInput,
  type SendPhoneCodeInput,
  type SignInEmailInput,
  type SignInPhoneInput,
  type SignUpRequest,
  type VerifyPhoneCodeInput,
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

/** POST /api/auth/request-password-reset — a reset link by email (same answer for any address). */
export const requestPasswordReset = (email: string) =>
  apiFetch('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: RESET_PASSWORD_PAGE },
  });

/** POST /api/auth/reset-password — the link's token and the new password. */
export const resetPasswordWithToken = (token: string, newPassword: string) =>
  apiFetch('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });

/** POST /api/auth/phone/reset-code — a reset code by SMS (same answer for any number). */
export const sendResetCode = (input: RequestResetCodeInput) =>
  apiFetch('/api/auth/phone/reset-code', { method: 'POST', body: input });

/** POST /api/auth/phone/reset-password — the SMS code and the new password. */
export const resetPasswordWithCode = (input: ResetPasswordPhoneInput) =>
  apiFetch('/api/auth/phone/reset-password', { method: 'POST', body: input });

/** POST /api/auth/change-password — other devices are signed out unless told otherwise. */
export const changePassword = (input: ChangePasswordRequest) =>
  apiFetch('/api/auth/change-password', { method: 'POST', body: input });

/** GET /api/me/sessions — the account's signed-in devices. */
export const listSessions = (signal?: AbortSignal) =>
  apiFetch<AccountSessions>('/api/me/sessions', { signal });

/** DELETE /api/me/sessions/:id — sign out of one device. */
export const endSession = (sessionId: string) =>
  apiFetch(`/api/me/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });

/** POST /api/me/sessions/end-all — sign out everywhere, this device too. */
export const endAllSessions = () => apiFetch('/api/me/sessions/end-all', { method: 'POST' });

/** POST /api/me/data-export — the server prepares a copy of the person's data and emails a link. */
export const requestDataExport = () =>
  apiFetch<{ status: 'preparing' }>('/api/me/data-export', { method: 'POST' });

/** POST /api/me/email-change — a link to confirm the new address is sent to it. */
export const requestEmailChange = (newEmail: string) =>
  apiFetch<{ status: 'sent'; email: string }>('/api/me/email-change', {
    method: 'POST',
    body: { newEmail },
  });

/** POST /api/me/email-change/confirm — the link's token: the account's email becomes the new one. */
export const confirmEmailChange = (token: string) =>
  apiFetch<{ status: 'changed'; email: string }>('/api/me/email-change/confirm', {
    method: 'POST',
    body: { token },
  });

/** POST /api/me/phone/code — a code by SMS to the new number. */
export const sendPhoneChangeCode = (phone: string) =>
  apiFetch<{ sent: true; expiresInSeconds: number; resendInSeconds: number }>(
    '/api/me/phone/code',
    { method: 'POST', body: { phone } },
  );

/** POST /api/me/phone — the new number and its code. */
export const changePhone = (input: { phone: string; code: string }) =>
  apiFetch<{ status: 'changed'; phone: string }>('/api/me/phone', { method: 'POST', body: input });

/** POST /api/me/deletion — refused with a reason, or scheduled (every session ends). */
export const requestAccountDeletion = () =>
  apiFetch<{ status: 'scheduled'; erasesAt: string }>('/api/me/deletion', {
    method: 'POST',
    body: { confirm: true },
  });
