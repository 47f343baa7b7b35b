import { describe, expect, it } from 'vitest';
import { bookingQuote, bookingTotalHalalas } from './booking-price.ts';

describe('bookingTotalHalalas', () => {
  it('is hours × price per hour, in integer halalas', () => {
    // 150 SAR per hour
    expect(bookingTotalHalalas(15_000, 60)).toBe(15_000); // 1 hour
    expect(bookingTotalHalalas(15_000, 90)).toBe(22_500); // 1.5 hours
    expect(bookingTotalHalalas(15_000, 720)).toBe(180_000); // 12 hours
  });

  it('rounds half a halala up (odd prices on the 30-minute grid)', () => {
    expect(bookingTotalHalalas(10_001, 90)).toBe(15_002); // 15001.5 → 15002
    expect(bookingTotalHalalas(10_001, 30)).toBe(5_001); // 5000.5 → 5001
    expect(bookingTotalHalalas(1, 60)).toBe(1);
  });

  it('never drifts like floating point would (1000 SAR × 23.5 h)', () => {
    expect(bookingTotalHalalas(100_000, 23 * 60 + 30)).toBe(2_350_000);
  });

  it('refuses prices and durations that are not whole and positive', () => {
    expect(() => bookingTotalHalalas(150.5, 60)).toThrow(RangeError);
    expect(() => bookingTotalHalalas(-1, 60)).toThrow(RangeError);
    expect(() => bookingTotalHalalas(15_000, 0)).toThrow(RangeError);
    expect(() => bookingTotalHalalas(15_000, 12.5)).toThrow(RangeError);
  });
});

describe('bookingQuote', () => {
  it('prices the times of a booking: minutes and total', () => {
    expect(bookingQuote(15_000, { startTime: '10:00', endTime: '11:30' })).toEqual({
      minutes: 90,
      totalHalalas: 22_500,
      vatHalalas: null,
      lines: [{ kind: 'hours', minutes: 90, rateHalalasPerHour: 15_000, amountHalalas: 22_500 }],
    });
    expect(bookingQuote(10_001, { startTime: '08:00', endTime: '09:30' })).toEqual({
      minutes: 90,
      totalHalalas: 15_002,
      vatHalalas: null,
      lines: [{ kind: 'hours', minutes: 90, rateHalalasPerHour: 10_001, amountHalalas: 15_002 }],
    });
  });

  it('names the VAT inside the total when the host is VAT-registered (the price includes it)', () => {
    // 150 SAR an hour for 1.5 h = 225 SAR, of which 225 × 15 / 115 = 29.3478… → 29.35 SAR VAT
    expect(
      bookingQuote(15_000, { startTime: '10:00', endTime: '11:30' }, { minMinutes: 60 }, true),
    ).toEqual({
      minutes: 90,
      totalHalalas: 22_500,
      vatHalalas: 2_935,
      lines: [{ kind: 'hours', minutes: 90, rateHalalasPerHour: 15_000, amountHalalas: 22_500 }],
    });
    // the total is the same either way: the renter pays the price they were shown
    expect(
      bookingQuote(11_500, { startTime: '10:00', endTime: '12:00' }, { minMinutes: 60 }, true),
    ).toEqual({
      minutes: 120,
      totalHalalas: 23_000,
      vatHalalas: 3_000,
      lines: [{ kind: 'hours', minutes: 120, rateHalalasPerHour: 11_500, amountHalalas: 23_000 }],
    });
  });

  it('is null until the times make a booking (the same rules as the request)', () => {
    for (const [startTime, endTime] of [
      ['', ''],
      ['10:00', ''],
      ['10:00', '10:30'], // shorter than an hour
      ['10:00', '10:00'],
      ['11:00', '10:00'], // end before start
      ['10:15', '11:15'], // off the half-hour grid
      ['noon', '13:00'],
    ] as const) {
      expect(bookingQuote(15_000, { startTime, endTime }), `${startTime}–${endTime}`).toBeNull();
    }
  });

  it('prices a booking that ends the next day where the hours cross midnight', () => {
    const lateNight = { startTime: '22:00', endTime: '01:30' };
    expect(bookingQuote(15_000, lateNight, { overnight: true })).toEqual({
      minutes: 210,
      totalHalalas: 52_500,
      vatHalalas: null,
      lines: [{ kind: 'hours', minutes: 210, rateHalalasPerHour: 15_000, amountHalalas: 52_500 }],
    });
    expect(bookingQuote(15_000, lateNight)).toBeNull();
    expect(
      bookingQuote(15_000, { startTime: '23:30', endTime: '00:00' }, { overnight: true }),
    ).toBeNull();
    expect(
      bookingQuote(
        15_000,
        { startTime: '23:00', endTime: '00:30' },
        { overnight: true, minMinutes: 120 },
      ),
    ).toBeNull();
  });
});
