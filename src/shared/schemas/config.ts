import { z } from 'zod';
import { publicBusinessSchema } from './pages.ts';

/** GET /api/config: the public switches the web needs before it draws some controls. */
export const publicConfigSchema = z.object({
  /** Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
  googleSignIn: z.boolean(),
  /** Auto-translation of listings is configured (TRANSLATE_URL). */
  translation: z.boolean(),
  /** The team's WhatsApp number, digits only with the country code (966…); null when
   *  WHATSAPP_NUMBER is unset, and the contact page shows no WhatsApp link. */
  whatsappNumber: z.string().nullable(),
  /** who runs the service: the footer and /about, /terms, /privacy (BUSINESS_* variables) */
  business: publicBusinessSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
