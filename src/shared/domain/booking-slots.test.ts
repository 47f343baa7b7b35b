import { describe, expect, it } from 'vitest';
import {
  lastBookableDate,
  bookingMinutes,
  bookingPeriod,
  checkBookingAvailability,
  checkBookingShape,
  checkBookingTimes,
  checkGuests,
  crossesMidnight,
  daySlots,
  endMinutes,
  endTimeOptions,
  intervalsOverlap,
  isOpenOn,
  isPastDate,
  isPastStart,
  MIN_BOOKING_MINUTES,
  openingWindow,
  overlapsBusy,
  parseTime,
  SLOT_MINUTES,
  startTimeOptions,
  timeRules,
  type SpaceHours,
} from './booking-slots.ts';
import { isCalendarDate, riyadhClock, weekdayOf } from './riyadh-calendar.ts';

/** Sunday to Thursday, 08:00–22:00 (the Saudi working week). */
const space: SpaceHours = {
  opensAt: '08:00',
  closesAt: '22:00',
  availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
};
// 2031-01-05 is a Sunday; 2031-01-10 a Friday.
const SUNDAY = '2031-01-05';
const FRIDAY = '2031-01-10';
/** A frozen "now": Wednesday 1 January 2031, 10:15 in Riyadh (07:15 UTC). */
const NOW = new Date('2031-01-01T07:15:00Z');

const at = (start: string, end: string, date = SUNDAY) => ({
  date,
  startTime: start,
  endTime: end,
});

describe('half-open overlap [start, end)', () => {
  const tenToNoon = { start: 600, end: 720 };
  it.each([
    ['back to back after (12:00–14:00)', { start: 720, end: 840 }, false],
    ['back to back before (08:00–10:00)', { start: 480, end: 600 }, false],
    ['one minute into it (11:59–13:00)', { start: 719, end: 780 }, true],
    ['ending one minute in (09:00–10:01)', { start: 540, end: 601 }, true],
    ['inside (10:30–11:30)', { start: 630, end: 690 }, true],
    ['around it (09:00–13:00)', { start: 540, end: 780 }, true],
    ['identical', { start: 600, end: 720 }, true],
    ['far apart', { start: 900, end: 960 }, false],
  ])('%s', (_label, other, expected) => {
    expect(intervalsOverlap(tenToNoon, other)).toBe(expected);
    expect(intervalsOverlap(other, tenToNoon)).toBe(expected);
  });
});

describe('times and dates', () => {
  it('reads HH:mm and the database HH:mm:ss, refuses anything else', () => {
    expect(parseTime('00:00')).toBe(0);
    expect(parseTime('23:30')).toBe(1410);
    expect(parseTime('09:30:00')).toBe(570);
    for (const bad of ['24:00', '9:30', '12:60', '12:3', 'noon', '', '12:30:15'])
      expect(parseTime(bad), bad).toBeNull();
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2032-02-29')).toBe(true);
    expect(isCalendarDate('2031-02-29')).toBe(false);
    expect(isCalendarDate('2031-13-01')).toBe(false);
    expect(isCalendarDate('2031-1-05')).toBe(false);
    expect(isCalendarDate('05/01/2031')).toBe(false);
  });

  it('names the weekday of a date', () => {
    expect(weekdayOf(SUNDAY)).toBe('sunday');
    expect(weekdayOf(FRIDAY)).toBe('friday');
    expect(weekdayOf('2031-01-11')).toBe('saturday');
    expect(weekdayOf('2031-01-06')).toBe('monday');
  });

  it('midnight in Riyadh is 21:00 UTC the day before', () => {
    expect(riyadhClock(new Date('2031-01-04T20:59:00Z'))).toEqual({
      date: '2031-01-04',
      minutes: 1439,
    });
    expect(riyadhClock(new Date('2031-01-04T21:00:00Z'))).toEqual({
      date: '2031-01-05',
      minutes: 0,
    });
    expect(bookingPeriod(at('00:00', '01:00')).startsAt.toISOString()).toBe(
      '2031-01-04T21:00:00.000Z',
    );
  });

  it('turns a booking into an absolute period (UTC+3, no daylight saving, even in summer)', () => {
    const { startsAt, endsAt } = bookingPeriod(at('10:00', '12:30', '2031-07-06'));
    expect(startsAt.toISOString()).toBe('2031-07-06T07:00:00.000Z');
    expect(endsAt.toISOString()).toBe('2031-07-06T09:30:00.000Z');
    expect(bookingMinutes(at('10:00', '12:30'))).toBe(150);
  });
});

