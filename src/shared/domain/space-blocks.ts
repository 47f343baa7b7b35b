import type { FieldRule } from '../message-codes.ts';
import { isPastDate, isPastStart, parseTime, SLOT_MINUTES } from './booking-slots.ts';
import { isCalendarDate } from './riyadh-calendar.ts';

/** A time the host keeps off the calendar: one day, from a start to an end (Asia/Riyadh). */
export interface BlockTimes {
  date: string;
  startTime: string;
  endTime: string;
}

export type BlockErrors = Partial<Record<keyof BlockTimes, FieldRule>>;

/**
 * The rules of a block, shared by the host's form and the server: a real date, real times on the
 * booking grid (so a block lines up with what renters can choose), the end after the start; any
 * length, as short as one slot. With `now`, not in the past either.
 */
export function checkBlockTimes(input: BlockTimes, now?: Date): BlockErrors {
  const errors: BlockErrors = {};
  if (!isCalendarDate(input.date)) errors.date = 'bookingDate';
  const start = parseTime(input.startTime);
  const end = parseTime(input.endTime);
  if (start === null) errors.startTime = 'bookingTime';
  else if (start % SLOT_MINUTES !== 0) errors.startTime = 'bookingTimeGrid';
  if (end === null) errors.endTime = 'bookingTime';
  else if (end % SLOT_MINUTES !== 0) errors.endTime = 'bookingTimeGrid';
  if (start !== null && end !== null && !errors.startTime && !errors.endTime && end <= start)
    errors.endTime = 'bookingEndBeforeStart';
  if (now && !errors.date) {
    if (isPastDate(input.date, now)) errors.date = 'bookingDatePast';
    // A block that has already ended blocks nothing.
    else if (end !== null && !errors.endTime && isPastStart(input.date, end, now))
      errors.endTime = 'bookingTimePast';
  }
  return errors;
}
