import { CITIES } from '#shared/constants.ts';
import { Field, Input, Select } from '#web/components/ui/field.tsx';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import type { WizardStepProps } from './wizard-step-props.ts';

/** Step 2, the location: address, city, country (Saudi Arabia only) and a Google Maps link. */
export function LocationStep({ form }: WizardStepProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { errors } = form.formState;
  return (
    <div className="flex flex-col gap-6">
      <Field label={t('listSpace.location.address')} error={fieldError(errors.address?.message)}>
        {(control) => (
          <Input
            {...control}
            dir="auto"
            autoComplete="street-address"
            {...form.register('address')}
          />
        )}
      </Field>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label={t('listSpace.location.city')} error={fieldError(errors.city?.message)}>
          {(control) => (
            <Select {...control} {...form.register('city')}>
              <option value="">{t('listSpace.choose')}</option>
              {CITIES.map((city) => (
                <option key={city} value={city}>
                  {t(`cities.${city}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('listSpace.location.country')} error={fieldError(errors.country?.message)}>
          {(control) => (
            <Select {...control} {...form.register('country')}>
              <option value="SA">{t('listSpace.country.SA')}</option>
            </Select>
          )}
        </Field>
      </div>
      <Field
        label={t('listSpace.location.mapsLink')}
        hint={t('listSpace.location.mapsHint')}
        error={fieldError(errors.googleMapsUrl?.message)}
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            dir="ltr"
            inputMode="url"
            placeholder="https://maps.app.goo.gl/…"
            {...form.register('googleMapsUrl')}
          />
        )}
      </Field>
    </div>
  );
}
