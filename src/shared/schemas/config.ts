/** GET /api/config: the public switches the web needs before it draws some controls. */
export interface PublicConfig {
  /** Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
  googleSignIn: boolean;
  /** Auto-translation of listings is configured (TRANSLATE_URL). */
  translation: boolean;
  /** The team's WhatsApp number, digits only with the country code (966…). */
  whatsappNumber: string;
}
