import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { meetsPasswordPolicy, PASSWORD_MAX_LENGTH } from '../domain/password-policy.ts';
import { normalizeSaudiMobile } from '../domain/phone.ts';
import { fieldRule } from '../message-codes.ts';
import { emailField, requiredText } from './fields.ts';

/** A Saudi mobile in any common form → E.164 (+9665XXXXXXXX). */
export const saudiMobileField = () =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? fieldRule('required') : fieldRule('invalid')),
    })
    .trim()
    .min(1, { error: fieldRule('required') })
    .transform((value, ctx) => {
      const phone = normalizeSaudiMobile(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: fieldRule('phone') });
        return z.NEVER;
      }
      return phone;
    });

export const passwordField = () =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? fieldRule('required') : fieldRule('invalid')),
    })
    .min(1, { error: fieldRule('required') })
    .max(PASSWORD_MAX_LENGTH, { error: fieldRule('tooLong') })
    .refine(meetsPasswordPolicy, { error: fieldRule('passwordPolicy') });

export const codeField = () =>
  z
    .string({ error: fieldRule('code') })
    .trim()
    .regex(/^\d{6}$/, { error: fieldRule('code') });

/** Step 1 of sign-up and of phone sign-in: send a code to this number. */
export const sendPhoneCodeSchema = z.object({
  phone: saudiMobileField(),
  purpose: z.enum(['signup', 'signin'], { error: fieldRule('notOneOf') }),
});
export type SendPhoneCodeInput = z.input<typeof sendPhoneCodeSchema>;

/** Step 2 of sign-up: the code → a proof that the sign-up presents. */
export const verifyPhoneCodeSchema = z.object({ phone: saudiMobileField(), code: codeField() });
export type VerifyPhoneCodeInput = z.input<typeof verifyPhoneCodeSchema>;

export const FULL_NAME_MAX = 100;

/** The sign-up form (browser): the confirmation must match. */
export const signUpFormSchema = z
  .object({
    fullName: requiredText(FULL_NAME_MAX),
    email: emailField(),
    phone: saudiMobileField(),
    password: passwordField(),
    passwordConfirmation: z
      .string({ error: fieldRule('required') })
      .min(1, { error: fieldRule('required') }),
    /** booking notices on WhatsApp: off unless ticked (PDPL) */
    whatsappOptIn: z.boolean({ error: fieldRule('invalid') }).default(false),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    error: fieldRule('passwordsMismatch'),
  });
export type SignUpFormInput = z.input<typeof signUpFormSchema>;

