import { z } from 'zod';
import { DAYS, LOCALES, MIN_BOOKING_MINUTES_RANGE } from '../constants.ts';
import {
  checkBookingAvailability,
  checkBookingShape,
  checkBookingTimes,
  checkGuests,
  isOpenOn,
  isPastDate,
  lastBookableDate,
  parseTime,
  timeRules,
  type BookingTimeErrors,
  type SpaceHours,
} from '../domain/booking-slots.ts';
import { isCalendarDate } from '../domain/riyadh-calendar.ts';
import { isSpecContactPhone, normalizeSaudiMobile } from '../domain/phone.ts';
import { fieldRule, type FieldRule } from '../message-codes.ts';

/**
 * A booking request (docs/product-spec.md §5, booking form): date, start and end time, guests and
 * contact phone, all required. `createBookingSchema` is what POST /api/bookings accepts;
 * `bookingFormSchema` is the same fields plus the rules that need the space and the clock, for the
 * browser form. The server runs those same rules itself (src/server/features/bookings/request-booking.ts).
 */
const missingOrWrongType = (issue: { input: unknown }) =>
  issue.input === undefined ||
  issue.input === null ||
  issue.input === '' ||
  (typeof issue.input === 'number' && Number.isNaN(issue.input))
    ? fieldRule('required')
    : fieldRule('invalid');

const requiredString = (max: number) =>
  z
    .string({ error: missingOrWrongType })
    .trim()
    .min(1, { error: fieldRule('required') })
    .max(max, { error: fieldRule('tooLong') });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** The most guests any request may name (a sanity bound; the space's capacity is the real one). */
export const GUESTS_MAX = 10_000;

const bookingFields = {
  date: requiredString(10),
  startTime: requiredString(8),
  endTime: requiredString(8),
  guests: z
    .number({ error: missingOrWrongType })
    .int({ error: fieldRule('wholeNumber') })
    .min(1, { error: fieldRule('bookingGuestsMin') })
    .max(GUESTS_MAX, { error: fieldRule('bookingGuestsMax') }),
  /** docs/product-spec.md §5: `05XXXXXXXX` or `9665XXXXXXXX`; stored as E.164 (+9665XXXXXXXX). */
  contactPhone: requiredString(32)
    .refine(isSpecContactPhone, { error: fieldRule('bookingPhone') })
    .transform((phone) => normalizeSaudiMobile(phone)!),
};

function addTimeIssues(errors: BookingTimeErrors, ctx: z.RefinementCtx) {
  for (const [path, rule] of Object.entries(errors)) {
    ctx.addIssue({ code: 'custom', path: [path], message: fieldRule(rule) });
  }
}

export const createBookingSchema = z
  .object({
    spaceId: z
      .string({ error: missingOrWrongType })
      .refine(isUuid, { error: fieldRule('invalid') }),
    ...bookingFields,
    /** The add-ons chosen (issue 35): the server checks them against the space's rules. */
    addOns: z
      .array(
        z.object({
          id: z.string({ error: missingOrWrongType }).max(40, { error: fieldRule('tooLong') }),
          quantity: z
            .number({ error: missingOrWrongType })
            .int({ error: fieldRule('wholeNumber') })
            .min(1, { error: fieldRule('wholeNumber') })
            .max(1000, { error: fieldRule('addOnQuantityMax') }),
        }),
        { error: fieldRule('invalid') },
      )
      .max(20, { error: fieldRule('invalid') })
      .default([]),
  })
  .superRefine((value, ctx) =>
    // What any space may allow (the floor of the minimum; an end past midnight); the server then
    // checks the space's own rules.
    addTimeIssues(
      checkBookingShape(value, { minMinutes: MIN_BOOKING_MINUTES_RANGE.min, overnight: true }),
      ctx,
    ),
  );
export type CreateBookingInput = z.input<typeof createBookingSchema>;
export type CreateBooking = z.output<typeof createBookingSchema>;

/** What the form needs to know of a space to check a request before sending it. */
export interface BookableSpace extends SpaceHours {
  capacity: number;
}

/** The browser form: every rule of the server's, with the space's hours and today in Riyadh. */
export function bookingFormSchema(space: BookableSpace, now: () => Date = () => new Date()) {
  return z.object(bookingFields).superRefine(
    (value, ctx) => {
      // Runs even while other fields are still empty, so a past date is named as soon as it is
      // chosen; each rule looks only at the fields it needs.
      if (typeof value !== 'object' || value === null) return;
      const { date, startTime, endTime, guests } = value as Partial<Record<string, unknown>>;
      const dateOk = typeof date === 'string' && isCalendarDate(date);
      const timesOk =
        typeof startTime === 'string' &&
        typeof endTime === 'string' &&
        parseTime(startTime) !== null &&
        parseTime(endTime) !== null;
      if (dateOk && timesOk) {
        addTimeIssues(checkBookingAvailability(space, { date, startTime, endTime }, now()), ctx);
      } else if (dateOk) {
        if (isPastDate(date, now())) addTimeIssues({ date: 'bookingDatePast' }, ctx);
        else if (date > lastBookableDate(space, now()))
          addTimeIssues({ date: 'bookingBeyondHorizon' }, ctx);
        else if (!isOpenOn(space, date)) addTimeIssues({ date: 'bookingClosedDay' }, ctx);
      } else if (timesOk) {
        addTimeIssues(checkBookingTimes({ startTime, endTime }, timeRules(space)), ctx);
      }
      if (typeof guests === 'number' && Number.isFinite(guests)) {
        const rule: FieldRule | null = checkGuests(guests, space.capacity);
        if (rule) ctx.addIssue({ code: 'custom', path: ['guests'], message: fieldRule(rule) });
      }
    },
    { when: () => true },
  );
}
export type BookingFormInput = z.input<ReturnType<typeof bookingFormSchema>>;
export type BookingForm = z.output<ReturnType<typeof bookingFormSchema>>;

// ── answers ──

const hhmm = z.string().regex(/^\d{2}:\d{2}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const availabilityQuerySchema = z.object({
  date: requiredString(10),
});

/** GET /api/spaces/:id/availability?date= — the day's opening hours and its busy periods. */
export const availabilitySchema = z.object({
  date: isoDate,
  /** false when the space is closed that weekday */
  open: z.boolean(),
  opensAt: hhmm,
  closesAt: hhmm,
  /**
   * confirmed bookings and blocks that day (pending requests do not block: the admin chooses
   * one); an end at or before the start is the next day's, and `nextDay` marks a busy time early
   * the next morning, inside hours that cross midnight (`BusyPeriod`)
   */
  busy: z.array(z.object({ startTime: hhmm, endTime: hhmm, nextDay: z.boolean().optional() })),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** What the booking rules need of a space: its price, capacity, hours and open days. */
export const bookingTermsSchema = z.object({
  id: z.string(),
  nameAr: z.string().nullable(),
  nameEn: z.string().nullable(),
  listingLanguage: z.enum(LOCALES),
  priceHalalas: z.number().int(),
  capacity: z.number().int(),
  opensAt: hhmm,
  closesAt: hhmm,
  availableDays: z.array(z.enum(DAYS)),
});
export type BookingTerms = z.infer<typeof bookingTermsSchema>;

/**
 * A booking as its renter sees it: the schema is in my-bookings.ts (with the review it carries),
 * apart from the request schemas the booking form bundles.
 */
export type { MyBooking } from './my-bookings.ts';
