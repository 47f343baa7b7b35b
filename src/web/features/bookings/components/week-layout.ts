import { DAY_MINUTES, endMinutes, openingWindow, parseTime } from '#shared/domain/booking-slots.ts';
import type { HostWeek } from '#shared/schemas/host.ts';

/**
 * Where the week view draws things: each day's periods in time order, the hours the grid spans,
 * and side-by-side lanes for periods that overlap (pending requests may overlap each other and a
 * confirmed booking: the team picks one). Drawing only — the rules of what is booked are the
 * server's.
 */
export type PeriodKind = 'confirmed' | 'pending' | 'blocked';

export interface WeekPeriod {
  id: string;
  kind: PeriodKind;
  date: string;
  startTime: string;
  endTime: string;
  /** minutes since the date's midnight; an end the next day is 1440 and more */
  start: number;
  end: number;
  guests?: number;
  note?: string | null;
  /** 0-based lane, and how many lanes its group of overlapping periods needs */
  lane: number;
  lanes: number;
}

const minutes = (time: string) => parseTime(time) ?? 0;

/** Lanes for one day's periods, sorted by start: a group of overlapping periods shares its count. */
function assignLanes(periods: WeekPeriod[]): WeekPeriod[] {
  const sorted = [...periods].sort((a, b) => a.start - b.start || a.end - b.end);
  let group: WeekPeriod[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const p of group) p.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const period of sorted) {
    if (period.start >= groupEnd) close();
    let lane = laneEnds.findIndex((end) => end <= period.start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = period.end;
    period.lane = lane;
    group.push(period);
    groupEnd = Math.max(groupEnd, period.end);
  }
  close();
  return sorted;
}

/** Each day of the week (in the answer's order) with its periods, in time order. */
export function weekPeriods(week: HostWeek): Map<string, WeekPeriod[]> {
  const byDay = new Map<string, WeekPeriod[]>(week.days.map((d) => [d.date, []]));
  const add = (period: Omit<WeekPeriod, 'start' | 'end' | 'lane' | 'lanes'>) =>
    byDay.get(period.date)?.push({
      ...period,
      start: minutes(period.startTime),
      end: endMinutes(minutes(period.startTime), minutes(period.endTime)),
      lane: 0,
      lanes: 1,
    });
  // A completed booking is a confirmed one whose time has passed: it held the same time.
  for (const b of week.bookings)
    add({ ...b, kind: b.status === 'completed' ? 'confirmed' : b.status });
  for (const b of week.blocks) add({ ...b, kind: 'blocked' });
  for (const [date, periods] of byDay) byDay.set(date, assignLanes(periods));
  return byDay;
}

/**
 * The whole hours the grid shows: the opening hours, widened to any period outside them — past
 * midnight when the hours or a booking run into the next day.
 */
export function gridHours(week: HostWeek, periods: Map<string, WeekPeriod[]>) {
  const hours = openingWindow(week) ?? { start: 0, end: DAY_MINUTES };
  let from = hours.start;
  let to = hours.end;
  for (const day of periods.values()) {
    for (const p of day) {
      from = Math.min(from, p.start);
      to = Math.max(to, p.end);
    }
  }
  return {
    from: Math.floor(from / 60) * 60,
    to: Math.min(2 * DAY_MINUTES, Math.ceil(to / 60) * 60),
  };
}
