import { z } from 'zod';
import {
  AMENITIES,
  BOOKING_SETTINGS_DEFAULTS,
  BUFFER_MINUTES_OPTIONS,
  CANCELLATION_POLICIES,
  CITIES,
  DAYS,
  DEFAULT_CANCELLATION_POLICY,
  HALALAS_PER_SAR,
  HORIZON_DAYS_MAX,
  HORIZON_DAYS_MIN,
  LOCALES,
  MIN_BOOKING_MINUTES_RANGE,
  MIN_NOTICE_HOURS_MAX,
  PRICE_MAX_SAR,
  SPACE_TYPES,
} from '../constants.ts';
import { isSpecContactPhone } from '../domain/phone.ts';
import { normalizeVatNumber } from '../domain/vat.ts';
import { fieldRule, type FieldRule } from '../message-codes.ts';
import { emailField, requiredText } from './fields.ts';
import { priceRulesFormSchema, priceRulesOfForm, requirePriceRules } from './price-rules-form.ts';

/**
 * The listing of a space (docs/product-spec.md §3, §5): one set of field rules for the five-step
 * wizard and for POST /api/spaces. The wizard validates one step at a time with the step schemas
 * below (its step table, src/web/features/listing/components/wizard-step-table.ts, puts them in
 * order); the server checks the whole request with `createSpaceRequestSchema` (price in integer
 * halalas, images by upload id), which lives in ./space-request.ts so that the browser's bundle
 * does not carry it. Messages are `fields.*` keys (src/shared/messages.ts).
 */

export const SPACE_NAME_MAX = 120;
export const SPACE_DESCRIPTION_MAX = 3000;
export const SPACE_ADDRESS_MAX = 300;
export const SPACE_CAPACITY_MAX = 10_000;
export const SPACE_IMAGES_MIN = 1;
export const SPACE_IMAGES_MAX = 10;
export const GOOGLE_MAPS_URL_MAX = 2048;
/** The product lists spaces in Saudi Arabia only (ISO 3166 code). */
export const COUNTRIES = ['SA'] as const;

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/g;
/** Arabic-Indic digits (an Arabic keyboard) → Latin digits, so "١٥٠" is 150. */
export const latinDigits = (text: string) =>
  text.replace(ARABIC_INDIC, (d) => String((d.charCodeAt(0) & 0xf) % 10));

export const requiredOrInvalid = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === ''
    ? fieldRule('required')
    : fieldRule('invalid');

/** Text typed into a field ("150", "١٥٠", " 12.5 ") → a number; blank → undefined (required). */
const numberFromText = (value: unknown) => {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return value;
  const text = latinDigits(value).trim().replace(/[٫,]/g, '.');
  if (text === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
};

const numberField = () =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? fieldRule('required')
        : fieldRule('number'),
  });

const optionalText = (max: number) =>
  z
    .string({ error: fieldRule('invalid') })
    .trim()
    .max(max, { error: fieldRule('tooLong') })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeField = () =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: fieldRule('required') })
    .regex(TIME, { error: fieldRule('time') });

// ── Google Maps links ──

/** `google.com`, `google.com.sa`, `google.co.uk`: Google's country domains. */
const GOOGLE_DOMAIN = /^(www\.)?google\.[a-z]{2,3}(\.[a-z]{2})?$/;
const MAPS_GOOGLE_DOMAIN = /^maps\.google\.[a-z]{2,3}(\.[a-z]{2})?$/;

/**
 * A Google Maps link as hosts paste them (docs/product-spec.md §5): https only, and one of
 * `google.<tld>/maps…`, `maps.google.<tld>…`, `goo.gl/maps…`, `maps.app.goo.gl/…`.
 * No user name or password in the link, no other port: nothing that could point elsewhere.
 */
