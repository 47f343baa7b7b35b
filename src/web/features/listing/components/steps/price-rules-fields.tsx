import { useWatch } from 'react-hook-form';
import { ADD_ON_UNITS, PRICE_RULE_LIMITS } from '#shared/domain/price-rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input, Select } from '#web/components/ui/field.tsx';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { WEEK_DISPLAY_ORDER as WEEK_SUNDAY_FIRST } from '#shared/constants.ts';
import { ChoiceGroup, chipClass } from './choice-group.tsx';
import type { WizardStepProps } from './wizard-step-props.ts';

/** A new add-on's id: stable within the space, what a booking names (`^[a-z0-9-]{1,40}$`). */
const newAddOnId = () => `addon-${Math.random().toString(36).slice(2, 10)}`;

const box = 'flex flex-col gap-4 rounded-2xl border border-sand-200 bg-sand-50 p-4';

/**
 * The pricing step's price rules (issue 35, decision 059): rates by day and time, a day rate,
 * minimum hours per day, add-ons. Checked by the rules the server runs
 * (src/shared/schemas/price-rules-form.ts → checkPriceRules).
 */
export function PriceRulesFields({ form }: Pick<WizardStepProps, 'form'>) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const errors = form.formState.errors.priceRules;
  // The lists through useWatch and setValue (not useFieldArray: its code would weigh on the
  // wizard's shared chunk; tests/build/web-budget.test.ts).
  const bandList = useWatch({ control: form.control, name: 'priceRules.bands' }) ?? [];
  const addOnList = useWatch({ control: form.control, name: 'priceRules.addOns' }) ?? [];
  const set = <K extends 'priceRules.bands' | 'priceRules.addOns'>(
    name: K,
    value: K extends 'priceRules.bands' ? typeof bandList : typeof addOnList,
  ) => form.setValue(name, value as never, { shouldDirty: true });
  const bands = {
    fields: bandList.map((b, i) => ({ ...b, id: `band-${i}` })),
    append: (b: (typeof bandList)[number]) => set('priceRules.bands', [...bandList, b]),
    remove: (i: number) =>
      set(
        'priceRules.bands',
        bandList.filter((_, j) => j !== i),
      ),
  };
  const addOns = {
    fields: addOnList.map((a, i) => ({ ...a, key: `${a.id}-${i}` })),
    append: (a: (typeof addOnList)[number]) => set('priceRules.addOns', [...addOnList, a]),
    remove: (i: number) =>
      set(
        'priceRules.addOns',
        addOnList.filter((_, j) => j !== i),
      ),
  };
  return (
    <div className="flex flex-col gap-6">
      <ChoiceGroup
        legend={t('listSpace.pricing.rules.bands')}
        hint={t('listSpace.pricing.rules.bandsHint')}
      >
        {() => (
          <div className="flex flex-col gap-3">
            {bands.fields.map((band, i) => (
              <fieldset key={band.id} className={box} data-testid="price-band">
                <legend className="sr-only">
                  {t('listSpace.pricing.rules.bandN', { n: i + 1 })}
                </legend>
                <ChoiceGroup
                  legend={t('listSpace.pricing.rules.days')}
                  error={fieldError(errors?.bands?.[i]?.days?.message)}
                >
                  {() => (
                    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
                      {WEEK_SUNDAY_FIRST.map((day) => (
                        <label key={day} className={chipClass}>
                          <input
                            type="checkbox"
                            value={day}
                            className="size-4 accent-brand-700"
                            {...form.register(`priceRules.bands.${i}.days`)}
                          />
                          {t(`days.${day}`)}
                        </label>
                      ))}
                    </div>
                  )}
                </ChoiceGroup>
                <div className="grid gap-4 sm:grid-cols-3">
                  <Field
                    label={t('listSpace.pricing.rules.from')}
                    error={fieldError(errors?.bands?.[i]?.from?.message)}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        type="time"
                        dir="ltr"
                        {...form.register(`priceRules.bands.${i}.from`)}
                      />
                    )}
                  </Field>
                  <Field
                    label={t('listSpace.pricing.rules.to')}
                    hint={t('listSpace.pricing.rules.toHint')}
                    error={fieldError(errors?.bands?.[i]?.to?.message)}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        type="time"
                        dir="ltr"
                        {...form.register(`priceRules.bands.${i}.to`)}
                      />
                    )}
                  </Field>
                  <Field
                    label={t('listSpace.pricing.rules.rate')}
                    error={fieldError(errors?.bands?.[i]?.rateSar?.message)}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="decimal"
                        dir="ltr"
                        {...form.register(`priceRules.bands.${i}.rateSar`)}
                      />
                    )}
                  </Field>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="self-start"
                  onClick={() => bands.remove(i)}
                >
                  {t('listSpace.pricing.rules.removeBand', { n: i + 1 })}
                </Button>
              </fieldset>
            ))}
            {bands.fields.length < PRICE_RULE_LIMITS.maxBands && (
              <Button
                type="button"
                variant="outline"
                className="self-start"
                onClick={() => bands.append({ days: [], from: '', to: '', rateSar: '' })}
              >
                {t('listSpace.pricing.rules.addBand')}
              </Button>
            )}
          </div>
        )}
      </ChoiceGroup>

      <ChoiceGroup
        legend={t('listSpace.pricing.rules.dayRate')}
        hint={t('listSpace.pricing.rules.dayRateHint')}
      >
        {() => (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('listSpace.pricing.rules.dayRateHours')}
              error={fieldError(errors?.dayRateHours?.message)}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  dir="ltr"
                  {...form.register('priceRules.dayRateHours')}
                />
              )}
            </Field>
            <Field
              label={t('listSpace.pricing.rules.dayRatePrice')}
              error={fieldError(errors?.dayRateSar?.message)}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  dir="ltr"
                  {...form.register('priceRules.dayRateSar')}
                />
              )}
            </Field>
          </div>
        )}
      </ChoiceGroup>

      <ChoiceGroup
        legend={t('listSpace.pricing.rules.minHours')}
        hint={t('listSpace.pricing.rules.minHoursHint')}
      >
        {() => (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
            {WEEK_SUNDAY_FIRST.map((day) => (
              <Field
                key={day}
                label={t(`days.${day}`)}
                error={fieldError(errors?.minHours?.[day]?.message)}
              >
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    dir="ltr"
                    {...form.register(`priceRules.minHours.${day}`)}
                  />
                )}
              </Field>
            ))}
          </div>
        )}
      </ChoiceGroup>

      <ChoiceGroup
        legend={t('listSpace.pricing.rules.addOns')}
        hint={t('listSpace.pricing.rules.addOnsHint')}
      >
        {() => (
          <div className="flex flex-col gap-3">
            {addOns.fields.map((addOn, i) => {
              const e = errors?.addOns?.[i];
              return (
                <fieldset key={addOn.key} className={box} data-testid="price-add-on">
                  <legend className="sr-only">
                    {t('listSpace.pricing.rules.addOnN', { n: i + 1 })}
                  </legend>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field
                      label={t('listSpace.pricing.rules.addOnNameAr')}
                      error={fieldError(e?.nameAr?.message)}
                    >
                      {(control) => (
                        <Input
                          {...control}
                          dir="rtl"
                          lang="ar"
                          maxLength={PRICE_RULE_LIMITS.maxAddOnNameLength}
                          {...form.register(`priceRules.addOns.${i}.nameAr`)}
                        />
                      )}
                    </Field>
                    <Field
                      label={t('listSpace.pricing.rules.addOnNameEn')}
                      error={fieldError(e?.nameEn?.message)}
                    >
                      {(control) => (
                        <Input
                          {...control}
                          dir="ltr"
                          lang="en"
                          maxLength={PRICE_RULE_LIMITS.maxAddOnNameLength}
                          {...form.register(`priceRules.addOns.${i}.nameEn`)}
                        />
                      )}
                    </Field>
                  </div>
                  <div className="grid gap-4 sm:grid-cols-3">
                    <Field
                      label={t('listSpace.pricing.rules.addOnPrice')}
                      error={fieldError(e?.priceSar?.message)}
                    >
                      {(control) => (
                        <Input
                          {...control}
                          inputMode="decimal"
                          dir="ltr"
                          {...form.register(`priceRules.addOns.${i}.priceSar`)}
                        />
                      )}
                    </Field>
                    <Field
                      label={t('listSpace.pricing.rules.addOnPer')}
                      error={fieldError(e?.per?.message)}
                    >
                      {(control) => (
                        <Select {...control} {...form.register(`priceRules.addOns.${i}.per`)}>
                          {ADD_ON_UNITS.map((unit) => (
                            <option key={unit} value={unit}>
                              {t(`listSpace.pricing.rules.per.${unit}`)}
                            </option>
                          ))}
                        </Select>
                      )}
                    </Field>
                    <Field
                      label={t('listSpace.pricing.rules.addOnMax')}
                      error={fieldError(e?.maxQuantity?.message)}
                    >
                      {(control) => (
                        <Input
                          {...control}
                          inputMode="numeric"
                          dir="ltr"
                          {...form.register(`priceRules.addOns.${i}.maxQuantity`)}
                        />
                      )}
                    </Field>
                  </div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="self-start"
                    onClick={() => addOns.remove(i)}
                  >
                    {t('listSpace.pricing.rules.removeAddOn', { n: i + 1 })}
                  </Button>
                </fieldset>
              );
            })}
            {addOns.fields.length < PRICE_RULE_LIMITS.maxAddOns && (
              <Button
                type="button"
                variant="outline"
                className="self-start"
                onClick={() =>
                  addOns.append({
                    id: newAddOnId(),
                    nameAr: '',
                    nameEn: '',
                    priceSar: '',
                    per: 'booking',
                    maxQuantity: '1',
                  })
                }
              >
                {t('listSpace.pricing.rules.addAddOn')}
              </Button>
            )}
          </div>
        )}
      </ChoiceGroup>
    </div>
  );
}
