import type { Locale } from '#shared/constants.ts';
import { noticeWords } from './words.ts';

/**
 * The WhatsApp templates HourSpace sends (issue 20): each one's name and parameters; the Arabic
 * and English bodies are in the notice words (words/ar.ts, words/en.ts, `whatsapp`). WhatsApp
 * lets a business start a conversation only with a template Meta approved, so each must be
 * approved in the WhatsApp Business account under WHATSAPP_TEMPLATE_PREFIX + its name
 * (`hourspace_` + `booking_confirmed_renter`), in Arabic (`ar`) and English (`en`), category
 * "Utility", with exactly those texts: {{1}}, {{2}}, … are the parameters in the order of
 * `params`. The embedded default writes the same texts to DATA_DIR/whatsapp.
 *
 * To add one: its parameters here, its two bodies in the words, and the template in a row of
 * the notice table (notice-table.ts).
 */
const PARAMS = {
  booking_requested_renter: ['space', 'date', 'time', 'total'],
  booking_requested_host: ['space', 'date', 'time'],
  booking_confirmed_renter: ['space', 'date', 'time', 'total'],
  booking_confirmed_host: ['space', 'date', 'time'],
  booking_declined_renter: ['space', 'date', 'time'],
  booking_declined_host: ['space', 'date', 'time'],
  booking_cancelled_host: ['space', 'date', 'time'],
  booking_expired_renter: ['space', 'date', 'time'],
  booking_expired_host: ['space', 'date', 'time'],
  booking_revoked_renter: ['space', 'date', 'time'],
  booking_revoked_host: ['space', 'date', 'time'],
  message_received: ['sender', 'space', 'text', 'link'],
  booking_released_renter: ['space', 'date', 'time'],
  booking_released_host: ['space', 'date', 'time'],
  booking_payment_due_renter: ['space', 'date', 'time', 'total', 'deadline', 'link'],
} as const satisfies Record<keyof typeof noticeWords.ar.whatsapp, readonly string[]>;

export type WhatsAppTemplate = keyof typeof PARAMS;
/** The templates of a booking's events (they take its space, date, time and total). */
export type BookingWhatsAppTemplate = Extract<WhatsAppTemplate, `booking_${string}`>;

/** Each template: its parameters' names in order, and its body in each language. */
export const WHATSAPP_TEMPLATES = Object.fromEntries(
  (Object.keys(PARAMS) as WhatsAppTemplate[]).map((name) => [
    name,
    { params: PARAMS[name], ar: noticeWords.ar.whatsapp[name], en: noticeWords.en.whatsapp[name] },
  ]),
) as {
  [T in WhatsAppTemplate]: { params: (typeof PARAMS)[T]; ar: string; en: string };
};

/** The named parameters of a template: `{ space, date, time }`. */
export type WhatsAppParams<T extends WhatsAppTemplate> = Record<(typeof PARAMS)[T][number], string>;

/** The body of a template in a language, with {{1}}, {{2}}… for its parameters. */
export const whatsAppBody = (template: WhatsAppTemplate, locale: Locale): string =>
  noticeWords[locale].whatsapp[template];
