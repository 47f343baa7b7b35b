import { RotateCcw, Search } from 'lucide-react';
import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
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
import { paths } from '#web/lib/paths.ts';
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
 * The search's address for these filters and order (the names the form's fields carry): what
 * the form sends without the app, and what the app navigates to.
 */
export function exploreSearch(values: FilterValues, sort: string) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values) as [string, string | string[]][]) {
    const text = Array.isArray(value) ? value.join(',') : value.trim();
    if (text) query.set(name, text);
  }
  if (sort && sort !== 'recommended') query.set('sort', sort);
  const search = query.toString();
  return search ? `${paths.explore}?${search}` : paths.explore;
}

/**
 * Every filter of the search: a real `<form method="get">` whose fields carry the URL's names and
 * the URL's values in the server's HTML, so it is sent by the browser before the app has arrived
 * (decision 073). Once the app is there, each field is checked by the server's own schema before
 * the URL changes in place (shareable; the back button restores them).
 */
export function FilterForm({
  values,
  sort,
  onApply,
  idPrefix,
}: {
  values: FilterValues;
  /** the order of the results, kept when the filters are sent */
  sort: string;
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
  // Without the app the browser checks the fields (min, step) before sending; with it, the
  // schema does and says why in the page's language. Set here, not rendered: the server's HTML
  // keeps the browser's checks.
  const element = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (element.current) element.current.noValidate = true;
  }, []);
  const clear = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    form.reset(empty);
    onApply(empty);
  };

  return (
    <form
      ref={element}
      method="get"
      action={paths.explore}
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
            defaultValue={values.q}
            {...form.register('q')}
          />
        )}
      </Field>
      <Field label={t('home.search.plan')} error={fieldError(errors.type?.message)}>
        {(control) => (
          <Select {...control} defaultValue={values.type} {...form.register('type')}>
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
          <Select {...control} defaultValue={values.city} {...form.register('city')}>
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
            defaultValue={values.guests}
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
                defaultValue={values.minPrice}
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
                defaultValue={values.maxPrice}
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
                defaultChecked={values.amenities.includes(code)}
                {...form.register('amenities')}
              />
              {t(`amenities.${code}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {sort !== 'recommended' && <input type="hidden" name="sort" value={sort} />}
      <div className="flex flex-wrap gap-2 pt-1">
        <Button type="submit" className="flex-1">
          <Search aria-hidden />
          {t('explore.filters.apply')}
        </Button>
        {/* A link to the search without filters: it works before the app, which does it in place. */}
        <Button asChild variant="outline">
          <a href={exploreSearch(empty, sort)} onClick={clear}>
            <RotateCcw aria-hidden />
            {t('explore.filters.clear')}
          </a>
        </Button>
      </div>
    </form>
  );
}
