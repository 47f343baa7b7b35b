import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { fieldRule } from '../message-codes.ts';

/** GET /api/me — the signed-in user and their role codes (401 when signed out). */
export const meUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  fullName: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  locale: z.enum(LOCALES),
  /** when they agreed to booking notices on WhatsApp; null: they did not (the default) */
  whatsappOptInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MeUser = z.infer<typeof meUserSchema>;

export const meResponseSchema = z.object({
  user: meUserSchema,
  roles: z.array(z.string()),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * PUT /api/me/whatsapp: turn booking notices on WhatsApp on or off (PDPL: off until the person
 * says yes; the time of the yes is kept; saying no clears it).
 */
export const whatsAppConsentSchema = z.strictObject({
  optIn: z.boolean({ error: fieldRule('invalid') }),
});
export type WhatsAppConsentInput = z.input<typeof whatsAppConsentSchema>;

export const whatsAppConsentResponseSchema = z.object({
  optIn: z.boolean(),
  /** ISO time of the consent; null when off */
  whatsappOptInAt: z.string().nullable(),
});
export type WhatsAppConsentResponse = z.infer<typeof whatsAppConsentResponseSchema>;
