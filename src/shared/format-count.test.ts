import { describe, expect, it } from 'vitest';
import {
  COUNTED_NOUNS,
  type CountedNoun,
  formatCount,
  formatMinutes,
  pluralCategory,
} from './format-count.ts';

/**
 * Every counted noun in every plural category of both languages, written out as a Saudi reader
 * expects it (Arabic: zero 0, one 1, two 2, few 3–10, many 11–99, other 100–102), not derived
 * from the table under test.
 */
const ARABIC: Record<
  CountedNoun,
  [
    zero: string,
    one: string,
    two: string,
    twoOblique: string,
    few: string,
    many: string,
    other: string,
  ]
> = {
  guests: ['0 ضيف', 'ضيف واحد', 'ضيفان', 'ضيفين', '3 ضيوف', '11 ضيفًا', '100 ضيف'],
  hours: ['0 ساعة', 'ساعة واحدة', 'ساعتان', 'ساعتين', '3 ساعات', '11 ساعة', '100 ساعة'],
  minutes: ['0 دقيقة', 'دقيقة واحدة', 'دقيقتان', 'دقيقتين', '3 دقائق', '11 دقيقة', '100 دقيقة'],
  days: ['0 يوم', 'يوم واحد', 'يومان', 'يومين', '3 أيام', '11 يومًا', '100 يوم'],
  spaces: ['0 مساحة', 'مساحة واحدة', 'مساحتان', 'مساحتين', '3 مساحات', '11 مساحة', '100 مساحة'],
  results: ['0 نتيجة', 'نتيجة واحدة', 'نتيجتان', 'نتيجتين', '3 نتائج', '11 نتيجة', '100 نتيجة'],
  reviews: ['0 تقييم', 'تقييم واحد', 'تقييمان', 'تقييمين', '3 تقييمات', '11 تقييمًا', '100 تقييم'],
  requests: ['0 طلب', 'طلب واحد', 'طلبان', 'طلبين', '3 طلبات', '11 طلبًا', '100 طلب'],
  steps: ['0 خطوة', 'خطوة واحدة', 'خطوتان', 'خطوتين', '3 خطوات', '11 خطوة', '100 خطوة'],
  bookings: ['0 حجز', 'حجز واحد', 'حجزان', 'حجزين', '3 حجوزات', '11 حجزًا', '100 حجز'],
  transfers: ['0 تحويل', 'تحويل واحد', 'تحويلان', 'تحويلين', '3 تحويلات', '11 تحويلًا', '100 تحويل'],
  messages: ['0 رسالة', 'رسالة واحدة', 'رسالتان', 'رسالتين', '3 رسائل', '11 رسالة', '100 رسالة'],
  documents: ['0 مستند', 'مستند واحد', 'مستندان', 'مستندين', '3 مستندات', '11 مستندًا', '100 مستند'],
};

const ENGLISH: Record<CountedNoun, [zero: string, one: string, other: string]> = {
  guests: ['0 guests', '1 guest', '2 guests'],
  hours: ['0 hours', '1 hour', '2 hours'],
  minutes: ['0 minutes', '1 minute', '2 minutes'],
  days: ['0 days', '1 day', '2 days'],
  spaces: ['0 spaces', '1 space', '2 spaces'],
  results: ['0 results', '1 result', '2 results'],
  reviews: ['0 reviews', '1 review', '2 reviews'],
  requests: ['0 requests', '1 request', '2 requests'],
  steps: ['0 steps', '1 step', '2 steps'],
  bookings: ['0 bookings', '1 booking', '2 bookings'],
  transfers: ['0 transfers', '1 transfer', '2 transfers'],
  messages: ['0 messages', '1 message', '2 messages'],
  documents: ['0 documents', '1 document', '2 documents'],
};

