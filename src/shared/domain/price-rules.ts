import { DAYS, type Day } from '../constants.ts';
import type { FieldRule } from '../message-codes.ts';
import { crossesMidnight, DAY_MINUTES, parseTime } from './opening-hours.ts';

/**
 * A space's price rules (issue 35, decision 059), beside its base price per hour. Every amount is
 * integer halalas, VAT included (decision 035). One shape for the wizard, the edit form, the
 * server's checks and the quote (booking-price.ts `bookingQuote`):
 *
 * - `bands`: a rate per hour on some days from one time to another (Thursday and Friday after
 *   16:00 at SAR 450/h). Bands of a common day never overlap; a time no band covers is at the
 *   base price. A band's `to` of `00:00` is the end of its day.
 * - `dayRate`: a fixed price for the hours of a booking from `fromHours` hours on (when it is less
 *   than the hours would cost).
 * - `minHours`: the shortest booking, in hours, on a day of the week (beside the space's
 *   minimum length, which holds every day).
 * - `addOns`: extras chosen on the booking form, priced per booking, per hour or per guest, each
 *   up to `maxQuantity`.
 */
export interface PriceBand {
  days: Day[];
  /** `HH:mm` */
  from: string;
  /** `HH:mm`; `00:00` is the end of the day */
  to: string;
  priceHalalasPerHour: number;
}

export interface DayRate {
  fromHours: number;
  priceHalalas: number;
}

export const ADD_ON_UNITS = ['booking', 'hour', 'guest'] as const;
export type AddOnUnit = (typeof ADD_ON_UNITS)[number];

export interface AddOn {
  /** stable within the space: what a booking names when it chooses it */
  id: string;
  nameAr: string;
  nameEn: string;
  priceHalalas: number;
  per: AddOnUnit;
  maxQuantity: number;
}

export interface PriceRules {
  bands: PriceBand[];
  dayRate: DayRate | null;
  minHours: Partial<Record<Day, number>>;
  addOns: AddOn[];
}

/** A chosen add-on on a booking. */
export interface ChosenAddOn {
  id: string;
  quantity: number;
}

export const NO_PRICE_RULES: PriceRules = { bands: [], dayRate: null, minHours: {}, addOns: [] };

/** The limits of the rules (the server's schema and the form's inputs share them). */
export const PRICE_RULE_LIMITS = {
  maxBands: 10,
  maxAddOns: 10,
  maxAddOnQuantity: 100,
  /** the same ceiling as the base price: SAR 1,000 */
  maxPriceHalalas: 100_000,
  maxAddOnNameLength: 60,
  maxDayRateHours: 24,
} as const;

/** A band's times as minutes of its day, `to` of 00:00 as 1440; null when not times. */
export function bandInterval(band: Pick<PriceBand, 'from' | 'to'>): [number, number] | null {
  const from = parseTime(band.from);
  const toRaw = parseTime(band.to);
  if (from === null || toRaw === null) return null;
  return [from, toRaw === 0 ? DAY_MINUTES : toRaw];
}

/** The rate per hour at a minute of a day of the week: the band's, else the base price. */
export function rateAt(
  basePriceHalalas: number,
  rules: Pick<PriceRules, 'bands'>,
  day: Day,
  minuteOfDay: number,
): number {
  for (const band of rules.bands) {
    const interval = bandInterval(band);
    if (!interval || !band.days.includes(day)) continue;
    if (minuteOfDay >= interval[0] && minuteOfDay < interval[1]) return band.priceHalalasPerHour;
  }
  return basePriceHalalas;
}

/** The lowest and highest price per hour the space can charge: its range on a listing. */
export function priceRange(
  basePriceHalalas: number,
  rules: Pick<PriceRules, 'bands'>,
): { min: number; max: number } {
  const rates = [basePriceHalalas, ...rules.bands.map((b) => b.priceHalalasPerHour)];
  return { min: Math.min(...rates), max: Math.max(...rates) };
}

const isPrice = (n: unknown) =>
  Number.isInteger(n) && (n as number) > 0 && (n as number) <= PRICE_RULE_LIMITS.maxPriceHalalas;

/** The opening hours' length in minutes (hours crossing midnight end the next day). */
function openMinutes(opensAt: string, closesAt: string): number | null {
  const open = parseTime(opensAt);
  const close = parseTime(closesAt);
  if (open === null || close === null) return null;
  return crossesMidnight({ opensAt, closesAt }) ? close + DAY_MINUTES - open : close - open;
}

/**
 * The rules' faults, by field path (`bands.0.to`, `dayRate.priceHalalas`, `minHours.fri`,
 * `addOns.1.maxQuantity`): the same check in the wizard and on the server. Needs the base price
 * (a day rate is weighed against the lowest rate) and the opening hours (a minimum longer than
 * them could never be booked).
 */
