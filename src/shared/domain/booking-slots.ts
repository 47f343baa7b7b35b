import { BOOKING_SETTINGS_DEFAULTS, type Day } from '../constants.ts';
import type { FieldRule } from '../message-codes.ts';
import { crossesMidnight, DAY_MINUTES, parseTime } from './opening-hours.ts';
import { isCalendarDate, riyadhClock, riyadhInstant, weekdayOf } from './riyadh-calendar.ts';

/**
 * Availability and slot maths for booking requests (docs/decisions/015-booking-time-rules.md).
 * Every time here is an Asia/Riyadh wall-clock time (UTC+3 all year, no daylight saving) held as
 * minutes since midnight; intervals are half-open `[start, end)`. Functions that depend on the
 * present take `now` so tests freeze time.
 *
 * Hours may cross midnight (an event hall open 16:00–02:00, docs/decisions/030): a closing time
 * at or before the opening time is the next day's. A booking belongs to the date it starts on and
 * starts within that date's opening hours; its end may be the next day (22:00–01:00). Anywhere a
 * day's times are held as minutes, a time of the next day is 1440 and more (`endMinutes`).
 */

/** Bookings start and end on the hour or the half hour. */
export const SLOT_MINUTES = 30;
/** The shortest booking. */
export const MIN_BOOKING_MINUTES = 60;

// The clock's helpers live with the opening hours (light enough for the listing wizard's rules).
export { DAY_MINUTES, parseTime } from './opening-hours.ts';

