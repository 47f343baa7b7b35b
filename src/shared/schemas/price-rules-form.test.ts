import { describe, expect, it } from 'vitest';
import { checkPriceRules, type PriceRules } from '../domain/price-rules.ts';
import {
  priceRulesFormOf,
  priceRulesOfForm,
  type PriceRulesFormInput,
} from './price-rules-form.ts';
import { pricingStepSchema, spaceFormSchema } from './space-form.ts';

const rules: PriceRules = {
  bands: [
    { days: ['thursday', 'friday'], from: '16:00', to: '00:00', priceHalalasPerHour: 45_000 },
  ],
  dayRate: { fromHours: 8, priceHalalas: 200_000 },
  minHours: { friday: 3 },
  addOns: [
    {
      id: 'addon-coffee',
      nameAr: 'قهوة',
      nameEn: 'Coffee',
      priceHalalas: 2_550,
      per: 'guest',
      maxQuantity: 20,
    },
  ],
};

const pricing = (priceRules: PriceRulesFormInput) => ({
  priceSar: '300',
  vatRegistered: false,
  vatNumber: '',
  capacity: '10',
  amenities: [],
  contactPhone: '0551234567',
  contactEmail: 'host@example.com',
  priceRules,
});

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the wizard’s price rules (issue 35)', () => {
  it('turns the listing’s rules into the form’s text and back unchanged', () => {
    expect(priceRulesOfForm(priceRulesFormOf(rules))).toEqual(rules);
  });

  it('reads Arabic-Indic digits and SAR with halalas', () => {
    const form = priceRulesFormOf(rules);
    form.bands[0]!.rateSar = '٤٥٠٫٥';
    expect(priceRulesOfForm(form).bands[0]!.priceHalalasPerHour).toBe(45_050);
  });

  it('puts the server’s check’s faults on the inputs that hold them', () => {
    const form: PriceRulesFormInput = {
      bands: [
        { days: ['friday'], from: '16:00', to: '22:00', rateSar: '450' },
        { days: ['friday', 'saturday'], from: '20:00', to: '23:00', rateSar: 'abc' },
      ],
      dayRateHours: '8',
      dayRateSar: '100',
      minHours: {},
      addOns: [
        {
          id: 'addon-a',
          nameAr: '',
          nameEn: 'Tea',
          priceSar: '5',
          per: 'booking',
          maxQuantity: '500',
        },
      ],
    };
    const issues = issuesOf(pricingStepSchema.safeParse(pricing(form)));
    expect(issues).toMatchObject({
      'priceRules.bands.1.from': 'fields.bandsOverlap',
      'priceRules.bands.1.rateSar': 'fields.priceRange',
      'priceRules.addOns.0.nameAr': 'fields.required',
      'priceRules.addOns.0.maxQuantity': 'fields.outOfRange',
    });
    // the same faults as the server's check of the same rules
    const server = checkPriceRules(priceRulesOfForm(form), {
      priceHalalas: 30_000,
      opensAt: '09:00',
      closesAt: '23:00',
    });
    expect(Object.keys(server).sort()).toEqual([
      'addOns.0.maxQuantity',
      'addOns.0.nameAr',
      'bands.1.from',
      'bands.1.priceHalalasPerHour',
    ]);
  });

  it('refuses a day rate below its hours at the lowest rate, on the day rate’s price', () => {
    const form: PriceRulesFormInput = { ...priceRulesFormOf(rules), dayRateSar: '2399' };
    expect(issuesOf(pricingStepSchema.safeParse(pricing(form)))).toEqual({
      'priceRules.dayRateSar': 'fields.dayRateTooLow',
    });
    form.dayRateSar = '2400';
    expect(issuesOf(pricingStepSchema.safeParse(pricing(form)))).toEqual({});
  });

  it('weighs the minimum hours against the opening hours on the whole form', () => {
    const form: PriceRulesFormInput = { ...priceRulesFormOf(rules), minHours: { friday: '9' } };
    const whole = spaceFormSchema.safeParse({
      ...pricing(form),
      opensAt: '16:00',
      closesAt: '22:00',
    });
    expect(issuesOf(whole)['priceRules.minHours.friday']).toBe('fields.minHoursTooLong');
    expect(
      issuesOf(pricingStepSchema.safeParse(pricing(form)))['priceRules.minHours.friday'],
    ).toBeUndefined();
  });

  it('accepts no rules at all', () => {
    expect(issuesOf(pricingStepSchema.safeParse(pricing({})))).toEqual({});
  });
});
