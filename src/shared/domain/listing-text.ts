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

/** The most characters of a page description search engines show; longer ones end in "…". */
export const DESCRIPTION_MAX = 160;

/**
 * A space's page description (decision 036): its description in the reader's language, else the
 * other one's (as the page shows it), on one line, cut at a word before DESCRIPTION_MAX; null
 * when it has none (the site's own description is used).
 */
export function spaceDescription(
  space: { descriptionAr: string | null; descriptionEn: string | null },
  locale: Locale,
): string | null {
  const text = localText({ ar: space.descriptionAr, en: space.descriptionEn }, locale)
    .text.replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DESCRIPTION_MAX / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:،؛]+$/u, '')}…`;
}
