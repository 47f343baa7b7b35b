import { WEEK_DISPLAY_ORDER } from '../constants.ts';
import { weekdayOf } from './riyadh-calendar.ts';

/**
 * The host's week view (issue 17): seven calendar days from a start date. The app's week starts
 * on `WEEK_DISPLAY_ORDER[0]` (Sunday, as Saudi users read a week); the server answers any seven
 * days it is asked for, the web always asks from a week's first day. Dates are wall-clock
 * `YYYY-MM-DD` in Riyadh: no time zone can move them, so plain UTC date arithmetic is exact.
 */
export const WEEK_LENGTH = 7;

/** `isoDate` plus `days` (negative to go back). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first day (as the app orders a week) of the week holding `isoDate`. */
export function weekStartOf(isoDate: string): string {
  const back = WEEK_DISPLAY_ORDER.indexOf(weekdayOf(isoDate));
  return addDays(isoDate, -back);
}

/** The seven dates from `start`, in order. */
export function weekDates(start: string): string[] {
  return Array.from({ length: WEEK_LENGTH }, (_, i) => addDays(start, i));
}
