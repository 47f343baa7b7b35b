import type { Locale } from './constants.ts';
import { formatNumber } from './format.ts';

/**
 * Counts in words ("3 ضيوف", "ضيفان", "11 ضيفًا", "1 guest") for screens and emails alike
 * (docs/decisions/034-arabic-counts-hijri-and-direction.md). Arabic has six plural categories
 * (`Intl.PluralRules('ar')`: zero, one, two, few, many, other) and English two; the forms of
 * each counted noun are written once here, so the web and the server say the same thing.
 *
 * Arabic "one" and "two" read as words without a digit ("ساعة واحدة", "ساعتان"), as a Saudi
 * writer would write them; the other categories keep the Latin digits of decision 008.
 *
 * The Arabic dual changes with its place in the sentence: "ساعتان × 150" (nominative) but
 * "حتى ضيفين" or "قبل موعده بيومين" (after a preposition or an adverb: `case: 'oblique'`).
 * The other forms are written alike in both cases.
 */
export type PluralCategory = Intl.LDMLPluralRule;

export const COUNTED_NOUNS = [
  'guests',
  'hours',
  'minutes',
  'days',
  'spaces',
  'results',
  'reviews',
  'requests',
  'steps',
  'bookings',
  'transfers',
  'messages',
  'documents',
] as const;
export type CountedNoun = (typeof COUNTED_NOUNS)[number];

export type GrammaticalCase = 'nominative' | 'oblique';

interface ArabicForms {
  /** 1: the word with its adjective, no digit. */
  one: string;
  /** 2: the dual, nominative and oblique (genitive/accusative). */
  two: { nominative: string; oblique: string };
  /** 3–10: the plural. */
  few: string;
  /** 11–99: the singular with tanween al-fath (the tamyiz). */
  many: string;
  /** 0 and 100, 101, 102…: the singular. */
  other: string;
}

const AR: Record<CountedNoun, ArabicForms> = {
  guests: {
    one: 'ضيف واحد',
    two: { nominative: 'ضيفان', oblique: 'ضيفين' },
    few: 'ضيوف',
    many: 'ضيفًا',
    other: 'ضيف',
  },
  hours: {
    one: 'ساعة واحدة',
    two: { nominative: 'ساعتان', oblique: 'ساعتين' },
    few: 'ساعات',
    many: 'ساعة',
    other: 'ساعة',
  },
  minutes: {
    one: 'دقيقة واحدة',
    two: { nominative: 'دقيقتان', oblique: 'دقيقتين' },
    few: 'دقائق',
    many: 'دقيقة',
    other: 'دقيقة',
  },
  days: {
    one: 'يوم واحد',
    two: { nominative: 'يومان', oblique: 'يومين' },
    few: 'أيام',
    many: 'يومًا',
    other: 'يوم',
  },
  spaces: {
    one: 'مساحة واحدة',
    two: { nominative: 'مساحتان', oblique: 'مساحتين' },
    few: 'مساحات',
    many: 'مساحة',
    other: 'مساحة',
  },
  results: {
    one: 'نتيجة واحدة',
    two: { nominative: 'نتيجتان', oblique: 'نتيجتين' },
    few: 'نتائج',
    many: 'نتيجة',
    other: 'نتيجة',
  },
  reviews: {
    one: 'تقييم واحد',
    two: { nominative: 'تقييمان', oblique: 'تقييمين' },
    few: 'تقييمات',
    many: 'تقييمًا',
    other: 'تقييم',
  },
  requests: {
    one: 'طلب واحد',
    two: { nominative: 'طلبان', oblique: 'طلبين' },
    few: 'طلبات',
    many: 'طلبًا',
    other: 'طلب',
  },
  steps: {
    one: 'خطوة واحدة',
    two: { nominative: 'خطوتان', oblique: 'خطوتين' },
    few: 'خطوات',
    many: 'خطوة',
    other: 'خطوة',
  },
  bookings: {
    one: 'حجز واحد',
    two: { nominative: 'حجزان', oblique: 'حجزين' },
    few: 'حجوزات',
    many: 'حجزًا',
    other: 'حجز',
  },
  transfers: {
    one: 'تحويل واحد',
    two: { nominative: 'تحويلان', oblique: 'تحويلين' },
    few: 'تحويلات',
    many: 'تحويلًا',
    other: 'تحويل',
  },
  messages: {
    one: 'رسالة واحدة',
    two: { nominative: 'رسالتان', oblique: 'رسالتين' },
    few: 'رسائل',
    many: 'رسالة',
    other: 'رسالة',
  },
  documents: {
    one: 'مستند واحد',
    two: { nominative: 'مستندان', oblique: 'مستندين' },
    few: 'مستندات',
    many: 'مستندًا',
    other: 'مستند',
  },
};

/** English plurals of these nouns are all regular: the singular is the plural less its "s". */
const EN: Record<CountedNoun, string> = {
  guests: 'guests',
  hours: 'hours',
  minutes: 'minutes',
  days: 'days',
  spaces: 'spaces',
  results: 'results',
  reviews: 'reviews',
  requests: 'requests',
  steps: 'steps',
  bookings: 'bookings',
  transfers: 'transfers',
  messages: 'messages',
  documents: 'documents',
};

const rules = new Map<Locale, Intl.PluralRules>();

/** The plural category of a count: Arabic's six, English's one and other. */
export function pluralCategory(count: number, locale: Locale): PluralCategory {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return rule.select(count);
}

/**
 * A count with its noun in the language's plural form: `formatCount(3, 'guests', 'ar')` →
 * "3 ضيوف", `formatCount(2, 'hours', 'ar')` → "ساعتان", `formatCount(20, 'guests', 'en')` →
 * "20 guests". Put it whole into a sentence: `t('space.capacity', { guests: formatCount(…) })`
 * with "حتى {{guests}}" (and `case: 'oblique'` there, since "حتى" takes the genitive).
 */
export function formatCount(
  count: number,
  noun: CountedNoun,
  locale: Locale,
  options: { case?: GrammaticalCase } = {},
): string {
  const n = formatNumber(count, locale);
  const category = pluralCategory(count, locale);
  if (locale === 'en') return `${n} ${category === 'one' ? EN[noun].slice(0, -1) : EN[noun]}`;
  const forms = AR[noun];
  switch (category) {
    case 'one':
      return forms.one;
    case 'two':
      return forms.two[options.case ?? 'nominative'];
    case 'few':
      return `${n} ${forms.few}`;
    case 'many':
      return `${n} ${forms.many}`;
    default: // zero, other (0, 100–102, fractions)
      return `${n} ${forms.other}`;
  }
}

/**
 * A length of time given in minutes, as a host or renter says it: whole hours in hours ("ساعة
 * واحدة", "ساعتان", "3 hours"), anything else in minutes ("30 دقيقة", "90 minutes"). The wizard's
 * buffer and shortest booking, and the space page's rules, read alike.
 */
export function formatMinutes(
  minutes: number,
  locale: Locale,
  options: { case?: GrammaticalCase } = {},
): string {
  return minutes > 0 && minutes % 60 === 0
    ? formatCount(minutes / 60, 'hours', locale, options)
    : formatCount(minutes, 'minutes', locale, options);
}
