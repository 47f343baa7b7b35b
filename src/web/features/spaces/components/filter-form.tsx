import { RotateCcw, Search } from 'lucide-react';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AMENITIES, CITIES, SPACE_TYPES } from '#shared/constants.ts';
import { formatTimeOfDay, SLOT_MINUTES } from '#shared/domain/booking-slots.ts';
import { riyadhToday } from '#shared/domain/riyadh-calendar.ts';
import { formatDate, formatTime } from '#shared/format.ts';
import type { Locale } from '#shared/constants.ts';
import type { SpaceSearchQueryInput } from '#shared/schemas/spaces.ts';
import { DateField } from '#web/components/date-picker/date-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input, Select } from '#web/components/ui/field.tsx';
import { useFieldError } from '#web/lib/field-error.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';
import { useTranslation } from '#web/lib/i18n.ts';

/** The filters as the form holds them: strings, and the ticked amenities. */
export interface FilterValues {
  q: string;
  type: string;
  city: string;
  date: string;
  startTime: string;
  endTime: string;
  guests: string;
  minPrice: string;
  maxPrice: string;
  amenities: string[];
}

export function filterValuesOf(params: URLSearchParams): FilterValues {
  const get = (name: string) => params.get(name) ?? '';
  return {
    q: get('q'),
    type: get('type'),
    city: get('city'),
    date: get('date'),
    startTime: get('startTime'),
    endTime: get('endTime'),
    guests: get('guests'),
    minPrice: get('minPrice'),
    maxPrice: get('maxPrice'),
    amenities: params
      .getAll('amenities')
      .flatMap((v) => v.split(','))
      .filter(Boolean),
  };
}

/** The times of a day on the booking grid, for the time filter. */
const TIMES = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, i) =>
  formatTimeOfDay(i * SLOT_MINUTES),
);

/**
 * Every filter of the search, checked by the server's own schema before the URL changes.
 * Submitting writes the filters to the URL (shareable; the back button restores them).
 */
export function FilterForm({
  values,
  onApply,
  idPrefix,
}: {
  values: FilterValues;
  onApply: (values: FilterValues) => void;
  idPrefix: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const fieldError = useFieldError();
  // The server's own schema, fetched with zod when the form is first touched (issue 19). The raw
  // strings go to the URL; the schema only checks them (the server parses them again).
  const rules = useMemo(
    () =>
      lazyZodResolver<FilterValues, FilterValues>(
        async () => (await import('#shared/schemas/spaces.ts')).spaceSearchQuerySchema as never,
        { raw: true },
      ),
    [],
  );
  const form = useForm<FilterValues>({
    resolver: rules.resolve,
    values,
    mode: 'onSubmit',
  });
  const { errors } = form.formState;
  const date = useWatch({ control: form.control, name: 'date' });
  const empty: FilterValues = {
    q: '',
    type: '',
    city: '',
    date: '',
    startTime: '',
    endTime: '',
    guests: '',
    minPrice: '',
    maxPrice: '',
    amenities: [],
  };
  const submit = form.handleSubmit((v) => onApply(v as SpaceSearchQueryInput as FilterValues));

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocusCapture={rules.preload}
      onPointerDownCapture={rules.preload}
      aria-label={t('explore.filters.title')}
      className="flex flex-col gap-4"
    >
      <Field label={t('explore.filters.q')} error={fieldError(errors.q?.message)}>
        {(control) => (
          <Input
            {...control}
            type="search"
            enterKeyHint="search"
            placeholder={t('explore.filters.qPlaceholder')}
            {...form.register('q')}
          />
        )}
      </Field>
      <Field label={t('home.search.plan')} error={fieldError(errors.type?.message)}>
        {(control) => (
          <Select {...control} {...form.register('type')}>
            <option value="">{t('home.search.planAny')}</option>
            {SPACE_TYPES.map((code) => (
              <option key={code} value={code}>
                {t(`spaceTypes.${code}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('home.search.city')} error={fieldError(errors.city?.message)}>
        {(control) => (
          <Select {...control} {...form.register('city')}>
            <option value="">{t('home.search.cityAny')}</option>
            {CITIES.map((code) => (
              <option key={code} value={code}>
                {t(`cities.${code}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('home.search.date')} error={fieldError(errors.date?.message)}>
        {(control) => (
          <DateField
            {...control}
            {...form.register('date')}
            label={t('home.search.date')}
            value={date ?? ''}
            earliest={riyadhToday()}
            onPick={(day) => form.setValue('date', day, { shouldDirty: true })}
            describe={formatDate}
          />
        )}
      </Field>
      {/* With a date, a time: the price filter and sorts then read the price of that time. */}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">{t('explore.filters.time')}</legend>
        <div className="grid grid-cols-2 gap-3">
          {(['startTime', 'endTime'] as const).map((name) => (
            <Field
              key={name}
              label={t(
                name === 'startTime' ? 'explore.filters.timeFrom' : 'explore.filters.timeTo',
              )}
              error={fieldError(errors[name]?.message)}
            >
              {(control) => (
                // defaultValue: the pre-rendered page shows the URL's time before the app arrives
                <Select {...control} defaultValue={values[name]} {...form.register(name)}>
                  <option value="">{t('explore.filters.timeAny')}</option>
                  {TIMES.map((time) => (
                    <option key={time} value={time}>
                      {formatTime(time, locale)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ))}
        </div>
        <p className="text-xs text-muted">{t('explore.filters.timeHint')}</p>
      </fieldset>
      <Field label={t('explore.filters.guests')} error={fieldError(errors.guests?.message)}>
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...form.register('guests')}
          />
        )}
      </Field>
      {/* One legend for the pair, short labels: nothing wraps in the 300 px column. */}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">
          {t('explore.filters.price')}
        </legend>
        <div className="grid grid-cols-2 gap-3">
          <Field
            label={t('explore.filters.priceFrom')}
            error={fieldError(errors.minPrice?.message)}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                {...form.register('minPrice')}
              />
            )}
          </Field>
          <Field label={t('explore.filters.priceTo')} error={fieldError(errors.maxPrice?.message)}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                {...form.register('maxPrice')}
              />
            )}
          </Field>
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">
          {t('explore.filters.amenities')}
        </legend>
        <div className="grid grid-cols-2 gap-x-3 gap-y-2">
          {AMENITIES.map((code) => (
            <label key={code} className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                value={code}
                id={`${idPrefix}-amenity-${code}`}
                className="size-5 rounded accent-brand-700"
                {...form.register('amenities')}
              />
              {t(`amenities.${code}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2 pt-1">
        <Button type="submit" className="flex-1">
          <Search aria-hidden />
          {t('explore.filters.apply')}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            form.reset(empty);
            onApply(empty);
          }}
        >
          <RotateCcw aria-hidden />
          {t('explore.filters.clear')}
        </Button>
      </div>
    </form>
  );
}