/** Minutes since midnight → `HH:mm` (minutes of the next day, 1440 and more, wrap round). */
export function formatTimeOfDay(minutes: number): string {
  minutes = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
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

/**
 * Where a range of one date ends, in minutes from that date's midnight: an end at or before the
 * start is the next day's (22:00–01:00 ends at 1500). Bookings, busy times and opening hours
 * all read their two `HH:mm` times this way; whether a range may cross midnight at all is the
 * space's rule (`crossesMidnight`).
 */
export function endMinutes(start: number, end: number): number {
  return end <= start ? end + DAY_MINUTES : end;
}

export { crossesMidnight };

/** A day's opening hours as minutes from that date's midnight; the end may be past 1440. */
export function openingWindow(space: Pick<SpaceHours, 'opensAt' | 'closesAt'>): Interval | null {
  const opens = parseTime(space.opensAt);
  const closes = parseTime(space.closesAt);
  if (opens === null || closes === null) return null;
  return { start: opens, end: endMinutes(opens, closes) };
}

/** What the times of a booking must keep to, whatever the date: its length and midnight. */
export interface TimeRules {
  /** the shortest booking, in minutes (`MIN_BOOKING_MINUTES` unless the space says otherwise) */
  minMinutes?: number;
  /** an end at or before the start is the next day's (the space's hours cross midnight) */
  overnight?: boolean;
}

/** The time rules of a space: its shortest booking, and whether its hours cross midnight. */
export function timeRules(space: Partial<SpaceHours>): Required<TimeRules> {
  return {
    minMinutes: bookingSettings(space).minBookingMinutes,
    overnight:
      space.opensAt !== undefined &&
      space.closesAt !== undefined &&
      crossesMidnight({ opensAt: space.opensAt, closesAt: space.closesAt }),
  };
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

/**
 * Start times offered for a day: from opening, every 30 minutes, to the shortest booking before
 * closing — and never after midnight, since a booking starts on its own date.
 */
export function startTimeOptions(space: SpaceHours): string[] {
  const window = openingWindow(space);
  if (!window) return [];
  const first = Math.ceil(window.start / SLOT_MINUTES) * SLOT_MINUTES;
  const out: string[] = [];
  const shortest = bookingSettings(space).minBookingMinutes;
  for (let t = first; t + shortest <= window.end && t < DAY_MINUTES; t += SLOT_MINUTES) {
    out.push(formatTimeOfDay(t));
  }
  return out;
}

/**
 * End times offered after `startTime`: the shortest booking later, up to closing time exactly —
 * the next day's when the hours cross midnight (`HH:mm` of the next day: read with `endMinutes`).
 */
export function endTimeOptions(space: SpaceHours, startTime: string): string[] {
  const start = parseTime(startTime);
  const window = openingWindow(space);
  if (start === null || !window) return [];
  const out: string[] = [];
  for (
    let t = start + bookingSettings(space).minBookingMinutes;
    t <= window.end;
    t += SLOT_MINUTES
  ) {
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
 * the end after the start — or, when the space's hours cross midnight (`overnight`), an end at or
 * before the start is the next day's — at least `minMinutes` long (a space's own minimum; one hour
 * unless it says otherwise). The form's live total and the server's request check both stand on it.
 */
export function checkBookingTimes(
  input: Pick<BookingTimes, 'startTime' | 'endTime'>,
  rules: TimeRules = {},
): BookingTimesErrors {
  const minMinutes = rules.minMinutes ?? MIN_BOOKING_MINUTES;
  const errors: BookingTimesErrors = {};
  const start = parseTime(input.startTime);
  const end = parseTime(input.endTime);
  if (start === null) errors.startTime = 'bookingTime';
  if (end === null) errors.endTime = 'bookingTime';
  if (start === null || end === null) return errors;
  if (start % SLOT_MINUTES !== 0) errors.startTime = 'bookingTimeGrid';
  if (end % SLOT_MINUTES !== 0) errors.endTime = 'bookingTimeGrid';
  if (errors.startTime || errors.endTime) return errors;
  if (end <= start && !rules.overnight) errors.endTime = 'bookingEndBeforeStart';
  else if (endMinutes(start, end) - start < minMinutes)
    // "At least one hour" when that is the rule; else "shorter than this space's minimum".
    errors.endTime =
      minMinutes === MIN_BOOKING_MINUTES ? 'bookingMinDuration' : 'bookingBelowMinimum';
  return errors;
}

/**
 * The shape rules of a booking's times: real date and times, on the 30-minute grid, at least
 * `minMinutes` (one hour by default) — `checkBookingTimes`. A request is first checked against
 * what any space may allow (the floor of the minimum, overnight), then against its own space.
 */
export function checkBookingShape(input: BookingTimes, rules: TimeRules = {}): BookingTimeErrors {
  return {
    ...(isCalendarDate(input.date) ? {} : { date: 'bookingDate' as const }),
    ...checkBookingTimes(input, rules),
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
 * inside opening hours (a booking may end at closing time exactly, the next day's when the hours
 * cross midnight; it starts on its own date), not in the past in Riyadh —
 * a date before today, or today at a start time that has already come — nor sooner than the
 * space's minimum notice, nor beyond its booking horizon.
 */
export function checkBookingAvailability(
  space: SpaceHours,
  input: BookingTimes,
  now: Date,
): BookingTimeErrors {
  const errors = checkBookingShape(input, timeRules(space));
  if (Object.keys(errors).length > 0) return errors;
  const start = parseTime(input.startTime)!;
  const end = endMinutes(start, parseTime(input.endTime)!);
  if (isPastDate(input.date, now)) return { date: 'bookingDatePast' };
  if (isPastStart(input.date, start, now)) return { startTime: 'bookingTimePast' };
  if (input.date > lastBookableDate(space, now)) return { date: 'bookingBeyondHorizon' };
  if (isTooSoon(space, input.date, start, now)) return { startTime: 'bookingTooSoon' };
  if (!isOpenOn(space, input.date)) return { date: 'bookingClosedDay' };
  const window = openingWindow(space)!;
  if (start < window.start) errors.startTime = 'bookingOutsideHours';
  if (end > window.end) errors.endTime = 'bookingOutsideHours';
  return errors;
}

/** Guests: a whole number from 1 to the space's capacity. */
export function checkGuests(guests: number, capacity: number): FieldRule | null {
  if (!Number.isInteger(guests)) return 'wholeNumber';
  if (guests < 1) return 'bookingGuestsMin';
  if (guests > capacity) return 'bookingGuestsMax';
  return null;
}

/**
 * A valid booking (or block) as an absolute half-open range, for the database's `tstzrange`, the
 * calendar feed and `.ics` files: an end at or before the start is the next day's.
 */
export function bookingPeriod(input: BookingTimes): { startsAt: Date; endsAt: Date } {
  const start = parseTime(input.startTime)!;
  return {
    startsAt: riyadhInstant(input.date, start),
    endsAt: riyadhInstant(input.date, endMinutes(start, parseTime(input.endTime)!)),
  };
}

/** Booked minutes of a valid request (22:00–01:00 is 180). */
export function bookingMinutes(input: Pick<BookingTimes, 'startTime' | 'endTime'>): number {
  const start = parseTime(input.startTime)!;
  return endMinutes(start, parseTime(input.endTime)!) - start;
}

/**
 * A busy time of a day (a confirmed booking or a block), as GET /api/spaces/:id/availability
 * lists it: `HH:mm` times of that date — the end the next day's when at or before the start, and
 * both the next day's when `nextDay` (a busy time early the next morning, inside hours that cross
 * midnight). One that began the day before starts at `00:00`.
 */
export interface BusyPeriod {
  /** `HH:mm` */
  startTime: string;
  endTime: string;
  nextDay?: boolean;
}

/** A busy period as minutes from its date's midnight (`endMinutes`); null when malformed. */
export function busyInterval(b: BusyPeriod): Interval | null {
  const start = parseTime(b.startTime);
  const end = parseTime(b.endTime);
  if (start === null || end === null) return null;
  const shift = b.nextDay ? DAY_MINUTES : 0;
  return { start: start + shift, end: endMinutes(start, end) + shift };
}

/** Whether `period` overlaps any of the day's busy periods (half-open, like the database). */
export function overlapsBusy(period: Interval, busy: readonly BusyPeriod[]): boolean {
  return busy.some((b) => {
    const interval = busyInterval(b);
    return interval !== null && intervalsOverlap(period, interval);
  });
}

/** Whether `period` overlaps any of `intervals` (half-open). */
function overlapsAny(period: Interval, intervals: readonly Interval[]): boolean {
  return intervals.some((i) => intervalsOverlap(period, i));
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
  const busy = day.busy.flatMap((b) => {
    const interval = busyInterval(b);
    return interval ? [{ start: interval.start - buffer, end: interval.end + buffer }] : [];
  });
  const starts = startTimeOptions(space).map((time): StartSlot => {
    const start = parseTime(time)!;
    const taken = overlapsAny({ start, end: start + SLOT_MINUTES }, busy);
    // Already come, or sooner than the space's minimum notice: not offered.
    const past =
      day.date !== '' &&
      (isPastStart(day.date, start, now) || isTooSoon(space, day.date, start, now));
    return { time, taken, past, bookable: !taken && !past };
  });
  const chosen = parseTime(startTime ?? '');
  const ends = starts[0]
    ? endTimeOptions(space, starts[0].time).map((time): EndSlot => {
        // An end is the next day's when it is not after the first start of the day.
        const end = endMinutes(parseTime(starts[0]!.time)!, parseTime(time)!);
        const start = chosen ?? end - SLOT_MINUTES;
        const taken = end > start && overlapsAny({ start, end }, busy);
        return { time, taken, bookable: !taken };
      })
    : [];
  return { starts, ends };
}
