import {
  bookingSettings,
  daySlots,
  endMinutes,
  openingWindow,
  parseTime,
  type BusyPeriod,
  type SpaceHours,
} from './booking-slots.ts';

/** A stretch of a day in which a booking can still be requested. */
export interface FreeTime {
  /** `HH:mm` */
  startTime: string;
  endTime: string;
}

/**
 * The day's free times of a space, as the booking form offers them (`daySlots`: busy times and
 * the buffer around them, the past, the minimum notice): from each bookable start that no earlier
 * free time covers, to the latest end the form would accept from it. What a renter whose request
 * lost its slot is told to try instead (issue 18).
 *
 * Hours may cross midnight (decision 030): a free time starts on the date, before midnight, and
 * may end the next morning, up to closing time — its `endTime` is then at or before its
 * `startTime` (read with `endMinutes`; shown with "(next day)" by `formatTimeRange`).
 */
export function freeTimes(
  space: SpaceHours,
  day: { date: string; busy: readonly BusyPeriod[] },
  now: Date,
): FreeTime[] {
  const shortest = bookingSettings(space).minBookingMinutes;
  const window = openingWindow(space);
  if (!window) return [];
  // Every end offered is after the opening time: one at or before it is the next day's.
  const minutesOfEnd = (time: string) => endMinutes(window.start, parseTime(time)!);
  const out: FreeTime[] = [];
  let coveredUntil = -1;
  for (const slot of daySlots(space, day, undefined, now).starts) {
    const start = parseTime(slot.time)!;
    if (!slot.bookable || start < coveredUntil) continue;
    // Ends from this start are taken from the first busy time on: the last one before it.
    let end: { time: string; at: number } | null = null;
    for (const e of daySlots(space, day, slot.time, now).ends) {
      const at = minutesOfEnd(e.time);
      if (at <= start) continue;
      if (!e.bookable) break;
      end = { time: e.time, at };
    }
    if (end === null || end.at - start < shortest) continue;
    out.push({ startTime: slot.time, endTime: end.time });
    coveredUntil = end.at;
  }
  return out;
}
