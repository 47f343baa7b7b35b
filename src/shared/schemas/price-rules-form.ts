import { z } from 'zod';
import { DAYS, HALALAS_PER_SAR, type Day } from '../constants.ts';
import { latinDigits } from '../domain/phone.ts';
import {
  ADD_ON_UNITS,
  checkPriceRules,
  NO_PRICE_RULES,
  type PriceRules,
} from '../domain/price-rules.ts';
import { fieldRule, type FieldRule } from '../message-codes.ts';

/**
 * The price rules as the wizard's pricing step and the edit form hold them (issue 35): text as
 * typed (SAR, hours), turned into the API's `PriceRules` (integer halalas) by `priceRulesOfForm`
 * and checked by the one check the server runs (`checkPriceRules`,
 * src/shared/domain/price-rules.ts), its faults put on the inputs that hold them.
 */
const text = z.string({ error: fieldRule('invalid') }).default('');
export const priceRulesFormSchema = z
  .object({
    bands: z
      .array(
        z.object({
          days: z.array(z.enum(DAYS, { error: fieldRule('notOneOf') })).default([]),
          from: text,
          to: text,
          rateSar: text,
        }),
      )
      .default([]),
    dayRateHours: text,
    dayRateSar: text,
    minHours: z.partialRecord(z.enum(DAYS), text).default({}),
    addOns: z
      .array(
        z.object({
          id: z.string(),
          nameAr: text,
          nameEn: text,
          priceSar: text,
          per: z.enum(ADD_ON_UNITS, { error: fieldRule('notOneOf') }),
          maxQuantity: text,
        }),
      )
      .default([]),
  })
  .default({ bands: [], dayRateHours: '', dayRateSar: '', minHours: {}, addOns: [] });
export type PriceRulesFormInput = z.input<typeof priceRulesFormSchema>;
export type PriceRulesForm = z.output<typeof priceRulesFormSchema>;

/** Text → number ("١٥٠", " 12.5 "); blank → null; not a number → NaN. */
function numberOf(value: string | undefined): number | null {
  const t = latinDigits(value ?? '')
    .trim()
    .replace(/[٫,]/g, '.');
  if (t === '') return null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}
/** SAR as typed → halalas (NaN when not a price with at most two decimals). */
function halalasOf(value: string | undefined): number {
  const sar = numberOf(value);
  if (sar === null || Number.isNaN(sar)) return Number.NaN;
  const halalas = Math.round(sar * HALALAS_PER_SAR);
  return Math.abs(halalas - sar * HALALAS_PER_SAR) < 1e-6 ? halalas : Number.NaN;
}

/** The form's rules → the API's (the wizard's request and the check share it). */
export function priceRulesOfForm(form: PriceRulesFormInput | undefined): PriceRules {
  if (!form) return NO_PRICE_RULES;
  const hours = numberOf(form.dayRateHours);
  const price = form.dayRateSar ?? '';
  const minHours: Partial<Record<Day, number>> = {};
  for (const day of DAYS) {
    const n = numberOf(form.minHours?.[day]);
    if (n !== null) minHours[day] = n;
  }
  return {
    bands: (form.bands ?? []).map((b) => ({
      days: b.days ?? [],
      from: b.from ?? '',
      to: b.to ?? '',
      priceHalalasPerHour: halalasOf(b.rateSar),
    })),
    dayRate:
      hours === null && price.trim() === ''
        ? null
        : { fromHours: hours ?? Number.NaN, priceHalalas: halalasOf(price) },
    minHours,
    addOns: (form.addOns ?? []).map((a) => ({
      id: a.id,
      nameAr: (a.nameAr ?? '').trim(),
      nameEn: (a.nameEn ?? '').trim(),
      priceHalalas: halalasOf(a.priceSar),
      per: a.per,
      maxQuantity: numberOf(a.maxQuantity) ?? Number.NaN,
    })),
  };
}

/** The API's rules → the form's text (the edit form starts from the listing's). */
export function priceRulesFormOf(rules: PriceRules): PriceRulesForm {
  const sar = (halalas: number) => String(halalas / HALALAS_PER_SAR);
  return {
    bands: rules.bands.map((b) => ({
      days: b.days,
      from: b.from,
      to: b.to,
      rateSar: sar(b.priceHalalasPerHour),
    })),
    dayRateHours: rules.dayRate ? String(rules.dayRate.fromHours) : '',
    dayRateSar: rules.dayRate ? sar(rules.dayRate.priceHalalas) : '',
    minHours: Object.fromEntries(
      Object.entries(rules.minHours).map(([day, n]) => [day, String(n)]),
    ),
    addOns: rules.addOns.map((a) => ({
      id: a.id,
      nameAr: a.nameAr,
      nameEn: a.nameEn,
      priceSar: sar(a.priceHalalas),
      per: a.per,
      maxQuantity: String(a.maxQuantity),
    })),
  };
}

/** The check's path (`bands.0.priceHalalasPerHour`) → the form's input (`bands.0.rateSar`). */
export function priceRulesFormPath(path: string): string {
  return path
    .replace(/^bands\.(\d+)\.priceHalalasPerHour$/, 'bands.$1.rateSar')
    .replace(/^dayRate\.fromHours$/, 'dayRateHours')
    .replace(/^dayRate\.priceHalalas$/, 'dayRateSar')
    .replace(/^addOns\.(\d+)\.priceHalalas$/, 'addOns.$1.priceSar');
}

/**
 * Adds the rules' faults to a form schema's refinement, at `priceRules.<input>`. Without the
 * opening hours (the pricing step comes before the availability step) the minimum hours are
 * weighed against them later, on the whole form.
 */
export function requirePriceRules(
  value: unknown,
  ctx: z.RefinementCtx,
  hoursOf: 'withHours' | 'withoutHours',
) {
  if (typeof value !== 'object' || value === null) return;
  const v = value as {
    priceRules?: PriceRulesFormInput;
    priceSar?: unknown;
    opensAt?: unknown;
    closesAt?: unknown;
  };
  if (!v.priceRules) return;
  const price = typeof v.priceSar === 'number' ? Math.round(v.priceSar * HALALAS_PER_SAR) : 0;
  const withHours = hoursOf === 'withHours';
  const faults: Record<string, FieldRule> = checkPriceRules(priceRulesOfForm(v.priceRules), {
    priceHalalas: price > 0 ? price : Number.MAX_SAFE_INTEGER,
    opensAt: withHours && typeof v.opensAt === 'string' ? v.opensAt : '',
    closesAt: withHours && typeof v.closesAt === 'string' ? v.closesAt : '',
  });
  for (const [path, rule] of Object.entries(faults)) {
    // The day rate against the lowest rate needs a price to weigh it with.
    if (rule === 'dayRateTooLow' && !(price > 0)) continue;
    ctx.addIssue({
      code: 'custom',
      path: ['priceRules', ...priceRulesFormPath(path).split('.')],
      message: fieldRule(rule),
    });
  }
}