describe('the shape of a booking', () => {
  it('accepts an hour on the grid', () => {
    expect(checkBookingShape(at('10:00', '11:00'))).toEqual({});
    expect(checkBookingShape(at('10:30', '12:00'))).toEqual({});
  });

  it('keeps times on the 30-minute grid', () => {
    expect(checkBookingShape(at('10:15', '11:30'))).toEqual({ startTime: 'bookingTimeGrid' });
    expect(checkBookingShape(at('10:00', '11:45'))).toEqual({ endTime: 'bookingTimeGrid' });
  });

  it('wants the end after the start, and at least an hour', () => {
    expect(checkBookingShape(at('12:00', '10:00'))).toEqual({ endTime: 'bookingEndBeforeStart' });
    expect(checkBookingShape(at('12:00', '12:00'))).toEqual({ endTime: 'bookingEndBeforeStart' });
    expect(checkBookingShape(at('12:00', '12:30'))).toEqual({ endTime: 'bookingMinDuration' });
  });

  it('names malformed dates and times', () => {
    expect(checkBookingShape({ date: '2031-02-30', startTime: '25:00', endTime: 'x' })).toEqual({
      date: 'bookingDate',
      startTime: 'bookingTime',
      endTime: 'bookingTime',
    });
  });
});

describe('availability (frozen clock: Wednesday 1 January 2031, 10:15 Riyadh)', () => {
  const check = (start: string, end: string, date = SUNDAY, now = NOW) =>
    checkBookingAvailability(space, at(start, end, date), now);

  it('accepts a booking inside the hours of an open day', () => {
    expect(check('10:00', '12:00')).toEqual({});
  });

  it('opening-hour edges: from opening exactly, to closing exactly (half-open)', () => {
    expect(check('08:00', '09:00')).toEqual({});
    expect(check('21:00', '22:00')).toEqual({});
    expect(check('07:30', '09:00')).toEqual({ startTime: 'bookingOutsideHours' });
    expect(check('21:00', '22:30')).toEqual({ endTime: 'bookingOutsideHours' });
    expect(check('07:00', '23:00')).toEqual({
      startTime: 'bookingOutsideHours',
      endTime: 'bookingOutsideHours',
    });
  });

  it('day edges: Thursday open, Friday and Saturday closed', () => {
    expect(check('10:00', '11:00', '2031-01-09')).toEqual({});
    expect(check('10:00', '11:00', FRIDAY)).toEqual({ date: 'bookingClosedDay' });
    expect(check('10:00', '11:00', '2031-01-11')).toEqual({ date: 'bookingClosedDay' });
  });

  it('refuses a date before today in Riyadh', () => {
    expect(check('10:00', '11:00', '2030-12-31')).toEqual({ date: 'bookingDatePast' });
  });

  it('today, an hour already past, is refused; later today is fine', () => {
    expect(check('09:00', '10:00', '2031-01-01')).toEqual({ startTime: 'bookingTimePast' });
    expect(check('10:00', '11:00', '2031-01-01')).toEqual({ startTime: 'bookingTimePast' });
    expect(check('10:30', '11:30', '2031-01-01')).toEqual({});
  });

  it('midnight in Riyadh: at 23:30 UTC on Saturday it is already Sunday 02:30 there', () => {
    const saturdayNightUtc = new Date('2031-01-04T23:30:00Z');
    expect(check('02:00', '03:00', SUNDAY, saturdayNightUtc)).toEqual({
      startTime: 'bookingTimePast',
    });
    expect(check('10:00', '11:00', SUNDAY, saturdayNightUtc)).toEqual({});
    // And at 20:30 UTC on Saturday, Sunday has not begun in Riyadh: Saturday is still today.
    expect(check('10:00', '11:00', '2031-01-04', new Date('2031-01-04T20:30:00Z'))).toEqual({
      startTime: 'bookingTimePast',
    });
  });

  it('reports shape errors before the clock and the space', () => {
    expect(check('12:00', '10:00', '2030-12-31')).toEqual({ endTime: 'bookingEndBeforeStart' });
  });
});

