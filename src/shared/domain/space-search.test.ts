import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeCursor,
  encodeCursor,
  isCursorId,
  isCursorInt,
  isCursorTimestamp,
  SEARCH_WORDS_MAX,
  searchWords,
} from './space-search.ts';
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

describe('cursor keys (issue 37: out-of-range values are refused before any cast)', () => {
  it('accepts created_at as PostgreSQL writes it', () => {
    for (const ok of [
      '2026-11-28 03:52:09.123456+00',
      '2026-11-28 03:52:09+03',
      '2024-02-29 00:00:00+05:30',
      '0001-01-01 00:00:00-15:59',
      '9999-12-31 23:59:59+15',
    ])
      expect({ ok, valid: isCursorTimestamp(ok) }).toEqual({ ok, valid: true });
  });
  it('refuses fields out of range, wrong shapes and other types', () => {
    for (const bad of [
      '2026-99-99 99:99:99+99',
      '0000-01-01 00:00:00+00',
      '2026-13-01 00:00:00+00',
      '2026-00-10 00:00:00+00',
      '2026-02-29 00:00:00+00',
      '2100-02-29 00:00:00+00',
      '2026-04-31 00:00:00+00',
      '2026-01-00 00:00:00+00',
      '2026-01-01 24:00:00+00',
      '2026-01-01 00:60:00+00',
      '2026-01-01 00:00:60+00',
      '2026-01-01 00:00:00+16',
      '2026-01-01 00:00:00+03:60',
      '2026-01-01T00:00:00Z',
      "2031-06-01'; drop table bookings",
      12,
      null,
    ])
      expect({ bad, valid: isCursorTimestamp(bad) }).toEqual({ bad, valid: false });
  });
  it('whole numbers only within a PostgreSQL int', () => {
    expect([0, -5, 2_147_483_647, -2_147_483_648].every(isCursorInt)).toBe(true);
    expect([2_147_483_648, 1e308, 1.5, Number.NaN, '3', -2_147_483_649].some(isCursorInt)).toBe(
      false,
    );
  });
  it('ids are lower-case uuids', () => {
    expect(isCursorId('0b9d6a52-3c1e-4b7a-9d4f-1e2a3b4c5d6e')).toBe(true);
    expect(isCursorId('x')).toBe(false);
    expect(isCursorId('0B9D6A52-3C1E-4B7A-9D4F-1E2A3B4C5D6E')).toBe(false);
  });
});
