import type { Day } from '../constants.ts';
import type { FieldRule } from '../message-codes.ts';
import { isCalendarDate, riyadhClock, riyadhInstant, weekdayOf } from './riyadh-calendar.ts';

/**
 * Availability and slot maths for booking requests (docs/decisions/015-booking-time-rules.md).
 * Every time here is an Asia/Riyadh wall-clock time (UTC+3 all year, no daylight saving) held as
 * minutes since midnight; intervals are half-open `[start, end)`. Functions that depend on the
 * present take `now` so tests freeze time.
 */

/** Bookings start and end on the hour or the half hour. */
export const SLOT_MINUTES = 30;
/** The shortest booking. */
export const MIN_BOOKING_MINUTES = 60;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `HH:mm` (or PostgreSQL's `HH:mm:ss`) → minutes since midnight; null when not a time. */
export function parseTime(value: string): number | null {
  const match = TIME.exec(value.length === 8 && value.endsWith(':00') ? value.slice(0, 5) : value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes since midnight → `HH:mm`. */
export function formatTimeOfDay(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export interface Interval {
  /** minutes since midnight, inclusive */
  start: number;
  /** minutes since midnight, exclusive */
  end: number;
}

/**
 * Half-open intervals overlap when each starts before the other ends. Touching ends do not
 * overlap: 10:00–12:00 and 12:00–14:00 are back to back, both bookable.
 */
export function intervalsOverlap(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

/** What a space says about when it can be booked. */
export interface SpaceHours {
  /** `HH:mm` (or `HH:mm:ss`) */
  opensAt: string;
  closesAt: string;
  availableDays: readonly Day[];
}

/** Start times offered for a day: from opening, every 30 minutes, to one hour before closing. */
export function startTimeOptions(space: SpaceHours): string[] {
  const opens = parseTime(space.opensAt);
  const closes = parseTime(space.closesAt);
  if (opens === null || closes === null) return [];
  const first = Math.ceil(opens / SLOT_MINUTES) * SLOT_MINUTES;
  const out: string[] = [];
  for (let t = first; t + MIN_BOOKING_MINUTES <= closes; t += SLOT_MINUTES) {
    out.push(formatTimeOfDay(t));
  }
  return out;
}

/** End times offered after `startTime`: at least one hour later, up to closing time exactly. */
export function endTimeOptions(space: SpaceHours, startTime: string): string[] {
  const start = parseTime(startTime);
  const closes = parseTime(space.closesAt);
  if (start === null || closes === null) return [];
  const out: string[] = [];
  for (let t = start + MIN_BOOKING_MINUTES; t <= closes; t += SLOT_MINUTES) {
    out.push(formatTimeOfDay(t));
  }
  return out;
}

export interface BookingTimes {
  date: string;
  startTime: string;
  endTime: string;
}

/** A field of the booking form and the rule it broke (a `fields.*` key). */
export type BookingTimeErrors = Partial<Record<'date' | 'startTime' | 'endTime', FieldRule>>;

/**
 * The shape rules of a booking's times, true whatever the space: real date and times, end after
 * start, on the 30-minute grid, at least one hour.
 */
export function checkBookingShape(input: BookingTimes): BookingTimeErrors {
  const errors: BookingTimeErrors = {};
  if (!isCalendarDate(input.date)) errors.date = 'bookingDate';
  const start = parseTime(input.startTime);
  const end = parseTime(input.endTime);
  if (start === null) errors.startTime = 'bookingTime';
  if (end === null) errors.endTime = 'bookingTime';
  if (start === null || end === null) return errors;
  if (start % SLOT_MINUTES !== 0) errors.startTime = 'bookingTimeGrid';
  if (end % SLOT_MINUTES !== 0) errors.endTime = 'bookingTimeGrid';
  if (errors.startTime || errors.endTime) return errors;
  if (end <= start) errors.endTime = 'bookingEndBeforeStart';
  else if (end - start < MIN_BOOKING_MINUTES) errors.endTime = 'bookingMinDuration';
  return errors;
}

/**
 * The rules that need the space and the clock: an available day, inside opening hours (a booking
 * may end at closing time exactly), and not in the past in Riyadh — a date before today, or
 * today at a start time that has already come.
 */
export function checkBookingAvailability(
  space: SpaceHours,
  input: BookingTimes,
  now: Date,
): BookingTimeErrors {
  const errors = checkBookingShape(input);
  if (Object.keys(errors).length > 0) return errors;
  const start = parseTime(input.startTime)!;
  const end = parseTime(input.endTime)!;
  const today = riyadhClock(now);
  if (input.date < today.date) return { date: 'bookingDatePast' };
  if (input.date === today.date && start <= today.minutes) return { startTime: 'bookingTimePast' };
  if (!space.availableDays.includes(weekdayOf(input.date))) return { date: 'bookingClosedDay' };
  const opens = parseTime(space.opensAt)!;
  const closes = parseTime(space.closesAt)!;
  if (start < opens) errors.startTime = 'bookingOutsideHours';
  if (end > closes) errors.endTime = 'bookingOutsideHours';
  return errors;
}

/** Guests: a whole number from 1 to the space's capacity. */
export function checkGuests(guests: number, capacity: number): FieldRule | null {
  if (!Number.isInteger(guests)) return 'wholeNumber';
  if (guests < 1) return 'bookingGuestsMin';
  if (guests > capacity) return 'bookingGuestsMax';
  return null;
}

/** The booking as an absolute half-open range, for the database's `tstzrange`. */
export function bookingPeriod(input: BookingTimes): { startsAt: Date; endsAt: Date } {
  return {
    startsAt: riyadhInstant(input.date, parseTime(input.startTime)!),
    endsAt: riyadhInstant(input.date, parseTime(input.endTime)!),
  };
}

/** Booked minutes of a valid request. */
export function bookingMinutes(input: Pick<BookingTimes, 'startTime' | 'endTime'>): number {
  return parseTime(input.endTime)! - parseTime(input.startTime)!;
}
