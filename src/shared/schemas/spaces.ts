import { z } from 'zod';
import { DECISION_MODES } from '../domain/booking-lifecycle.ts';
import { priceRulesSchema } from './price-rules.ts';
import {
  AMENITIES,
  CANCELLATION_POLICIES,
  CITIES,
  DAYS,
  HALALAS_PER_SAR,
  LOCALES,
  PRICE_MAX_SAR,
  SPACE_SORTS,
  SPACE_STATUSES,
  SPACE_TYPES,
  type SpaceSort,
} from '../constants.ts';
import { parseTime, SLOT_MINUTES } from '../domain/booking-slots.ts';
import { isCalendarDate, riyadhToday } from '../domain/riyadh-calendar.ts';
import { fieldRule } from '../message-codes.ts';

/**
 * GET /api/spaces (search) and GET /api/spaces/:id (details): the query a renter's filters make
 * and the answers. The explore page reads its filters from the URL with the same schema.
 */

export { SPACE_SORTS, type SpaceSort };

export const SEARCH_LIMIT_DEFAULT = 24;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_TEXT_MAX = 100;
export const GUESTS_MAX = 10_000;

/** A URL gives strings (or repeated keys as arrays); an empty value means "not set". */
const blankToUndefined = (value: unknown) =>
  value === '' || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: fieldRule('notOneOf') }).optional());

const wholeNumberIn = (min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: fieldRule('wholeNumber') })
      .regex(/^\d{1,9}$/, { error: fieldRule('wholeNumber') })
      .transform(Number)
      .refine((n) => n >= min && n <= max, { error: fieldRule('outOfRange') })
      .optional(),
  );

/** Riyals as typed (`150`, `99.5`) → halalas; 0 to the product's 1000 SAR ceiling. */
const priceSar = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: fieldRule('number') })
      .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: fieldRule('number') })
      .transform((text) => Math.round(Number(text) * HALALAS_PER_SAR))
      .refine((halalas) => halalas <= PRICE_MAX_SAR * HALALAS_PER_SAR, {
        error: fieldRule('outOfRange'),
      })
      .optional(),
  );

/** A time of day on the booking grid (`HH:mm`, on the hour or half past). */
const searchTime = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: fieldRule('bookingTime') })
      .refine((text) => /^\d{2}:\d{2}$/.test(text) && parseTime(text) !== null, {
        error: fieldRule('bookingTime'),
      })
      .refine((text) => (parseTime(text) ?? 0) % SLOT_MINUTES === 0, {
        error: fieldRule('bookingTimeGrid'),
      })
      .optional(),
  );

/** `wifi,parking` or `amenities=wifi&amenities=parking`: every one must be a known amenity. */
const amenityList = z.preprocess(
  (value) => {
    const parts = (Array.isArray(value) ? value : [value])
      .filter((v) => v !== undefined)
      .flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]))
      .map((v) => (typeof v === 'string' ? v.trim() : v))
      .filter((v) => v !== '');
    return parts.length ? [...new Set(parts)] : undefined;
  },
  z.array(z.enum(AMENITIES, { error: fieldRule('notOneOf') })).optional(),
);

export const spaceSearchQuerySchema = z
  .object({
    type: oneOf(SPACE_TYPES),
    city: oneOf(CITIES),
    date: z.preprocess(
      blankToUndefined,
      z
        .string({ error: fieldRule('invalid') })
        .refine(isCalendarDate, { error: fieldRule('invalid') })
        // A date already gone in Riyadh cannot be booked, so it is not a search either.
        .refine((date) => date >= riyadhToday(), { error: fieldRule('dateInPast') })
        .optional(),
    ),
    /** with `endTime` and a date: the price filter and sorts read the price of that time (issue 35) */
    startTime: searchTime(),
    /** at or before `startTime`: the next day's */
    endTime: searchTime(),
    guests: wholeNumberIn(1, GUESTS_MAX),
    minPrice: priceSar(),
    maxPrice: priceSar(),
    amenities: amenityList,
    q: z.preprocess(
      blankToUndefined,
      z
        .string({ error: fieldRule('invalid') })
        .trim()
        .max(SEARCH_TEXT_MAX, { error: fieldRule('tooLong') })
        .optional(),
    ),
    sort: z.preprocess(
      blankToUndefined,
      z.enum(SPACE_SORTS, { error: fieldRule('notOneOf') }).default('recommended'),
    ),
    /** checked by the search: one it did not issue is a 400 INVALID_CURSOR (issue 37) */
    cursor: z.preprocess(blankToUndefined, z.string({ error: fieldRule('invalid') }).optional()),
    limit: z.preprocess(
      blankToUndefined,
      z
        .string({ error: fieldRule('wholeNumber') })
        .regex(/^\d{1,3}$/, { error: fieldRule('wholeNumber') })
        .transform(Number)
        .refine((n) => n >= 1 && n <= SEARCH_LIMIT_MAX, { error: fieldRule('outOfRange') })
        .default(SEARCH_LIMIT_DEFAULT),
    ),
  })
  .superRefine((query, ctx) => {
    // A time is a window of a date: both ends, and the date they are on.
    if ((query.startTime === undefined) !== (query.endTime === undefined)) {
      const path = query.startTime === undefined ? 'startTime' : 'endTime';
      ctx.addIssue({ code: 'custom', path: [path], message: fieldRule('required') });
    } else if (query.startTime !== undefined && query.date === undefined) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: fieldRule('required') });
    }
    if (query.minPrice !== undefined && query.maxPrice !== undefined) {
      if (query.minPrice > query.maxPrice)
        ctx.addIssue({ code: 'custom', path: ['minPrice'], message: fieldRule('minAboveMax') });
    }
  });