export function checkPriceRules(
  rules: PriceRules,
  space: { priceHalalas: number; opensAt: string; closesAt: string },
): Record<string, FieldRule> {
  const errors: Record<string, FieldRule> = {};
  if (rules.bands.length > PRICE_RULE_LIMITS.maxBands) errors.bands = 'outOfRange';
  rules.bands.forEach((band, i) => {
    if (band.days.length === 0 || band.days.some((d) => !DAYS.includes(d))) {
      errors[`bands.${i}.days`] = 'daysRequired';
    }
    const interval = bandInterval(band);
    if (parseTime(band.from) === null) errors[`bands.${i}.from`] = 'time';
    else if (parseTime(band.to) === null) errors[`bands.${i}.to`] = 'time';
    else if (!interval || interval[1] <= interval[0])
      errors[`bands.${i}.to`] = 'bandEndBeforeStart';
    if (!isPrice(band.priceHalalasPerHour)) errors[`bands.${i}.priceHalalasPerHour`] = 'priceRange';
    if (errors[`bands.${i}.to`] || errors[`bands.${i}.from`] || !interval) return;
    for (let j = 0; j < i; j += 1) {
      const other = rules.bands[j]!;
      const o = bandInterval(other);
      if (!o || !other.days.some((d) => band.days.includes(d))) continue;
      if (interval[0] < o[1] && o[0] < interval[1]) {
        errors[`bands.${i}.from`] = 'bandsOverlap';
        break;
      }
    }
  });

  if (rules.dayRate) {
    const { fromHours, priceHalalas } = rules.dayRate;
    if (!Number.isInteger(fromHours) || fromHours < 1 || fromHours > 24) {
      errors['dayRate.fromHours'] = 'outOfRange';
    } else if (!Number.isInteger(priceHalalas) || priceHalalas <= 0) {
      errors['dayRate.priceHalalas'] = 'priceRange';
    } else {
      const lowest = priceRange(space.priceHalalas, rules).min;
      if (priceHalalas < lowest * fromHours) errors['dayRate.priceHalalas'] = 'dayRateTooLow';
    }
  }

  const open = openMinutes(space.opensAt, space.closesAt);
  for (const [day, hours] of Object.entries(rules.minHours)) {
    if (!DAYS.includes(day as Day)) {
      errors[`minHours.${day}`] = 'notOneOf';
    } else if (!Number.isInteger(hours) || (hours as number) < 1 || (hours as number) > 24) {
      errors[`minHours.${day}`] = 'outOfRange';
    } else if (open !== null && (hours as number) * 60 > open) {
      errors[`minHours.${day}`] = 'minHoursTooLong';
    }
  }

  if (rules.addOns.length > PRICE_RULE_LIMITS.maxAddOns) errors.addOns = 'outOfRange';
  const ids = new Set<string>();
  rules.addOns.forEach((addOn, i) => {
    if (!/^[a-z0-9-]{1,40}$/.test(addOn.id) || ids.has(addOn.id))
      errors[`addOns.${i}.id`] = 'invalid';
    ids.add(addOn.id);
    for (const key of ['nameAr', 'nameEn'] as const) {
      const name = addOn[key].trim();
      if (name === '') errors[`addOns.${i}.${key}`] = 'required';
      else if (name.length > PRICE_RULE_LIMITS.maxAddOnNameLength) {
        errors[`addOns.${i}.${key}`] = 'tooLong';
      }
    }
    if (!isPrice(addOn.priceHalalas)) errors[`addOns.${i}.priceHalalas`] = 'priceRange';
    if (!ADD_ON_UNITS.includes(addOn.per)) errors[`addOns.${i}.per`] = 'notOneOf';
    if (
      !Number.isInteger(addOn.maxQuantity) ||
      addOn.maxQuantity < 1 ||
      addOn.maxQuantity > PRICE_RULE_LIMITS.maxAddOnQuantity
    ) {
      errors[`addOns.${i}.maxQuantity`] = 'outOfRange';
    }
  });
  return errors;
}

/** The chosen add-ons' faults by field path (`addOns.0.quantity`): unknown, or above the max. */
export function checkChosenAddOns(
  rules: Pick<PriceRules, 'addOns'>,
  chosen: readonly ChosenAddOn[],
): Record<string, FieldRule> {
  const errors: Record<string, FieldRule> = {};
  const seen = new Set<string>();
  chosen.forEach((c, i) => {
    const addOn = rules.addOns.find((a) => a.id === c.id);
    if (!addOn || seen.has(c.id)) errors[`addOns.${i}.id`] = 'notOneOf';
    else if (!Number.isInteger(c.quantity) || c.quantity < 1) {
      errors[`addOns.${i}.quantity`] = 'wholeNumber';
    } else if (c.quantity > addOn.maxQuantity) errors[`addOns.${i}.quantity`] = 'addOnQuantityMax';
    seen.add(c.id);
  });
  return errors;
}

/** The shortest booking on a date's weekday by the rules, in minutes (0: none). */
export const dayMinimumMinutes = (rules: Pick<PriceRules, 'minHours'>, day: Day) =>
  (rules.minHours[day] ?? 0) * 60;

/** Rules read from the database (or any JSON): the defaults for any part missing. */
export function readPriceRules(value: unknown): PriceRules {
  const v = (value ?? {}) as Partial<PriceRules>;
  return {
    bands: Array.isArray(v.bands) ? v.bands : [],
    dayRate: v.dayRate ?? null,
    minHours: v.minHours && typeof v.minHours === 'object' ? v.minHours : {},
    addOns: Array.isArray(v.addOns) ? v.addOns : [],
  };
}
