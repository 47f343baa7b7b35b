import { z } from 'zod';
import {
  ADDRESS_FOUR_DIGITS,
  ADDRESS_PART_MAX,
  CR_NUMBER,
  LEGAL_NAME_MAX,
  POSTAL_CODE,
  isArabicName,
  isLatinName,
  normalizeCode,
} from '../domain/seller-details.ts';
import { normalizeVatNumber } from '../domain/vat.ts';
import { fieldRule, type FieldRule } from '../message-codes.ts';

/**
 * A host's invoicing details (issue 33, decision 074): PUT/GET /api/host/invoicing-details, the
 * Hosting area's form. The seller on every tax invoice HourSpace issues on the host's behalf.
 */

const text = (rule: FieldRule) =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? fieldRule('required') : fieldRule(rule),
  });

/** Required text of 2…max characters, trimmed. */
const requiredText = (max: number, rule: FieldRule) =>
  text(rule)
    .trim()
    .min(1, { error: fieldRule('required') })
    .min(2, { error: fieldRule(rule) })
    .max(max, { error: fieldRule(rule) });

/**
 * Digits as typed (Arabic-Indic digits, spaces) → the code in Latin digits, or its rule. Blank:
 * `required`, or null when the field is optional (null and absent are blank too).
 */
function code(pattern: RegExp, rule: FieldRule, optional: true): z.ZodType<string | null, unknown>;
function code(pattern: RegExp, rule: FieldRule, optional?: false): z.ZodType<string, unknown>;
function code(
  pattern: RegExp,
  rule: FieldRule,
  optional = false,
): z.ZodType<string | null, unknown> {
  return text(rule)
    .max(40, { error: fieldRule(rule) })
    .nullish()
    .transform((typed, ctx) => {
      if (!typed || typed.trim() === '') {
        if (optional) return null;
        ctx.addIssue({ code: 'custom', message: fieldRule('required') });
        return z.NEVER;
      }
      const digits = normalizeCode(typed, pattern);
      if (!digits) {
        ctx.addIssue({ code: 'custom', message: fieldRule(rule) });
        return z.NEVER;
      }
      return digits;
    });
}

export const invoicingDetailsSchema = z.object({
  /** the registered (legal) name in Arabic, as on the CR or the VAT certificate */
  legalNameAr: requiredText(LEGAL_NAME_MAX, 'legalNameAr').refine(isArabicName, {
    error: fieldRule('legalNameAr'),
  }),
  /** the registered name in English, when the host has one */
  legalNameEn: text('legalNameEn')
    .nullish()
    .transform((typed, ctx) => {
      const name = typed?.trim() ?? '';
      if (name === '') return null;
      if (name.length < 2 || name.length > LEGAL_NAME_MAX || !isLatinName(name)) {
        ctx.addIssue({ code: 'custom', message: fieldRule('legalNameEn') });
        return z.NEVER;
      }
      return name;
    }),
  /** 15 digits, first and last 3 (the rule of the listing's VAT number) */
  vatNumber: text('vatNumber')
    .max(40, { error: fieldRule('vatNumber') })
    .transform((typed, ctx) => {
      if (typed.trim() === '') {
        ctx.addIssue({ code: 'custom', message: fieldRule('required') });
        return z.NEVER;
      }
      const number = normalizeVatNumber(typed);
      if (!number) {
        ctx.addIssue({ code: 'custom', message: fieldRule('vatNumber') });
        return z.NEVER;
      }
      return number;
    }),
  /** commercial registration, 10 digits; optional (a freelancer's document has none) */
  crNumber: code(CR_NUMBER, 'crNumber', true),
  street: requiredText(ADDRESS_PART_MAX, 'addressPart'),
  buildingNumber: code(ADDRESS_FOUR_DIGITS, 'buildingNumber'),
  additionalNumber: code(ADDRESS_FOUR_DIGITS, 'additionalNumber'),
  district: requiredText(ADDRESS_PART_MAX, 'addressPart'),
  city: requiredText(ADDRESS_PART_MAX, 'addressPart'),
  postalCode: code(POSTAL_CODE, 'postalCode'),
});
export type InvoicingDetailsInput = z.input<typeof invoicingDetailsSchema>;
export type InvoicingDetails = z.output<typeof invoicingDetailsSchema>;

export const invoicingDetailsResponseSchema = z.object({
  /** null: the host has not given them yet */
  details: z
    .object({
      legalNameAr: z.string(),
      legalNameEn: z.string().nullable(),
      vatNumber: z.string(),
      crNumber: z.string().nullable(),
      street: z.string(),
      buildingNumber: z.string(),
      additionalNumber: z.string(),
      district: z.string(),
      city: z.string(),
      postalCode: z.string(),
      updatedAt: z.string(),
    })
    .nullable(),
  /** the host's VAT-registered listings: whose invoices the details speak for (same number) */
  vatListings: z.array(
    z.object({
      id: z.string(),
      nameAr: z.string().nullable(),
      nameEn: z.string().nullable(),
      vatNumber: z.string(),
    }),
  ),
  /** tax invoices and credit notes issued on the host's behalf without a seller address */
  documentsWithoutAddress: z.number().int(),
});
export type InvoicingDetailsResponse = z.infer<typeof invoicingDetailsResponseSchema>;
