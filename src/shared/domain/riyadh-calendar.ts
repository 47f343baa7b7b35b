import { DAYS, RIYADH_UTC_OFFSET_MINUTES, type Day } from '../constants.ts';

/**
 * Dates and the Riyadh clock, for search, bookings and the web alike. Saudi Arabia is UTC+3 all
 * year (no daylight saving), so the shift is a constant. Functions that depend on the present
 * take `now` so tests freeze time.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` that names a real day of the Gregorian calendar (no 2031-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 1900 || y > 2200) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The weekday of a calendar date (a wall-clock date: no time zone can move it). */
export function weekdayOf(isoDate: string): Day {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 = Sunday; DAYS is Monday first.
  const sundayFirst = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return DAYS[(sundayFirst + 6) % 7]!;
}

/** The date and wall-clock minute in Riyadh at the instant `now`. */
export function riyadhClock(now: Date): { date: string; minutes: number } {
  const shifted = new Date(now.getTime() + RIYADH_UTC_OFFSET_MINUTES * 60_000);
  return {
    date: shifted.toISOString().slice(0, 10),
    minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  };
}

/** Today's date in Riyadh as `YYYY-MM-DD`, whatever the device's time zone. */
export function riyadhToday(now: Date = new Date()): string {
  return riyadhClock(now).date;
}

/** A Riyadh wall-clock time on a date → the absolute instant. */
export function riyadhInstant(isoDate: string, minutes: number): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 0, minutes - RIYADH_UTC_OFFSET_MINUTES));
}

/** `HH:mm:ss` from the database → `HH:mm`. */
export const toHourMinute = (value: string) => value.slice(0, 5);
