import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, SEARCH_WORDS_MAX, searchWords } from './space-search.ts';
import { isCalendarDate, riyadhToday, weekdayOf } from './riyadh-calendar.ts';

describe('isCalendarDate', () => {
  it.each([
    ['2031-01-12', true],
    ['2032-02-29', true],
    ['2031-02-29', false],
    ['2031-13-01', false],
    ['2031-04-31', false],
    ['2031-1-12', false],
    ['12-01-2031', false],
    ['2031-01-12T00:00', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});

describe('weekdayOf', () => {
  it.each([
    ['2026-11-23', 'monday'],
    ['2026-11-27', 'friday'],
    ['2026-11-29', 'sunday'],
    ['2032-02-29', 'sunday'],
  ])('%s is a %s', (date, day) => {
    expect(weekdayOf(date)).toBe(day);
  });
});

describe('riyadhToday', () => {
  it('is already tomorrow in Riyadh at 21:30 UTC', () => {
    expect(riyadhToday(new Date('2026-11-23T21:30:00Z'))).toBe('2026-11-24');
    expect(riyadhToday(new Date('2026-11-23T20:59:59Z'))).toBe('2026-11-23');
  });
});

describe('search cursor', () => {
  it('round-trips any keys', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(
          fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
        ),
        fc.uuid(),
        (sort, keys, id) => {
          const text = encodeCursor({ sort, keys, id });
          expect(decodeCursor(text)).toEqual({
            sort,
            keys: keys.map((k) => (Object.is(k, -0) ? 0 : k)),
            id,
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it.each([
    '',
    'not a cursor!',
    'e30',
    btoa('[1,2,3]'),
    btoa('["newest",[{}],"x"]'),
    'a'.repeat(601),
  ])('refuses %j', (text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});

describe('searchWords', () => {
  it.each([
    ['قاعة الواحة', ['قاعة', 'الواحة']],
    ['  podcast,studio!  ', ['podcast', 'studio']],
    ['قَاعَة في جدة', ['قَاعَة', 'جدة']],
    ['The studio for the team', ['studio', 'team']],
    ['Studio studio STUDIO', ['Studio']],
    ['في من على', []],
    ['', []],
    ['— ، ؟', []],
    ['َ ُ قاعة', ['قاعة']],
    ['استوديو podcast', ['استوديو', 'podcast']],
    ['wi-fi 20', ['wi', 'fi', '20']],
  ])('%j → %j', (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });

  it(`keeps at most ${SEARCH_WORDS_MAX} words`, () => {
    const text = Array.from({ length: 12 }, (_, i) => `w${i}`).join(' ');
    expect(searchWords(text)).toEqual(Array.from({ length: SEARCH_WORDS_MAX }, (_, i) => `w${i}`));
  });

  it('gives only words of letters, digits and marks, never empty ones', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (text) => {
        for (const word of searchWords(text)) expect(word).toMatch(/^[\p{L}\p{N}\p{M}]+$/u);
      }),
    );
  });
});
