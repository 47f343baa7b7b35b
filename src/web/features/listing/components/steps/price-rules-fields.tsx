import { useWatch } from 'react-hook-form';
import { ADD_ON_UNITS, PRICE_RULE_LIMITS } from '#shared/domain/price-rules.ts';
import { Field, Input, Select } from '#web/components/ui/field.tsx';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { WEEK_DISPLAY_ORDER as WEEK_SUNDAY_FIRST } from '#shared/constants.ts';
import { ChoiceGroup, chipClass } from './choice-group.tsx';
import { RuleListEditor } from './rule-list-editor.tsx';
import type { WizardStepProps } from './wizard-step-props.ts';

/** A new add-on's id: stable within the space, what a booking names (`^[a-z0-9-]{1,40}$`). */
const newAddOnId = () => `addon-${Math.random().toString(36).slice(2, 10)}`;

/**
 * The pricing step's price rules (issue 35, decision 059): rates by day and time, a day rate,
 * minimum hours per day, add-ons. Checked by the rules the server runs
 * (src/shared/schemas/price-rules-form.ts → checkPriceRules).
 */
export function PriceRulesFields({ form }: Pick<WizardStepProps, 'form'>) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const errors = form.formState.errors.priceRules;
  const bandList = useWatch({ control: form.control, name: 'priceRules.bands' }) ?? [];
  const addOnList = useWatch({ control: form.control, name: 'priceRules.addOns' }) ?? [];
  const setBands = (value: typeof bandList) =>
    form.setValue('priceRules.bands', value, { shouldDirty: true });
  const setAddOns = (value: typeof addOnList) =>
    form.setValue('priceRules.addOns', value, { shouldDirty: true });
  return (
    <div className="flex flex-col gap-6">
      <ChoiceGroup
        legend={t('listSpace.pricing.rules.bands')}
        hint={t('listSpace.pricing.rules.bandsHint')}
      >
        {() => (
          <RuleListEditor
            items={bandList}
            keyOf={(_, i) => `band-${i}`}
            max={PRICE_RULE_LIMITS.maxBands}
            testId="price-band"
            legend={(n) => t('listSpace.pricing.rules.bandN', { n })}
            removeLabel={(n) => t('listSpace.pricing.rules.removeBand', { n })}
            addLabel={t('listSpace.pricing.rules.addBand')}
            newItem={() => ({ days: [], from: '', to: '', rateSar: '' })}
            onChange={setBands}
          >
            {(i) => (
              <>
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
              </>
            )}
          </RuleListEditor>
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
          <RuleListEditor
            items={addOnList}
            keyOf={(addOn, i) => `${addOn.id}-${i}`}
            max={PRICE_RULE_LIMITS.maxAddOns}
            testId="price-add-on"
            legend={(n) => t('listSpace.pricing.rules.addOnN', { n })}
            removeLabel={(n) => t('listSpace.pricing.rules.removeAddOn', { n })}
            addLabel={t('listSpace.pricing.rules.addAddOn')}
            newItem={() => ({
              id: newAddOnId(),
              nameAr: '',
              nameEn: '',
              priceSar: '',
              per: 'booking' as const,
              maxQuantity: '1',
            })}
            onChange={setAddOns}
          >
            {(i) => {
              const e = errors?.addOns?.[i];
              return (
                <>
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
                </>
              );
            }}
          </RuleListEditor>
        )}
      </ChoiceGroup>
    </div>
  );
}
