import { z } from 'zod';
import { DAYS } from '../constants.ts';
import { ADD_ON_UNITS, PRICE_RULE_LIMITS } from '../domain/price-rules.ts';
import { fieldRule } from '../message-codes.ts';

/**
 * A space's price rules as the API takes them (issue 35; src/shared/domain/price-rules.ts holds
 * the shape and the cross-field rules — overlapping bands, a day rate below its hours, a minimum
 * longer than the opening hours — which the server runs with the space's price and hours).
 */
const halalas = z
  .number({ error: fieldRule('number') })
  .int({ error: fieldRule('priceDecimals') })
  .min(1, { error: fieldRule('priceRange') })
  .max(PRICE_RULE_LIMITS.maxPriceHalalas, { error: fieldRule('priceRange') });
const hhmm = z.string({ error: fieldRule('time') }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
  error: fieldRule('time'),
});
const name = z
  .string({ error: fieldRule('required') })
  .trim()
  .min(1, { error: fieldRule('required') })
  .max(PRICE_RULE_LIMITS.maxAddOnNameLength, { error: fieldRule('tooLong') });

export const priceRulesSchema = z.strictObject({
  bands: z
    .array(
      z.strictObject({
        days: z
          .array(z.enum(DAYS, { error: fieldRule('notOneOf') }))
          .min(1, { error: fieldRule('daysRequired') })
          .max(7, { error: fieldRule('invalid') }),
        from: hhmm,
        to: hhmm,
        priceHalalasPerHour: halalas,
      }),
    )
    .max(PRICE_RULE_LIMITS.maxBands, { error: fieldRule('outOfRange') }),
  dayRate: z
    .strictObject({
      fromHours: z
        .number({ error: fieldRule('number') })
        .int({ error: fieldRule('wholeNumber') })
        .min(1, { error: fieldRule('outOfRange') })
        .max(PRICE_RULE_LIMITS.maxDayRateHours, { error: fieldRule('outOfRange') }),
      priceHalalas: z
        .number({ error: fieldRule('number') })
        .int({ error: fieldRule('priceDecimals') })
        .min(1, { error: fieldRule('priceRange') })
        .max(PRICE_RULE_LIMITS.maxPriceHalalas * 24, { error: fieldRule('priceRange') }),
    })
    .nullable(),
  minHours: z.partialRecord(
    z.enum(DAYS, { error: fieldRule('notOneOf') }),
    z
      .number({ error: fieldRule('number') })
      .int({ error: fieldRule('wholeNumber') })
      .min(1, { error: fieldRule('outOfRange') })
      .max(24, { error: fieldRule('outOfRange') }),
  ),
  addOns: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: fieldRule('invalid') }),
        nameAr: name,
        nameEn: name,
        priceHalalas: halalas,
        per: z.enum(ADD_ON_UNITS, { error: fieldRule('notOneOf') }),
        maxQuantity: z
          .number({ error: fieldRule('number') })
          .int({ error: fieldRule('wholeNumber') })
          .min(1, { error: fieldRule('outOfRange') })
          .max(PRICE_RULE_LIMITS.maxAddOnQuantity, { error: fieldRule('outOfRange') }),
      }),
    )
    .max(PRICE_RULE_LIMITS.maxAddOns, { error: fieldRule('outOfRange') }),
});
export type PriceRulesInput = z.input<typeof priceRulesSchema>;

/** One line of a booking's itemised quote as answers carry it (src/shared/domain/booking-price.ts). */
export const quoteLineSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('hours'),
    minutes: z.number().int(),
    rateHalalasPerHour: z.number().int(),
    amountHalalas: z.number().int(),
  }),
  z.object({
    kind: z.literal('dayRate'),
    minutes: z.number().int(),
    fromHours: z.number().int(),
    amountHalalas: z.number().int(),
  }),
  z.object({
    kind: z.literal('addOn'),
    addOnId: z.string(),
    nameAr: z.string(),
    nameEn: z.string(),
    per: z.enum(ADD_ON_UNITS),
    unitHalalas: z.number().int(),
    quantity: z.number().int(),
    amountHalalas: z.number().int(),
  }),
]);