export function isGoogleMapsUrl(input: string): boolean {
  if (typeof input !== 'string' || input.length > GOOGLE_MAPS_URL_MAX) return false;
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  const path = url.pathname;
  if (GOOGLE_DOMAIN.test(host)) return path === '/maps' || path.startsWith('/maps/');
  if (MAPS_GOOGLE_DOMAIN.test(host)) return true;
  if (host === 'goo.gl') return path === '/maps' || path.startsWith('/maps/');
  if (host === 'maps.app.goo.gl') return path.length > 1;
  return false;
}

// ── the fields, step by step ──

export const basicsShape = {
  listingLanguage: z.enum(LOCALES, { error: requiredOrInvalid }),
  nameAr: optionalText(SPACE_NAME_MAX),
  nameEn: optionalText(SPACE_NAME_MAX),
  descriptionAr: optionalText(SPACE_DESCRIPTION_MAX),
  descriptionEn: optionalText(SPACE_DESCRIPTION_MAX),
  type: z.enum(SPACE_TYPES, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? fieldRule('required')
        : fieldRule('notOneOf'),
  }),
};

export const locationShape = {
  address: requiredText(SPACE_ADDRESS_MAX),
  city: z.enum(CITIES, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? fieldRule('required')
        : fieldRule('notOneOf'),
  }),
  country: z.enum(COUNTRIES, { error: fieldRule('notOneOf') }).default('SA'),
  googleMapsUrl: z
    .string({ error: fieldRule('invalid') })
    .trim()
    .max(GOOGLE_MAPS_URL_MAX, { error: fieldRule('tooLong') })
    .refine((v) => v === '' || isGoogleMapsUrl(v), { error: fieldRule('googleMapsUrl') })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
};

/** Price per hour in SAR as typed: greater than 0, at most 1000, at most two decimals (halalas). */
export const priceSarField = z.preprocess(
  numberFromText,
  numberField()
    .refine((v) => Number.isFinite(v) && v > 0 && v <= PRICE_MAX_SAR, {
      error: fieldRule('priceRange'),
      abort: true,
    })
    .refine((v) => Number.isInteger(Math.round(v * HALALAS_PER_SAR * 1e6) / 1e6), {
      error: fieldRule('priceDecimals'),
    }),
);

const capacityField = z.preprocess(
  numberFromText,
  numberField()
    .refine((v) => Number.isInteger(v), { error: fieldRule('wholeNumber'), abort: true })
    .refine((v) => v > 0, { error: fieldRule('capacityPositive'), abort: true })
    .refine((v) => v <= SPACE_CAPACITY_MAX, { error: fieldRule('tooLong') }),
);

/** `05XXXXXXXX` or `9665XXXXXXXX` (docs/product-spec.md §5), stored compact with Latin digits. */
export const contactPhoneField = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, { error: fieldRule('required') })
  .refine(isSpecContactPhone, { error: fieldRule('contactPhone') })
  .transform((v) => latinDigits(v).replace(/[\s-]/g, ''));

/**
 * The host's Saudi VAT number as typed (spaces, dashes, Arabic-Indic digits) → 15 Latin digits,
 * or null (blank): not VAT-registered (decision 035).
 */
export const vatNumberField = z
  .string({ error: fieldRule('vatNumber') })
  .transform((value, ctx) => {
    if (value.trim() === '') return null;
    const number = normalizeVatNumber(value);
    if (!number) {
      ctx.addIssue({ code: 'custom', message: fieldRule('vatNumber') });
      return z.NEVER;
    }
    return number;
  })
  .nullable()
  .transform((v) => v ?? null);

/** The wizard's VAT question: registered (with the number) or not. */
const vatShape = {
  vatRegistered: z.boolean({ error: fieldRule('invalid') }).default(false),
  vatNumber: z
    .string({ error: fieldRule('vatNumber') })
    .optional()
    .nullable(),
};

