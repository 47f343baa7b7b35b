import { DAYS, type Day } from '../constants.ts';
import {
  bookingMinutes,
  checkBookingTimes,
  parseTime,
  SLOT_MINUTES,
  type BookingTimes,
  type TimeRules,
} from './booking-slots.ts';
import {
  NO_PRICE_RULES,
  rateAt,
  type AddOnUnit,
  type ChosenAddOn,
  type PriceRules,
} from './price-rules.ts';
import { weekdayOf } from './riyadh-calendar.ts';
import { vatBreakdown } from './vat.ts';

/**
 * The price of a booking: hours × price per hour, in integer halalas (1 SAR = 100 halalas).
 * Computed on the server from the space's price; the form shows the same number live.
 *
 * With a 30-minute grid a price with an odd number of halalas can leave half a halala
 * (1.5 h × 100.01 SAR); it is rounded half up, to the nearest whole halala.
 */
export function bookingTotalHalalas(priceHalalasPerHour: number, minutes: number): number {
  if (!Number.isInteger(priceHalalasPerHour) || priceHalalasPerHour < 0) {
    throw new RangeError('price per hour must be a whole number of halalas');
  }
  if (!Number.isInteger(minutes) || minutes <= 0) {
    throw new RangeError('minutes must be a positive whole number');
  }
  // Integer arithmetic first, then one division: no floating-point drift on money.
  return Math.floor((priceHalalasPerHour * minutes * 2 + 60) / 120);
}

/**
 * One line of an itemised quote (issue 35). Every line's `amountHalalas` is a whole number of
 * halalas, and the lines add up to the quote's total exactly.
 *   hours    `minutes` at `rateHalalasPerHour` (one line per rate: base price or a band's)
 *   dayRate  the day rate in place of the hour lines (`minutes` is the booking's)
 *   addOn    an add-on: `quantity` × its price per booking, per hour or per guest
 */
export type QuoteLine =
  | { kind: 'hours'; minutes: number; rateHalalasPerHour: number; amountHalalas: number }
  | { kind: 'dayRate'; minutes: number; fromHours: number; amountHalalas: number }
  | {
      kind: 'addOn';
      addOnId: string;
      nameAr: string;
      nameEn: string;
      per: AddOnUnit;
      unitHalalas: number;
      quantity: number;
      amountHalalas: number;
    };

/** What a booking of given times costs (VAT included), for how long, and the VAT in it. */
export interface BookingQuote {
  minutes: number;
  /** what the renter pays: VAT included — the sum of `lines` */
  totalHalalas: number;
  /** the VAT part of the total for a VAT-registered host; null when the host charges no VAT */
  vatHalalas: number | null;
  /** the itemised quote: rates, day rate, add-ons */
  lines: QuoteLine[];
}

/** What the quote reads beyond the times: the date, the guests, the rules and the add-ons. */
export interface QuoteContext {
  /** `YYYY-MM-DD`: the weekday chooses the bands (minutes past midnight: the next day's) */
  date: string;
  guests: number;
  priceRules: PriceRules;
  addOns: readonly ChosenAddOn[];
}

/** The next weekday (a booking's minutes past midnight fall on it). */
const nextDay = (day: Day): Day => DAYS[(DAYS.indexOf(day) + 1) % 7]!;

/** The hour lines: each 30-minute slot at its rate, one line per rate, in order of first use. */
function hourLines(
  base: number,
  startTime: string,
  minutes: number,
  date: string | null,
  rules: PriceRules,
): Extract<QuoteLine, { kind: 'hours' }>[] {
  const start = parseTime(startTime)!;
  const minutesByRate = new Map<number, number>();
  const day = date ? weekdayOf(date) : null;
  for (let m = start; m < start + minutes; m += SLOT_MINUTES) {
    const slot = Math.min(SLOT_MINUTES, start + minutes - m);
    const rate =
      day === null
        ? base
        : m < 1440
          ? rateAt(base, rules, day, m)
          : rateAt(base, rules, nextDay(day), m - 1440);
    minutesByRate.set(rate, (minutesByRate.get(rate) ?? 0) + slot);
  }
  return [...minutesByRate].map(([rate, mins]) => ({
    kind: 'hours',
    minutes: mins,
    rateHalalasPerHour: rate,
    amountHalalas: bookingTotalHalalas(rate, mins),
  }));
}