/** POST /api/auth/sign-up: the account, with the proof that the phone was verified first. */
export const signUpRequestSchema = z.object({
  fullName: requiredText(FULL_NAME_MAX),
  email: emailField(),
  phone: saudiMobileField(),
  password: passwordField(),
  phoneProof: z
    .string({ error: fieldRule('required') })
    .min(1, { error: fieldRule('required') })
    .min(16, { error: fieldRule('invalid') })
    .max(200, { error: fieldRule('invalid') }),
  locale: z.enum(LOCALES).optional(),
  /** the person agreed to booking notices on WhatsApp (their verified number); off by default */
  whatsappOptIn: z.boolean({ error: fieldRule('invalid') }).optional(),
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

/** Sign-in by email and password. */
export const signInEmailSchema = z.object({
  email: emailField(),
  password: z
    .string({ error: fieldRule('required') })
    .min(1, { error: fieldRule('required') })
    .max(PASSWORD_MAX_LENGTH, { error: fieldRule('tooLong') }),
});
export type SignInEmailInput = z.input<typeof signInEmailSchema>;

/** Sign-in by phone code. */
export const signInPhoneSchema = z.object({ phone: saudiMobileField(), code: codeField() });
export type SignInPhoneInput = z.input<typeof signInPhoneSchema>;

/**
 * POST /api/auth/update-user (better-auth's): the same rule for the name as sign-up; nothing else
 * can be changed there (not the phone, the email or the roles), and a key it does not name is
 * refused rather than stored.
 */
export const updateUserRequestSchema = z.strictObject(
  {
    fullName: requiredText(FULL_NAME_MAX).optional(),
    name: requiredText(FULL_NAME_MAX).optional(),
  },
  { error: fieldRule('invalid') },
);
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

/** POST /api/auth/change-password: the new password meets the policy, as at sign-up. */
export const changePasswordRequestSchema = z.strictObject(
  {
    currentPassword: z
      .string({ error: fieldRule('required') })
      .min(1, { error: fieldRule('required') })
      .max(PASSWORD_MAX_LENGTH, { error: fieldRule('tooLong') }),
    newPassword: passwordField(),
    /**
     * Sign out every other device and token (issue 38): on unless the client says false. The
     * client that changed it stays signed in (a fresh session: cookie and `token`).
     */
    revokeOtherSessions: z.boolean({ error: fieldRule('invalid') }).default(true),
  },
  { error: fieldRule('invalid') },
);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** POST /api/auth/reset-password: a reset link's token and a new password under the policy. */
export const resetPasswordRequestSchema = z.strictObject(
  {
    newPassword: passwordField(),
    token: z
      .string({ error: fieldRule('required') })
      .min(1, { error: fieldRule('required') })
      .max(500, { error: fieldRule('invalid') }),
  },
  { error: fieldRule('invalid') },
);

/** The reset link's path in the web app: `/reset-password?token=…` (the page sets the new password). */
export const RESET_PASSWORD_PAGE = '/reset-password';

/**
 * POST /api/auth/request-password-reset: a reset link to this email, if an account has it (the
 * answer is the same either way). Where the link lands is the app's reset page, not the client's.
 */
export const requestPasswordResetSchema = z.strictObject(
  { email: emailField(), redirectTo: z.literal(RESET_PASSWORD_PAGE).optional() },
  { error: fieldRule('invalid') },
);
export type RequestPasswordResetInput = z.input<typeof requestPasswordResetSchema>;

/** POST /api/auth/phone/reset-code: a reset code by SMS to this number, if an account has it verified. */
export const requestResetCodeSchema = z.strictObject(
  { phone: saudiMobileField() },
  { error: fieldRule('invalid') },
);
export type RequestResetCodeInput = z.input<typeof requestResetCodeSchema>;

/** POST /api/auth/phone/reset-password: the SMS code and a new password under the policy. */
export const resetPasswordPhoneSchema = z.strictObject(
  { phone: saudiMobileField(), code: codeField(), newPassword: passwordField() },
  { error: fieldRule('invalid') },
);
export type ResetPasswordPhoneInput = z.input<typeof resetPasswordPhoneSchema>;

/** POST /api/me/email-change: a link to confirm the new address is sent to it (decision 071). */
export const emailChangeSchema = z.strictObject(
  { newEmail: emailField() },
  { error: fieldRule('invalid') },
);
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

/** POST /api/me/email-change/confirm: the token of the link sent to the new address. */
export const confirmEmailChangeSchema = z.strictObject(
  {
    token: z
      .string({ error: fieldRule('required') })
      .min(1, { error: fieldRule('required') })
      .max(200, { error: fieldRule('tooLong') }),
  },
  { error: fieldRule('invalid') },
);

/** POST /api/me/phone/code: a code by SMS to the new number. */
export const phoneChangeCodeSchema = z.strictObject(
  { phone: saudiMobileField() },
  { error: fieldRule('invalid') },
);
export type PhoneChangeCodeInput = z.input<typeof phoneChangeCodeSchema>;

/** POST /api/me/phone: the new number and the code it received. */
export const phoneChangeSchema = z.strictObject(
  { phone: saudiMobileField(), code: codeField() },
  { error: fieldRule('invalid') },
);
export type PhoneChangeInput = z.input<typeof phoneChangeSchema>;

/** POST /api/me/deletion: `confirm: true`, so no stray request deletes an account. */
export const accountDeletionSchema = z.strictObject(
  { confirm: z.literal(true, { error: fieldRule('required') }) },
  { error: fieldRule('invalid') },
);
export const accountDeletionAnswerSchema = z.object({
  status: z.literal('scheduled'),
  /** when the data will be erased unless the person signs in before */
  erasesAt: z.string(),
});
export type AccountDeletionAnswer = z.infer<typeof accountDeletionAnswerSchema>;
