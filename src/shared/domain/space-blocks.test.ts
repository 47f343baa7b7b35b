import { describe, expect, it } from 'vitest';
import { checkBlockTimes } from './space-blocks.ts';

// Wednesday 2030-01-09, 10:15 in Riyadh.
const NOW = new Date('2030-01-09T07:15:00Z');

describe('a block of the host calendar', () => {
  it('takes any length on the booking grid, down to one slot', () => {
    expect(checkBlockTimes({ date: '2030-01-10', startTime: '14:00', endTime: '14:30' })).toEqual(
      {},
    );
    expect(
      checkBlockTimes({ date: '2030-01-10', startTime: '00:00', endTime: '23:30' }, NOW),
    ).toEqual({});
  });

  it('names each broken rule', () => {
    expect(checkBlockTimes({ date: '2030-02-30', startTime: '25:00', endTime: 'x' })).toEqual({
      date: 'bookingDate',
      startTime: 'bookingTime',
      endTime: 'bookingTime',
    });
    expect(checkBlockTimes({ date: '2030-01-10', startTime: '14:10', endTime: '15:00' })).toEqual({
      startTime: 'bookingTimeGrid',
    });
    expect(checkBlockTimes({ date: '2030-01-10', startTime: '15:00', endTime: '15:00' })).toEqual({
      endTime: 'bookingEndBeforeStart',
    });
  });

  it('refuses what is already over, with a clock', () => {
    expect(
      checkBlockTimes({ date: '2030-01-08', startTime: '14:00', endTime: '16:00' }, NOW),
    ).toEqual({ date: 'bookingDatePast' });
    expect(
      checkBlockTimes({ date: '2030-01-09', startTime: '08:00', endTime: '10:00' }, NOW),
    ).toEqual({ endTime: 'bookingTimePast' });
    // Today, still running or to come: fine.
    expect(
      checkBlockTimes({ date: '2030-01-09', startTime: '09:00', endTime: '11:00' }, NOW),
    ).toEqual({});
  });
});
