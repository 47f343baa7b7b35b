import { describe, expect, it } from 'vitest';
import { freeTimes } from './free-times.ts';

const space = {
  opensAt: '09:00',
  closesAt: '17:00',
  availableDays: [
    'sunday',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
  ] as const,
};
const date = '2026-12-20';
const early = new Date('2026-12-01T00:00:00+03:00');

describe('free times of a day', () => {
  it('is the whole day when nothing is busy', () => {
    expect(freeTimes(space, { date, busy: [] }, early)).toEqual([
      { startTime: '09:00', endTime: '17:00' },
    ]);
  });

  it('leaves out the busy times and the buffer around them', () => {
    const busy = [{ startTime: '11:00', endTime: '13:00' }];
    expect(freeTimes(space, { date, busy }, early)).toEqual([
      { startTime: '09:00', endTime: '11:00' },
      { startTime: '13:00', endTime: '17:00' },
    ]);
    expect(freeTimes({ ...space, bufferMinutes: 30 }, { date, busy }, early)).toEqual([
      { startTime: '09:00', endTime: '10:30' },
      { startTime: '13:30', endTime: '17:00' },
    ]);
  });

  it('drops a gap shorter than the shortest booking, and the past', () => {
    const busy = [
      { startTime: '10:00', endTime: '12:00' },
      { startTime: '12:30', endTime: '15:00' },
    ];
    expect(freeTimes(space, { date, busy }, early)).toEqual([
      { startTime: '09:00', endTime: '10:00' },
      { startTime: '15:00', endTime: '17:00' },
    ]);
    const noon = new Date(`${date}T12:10:00+03:00`);
    expect(freeTimes(space, { date, busy: [] }, noon)).toEqual([
      { startTime: '12:30', endTime: '17:00' },
    ]);
  });
});

/** An event hall open 16:00–02:00 every day (decision 030): its evening runs past midnight. */
describe('free times of a day whose hours cross midnight', () => {
  const hall = { ...space, opensAt: '16:00', closesAt: '02:00' };

  it('runs to the closing time the next morning when nothing is busy', () => {
    expect(freeTimes(hall, { date, busy: [] }, early)).toEqual([
      { startTime: '16:00', endTime: '02:00' },
    ]);
  });

  it('leaves out a booking before midnight, the evening after it running to 02:00', () => {
    const busy = [{ startTime: '18:00', endTime: '20:00' }];
    expect(freeTimes(hall, { date, busy }, early)).toEqual([
      { startTime: '16:00', endTime: '18:00' },
      { startTime: '20:00', endTime: '02:00' },
    ]);
    expect(freeTimes({ ...hall, bufferMinutes: 60 }, { date, busy }, early)).toEqual([
      { startTime: '16:00', endTime: '17:00' },
      { startTime: '21:00', endTime: '02:00' },
    ]);
  });

  it('leaves out a booking across midnight, and nothing starts after midnight', () => {
    const busy = [{ startTime: '23:00', endTime: '01:00' }];
    expect(freeTimes(hall, { date, busy }, early)).toEqual([
      { startTime: '16:00', endTime: '23:00' },
    ]);
    expect(freeTimes({ ...hall, bufferMinutes: 30 }, { date, busy }, early)).toEqual([
      { startTime: '16:00', endTime: '22:30' },
    ]);
  });

  it('offers the stretch across midnight up to a busy time of the next morning', () => {
    // A block on the next date at 00:30–01:30, inside tonight's hours (`nextDay`).
    const busy = [
      { startTime: '17:00', endTime: '19:00' },
      { startTime: '00:30', endTime: '01:30', nextDay: true },
    ];
    expect(freeTimes(hall, { date, busy }, early)).toEqual([
      { startTime: '16:00', endTime: '17:00' },
      { startTime: '19:00', endTime: '00:30' },
    ]);
    // 16:00–16:30 is shorter than an hour once the buffer is kept.
    expect(freeTimes({ ...hall, bufferMinutes: 30 }, { date, busy }, early)).toEqual([
      { startTime: '19:30', endTime: '00:00' },
    ]);
  });

  it('keeps a last stretch across midnight only when it is long enough', () => {
    const busy = [{ startTime: '16:00', endTime: '23:30' }];
    expect(freeTimes(hall, { date, busy }, early)).toEqual([
      { startTime: '23:30', endTime: '02:00' },
    ]);
    expect(freeTimes({ ...hall, minBookingMinutes: 180 }, { date, busy }, early)).toEqual([]);
    expect(freeTimes({ ...hall, bufferMinutes: 60 }, { date, busy }, early)).toEqual([]);
  });

  it('drops what has passed late in the evening, the rest still running past midnight', () => {
    const late = new Date(`${date}T22:10:00+03:00`);
    const busy = [{ startTime: '23:30', endTime: '00:30' }];
    expect(freeTimes(hall, { date, busy: [] }, late)).toEqual([
      { startTime: '22:30', endTime: '02:00' },
    ]);
    expect(freeTimes(hall, { date, busy }, late)).toEqual([
      { startTime: '22:30', endTime: '23:30' },
    ]);
  });
});
