import { lazy, Suspense } from 'react';
import { useWatch } from 'react-hook-form';
import { AMENITIES, PRICE_MAX_SAR } from '#shared/constants.ts';
import { formatNumber } from '#shared/format.ts';
import { Field, Input } from '#web/components/ui/field.tsx';
import { PhoneInput, usePhoneHint } from '#web/components/ui/phone-input.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { loadTextSections, useTranslation } from '#web/lib/i18n.ts';
import { ChoiceGroup, chipClass } from './choice-group.tsx';
import type { WizardStepProps } from './wizard-step-props.ts';

/**
 * The amenities' icons (their drawings are most of the bytes they weigh) load when the browser is
 * idle (the wizard calls preloadAmenityIcons) rather than with the wizard's first step: the
 * wizard's route stays inside its size budget (tests/build/web-budget.test.ts). Until then each
 * chip keeps the icon's place, so nothing moves when they arrive.
 */
const loadAmenityIcon = () => import('#web/components/amenity-icon.tsx');
const AmenityIcon = lazy(() => loadAmenityIcon().then((m) => ({ default: m.AmenityIcon })));
export const preloadAmenityIcons = () => void loadAmenityIcon();

/**
 * The price rules' inputs (issue 35) load the same way, idle, after the wizard's first step, with
 * their texts (the `price-rules` text section): most hosts never open them, and the edit and
 * new-listing routes stay inside their size budget.
 */
const loadPriceRules = () =>
  Promise.all([import('./price-rules-fields.tsx'), loadTextSections(['price-rules'])]).then(
    ([module]) => module,
  );
const PriceRulesFields = lazy(() =>
  loadPriceRules().then((m) => ({ default: m.PriceRulesFields })),
);
export const preloadPriceRules = () => void loadPriceRules();

/**
 * Step 3, pricing and amenities: the price per hour (VAT included), the host's VAT number if
 * registered (decision 035), capacity, the price rules (issue 35), amenities, and how the team reaches the host.
 */
export function PricingStep({ form }: WizardStepProps) {
  const { t, i18n } = useTranslation();
  const phoneHint = usePhoneHint();
  const fieldError = useFieldError();
  const { errors } = form.formState;
  const vatRegistered = useWatch({ control: form.control, name: 'vatRegistered' }) === true;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          label={t('listSpace.pricing.price')}
          hint={t('listSpace.pricing.priceHint', {
            max: formatNumber(PRICE_MAX_SAR, i18n.language),
          })}
          error={fieldError(errors.priceSar?.message)}
        >
          {(control) => (
            <Input {...control} inputMode="decimal" dir="ltr" {...form.register('priceSar')} />
          )}
        </Field>
        <Field
          label={t('listSpace.pricing.capacity')}
          hint={t('listSpace.pricing.capacityHint')}
          error={fieldError(errors.capacity?.message)}
        >
          {(control) => (
            <Input {...control} inputMode="numeric" dir="ltr" {...form.register('capacity')} />
          )}
        </Field>
      </div>
      <ChoiceGroup legend={t('listSpace.pricing.vat.legend')}>
        {() => (
          <div className="flex flex-col gap-4">
            <label className={cn(chipClass, 'self-start')}>
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                {...form.register('vatRegistered')}
              />
              {t('listSpace.pricing.vat.registered')}
            </label>
            {vatRegistered && (
              <div className="grid gap-6 sm:grid-cols-2">
                <Field
                  label={t('listSpace.pricing.vat.number')}
                  hint={t('listSpace.pricing.vat.numberHint')}
                  error={fieldError(errors.vatNumber?.message)}
                >
                  {(control) => (
                    <Input
                      {...control}
                      inputMode="numeric"
                      dir="ltr"
                      autoComplete="off"
                      placeholder="3XXXXXXXXXXXXX3"
                      {...form.register('vatNumber')}
                    />
                  )}
                </Field>
              </div>
            )}
          </div>
        )}
      </ChoiceGroup>
      <section aria-labelledby="price-rules-heading" className="flex flex-col gap-4">
        <h3 id="price-rules-heading" className="text-base font-bold text-ink">
          {t('listSpace.pricing.rules.heading')}
        </h3>
        <Suspense fallback={<div aria-hidden className="h-40" />}>
          <PriceRulesFields form={form} />
        </Suspense>
      </section>
      <ChoiceGroup
        legend={t('listSpace.pricing.amenities')}
        error={fieldError(errors.amenities?.message)}
      >
        {() => (
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
            {AMENITIES.map((amenity) => {
              return (
                <label key={amenity} className={chipClass}>
                  <input
                    type="checkbox"
                    value={amenity}
                    className="size-4 accent-brand-700"
                    {...form.register('amenities')}
                  />
                  <Suspense fallback={<span aria-hidden className="size-5 shrink-0" />}>
                    <AmenityIcon amenity={amenity} className="size-5 text-brand-700" />
                  </Suspense>
                  {t(`amenities.${amenity}`)}
                </label>
              );
            })}
          </div>
        )}
      </ChoiceGroup>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          label={t('listSpace.pricing.phone')}
          hint={phoneHint}
          error={fieldError(errors.contactPhone?.message)}
        >
          {(control) => <PhoneInput {...control} {...form.register('contactPhone')} />}
        </Field>
        <Field
          label={t('listSpace.pricing.email')}
          error={fieldError(errors.contactEmail?.message)}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              dir="ltr"
              inputMode="email"
              autoComplete="email"
              {...form.register('contactEmail')}
            />
          )}
        </Field>
      </div>
    </div>
  );
}