describe('pluralCategory', () => {
  it('gives Arabic its six forms', () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100, 102, 103].map((n) => pluralCategory(n, 'ar'))).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'few',
      'many',
      'many',
      'other',
      'other',
      'few',
    ]);
  });

  it('gives English one and other', () => {
    expect([0, 1, 2, 11].map((n) => pluralCategory(n, 'en'))).toEqual([
      'other',
      'one',
      'other',
      'other',
    ]);
  });
});

describe.each(COUNTED_NOUNS)('formatCount: %s', (noun) => {
  const [zero, one, two, twoOblique, few, many, other] = ARABIC[noun];
  it(`Arabic zero: ${zero}`, () => expect(formatCount(0, noun, 'ar')).toBe(zero));
  it(`Arabic one: ${one}`, () => expect(formatCount(1, noun, 'ar')).toBe(one));
  it(`Arabic two: ${two} (nominative), ${twoOblique} (oblique)`, () => {
    expect(formatCount(2, noun, 'ar')).toBe(two);
    expect(formatCount(2, noun, 'ar', { case: 'nominative' })).toBe(two);
    expect(formatCount(2, noun, 'ar', { case: 'oblique' })).toBe(twoOblique);
  });
  it(`Arabic few: ${few}`, () => {
    expect(formatCount(3, noun, 'ar')).toBe(few);
    expect(formatCount(10, noun, 'ar')).toBe(few.replace('3', '10'));
    expect(formatCount(3, noun, 'ar', { case: 'oblique' })).toBe(few);
  });
  it(`Arabic many: ${many}`, () => {
    expect(formatCount(11, noun, 'ar')).toBe(many);
    expect(formatCount(99, noun, 'ar')).toBe(many.replace('11', '99'));
  });
  it(`Arabic other: ${other}`, () => {
    expect(formatCount(100, noun, 'ar')).toBe(other);
    expect(formatCount(102, noun, 'ar')).toBe(other.replace('100', '102'));
  });
  const [enZero, enOne, enOther] = ENGLISH[noun];
  it(`English one: ${enOne}`, () => expect(formatCount(1, noun, 'en')).toBe(enOne));
  it(`English other: ${enZero}, ${enOther}`, () => {
    expect(formatCount(0, noun, 'en')).toBe(enZero);
    expect(formatCount(2, noun, 'en')).toBe(enOther);
    expect(formatCount(2, noun, 'en', { case: 'oblique' })).toBe(enOther);
  });
});

describe('formatCount in sentences', () => {
  it('reads the examples of issue 20', () => {
    expect(formatCount(20, 'guests', 'ar')).toBe('20 ضيفًا');
    expect(formatCount(50, 'guests', 'ar')).toBe('50 ضيفًا');
    expect(formatCount(3, 'hours', 'ar')).toBe('3 ساعات');
    expect(formatCount(11, 'hours', 'ar')).toBe('11 ساعة');
  });

  it('groups thousands and keeps fractions in the "other" form, Latin digits in Arabic', () => {
    expect(formatCount(1500, 'guests', 'en')).toBe('1,500 guests');
    expect(formatCount(1.5, 'hours', 'ar')).toBe('1.5 ساعة');
    expect(formatCount(1.5, 'hours', 'en')).toBe('1.5 hours');
    expect(formatCount(1003, 'guests', 'ar')).toBe('1,003 ضيوف');
  });
});

describe('formatMinutes', () => {
  it('says whole hours in hours and the rest in minutes, in both languages', () => {
    expect([30, 60, 90, 120, 180, 480].map((m) => formatMinutes(m, 'ar'))).toEqual([
      '30 دقيقة',
      'ساعة واحدة',
      '90 دقيقة',
      'ساعتان',
      '3 ساعات',
      '8 ساعات',
    ]);
    expect([15, 60, 90, 120].map((m) => formatMinutes(m, 'en'))).toEqual([
      '15 minutes',
      '1 hour',
      '90 minutes',
      '2 hours',
    ]);
    expect(formatMinutes(120, 'ar', { case: 'oblique' })).toBe('ساعتين');
  });
});
