/**
 * Messages the server can send, in both languages: API error codes and field rules.
 * The server answers `{ error: { code, message, fields } }` in the request's language; the web
 * loads the current language's file of the same catalogue (messages/{ar,en}.ts) into its `t`
 * (`errors:CODE`, `fields:rule`), so a code or a field rule reads the same wherever it is shown.
 * English texts of docs/product-spec.md §8 are quoted exactly. The web imports codes from
 * message-codes.ts only.
 */
import type { Locale } from './constants.ts';
import { fieldKeyPrefix, type ErrorCode, type FieldRule } from './message-codes.ts';
import * as ar from './messages/ar.ts';
import * as en from './messages/en.ts';

export * from './message-codes.ts';

export const errorMessages: Record<Locale, Record<ErrorCode, string>> = {
  en: en.errors,
  ar: ar.errors,
};

export const fieldMessages: Record<Locale, Record<FieldRule, string>> = {
  en: en.fields,
  ar: ar.fields,
};

/** Turns a zod issue message into text: a `fields.*` key is translated, anything else is generic. */
export function fieldMessage(message: string, locale: Locale): string {
  if (message.startsWith(fieldKeyPrefix)) {
    const rule = message.slice(fieldKeyPrefix.length) as FieldRule;
    if (rule in fieldMessages[locale]) return fieldMessages[locale][rule];
  }
  return fieldMessages[locale].invalid;
}

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return errorMessages[locale][code];
}

/** The first supported language in an Accept-Language header; Arabic when none is given. */
export function pickLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return 'ar';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        lang: tag.toLowerCase().split('-')[0],
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const r of ranked) {
    if (r.lang === 'ar' || r.lang === 'en') return r.lang;
  }
  return 'ar';
}