describe('offered times', () => {
  it('starts every 30 minutes from opening to an hour before closing', () => {
    const starts = startTimeOptions({ ...space, opensAt: '08:00', closesAt: '10:30' });
    expect(starts).toEqual(['08:00', '08:30', '09:00', '09:30']);
  });

  it('ends from an hour after the start to closing exactly', () => {
    expect(endTimeOptions({ ...space, closesAt: '12:00' }, '10:00')).toEqual([
      '11:00',
      '11:30',
      '12:00',
    ]);
    expect(endTimeOptions({ ...space, closesAt: '12:00' }, '11:30')).toEqual([]);
  });

  it('reads database times with seconds', () => {
    expect(startTimeOptions({ ...space, opensAt: '21:00:00', closesAt: '22:00:00' })).toEqual([
      '21:00',
    ]);
  });
});

describe('guests', () => {
  it('from one to the capacity, whole numbers only', () => {
    expect(checkGuests(1, 10)).toBeNull();
    expect(checkGuests(10, 10)).toBeNull();
    expect(checkGuests(0, 10)).toBe('bookingGuestsMin');
    expect(checkGuests(11, 10)).toBe('bookingGuestsMax');
    expect(checkGuests(2.5, 10)).toBe('wholeNumber');
  });
});

describe('the times alone', () => {
  it('are the time rules of the shape, without a date', () => {
    expect(checkBookingTimes({ startTime: '10:00', endTime: '11:00' })).toEqual({});
    expect(checkBookingTimes({ startTime: '10:15', endTime: '11:30' })).toEqual({
      startTime: 'bookingTimeGrid',
    });
    expect(checkBookingTimes({ startTime: '12:00', endTime: '12:00' })).toEqual({
      endTime: 'bookingEndBeforeStart',
    });
    expect(checkBookingTimes({ startTime: '12:00', endTime: '12:30' })).toEqual({
      endTime: 'bookingMinDuration',
    });
    expect(checkBookingTimes({ startTime: '', endTime: 'x' })).toEqual({
      startTime: 'bookingTime',
      endTime: 'bookingTime',
    });
  });

  it('one grid and one minimum length: half-hour steps, at least an hour', () => {
    expect(SLOT_MINUTES).toBe(30);
    expect(MIN_BOOKING_MINUTES).toBe(60);
  });
});

describe('the clock and the week (frozen: Wednesday 1 January 2031, 10:15 Riyadh)', () => {
  it('a date before today in Riyadh has passed; today has not', () => {
    expect(isPastDate('2030-12-31', NOW)).toBe(true);
    expect(isPastDate('2031-01-01', NOW)).toBe(false);
    expect(isPastDate(SUNDAY, NOW)).toBe(false);
  });

  it('a start today at or before the current minute has passed', () => {
    expect(isPastStart('2031-01-01', parseTime('10:00')!, NOW)).toBe(true);
    expect(isPastStart('2031-01-01', parseTime('10:15')!, NOW)).toBe(true);
    expect(isPastStart('2031-01-01', parseTime('10:30')!, NOW)).toBe(false);
    expect(isPastStart(SUNDAY, parseTime('08:00')!, NOW)).toBe(false);
    expect(isPastStart('', parseTime('08:00')!, NOW)).toBe(false);
  });

  it('is open on its available weekdays only', () => {
    expect(isOpenOn(space, SUNDAY)).toBe(true);
    expect(isOpenOn(space, FRIDAY)).toBe(false);
  });
});

describe("overlap with the day's confirmed bookings", () => {
  const busy = [{ startTime: '12:00', endTime: '14:00' }];
  it('is half-open: touching ends are free', () => {
    expect(overlapsBusy({ start: 600, end: 720 }, busy)).toBe(false);
    expect(overlapsBusy({ start: 840, end: 900 }, busy)).toBe(false);
    expect(overlapsBusy({ start: 690, end: 750 }, busy)).toBe(true);
    expect(overlapsBusy({ start: 600, end: 720 }, [])).toBe(false);
  });
});

