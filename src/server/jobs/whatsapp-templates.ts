import type { Locale } from '#shared/constants.ts';

/**
 * The WhatsApp templates HourSpace sends (issue 20). WhatsApp lets a business start a
 * conversation only with a template Meta approved, so each one here must be approved in the
 * WhatsApp Business account under WHATSAPP_TEMPLATE_PREFIX + its name (`hourspace_` +
 * `booking_confirmed_renter`), in Arabic (`ar`) and English (`en`), category "Utility", with
 * exactly these texts: {{1}}, {{2}}, … are the parameters in the order of `params`. The embedded
 * default writes the same texts to DATA_DIR/whatsapp. README.md lists them for the operator.
 *
 * To add one (the expiry and reminder notices): a new entry here, then
 * `enqueueWhatsApp(tx, user, '<name>', { …params })` in the transaction that causes it.
 */
export const WHATSAPP_TEMPLATES = {
  booking_requested_renter: {
    params: ['space', 'date', 'time', 'total'],
    ar: 'استلمنا طلب حجزك في {{1}} يوم {{2}}، {{3}}. الإجمالي {{4}} شامل ضريبة القيمة المضافة. لا يُعد الحجز مؤكدًا حتى يتواصل معك فريقنا.',
    en: 'We received your booking request for {{1}} on {{2}}, {{3}}. Total {{4}}, VAT included. The booking is not confirmed until our team contacts you.',
  },
  booking_requested_host: {
    params: ['space', 'date', 'time'],
    ar: 'وصل طلب حجز جديد لمساحتك {{1}} يوم {{2}}، {{3}}. سيراجعه فريقنا ويبلغك بقراره.',
    en: 'A new booking request arrived for your space {{1}} on {{2}}, {{3}}. Our team will review it and let you know.',
  },
  booking_confirmed_renter: {
    params: ['space', 'date', 'time', 'total'],
    ar: 'تم تأكيد حجزك في {{1}} يوم {{2}}، {{3}}. الإجمالي {{4}} شامل ضريبة القيمة المضافة.',
    en: 'Your booking at {{1}} on {{2}}, {{3}} is confirmed. Total {{4}}, VAT included.',
  },
  booking_confirmed_host: {
    params: ['space', 'date', 'time'],
    ar: 'تم تأكيد حجز في مساحتك {{1}} يوم {{2}}، {{3}}.',
    en: 'A booking at your space {{1}} on {{2}}, {{3}} is confirmed.',
  },
  booking_declined_renter: {
    params: ['space', 'date', 'time'],
    ar: 'نعتذر، لم يُقبل طلب حجزك في {{1}} يوم {{2}}، {{3}}. يمكنك اختيار وقت آخر أو مساحة أخرى.',
    en: 'Sorry, your booking request for {{1}} on {{2}}, {{3}} was not accepted. You can choose another time or another space.',
  },
  booking_declined_host: {
    params: ['space', 'date', 'time'],
    ar: 'رُفض طلب الحجز في مساحتك {{1}} يوم {{2}}، {{3}}.',
    en: 'The booking request for your space {{1}} on {{2}}, {{3}} was declined.',
  },
  booking_cancelled_host: {
    params: ['space', 'date', 'time'],
    ar: 'ألغى المستأجر طلب الحجز في مساحتك {{1}} يوم {{2}}، {{3}}.',
    en: 'The renter cancelled the booking request for your space {{1}} on {{2}}, {{3}}.',
  },
  booking_expired_renter: {
    params: ['space', 'date', 'time'],
    ar: 'انتهت مهلة طلب حجزك في {{1}} يوم {{2}}، {{3}} دون تأكيد. يمكنك اختيار وقت آخر أو مساحة أخرى.',
    en: 'Your booking request for {{1}} on {{2}}, {{3}} expired without a decision. You can choose another time or another space.',
  },
  booking_expired_host: {
    params: ['space', 'date', 'time'],
    ar: 'انتهت مهلة طلب الحجز في مساحتك {{1}} يوم {{2}}، {{3}} دون قرار.',
    en: 'The booking request for your space {{1}} on {{2}}, {{3}} expired without a decision.',
  },
  booking_revoked_renter: {
    params: ['space', 'date', 'time'],
    ar: 'نعتذر، ألغى فريقنا حجزك المؤكد في {{1}} يوم {{2}}، {{3}}، وأصبح الموعد متاحًا. أرسلنا السبب إلى بريدك الإلكتروني.',
    en: 'Sorry, our team cancelled your confirmed booking at {{1}} on {{2}}, {{3}}. The reason is in your email.',
  },
  booking_revoked_host: {
    params: ['space', 'date', 'time'],
    ar: 'ألغى فريقنا الحجز المؤكد في مساحتك {{1}} يوم {{2}}، {{3}}.',
    en: 'Our team cancelled the confirmed booking at your space {{1}} on {{2}}, {{3}}.',
  },
} as const satisfies Record<string, { params: readonly string[]; ar: string; en: string }>;

export type WhatsAppTemplate = keyof typeof WHATSAPP_TEMPLATES;
/** The named parameters of a template: `{ space, date, time }`. */
export type WhatsAppParams<T extends WhatsAppTemplate> = Record<
  (typeof WHATSAPP_TEMPLATES)[T]['params'][number],
  string
>;

/** The parameters in the template's order ({{1}}, {{2}}, …). */
export function orderedParams<T extends WhatsAppTemplate>(
  template: T,
  params: WhatsAppParams<T>,
): string[] {
  return WHATSAPP_TEMPLATES[template].params.map(
    (name) => (params as Record<string, string>)[name] ?? '',
  );
}

/** The text a template makes with its parameters, as the recipient reads it. */
export function renderWhatsAppText(
  template: WhatsAppTemplate,
  locale: Locale,
  params: string[],
): string {
  return WHATSAPP_TEMPLATES[template][locale].replace(
    /\{\{(\d+)\}\}/g,
    (_, n: string) => params[Number(n) - 1] ?? '',
  );
}
