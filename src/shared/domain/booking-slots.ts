import { BOOKING_SETTINGS_DEFAULTS, type Day } from '../constants.ts';
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
  /**
   * The host's booking settings (issue 17; `BOOKING_SETTINGS_DEFAULTS` when absent): the
   * shortest booking, how long before its start a request may still arrive, how many days
   * ahead one may book, and the minutes kept free around each confirmed booking.
   */
  minBookingMinutes?: number;
  minNoticeHours?: number;
  horizonDays?: number;
  bufferMinutes?: number;
}

/** A space's booking settings, its own or the defaults. */
export function bookingSettings(space: Partial<SpaceHours>) {
  return {
    minBookingMinutes: space.minBookingMinutes ?? BOOKING_SETTINGS_DEFAULTS.minBookingMinutes,
    minNoticeHours: space.minNoticeHours ?? BOOKING_SETTINGS_DEFAULTS.minNoticeHours,
    horizonDays: space.horizonDays ?? BOOKING_SETTINGS_DEFAULTS.horizonDays,
    bufferMinutes: space.bufferMinutes ?? BOOKING_SETTINGS_DEFAULTS.bufferMinutes,
  };
}

/** The last date one may book: today in Riyadh plus the space's horizon. */
export function lastBookableDate(space: Partial<SpaceHours>, now: Date): string {
  const d = new Date(`${riyadhClock(now).date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + bookingSettings(space).horizonDays);
  return d.toISOString().slice(0, 10);
}

/** A start that comes sooner than the space's minimum notice (or has already come). */
export function isTooSoon(space: Partial<SpaceHours>, date: string, start: number, now: Date) {
  const notice = bookingSettings(space).minNoticeHours * 60 * 60_000;
  return riyadhInstant(date, start).getTime() < now.getTime() + notice;
}

/** Start times offered for a day: from opening, every 30 minutes, to one hour before closing. */
export function startTimeOptions(space: SpaceHours): string[] {
  const opens = parseTime(space.opensAt);
  const closes = parseTime(space.closesAt);
  if (opens === null || closes === null) return [];
  const first = Math.ceil(opens / SLOT_MINUTES) * SLOT_MINUTES;
  const out: string[] = [];
  const shortest = bookingSettings(space).minBookingMinutes;
  for (let t = first; t + shortest <= closes; t += SLOT_MINUTES) {
    out.push(formatTimeOfDay(t));
  }
  return out;
}

/** End times offered after `startTime`: the shortest booking later, up to closing time exactly. */
export function endTimeOptions(space: SpaceHours, startTime: string): string[] {
  const start = parseTime(startTime);
  const closes = parseTime(space.closesAt);
  if (start === null || closes === null) return [];
  const out: string[] = [];
  for (let t = start + bookingSettings(space).minBookingMinutes; t <= closes; t += SLOT_MINUTES) {
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

/** The times of a booking and the rule each broke (see `checkBookingTimes`). */
export type BookingTimesErrors = Pick<BookingTimeErrors, 'startTime' | 'endTime'>;

/**
 * The rules of a booking's two times, whatever the date: real times, on the `SLOT_MINUTES` grid,
 * the end after the start, at least `minMinutes` long (a space's own minimum; one hour unless it
 * says otherwise). The form's live total and the server's request check both stand on it.
 */
export function checkBookingTimes(
  input: Pick<BookingTimes, 'startTime' | 'endTime'>,
  minMinutes: number = MIN_BOOKING_MINUTES,
): BookingTimesErrors {
  const errors: BookingTimesErrors = {};
  const start = parseTime(input.startTime);
  const end = parseTime(input.endTime);
  if (start === null) errors.startTime = 'bookingTime';
  if (end === null) errors.endTime = 'bookingTime';
  if (start === null || end === null) return errors;
  if (start % SLOT_MINUTES !== 0) errors.startTime = 'bookingTimeGrid';
  if (end % SLOT_MINUTES !== 0) errors.endTime = 'bookingTimeGrid';
  if (errors.startTime || errors.endTime) return errors;
  if (end <= start) errors.endTime = 'bookingEndBeforeStart';
  else if (end - start < minMinutes)
    // "At least one hour" when that is the rule; else "shorter than this space's minimum".
    errors.endTime =
      minMinutes === MIN_BOOKING_MINUTES ? 'bookingMinDuration' : 'bookingBelowMinimum';
  return errors;
}

/**
 * The shape rules of a booking's times: real date and times, end after start, on the 30-minute
 * grid, at least `minMinutes` (one hour by default; a request is checked against the floor any
 * space may set, and then against its space's own minimum).
 */
export function checkBookingShape(
  input: BookingTimes,
  minMinutes: number = MIN_BOOKING_MINUTES,
): BookingTimeErrors {
  return {
    ...(isCalendarDate(input.date) ? {} : { date: 'bookingDate' as const }),
    ...checkBookingTimes(input, minMinutes),
  };
}

/** A date before today in Riyadh. */
export function isPastDate(date: string, now: Date): boolean {
  return date < riyadhClock(now).date;
}

/**
 * A start time that has already come: today in Riyadh, at or before the current minute (a
 * booking starting this very minute is too late).
 */
export function isPastStart(date: string, start: number, now: Date): boolean {
  const today = riyadhClock(now);
  return date === today.date && start <= today.minutes;
}

/** The space takes bookings on that date's weekday. */
export function isOpenOn(space: Pick<SpaceHours, 'availableDays'>, date: string): boolean {
  return space.availableDays.includes(weekdayOf(date));
}

/**
 * The rules that need the space and the clock: the space's shortest booking, an available day,
 * inside opening hours (a booking may end at closing time exactly), not in the past in Riyadh —
 * a date before today, or today at a start time that has already come — nor sooner than the
 * space's minimum notice, nor beyond its booking horizon.
 */
export function checkBookingAvailability(
  space: SpaceHours,
  input: BookingTimes,
  now: Date,
): BookingTimeErrors {
  const errors = checkBookingShape(input, bookingSettings(space).minBookingMinutes);
  if (Object.keys(errors).length > 0) return errors;
  const start = parseTime(input.startTime)!;
  const end = parseTime(input.endTime)!;
  if (isPastDate(input.date, now)) return { date: 'bookingDatePast' };
  if (isPastStart(input.date, start, now)) return { startTime: 'bookingTimePast' };
  if (input.date > lastBookableDate(space, now)) return { date: 'bookingBeyondHorizon' };
  if (isTooSoon(space, input.date, start, now)) return { startTime: 'bookingTooSoon' };
  if (!isOpenOn(space, input.date)) return { date: 'bookingClosedDay' };
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

/** A confirmed booking of the day, as GET /api/spaces/:id/availability lists it. */
export interface BusyPeriod {
  /** `HH:mm` */
  startTime: string;
  endTime: string;
}

/** Whether `period` overlaps any of the day's busy periods (half-open, like the database). */
export function overlapsBusy(period: Interval, busy: readonly BusyPeriod[]): boolean {
  return busy.some((b) => {
    const start = parseTime(b.startTime);
    const end = parseTime(b.endTime);
    return start !== null && end !== null && intervalsOverlap(period, { start, end });
  });
}

/** A start time offered for a day. */
export interface StartSlot {
  /** `HH:mm` */
  time: string;
  /** its first `SLOT_MINUTES` overlap a confirmed booking */
  taken: boolean;
  /** today, and the time has already come (`isPastStart`) */
  past: boolean;
  /** neither taken nor past: it can be chosen */
  bookable: boolean;
}

/** An end time offered for a day. */
export interface EndSlot {
  /** `HH:mm` */
  time: string;
  /** the period from the chosen start (or its last `SLOT_MINUTES`, before one is chosen) overlaps a confirmed booking */
  taken: boolean;
  bookable: boolean;
}

export interface DaySlots {
  starts: StartSlot[];
  ends: EndSlot[];
}

/**
 * The times a booking form offers for one day of a space: its start times (`startTimeOptions`),
 * each marked taken when a confirmed booking covers its first slot and past when it has already
 * come today in Riyadh; and every end time from an hour after the first start to closing
 * (`endTimeOptions`) — an end before the chosen start stays offered, to be answered at the field
 * (docs/product-spec.md §5) rather than silently hidden — each marked taken when the period from
 * the chosen start to it overlaps a confirmed booking. `date` may be empty (none chosen yet):
 * nothing is then past.
 */
export function daySlots(
  space: SpaceHours,
  day: { date: string; busy: readonly BusyPeriod[] },
  startTime: string | undefined,
  now: Date,
): DaySlots {
  // A booking must keep the space's buffer from every busy time, on both sides.
  const buffer = bookingSettings(space).bufferMinutes;
  const busy = day.busy.map((b) => ({
    startTime: formatTimeOfDay(Math.max(0, (parseTime(b.startTime) ?? 0) - buffer)),
    endTime: formatTimeOfDay(Math.min(23 * 60 + 59, (parseTime(b.endTime) ?? 0) + buffer)),
  }));
  const starts = startTimeOptions(space).map((time): StartSlot => {
    const start = parseTime(time)!;
    const taken = overlapsBusy({ start, end: start + SLOT_MINUTES }, busy);
    // Already come, or sooner than the space's minimum notice: not offered.
    const past =
      day.date !== '' &&
      (isPastStart(day.date, start, now) || isTooSoon(space, day.date, start, now));
    return { time, taken, past, bookable: !taken && !past };
  });
  const chosen = parseTime(startTime ?? '');
  const ends = starts[0]
    ? endTimeOptions(space, starts[0].time).map((time): EndSlot => {
        const end = parseTime(time)!;
        const start = chosen ?? end - SLOT_MINUTES;
        const taken = end > start && overlapsBusy({ start, end }, busy);
        return { time, taken, bookable: !taken };
      })
    : [];
  return { starts, ends };
}
