import type { Locale } from '#shared/constants.ts';

/**
 * The plural category of a count in a language: Arabic has six (zero, one, two, few, many,
 * other), English two. A text that shows a count has one key per category in both languages'
 * files (`….guests.few`), so the locale tests keep the two files in step.
 */
export type PluralCategory = Intl.LDMLPluralRule;

const rules = new Map<Locale, Intl.PluralRules>();

export function pluralCategory(count: number, locale: Locale): PluralCategory {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return rule.select(count);
}
