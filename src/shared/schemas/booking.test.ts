import { describe, expect, it } from 'vitest';
import { bookingFormSchema, createBookingSchema } from './booking.ts';

const space = {
  opensAt: '08:00',
  closesAt: '22:00',
  availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'] as const,
  capacity: 10,
};
/** Wednesday 1 January 2031, 10:15 in Riyadh. */
const now = () => new Date('2031-01-01T07:15:00Z');
const form = bookingFormSchema({ ...space, availableDays: [...space.availableDays] }, now);
const valid = {
  date: '2031-01-05',
  startTime: '10:00',
  endTime: '12:00',
  guests: 3,
  contactPhone: '0512345678',
};

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the booking form schema (browser)', () => {
  it('accepts a valid request and stores the phone as E.164', () => {
    const result = form.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data?.contactPhone).toBe('+966512345678');
  });

  it('names a past date even while the times are still empty', () => {
    const result = form.safeParse({ ...valid, date: '2030-12-31', startTime: '', endTime: '' });
    expect(issues(result)).toMatchObject({
      date: 'fields.bookingDatePast',
      startTime: 'fields.required',
      endTime: 'fields.required',
    });
  });

  it('names a closed day, an end before the start, and too many guests together', () => {
    const result = form.safeParse({
      ...valid,
      date: '2031-01-10',
      startTime: '14:00',
      endTime: '12:00',
      guests: 11,
    });
    expect(issues(result)).toMatchObject({
      endTime: 'fields.bookingEndBeforeStart',
      guests: 'fields.bookingGuestsMax',
    });
  });

  it('treats an empty guests field (NaN from a number input) as required', () => {
    expect(issues(form.safeParse({ ...valid, guests: Number.NaN }))).toMatchObject({
      guests: 'fields.required',
    });
  });
});

describe('the create-booking request schema (server)', () => {
  it('checks the shape only; the space and the clock are checked by the service', () => {
    const ok = createBookingSchema.safeParse({
      ...valid,
      spaceId: '3f2c1a9e-8b7d-4c6e-9f1a-2b3c4d5e6f70',
      date: '2020-01-05',
    });
    expect(ok.success).toBe(true);
    expect(
      issues(
        createBookingSchema.safeParse({
          ...valid,
          spaceId: 'x',
          startTime: '10:10',
        }),
      ),
    ).toMatchObject({ spaceId: 'fields.invalid' });
  });
});
