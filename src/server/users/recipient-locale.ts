import type { Locale } from '#shared/constants.ts';

/** A stored language, when it is one we write in. */
export const storedLocale = (stored: string | null | undefined): Locale | null =>
  stored === 'ar' || stored === 'en' ? stored : null;

/**
 * The language a person is written to: the one stored with their account, else the language of
 * the request that caused the message (the admin's, for a decision; the visitor's, for a form).
 */
export const recipientLocale = (stored: string | null | undefined, fallback: Locale): Locale =>
  storedLocale(stored) ?? fallback;