describe('the slots of a day (frozen clock: Wednesday 1 January 2031, 10:15 Riyadh)', () => {
  const short: SpaceHours = { ...space, opensAt: '09:00', closesAt: '13:00' };
  const TODAY = '2031-01-01';
  const busy = [{ startTime: '11:00', endTime: '12:00' }];
  const starts = (slots: ReturnType<typeof daySlots>) =>
    slots.starts.map(({ time, taken, past, bookable }) => [time, taken, past, bookable]);
  const ends = (slots: ReturnType<typeof daySlots>) =>
    slots.ends.map(({ time, taken, bookable }) => [time, taken, bookable]);

  it('offers the start times, marking those a confirmed booking takes', () => {
    const slots = daySlots(short, { date: SUNDAY, busy }, '', NOW);
    expect(starts(slots)).toEqual([
      ['09:00', false, false, true],
      ['09:30', false, false, true],
      ['10:00', false, false, true],
      ['10:30', false, false, true],
      ['11:00', true, false, false],
      ['11:30', true, false, false],
      ['12:00', false, false, true],
    ]);
  });

  it('today, marks the start times that have already come as past', () => {
    const slots = daySlots(short, { date: TODAY, busy: [] }, '', NOW);
    expect(slots.starts.filter((s) => s.past).map((s) => s.time)).toEqual([
      '09:00',
      '09:30',
      '10:00',
    ]);
    expect(slots.starts.every((s) => s.bookable === !s.past)).toBe(true);
  });

  it('no date chosen yet: nothing is past or taken', () => {
    const slots = daySlots(short, { date: '', busy: [] }, undefined, NOW);
    expect(slots.starts.every((s) => s.bookable)).toBe(true);
    expect(slots.ends.every((e) => e.bookable)).toBe(true);
  });

  it('before a start is chosen, an end is taken when its last half hour is', () => {
    const slots = daySlots(short, { date: SUNDAY, busy }, '', NOW);
    expect(ends(slots)).toEqual([
      ['10:00', false, true],
      ['10:30', false, true],
      ['11:00', false, true],
      ['11:30', true, false],
      ['12:00', true, false],
      ['12:30', false, true],
      ['13:00', false, true],
    ]);
  });

  it('after a start is chosen, an end is taken when the period to it crosses a booking', () => {
    const slots = daySlots(short, { date: SUNDAY, busy }, '09:30', NOW);
    expect(ends(slots)).toEqual([
      ['10:00', false, true],
      ['10:30', false, true],
      ['11:00', false, true],
      ['11:30', true, false],
      ['12:00', true, false],
      ['12:30', true, false],
      ['13:00', true, false],
    ]);
    // Ends at or before the chosen start stay offered (the form names the error at the field).
    const late = daySlots(short, { date: SUNDAY, busy }, '12:00', NOW);
    expect(ends(late)).toEqual([
      ['10:00', false, true],
      ['10:30', false, true],
      ['11:00', false, true],
      ['11:30', false, true],
      ['12:00', false, true],
      ['12:30', false, true],
      ['13:00', false, true],
    ]);
  });

  it('agrees with the request check: a bookable start today is not refused as past', () => {
    for (const slot of daySlots(space, { date: TODAY, busy: [] }, '', NOW).starts) {
      const end = endTimeOptions(space, slot.time)[0];
      if (!end) continue;
      const errors = checkBookingAvailability(
        { ...space, availableDays: ['wednesday'] },
        { date: TODAY, startTime: slot.time, endTime: end },
        NOW,
      );
      expect(errors.startTime === 'bookingTimePast', slot.time).toBe(slot.past);
    }
  });

  it('a space with no room for a booking offers nothing', () => {
    const slots = daySlots(
      { ...space, opensAt: '09:00', closesAt: '09:30' },
      { date: SUNDAY, busy },
      '',
      NOW,
    );
    expect(slots).toEqual({ starts: [], ends: [] });
  });
});

