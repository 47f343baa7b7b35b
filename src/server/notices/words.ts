import type { Locale } from '#shared/constants.ts';
import { isolate } from '#shared/format.ts';
import { ar } from './words/ar.ts';
import { en } from './words/en.ts';

/**
 * The one home of what emails and WhatsApp notices say, in Arabic (words/ar.ts) and English
 * (words/en.ts). The Arabic file gives the shape; the English one must match it key for key
 * (tsc) and words.test.ts checks that no text is empty and that each WhatsApp body has the same
 * parameters in both. Templates (one per event, in their feature's `emails/` folder) pick their
 * words here and never write a sentence of their own — nor choose one with `locale === 'ar'`.
 */
export type NoticeWords = typeof ar;

export const noticeWords: Record<Locale, NoticeWords> = { ar, en };

/** The recipient's words. */
export const wordsFor = (locale: Locale): NoticeWords => noticeWords[locale];

/**
 * "Hello Sara," in the recipient's language — the one greeting of every email. The name keeps
 * its own direction: isolated with U+2068…U+2069 in the plain text (an English name in an Arabic
 * sentence, or the reverse), which the email layout also wraps in `<bdi dir="auto">` in HTML.
 */
export const greeting = (locale: Locale, name: string): string =>
  noticeWords[locale].hello(isolate(name));
