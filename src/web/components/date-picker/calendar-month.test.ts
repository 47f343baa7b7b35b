import { describe, expect, it } from 'vitest';
import type { Day } from '#shared/constants.ts';
import {
  addMonths,
  firstOpenDay,
  isClosedDay,
  monthStart,
  monthWeeks,
  weekEdges,
} from './calendar-month.ts';

describe('calendar month', () => {
  it('lays a month out from Sunday, as the app week runs', () => {
    const weeks = monthWeeks('2026-11-26');
    // 1 November 2026 is a Sunday: no blank before it; 30 November a Monday.
    expect(weeks[0]).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(weeks.at(-1)).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
    // 1 January 2027 is a Friday: five blanks before it.
    expect(monthWeeks('2027-01-10')[0]).toEqual([
      null,
      null,
      null,
      null,
      null,
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('moves by months and keeps the day inside the month', () => {
    expect(monthStart('2026-12-15', 1)).toBe('2027-01-01');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
    expect(addMonths('2026-11-26', 12)).toBe('2027-11-26');
  });

  it('finds the edges of a week', () => {
    expect(weekEdges('2026-11-26')).toEqual(['2026-11-22', '2026-11-28']);
    expect(weekEdges('2026-11-22')).toEqual(['2026-11-22', '2026-11-28']);
  });
});

describe('the days a calendar offers', () => {
  // 27 November 2026 is a Friday.
  const openWeekdays: Day[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'saturday'];
  const rules = { min: '2026-11-10', max: '2026-12-20', openWeekdays };

  it('closes the days before the first, after the last and on closed weekdays', () => {
    expect(isClosedDay('2026-11-09', rules)).toBe(true);
    expect(isClosedDay('2026-11-10', rules)).toBe(false);
    expect(isClosedDay('2026-11-27', rules)).toBe(true);
    expect(isClosedDay('2026-11-28', rules)).toBe(false);
    expect(isClosedDay('2026-12-20', rules)).toBe(false);
    expect(isClosedDay('2026-12-21', rules)).toBe(true);
    // Without rules every day can be picked.
    expect(isClosedDay('1999-01-01', {})).toBe(false);
  });

  it('opens on the first day that can be picked, from today or the first date', () => {
    expect(firstOpenDay('2026-11-26', rules)).toBe('2026-11-26');
    // Friday is closed: Saturday.
    expect(firstOpenDay('2026-11-27', rules)).toBe('2026-11-28');
    // Before the first date: from the first date.
    expect(firstOpenDay('2026-11-01', rules)).toBe('2026-11-10');
    // Open on Fridays only, from a Saturday: the next Friday, six days on.
    expect(firstOpenDay('2026-11-28', { openWeekdays: ['friday'] })).toBe('2026-12-04');
    // Nothing can be picked: where it would have opened.
    expect(firstOpenDay('2026-11-28', { openWeekdays: [] })).toBe('2026-11-28');
    expect(firstOpenDay('2026-12-21', rules)).toBe('2026-12-21');
  });
});