describe("a space's booking settings (issue 17)", () => {
  const hall: SpaceHours = { ...space, opensAt: '08:00', closesAt: '14:00' };

  it('keeps the buffer free on both sides of a busy time', () => {
    const busy = [{ startTime: '10:00', endTime: '11:00' }];
    const slots = daySlots({ ...hall, bufferMinutes: 30 }, { date: SUNDAY, busy }, '', NOW);
    const taken = slots.starts.filter((s) => s.taken).map((s) => s.time);
    expect(taken).toEqual(['09:30', '10:00', '10:30', '11:00']);
    // With no buffer, only the booked hour.
    const plain = daySlots(hall, { date: SUNDAY, busy }, '', NOW);
    expect(plain.starts.filter((s) => s.taken).map((s) => s.time)).toEqual(['10:00', '10:30']);
    // 08:00 → 09:30 ends where the buffer begins: bookable; 08:00 → 10:00 is not.
    const ends = daySlots({ ...hall, bufferMinutes: 30 }, { date: SUNDAY, busy }, '08:00', NOW);
    expect(ends.ends.find((e) => e.time === '09:30')!.bookable).toBe(true);
    expect(ends.ends.find((e) => e.time === '10:00')!.bookable).toBe(false);
  });

  it('offers starts only after the minimum notice, and ends only after the shortest booking', () => {
    // NOW is 2031-01-01 10:15 in Riyadh; 24 h notice leaves nothing before 2031-01-02 10:15.
    const noticed = { ...hall, minNoticeHours: 24 };
    const tomorrow = daySlots(noticed, { date: '2031-01-02', busy: [] }, '', NOW);
    expect(tomorrow.starts.filter((s) => s.bookable).map((s) => s.time)[0]).toBe('10:30');
    const long = daySlots(
      { ...hall, minBookingMinutes: 120 },
      { date: SUNDAY, busy: [] },
      '08:00',
      NOW,
    );
    expect(long.ends[0]!.time).toBe('10:00');
    expect(long.starts.at(-1)!.time).toBe('12:00');
  });

  it('checks a request against the settings, naming the field', () => {
    const strict = { ...hall, minNoticeHours: 48, horizonDays: 10, minBookingMinutes: 90 };
    expect(checkBookingAvailability(strict, at('10:00', '12:00', '2031-01-02'), NOW)).toEqual({
      startTime: 'bookingTooSoon',
    });
    expect(checkBookingAvailability(strict, at('10:00', '12:00', '2031-01-12'), NOW)).toEqual({
      date: 'bookingBeyondHorizon',
    });
    expect(checkBookingAvailability(strict, at('10:00', '11:00'), NOW)).toEqual({
      endTime: 'bookingBelowMinimum',
    });
    expect(checkBookingAvailability(strict, at('10:00', '11:30'), NOW)).toEqual({});
    expect(lastBookableDate(strict, NOW)).toBe('2031-01-11');
  });
});

