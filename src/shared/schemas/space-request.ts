import { z } from 'zod';
import { HALALAS_PER_SAR, LOCALES, PRICE_MAX_SAR } from '../constants.ts';
import { checkPriceRules } from '../domain/price-rules.ts';
import { fieldRule } from '../message-codes.ts';
import { emailField, requiredText } from './fields.ts';
import { priceRulesSchema } from './price-rules.ts';
import {
  always,
  availabilityShape,
  basicsShape,
  contactPhoneField,
  imagesShape,
  locationShape,
  pricingShape,
  requireClosingTime,
  requiredOrInvalid,
  requireListingLanguage,
  SPACE_CAPACITY_MAX,
  SPACE_DESCRIPTION_MAX,
  vatNumberField,
} from './space-form.ts';

/**
 * The API's side of the listing (POST /api/spaces, the upload and translation routes): the
 * wizard's field rules (./space-form.ts) with money as integer halalas. The server and the tests
 * use these schemas; the browser imports only their types, so they stay out of the web bundle
 * (the listing routes' size budget, tests/build/web-budget.test.ts).
 */

export const priceHalalasField = z
  .number({ error: requiredOrInvalid })
  .int({ error: fieldRule('priceDecimals') })
  .min(1, { error: fieldRule('priceRange') })
  .max(PRICE_MAX_SAR * HALALAS_PER_SAR, { error: fieldRule('priceRange') });
export const capacityHalalasRequestField = z
  .number({ error: requiredOrInvalid })
  .int({ error: fieldRule('wholeNumber') })
  .min(1, { error: fieldRule('capacityPositive') })
  .max(SPACE_CAPACITY_MAX, { error: fieldRule('tooLong') });

/**
 * POST /api/spaces: the same rules, money as integer halalas (docs/architecture.md, API
 * conventions).
 */
export const createSpaceRequestSchema = z
  .object({
    ...basicsShape,
    ...locationShape,
    priceHalalas: priceHalalasField,
    /** null or absent: the host is not VAT-registered */
    vatNumber: vatNumberField.optional().transform((v) => v ?? null),
    capacity: capacityHalalasRequestField,
    amenities: pricingShape.amenities,
    contactPhone: contactPhoneField,
    contactEmail: emailField(),
    ...imagesShape,
    ...availabilityShape,
    /** absent: none (issue 35) */
    priceRules: priceRulesSchema.optional(),
  })
  .superRefine((v, ctx) => {
    requireListingLanguage(v, ctx);
    requireClosingTime(v, ctx);
    // The price rules against the price and hours: the check PATCH runs (decision 059). Runs
    // `always`, so not only on an object.
    if (typeof v === 'object' && v !== null && v.priceRules && typeof v.priceHalalas === 'number') {
      const faults = checkPriceRules(v.priceRules, {
        priceHalalas: v.priceHalalas,
        opensAt: v.opensAt,
        closesAt: v.closesAt,
      });
      for (const [path, rule] of Object.entries(faults))
        ctx.addIssue({
          code: 'custom',
          path: ['priceRules', ...path.split('.')],
          message: fieldRule(rule),
        });
    }
  }, always);
export type CreateSpaceRequestInput = z.input<typeof createSpaceRequestSchema>;
export type CreateSpaceRequest = z.output<typeof createSpaceRequestSchema>;

export const createSpaceResponseSchema = z.object({
  id: z.string(),
  status: z.literal('pending'),
});
export type CreateSpaceResponse = z.infer<typeof createSpaceResponseSchema>;

// ── uploads and translation ──

export const uploadedImageSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  /** width → URL of that WebP variant */
  urls: z.record(z.string(), z.string()),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const TRANSLATE_TEXT_MAX = SPACE_DESCRIPTION_MAX;

export const translateRequestSchema = z
  .object({
    text: requiredText(TRANSLATE_TEXT_MAX),
    from: z.enum(LOCALES, { error: requiredOrInvalid }),
    to: z.enum(LOCALES, { error: requiredOrInvalid }),
  })
  .refine((v) => v.from !== v.to, { path: ['to'], error: fieldRule('invalid') });
export type TranslateRequest = z.infer<typeof translateRequestSchema>;
export const translateResponseSchema = z.object({ text: z.string() });
export type TranslateResponse = z.infer<typeof translateResponseSchema>;