/** A VAT-registered host must give a valid number; a host who is not, none. */
export function requireVatNumber(value: Loose, ctx: Ctx) {
  if (typeof value !== 'object' || value === null || value.vatRegistered !== true) return;
  const number = value.vatNumber;
  if (typeof number !== 'string' || number.trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: fieldRule('required') });
  } else if (!normalizeVatNumber(number)) {
    ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: fieldRule('vatNumber') });
  }
}

export const pricingShape = {
  priceSar: priceSarField,
  ...vatShape,
  capacity: capacityField,
  amenities: z
    .array(z.enum(AMENITIES, { error: fieldRule('notOneOf') }), { error: fieldRule('invalid') })
    .max(AMENITIES.length, { error: fieldRule('invalid') })
    .default([])
    .transform((list) => [...new Set(list)]),
  contactPhone: contactPhoneField,
  contactEmail: emailField(),
  /** rates by day and time, day rate, minimum hours, add-ons (issue 35), as typed */
  priceRules: priceRulesFormSchema,
};

export const imagesShape = {
  /** Upload ids in display order; the first is the cover. */
  imageIds: z
    .array(z.uuid({ error: fieldRule('imageNotFound') }), { error: fieldRule('imagesRequired') })
    .min(SPACE_IMAGES_MIN, { error: fieldRule('imagesRequired') })
    .max(SPACE_IMAGES_MAX, { error: fieldRule('imagesTooMany') })
    .refine((ids) => new Set(ids).size === ids.length, { error: fieldRule('invalid') }),
};

/** A whole number typed or chosen (`"15"`, `"١٥"`, 15) that `ok` accepts, else `rule`. */
const settingField = (ok: (v: number) => boolean, rule: FieldRule) =>
  z.preprocess(
    numberFromText,
    numberField()
      .refine((v) => Number.isInteger(v), { error: fieldRule('wholeNumber'), abort: true })
      .refine(ok, { error: fieldRule(rule) }),
  );

/** The minutes a booking may last: every half hour from 30 minutes to 8 hours. */
export const MIN_BOOKING_MINUTES_OPTIONS: readonly number[] = Array.from(
  { length: (MIN_BOOKING_MINUTES_RANGE.max - MIN_BOOKING_MINUTES_RANGE.min) / 30 + 1 },
  (_, i) => MIN_BOOKING_MINUTES_RANGE.min + i * 30,
);

/**
 * The host's booking settings (src/shared/constants.ts): break between bookings, minimum notice,
 * how far ahead, shortest booking. Without a value, a new listing takes the defaults.
 */
export const bookingSettingsFields = {
  bufferMinutes: settingField(
    (v) => (BUFFER_MINUTES_OPTIONS as readonly number[]).includes(v),
    'notOneOf',
  ),
  minNoticeHours: settingField((v) => v >= 0 && v <= MIN_NOTICE_HOURS_MAX, 'outOfRange'),
  horizonDays: settingField((v) => v >= HORIZON_DAYS_MIN && v <= HORIZON_DAYS_MAX, 'outOfRange'),
  minBookingMinutes: settingField((v) => MIN_BOOKING_MINUTES_OPTIONS.includes(v), 'notOneOf'),
  /** How long before the start a renter may cancel free (issue 18). */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES, { error: fieldRule('notOneOf') }),
};
const bookingSettingsShape = {
  cancellationPolicy: bookingSettingsFields.cancellationPolicy.default(DEFAULT_CANCELLATION_POLICY),
  bufferMinutes: bookingSettingsFields.bufferMinutes.default(
    BOOKING_SETTINGS_DEFAULTS.bufferMinutes,
  ),
  minNoticeHours: bookingSettingsFields.minNoticeHours.default(
    BOOKING_SETTINGS_DEFAULTS.minNoticeHours,
  ),
  horizonDays: bookingSettingsFields.horizonDays.default(BOOKING_SETTINGS_DEFAULTS.horizonDays),
  minBookingMinutes: bookingSettingsFields.minBookingMinutes.default(
    BOOKING_SETTINGS_DEFAULTS.minBookingMinutes,
  ),
};