describe('hours that cross midnight (issue 17, decision 030)', () => {
  /** An event hall open 16:00 to 02:00 the next morning, every day. */
  const hall: SpaceHours = {
    opensAt: '16:00',
    closesAt: '02:00',
    availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  };

  it('reads a closing time at or before the opening time as the next day’s', () => {
    expect(crossesMidnight(hall)).toBe(true);
    expect(crossesMidnight({ opensAt: '18:00', closesAt: '00:00' })).toBe(true);
    expect(crossesMidnight(space)).toBe(false);
    expect(openingWindow(hall)).toEqual({ start: 16 * 60, end: 26 * 60 });
    expect(openingWindow({ opensAt: '18:00', closesAt: '00:00' })).toEqual({
      start: 18 * 60,
      end: 24 * 60,
    });
    expect(endMinutes(22 * 60, 60)).toBe(25 * 60);
    expect(endMinutes(22 * 60, 23 * 60)).toBe(23 * 60);
    expect(timeRules(hall)).toEqual({ minMinutes: MIN_BOOKING_MINUTES, overnight: true });
    expect(timeRules(space)).toEqual({ minMinutes: MIN_BOOKING_MINUTES, overnight: false });
  });

  it('offers starts on the day only, and ends up to the next day’s closing time', () => {
    const starts = startTimeOptions(hall);
    expect(starts[0]).toBe('16:00');
    expect(starts.at(-1)).toBe('23:30'); // a booking starts on its own date
    expect(endTimeOptions(hall, '22:00')).toEqual([
      '23:00',
      '23:30',
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
    ]);
    // Closing at midnight: the last end is 00:00.
    expect(endTimeOptions({ ...hall, closesAt: '00:00' }, '22:00')).toEqual([
      '23:00',
      '23:30',
      '00:00',
    ]);
  });

  it('accepts a booking that ends the next day, inside the hours, and refuses what is not', () => {
    expect(checkBookingAvailability(hall, at('22:00', '01:00'), NOW)).toEqual({});
    expect(checkBookingAvailability(hall, at('16:00', '02:00'), NOW)).toEqual({});
    expect(checkBookingAvailability(hall, at('23:30', '00:30'), NOW)).toEqual({});
    expect(checkBookingAvailability(hall, at('22:00', '03:00'), NOW)).toEqual({
      endTime: 'bookingOutsideHours',
    });
    // 01:00 of the date itself is not inside that date's hours: it starts on its own date.
    expect(checkBookingAvailability(hall, at('01:00', '02:00'), NOW)).toEqual({
      startTime: 'bookingOutsideHours',
    });
    expect(checkBookingAvailability(hall, at('15:00', '17:00'), NOW)).toEqual({
      startTime: 'bookingOutsideHours',
    });
    expect(checkBookingAvailability(hall, at('23:30', '00:00'), NOW)).toEqual({
      endTime: 'bookingMinDuration',
    });
    // Where the hours do not cross midnight, an end before the start is still refused as such.
    expect(checkBookingAvailability(space, at('21:00', '01:00'), NOW)).toEqual({
      endTime: 'bookingEndBeforeStart',
    });
  });

  it('prices, measures and places the booking across midnight', () => {
    const booking = at('22:00', '01:00');
    expect(bookingMinutes(booking)).toBe(180);
    expect(checkBookingTimes(booking, { overnight: true })).toEqual({});
    expect(checkBookingTimes(booking)).toEqual({ endTime: 'bookingEndBeforeStart' });
    // Sunday 5 January 2031 22:00 Riyadh → Monday 01:00 Riyadh (19:00 → 22:00 UTC).
    expect(bookingPeriod(booking)).toEqual({
      startsAt: new Date('2031-01-05T19:00:00Z'),
      endsAt: new Date('2031-01-05T22:00:00Z'),
    });
    expect(bookingPeriod(at('23:00', '00:00'))).toEqual({
      startsAt: new Date('2031-01-05T20:00:00Z'),
      endsAt: new Date('2031-01-05T21:00:00Z'),
    });
  });

  it('marks slots taken by a busy time that crosses midnight, or that lies early the next day', () => {
    const crossing = daySlots(
      hall,
      { date: SUNDAY, busy: [{ startTime: '23:00', endTime: '01:00' }] },
      '21:00',
      NOW,
    );
    expect(crossing.starts.filter((s) => s.taken).map((s) => s.time)).toEqual(['23:00', '23:30']);
    // From 21:00, every end after 23:00 runs into it.
    expect(crossing.ends.filter((e) => e.taken).map((e) => e.time)).toEqual([
      '23:30',
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
    ]);
    const early = daySlots(
      hall,
      { date: SUNDAY, busy: [{ startTime: '00:30', endTime: '02:00', nextDay: true }] },
      '22:00',
      NOW,
    );
    expect(early.starts.every((s) => !s.taken)).toBe(true);
    expect(early.ends.filter((e) => e.taken).map((e) => e.time)).toEqual([
      '01:00',
      '01:30',
      '02:00',
    ]);
    // The evening before's booking, busy until 01:00 of this date, takes none of its evening.
    const before = daySlots(
      hall,
      { date: SUNDAY, busy: [{ startTime: '00:00', endTime: '01:00' }] },
      '',
      NOW,
    );
    expect(before.starts.every((s) => !s.taken)).toBe(true);
  });

  it('keeps the buffer across midnight', () => {
    const slots = daySlots(
      { ...hall, bufferMinutes: 60 },
      { date: SUNDAY, busy: [{ startTime: '00:30', endTime: '02:00', nextDay: true }] },
      '22:00',
      NOW,
    );
    expect(slots.ends.filter((e) => e.taken).map((e) => e.time)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
    ]);
  });
});