/** What a URL or a form holds (all strings). */
export type SpaceSearchQueryInput = z.input<typeof spaceSearchQuerySchema>;
/** After parsing: numbers, halalas, a list of amenities, defaults applied. */
export type SpaceSearchQuery = z.output<typeof spaceSearchQuerySchema>;

export { SEARCH_PARAMS, type SearchParam } from '../domain/space-search.ts';

// ── answers ──

export const imageVariantSchema = z.object({ width: z.number().int(), url: z.string() });
/** One picture: its intrinsic size (so nothing shifts) and the URL of each width, smallest first. */
export const spaceImageSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(imageVariantSchema),
});
export type SpaceImage = z.infer<typeof spaceImageSchema>;

/**
 * A space's rating: its visible reviews' average to one decimal (null with none) and their count
 * (issue 18; the reviews themselves are in reviews.ts, which the home page never loads).
 */
export const ratingSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
});
export type Rating = z.infer<typeof ratingSchema>;

/** What a result card needs. */
export const spaceCardSchema = z.object({
  id: z.string(),
  type: z.enum(SPACE_TYPES),
  city: z.enum(CITIES),
  listingLanguage: z.enum(LOCALES),
  nameAr: z.string().nullable(),
  nameEn: z.string().nullable(),
  capacity: z.number().int(),
  priceHalalas: z.number().int(),
  /** the lowest and highest price per hour by the rates by day and time (issue 35) */
  priceMinHalalas: z.number().int(),
  priceMaxHalalas: z.number().int(),
  cover: spaceImageSchema.nullable(),
  /** the visible reviews' average and count (src/shared/schemas/reviews.ts) */
  rating: ratingSchema,
});
export type SpaceCard = z.infer<typeof spaceCardSchema>;

export const spaceSearchResultSchema = z.object({
  items: z.array(spaceCardSchema),
  /** pass as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  /** how many spaces match the filters (all pages), counted up to 1,000 */
  total: z.number().int(),
  /** more spaces match than `total` (1,000) says: show "1,000+" */
  totalCapped: z.boolean(),
});
export type SpaceSearchResult = z.infer<typeof spaceSearchResultSchema>;

export const spaceIdParamsSchema = z.object({ id: z.string().max(200) });

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const spaceDetailsSchema = z.object({
  id: z.string(),
  status: z.enum(SPACE_STATUSES),
  type: z.enum(SPACE_TYPES),
  city: z.enum(CITIES),
  country: z.string(),
  address: z.string(),
  listingLanguage: z.enum(LOCALES),
  nameAr: z.string().nullable(),
  nameEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  /** VAT included (decision 035) */
  priceHalalas: z.number().int(),
  /** the host is VAT-registered: the price holds 15 % VAT, which the booking shows */
  vatRegistered: z.boolean(),
  capacity: z.number().int(),
  amenities: z.array(z.enum(AMENITIES)),
  /** null when the host keeps their contact private until a booking is confirmed (issue 34) */
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** the host's choice: renters "ask the host" instead of seeing the contact */
  contactPrivate: z.boolean().optional(),
  /** the host's median answer time in minutes over 90 days; null below 3 answers */
  responseMinutes: z.number().nullable().optional(),
  googleMapsUrl: z.string().nullable(),
  /** `HH:mm`, Asia/Riyadh wall clock */
  opensAt: z.string().regex(HH_MM),
  closesAt: z.string().regex(HH_MM),
  availableDays: z.array(z.enum(DAYS)),
  /** the host's booking settings: the booking form offers only what they allow */
  minBookingMinutes: z.number().int(),
  minNoticeHours: z.number().int(),
  horizonDays: z.number().int(),
  bufferMinutes: z.number().int(),
  /** how long before the start a renter may cancel free (src/shared/domain/cancellation-policy.ts) */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  /** rates by day and time, day rate, minimum hours, add-ons (issue 35): the form quotes by them */
  priceRules: priceRulesSchema,
  /** who decides its requests: `instant` is confirmed at once */
  decisionMode: z.enum(DECISION_MODES),
  images: z.array(spaceImageSchema),
  /** the visible reviews' average and count; the reviews themselves: GET /api/spaces/:id/reviews */
  rating: ratingSchema,
});
export type SpaceDetails = z.infer<typeof spaceDetailsSchema>;
