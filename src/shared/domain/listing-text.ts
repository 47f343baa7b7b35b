import type { Locale } from '../constants.ts';

/**
 * A listing's text in the reader's language, else the listing's own (a host writes in one
 * language; the other may be missing). `translated` is false when the fallback was used.
 */
export function localText(
  texts: { ar: string | null; en: string | null },
  locale: Locale,
): { text: string; language: Locale; translated: boolean } {
  const own = texts[locale];
  if (own) return { text: own, language: locale, translated: true };
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  return { text: texts[other] ?? '', language: other, translated: false };
}

export function spaceName(space: { nameAr: string | null; nameEn: string | null }, locale: Locale) {
  return localText({ ar: space.nameAr, en: space.nameEn }, locale).text;
}
