import { parseTime } from '#shared/domain/booking-slots.ts';
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
  /** minutes since midnight */
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
      end: minutes(period.endTime),
      lane: 0,
      lanes: 1,
    });
  for (const b of week.bookings) add({ ...b, kind: b.status });
  for (const b of week.blocks) add({ ...b, kind: 'blocked' });
  for (const [date, periods] of byDay) byDay.set(date, assignLanes(periods));
  return byDay;
}

/** The whole hours the grid shows: the opening hours, widened to any period outside them. */
export function gridHours(week: HostWeek, periods: Map<string, WeekPeriod[]>) {
  let from = minutes(week.opensAt);
  let to = minutes(week.closesAt);
  for (const day of periods.values()) {
    for (const p of day) {
      from = Math.min(from, p.start);
      to = Math.max(to, p.end);
    }
  }
  return { from: Math.floor(from / 60) * 60, to: Math.min(24 * 60, Math.ceil(to / 60) * 60) };
}
