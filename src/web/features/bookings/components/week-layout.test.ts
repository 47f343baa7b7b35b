import { describe, expect, it } from 'vitest';
import { weekDates } from '#shared/domain/host-week.ts';
import { weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import type { HostWeek } from '#shared/schemas/host.ts';
import { gridHours, weekPeriods } from './week-layout.ts';

/** A hall open 16:00–02:00 (hours that cross midnight, decision 030), the week of 5 January 2031. */
const START = '2031-01-05';
const week = (bookings: HostWeek['bookings']): HostWeek => ({
  space: { id: 's', nameAr: 'قاعة', nameEn: 'Hall', listingLanguage: 'ar', status: 'approved' },
  start: START,
  end: '2031-01-11',
  opensAt: '16:00',
  closesAt: '02:00',
  availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  days: weekDates(START).map((date) => ({ date, weekday: weekdayOf(date), open: true })),
  bookings,
  blocks: [],
});

describe('the week view across midnight', () => {
  it('draws a night on the day it starts, running past 24:00, and the grid to closing time', () => {
    const w = week([
      {
        id: 'n',
        date: START,
        startTime: '22:00',
        endTime: '01:00',
        status: 'confirmed',
        guests: 80,
      },
      { id: 'e', date: START, startTime: '23:00', endTime: '00:00', status: 'pending', guests: 10 },
    ]);
    const periods = weekPeriods(w);
    const sunday = periods.get(START)!;
    expect(sunday.map((p) => [p.id, p.start, p.end])).toEqual([
      ['n', 22 * 60, 25 * 60],
      ['e', 23 * 60, 24 * 60],
    ]);
    // They overlap, so they share the column side by side.
    expect(sunday.map((p) => [p.lane, p.lanes])).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(gridHours(w, periods)).toEqual({ from: 16 * 60, to: 26 * 60 });
  });

  it('keeps a day-only grid within the day', () => {
    const w = { ...week([]), opensAt: '08:00', closesAt: '22:00' };
    expect(gridHours(w, weekPeriods(w))).toEqual({ from: 8 * 60, to: 22 * 60 });
  });
});
