import { WEEK_DISPLAY_ORDER, type Day } from '#shared/constants.ts';
import { addDays } from '#shared/domain/host-week.ts';
import { weekdayOf } from '#shared/domain/riyadh-calendar.ts';

/** `YYYY-MM-DD` of the first day of the month `offset` months from `isoDate`'s month. */
export function monthStart(isoDate: string, offset = 0): string {
  const [y, m] = isoDate.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + offset, 1));
  return date.toISOString().slice(0, 10);
}

/** The same day of the month `offset` months away, kept inside that month (31 Jan + 1 → 28 Feb). */
export function addMonths(isoDate: string, offset: number): string {
  const first = monthStart(isoDate, offset);
  const [y, m] = first.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const day = Math.min(Number(isoDate.slice(8, 10)), last);
  return `${first.slice(0, 8)}${String(day).padStart(2, '0')}`;
}

const position = (day: Day) => WEEK_DISPLAY_ORDER.indexOf(day);

/**
 * The weeks of a month as the app's week runs (Sunday first, WEEK_DISPLAY_ORDER): rows of seven
 * dates, `null` before the first and after the last day of the month.
 */
export function monthWeeks(isoDate: string): (string | null)[][] {
  const first = monthStart(isoDate);
  const nextFirst = monthStart(isoDate, 1);
  const cells: (string | null)[] = Array.from({ length: position(weekdayOf(first)) }, () => null);
  for (let d = first; d < nextFirst; d = addDays(d, 1)) cells.push(d);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The first and last date of `isoDate`'s week (Home and End in the grid). */
export function weekEdges(isoDate: string): [string, string] {
  const start = addDays(isoDate, -position(weekdayOf(isoDate)));
  return [start, addDays(start, 6)];
}

/** What the calendar offers: the first and last dates, and the weekdays open (all when absent). */
export interface CalendarRules {
  min?: string | undefined;
  max?: string | undefined;
  openWeekdays?: readonly Day[] | undefined;
}

/** A day the calendar shows but does not let be picked (before `min`, after `max`, a closed weekday). */
export const isClosedDay = (date: string, { min, max, openWeekdays }: CalendarRules) =>
  (min !== undefined && date < min) ||
  (max !== undefined && date > max) ||
  (openWeekdays !== undefined && !openWeekdays.includes(weekdayOf(date)));

/**
 * Where the calendar opens when the field holds no date: the first day from `from` (not before
 * `min`) that can be picked, within a week; `from` itself when none can (a space closed every
 * day of the range), so the calendar still opens on a month.
 */
export function firstOpenDay(from: string, rules: CalendarRules): string {
  const start = rules.min !== undefined && rules.min > from ? rules.min : from;
  for (let day = start, i = 0; i < 7; day = addDays(day, 1), i++)
    if (!isClosedDay(day, rules)) return day;
  return start;
}
