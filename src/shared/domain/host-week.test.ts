import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEEK_DISPLAY_ORDER } from '../constants.ts';
import { addDays, weekDates, weekStartOf } from './host-week.ts';
import { weekdayOf } from './riyadh-calendar.ts';

describe('addDays', () => {
  it.each([
    ['2031-01-31', 1, '2031-02-01'],
    ['2032-02-28', 1, '2032-02-29'],
    ['2031-02-28', 1, '2031-03-01'],
    ['2031-12-31', 1, '2032-01-01'],
    ['2031-01-01', -1, '2030-12-31'],
    ['2031-03-10', -7, '2031-03-03'],
    ['2031-03-10', 0, '2031-03-10'],
  ])('%s %+d → %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});

describe('weekStartOf', () => {
  it('starts the week on the app’s first day (Sunday)', () => {
    expect(WEEK_DISPLAY_ORDER[0]).toBe('sunday');
    // Sunday 2031-01-05 to Saturday 2031-01-11.
    expect(weekStartOf('2031-01-05')).toBe('2031-01-05');
    expect(weekStartOf('2031-01-08')).toBe('2031-01-05');
    expect(weekStartOf('2031-01-11')).toBe('2031-01-05');
    expect(weekStartOf('2031-01-12')).toBe('2031-01-12');
    // Across a month and a year.
    expect(weekStartOf('2031-01-01')).toBe('2030-12-29');
  });

  it('is on or before the date, less than a week back, on the first weekday, and stable', () => {
    const dates = fc
      .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2150-12-31T00:00:00Z') })
      .filter((d) => !Number.isNaN(d.getTime()))
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(dates, (date) => {
        const start = weekStartOf(date);
        expect(start <= date).toBe(true);
        expect(addDays(start, 7) > date).toBe(true);
        expect(weekdayOf(start)).toBe(WEEK_DISPLAY_ORDER[0]);
        expect(weekStartOf(start)).toBe(start);
      }),
    );
  });
});

describe('weekDates', () => {
  it('gives seven consecutive days in the display order', () => {
    const days = weekDates('2031-12-28');
    expect(days).toEqual([
      '2031-12-28',
      '2031-12-29',
      '2031-12-30',
      '2031-12-31',
      '2032-01-01',
      '2032-01-02',
      '2032-01-03',
    ]);
    expect(days.map(weekdayOf)).toEqual([...WEEK_DISPLAY_ORDER]);
  });
});