export const availabilityShape = {
  ...bookingSettingsShape,
  availableDays: z
    .array(z.enum(DAYS, { error: fieldRule('notOneOf') }), { error: fieldRule('daysRequired') })
    .min(1, { error: fieldRule('daysRequired') })
    .transform((days) => DAYS.filter((d) => days.includes(d))),
  opensAt: timeField(),
  closesAt: timeField(),
};

export type Ctx = z.RefinementCtx;
type Loose = Record<string, unknown>;

/** The name and description are required in the listing language; the other language is optional. */
export function requireListingLanguage(value: Loose, ctx: Ctx) {
  // These run `always`, even when the body is not an object at all (`null`, a string).
  if (typeof value !== 'object' || value === null) return;
  const lang = value.listingLanguage;
  if (lang !== 'ar' && lang !== 'en') return;
  const suffix = lang === 'ar' ? 'Ar' : 'En';
  for (const field of [`name${suffix}`, `description${suffix}`]) {
    const text = value[field];
    if (typeof text !== 'string' || text.trim() === '') {
      ctx.addIssue({ code: 'custom', path: [field], message: fieldRule('required') });
    }
  }
}

/**
 * Opening hours: a closing time before the opening time is the next day's (an event hall open
 * 16:00–02:00, decision 030); the same time for both names no hours at all.
 */
export function requireClosingTime(value: Loose, ctx: Ctx) {
  if (typeof value !== 'object' || value === null) return;
  const { opensAt, closesAt } = value;
  if (typeof opensAt !== 'string' || typeof closesAt !== 'string') return;
  if (!TIME.test(opensAt) || !TIME.test(closesAt)) return;
  if (closesAt === opensAt) {
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: fieldRule('closesSameAsOpens') });
  }
}

/** Cross-field rules run even when another field is wrong, so every message shows at once. */
export const always = { when: () => true };

export const basicsStepSchema = z
  .object(basicsShape)
  .superRefine((v, ctx) => requireListingLanguage(v, ctx), always);
export const locationStepSchema = z.object(locationShape);
export const pricingStepSchema = z.object(pricingShape).superRefine((v, ctx) => {
  requireVatNumber(v, ctx);
  requirePriceRules(v, ctx, 'withoutHours');
}, always);
export const imagesStepSchema = z.object(imagesShape);
export const availabilityStepSchema = z
  .object(availabilityShape)
  .superRefine((v, ctx) => requireClosingTime(v, ctx), always);

/** Everything the wizard collects (price in SAR as typed). */
export const spaceFormSchema = z
  .object({
    ...basicsShape,
    ...locationShape,
    ...pricingShape,
    ...imagesShape,
    ...availabilityShape,
  })
  .superRefine((v, ctx) => {
    requireListingLanguage(v, ctx);
    requireClosingTime(v, ctx);
    requireVatNumber(v, ctx);
    requirePriceRules(v, ctx, 'withHours');
  }, always);
export type SpaceFormInput = z.input<typeof spaceFormSchema>;
export type SpaceForm = z.output<typeof spaceFormSchema>;

import type { CreateSpaceRequestInput } from './space-request.ts';

/** SAR as the host typed it → integer halalas (150.5 → 15050), free of float error. */
export const sarToHalalas = (sar: number) => Math.round(sar * HALALAS_PER_SAR);

/** The wizard's values → the API request. */
export function toCreateSpaceRequest(form: SpaceForm): CreateSpaceRequestInput {
  const { priceSar, vatRegistered, vatNumber, priceRules, ...rest } = form;
  return {
    ...rest,
    priceRules: priceRulesOfForm(priceRules),
    priceHalalas: sarToHalalas(priceSar),
    vatNumber: vatRegistered && vatNumber ? normalizeVatNumber(vatNumber) : null,
  };
}