/**
 * The price of a booking from its times: null until they make a booking (`checkBookingTimes`:
 * real times on the grid, at least the minimum length, past midnight only where the hours cross
 * it), else its minutes, total and lines. The form's live quote and the quote the server stores
 * (and keeps on the booking: later price changes never change it). The price per hour already
 * includes VAT (decision 035); for a VAT-registered host the quote names the VAT part of the
 * total (`vatPartHalalas`).
 *
 * With a `context` (issue 35, decision 059) the space's price rules apply: each 30-minute slot at
 * the rate of its day and time (a band's, else the base price); the day rate in place of the hour
 * lines from its hours on when it costs less; and the chosen add-ons (unknown ones are skipped:
 * `checkChosenAddOns` refuses them first). The day's minimum hours are a rule of the request
 * (`checkDayMinimum`), not of the price.
 */
export function bookingQuote(
  priceHalalasPerHour: number,
  times: Pick<BookingTimes, 'startTime' | 'endTime'>,
  /** the space's time rules (`timeRules`) */
  rules: TimeRules = {},
  /** the host is VAT-registered (the space's `vatRegistered`) */
  vatRegistered = false,
  context?: QuoteContext,
): BookingQuote | null {
  if (Object.keys(checkBookingTimes(times, rules)).length > 0) return null;
  const minutes = bookingMinutes(times);
  const priceRules = context?.priceRules ?? NO_PRICE_RULES;
  let lines: QuoteLine[] = hourLines(
    priceHalalasPerHour,
    times.startTime,
    minutes,
    context?.date ?? null,
    priceRules,
  );
  const dayRate = priceRules.dayRate;
  if (dayRate && minutes >= dayRate.fromHours * 60) {
    const hourly = lines.reduce((sum, l) => sum + l.amountHalalas, 0);
    if (dayRate.priceHalalas < hourly) {
      lines = [
        {
          kind: 'dayRate',
          minutes,
          fromHours: dayRate.fromHours,
          amountHalalas: dayRate.priceHalalas,
        },
      ];
    }
  }
  for (const chosen of context?.addOns ?? []) {
    const addOn = priceRules.addOns.find((a) => a.id === chosen.id);
    if (!addOn || !Number.isInteger(chosen.quantity) || chosen.quantity < 1) continue;
    const units = chosen.quantity * (addOn.per === 'guest' ? Math.max(1, context!.guests) : 1);
    const amountHalalas =
      addOn.per === 'hour'
        ? bookingTotalHalalas(addOn.priceHalalas * units, minutes)
        : addOn.priceHalalas * units;
    lines.push({
      kind: 'addOn',
      addOnId: addOn.id,
      nameAr: addOn.nameAr,
      nameEn: addOn.nameEn,
      per: addOn.per,
      unitHalalas: addOn.priceHalalas,
      quantity: chosen.quantity,
      amountHalalas,
    });
  }
  const { totalHalalas, vatHalalas } = vatBreakdown(
    lines.reduce((sum, l) => sum + l.amountHalalas, 0),
    vatRegistered,
  );
  return { minutes, totalHalalas, vatHalalas, lines };
}

/**
 * The price per hour of a time on a date (issue 35, decision 070): what the search's price filter
 * and price sorts compare when the renter gives a date and a time. The quote of those times
 * without add-ons decides what is charged — each slot at its rate, or the day rate when it
 * applies — and that is put per hour, rounded half up once: the minutes' average rate, or the
 * day rate over the hours. A time with no rate but the base price is the base price exactly.
 * Null when the times are not a window on the 30-minute grid (an end at or before the start is
 * the next day's). `hs_hourly_price` (search.sql) computes the same number in the database;
 * tests/api/search-price-at-time.test.ts holds the two equal for random rules and times.
 */
export function hourlyPriceAt(
  basePriceHalalas: number,
  priceRules: PriceRules,
  date: string,
  startTime: string,
  endTime: string,
): number | null {
  const quote = bookingQuote(
    basePriceHalalas,
    { startTime, endTime },
    { minMinutes: SLOT_MINUTES, overnight: true },
    false,
    { date, guests: 1, priceRules, addOns: [] },
  );
  if (!quote) return null;
  const dayRate = quote.lines.find((l) => l.kind === 'dayRate');
  // halalas × minutes an hour is worth: the day rate's price over its hours, else each rate
  // for its minutes (no rounding before the one below)
  const weighted = dayRate
    ? dayRate.amountHalalas * 60
    : quote.lines.reduce(
        (sum, l) => (l.kind === 'hours' ? sum + l.rateHalalasPerHour * l.minutes : sum),
        0,
      );
  return Math.floor((weighted * 2 + quote.minutes) / (2 * quote.minutes));
}
