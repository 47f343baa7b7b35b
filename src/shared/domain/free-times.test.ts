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
