import { MapPin, Search, Shapes } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { useNavigate } from 'react-router';
import { CITIES, SPACE_TYPES } from '#shared/constants.ts';
import { exploreHref, paths } from '#web/lib/paths.ts';
import { Button } from '#web/components/ui/button.tsx';
import { isCalendarDate, riyadhToday } from '#shared/domain/riyadh-calendar.ts';
import { DateField } from '#web/components/date-picker/date-field.tsx';
import type { formatDate } from '#shared/format.ts';

const control =
  'h-12 w-full rounded-xl border border-control bg-white ps-10 pe-3 text-base text-ink focus:border-brand-500 focus:outline-2 focus:outline-brand-500/30';

/**
 * Plan, date and city → the explore page with those filters in the URL (docs/product-spec.md §2,
 * Home). The date is the app's date field (decision 034): typed as YYYY-MM-DD or picked from its
 * calendar, which the browser opens from the server's HTML (decision 078); a date that is not
 * one, or is past, is said at the field instead of sending the search. A plain GET form to the explore page too
 * (decision 038): it works before the app has taken the pre-rendered page over, and the selects
 * are the browser's, so what was chosen meanwhile is kept and sent.
 */
export function HeroSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState('');
  const dateId = useId();
  const dateRef = useRef<HTMLInputElement>(null);
  const today = riyadhToday();
  // The words under the field ("الخميس، 26 نوفمبر 2026") come with the field's first touch: the
  // formatting is not part of the home page's first JavaScript (its size budget).
  const [words, setWords] = useState<typeof formatDate>();
  const loadWords = () => {
    if (!words) void import('#shared/format.ts').then((m) => setWords(() => m.formatDate));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const type = String(form.get('type') ?? '');
    const city = String(form.get('city') ?? '');
    const wrong =
      date && (!isCalendarDate(date) ? 'invalid' : date < today ? 'dateInPast' : undefined);
    setDateError(wrong ? t(`fields:${wrong}`) : '');
    if (wrong) dateRef.current?.focus();
    else void navigate(exploreHref({ type, date, city }));
  };

  return (
    <form
      role="search"
      method="get"
      action={paths.explore}
      aria-label={t('home.search.label')}
      onSubmit={submit}
      className="grid gap-3 rounded-3xl bg-white/95 p-3 shadow-card ring-1 ring-black/5 backdrop-blur sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_auto] lg:items-start"
    >
      <label className="flex flex-col gap-1 text-start">
        <span className="px-1 text-sm font-semibold text-ink">{t('home.search.plan')}</span>
        <span className="relative">
          <Shapes
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-brand-700"
          />
          <select name="type" defaultValue="" className={control}>
            <option value="">{t('home.search.planAny')}</option>
            {SPACE_TYPES.map((code) => (
              <option key={code} value={code}>
                {t(`spaceTypes.${code}`)}
              </option>
            ))}
          </select>
        </span>
      </label>
      <div className="flex flex-col gap-1 text-start">
        <label htmlFor={dateId} className="px-1 text-sm font-semibold text-ink">
          {t('home.search.date')}
        </label>
        <DateField
          ref={dateRef}
          id={dateId}
          name="date"
          label={t('home.search.date')}
          value={date}
          onChange={(e) => setDate(e.target.value.trim())}
          onFocus={loadWords}
          onPick={(day) => {
            loadWords();
            setDate(day);
            setDateError('');
          }}
          describe={(day, locale) => words?.(day, locale) ?? ''}
          earliest={today}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? `${dateId}-error` : undefined}
        />
        {dateError && (
          <p id={`${dateId}-error`} role="alert" className="px-1 text-sm font-medium text-red-700">
            {dateError}
          </p>
        )}
      </div>
      <label className="flex flex-col gap-1 text-start">
        <span className="px-1 text-sm font-semibold text-ink">{t('home.search.city')}</span>
        <span className="relative">
          <MapPin
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-brand-700"
          />
          <select name="city" defaultValue="" className={control}>
            <option value="">{t('home.search.cityAny')}</option>
            {CITIES.map((code) => (
              <option key={code} value={code}>
                {t(`cities.${code}`)}
              </option>
            ))}
          </select>
        </span>
      </label>
      <Button type="submit" size="lg" className="h-12 sm:col-span-2 lg:col-span-1 lg:mt-6">
        <Search aria-hidden />
        {t('home.search.submit')}
      </Button>
    </form>
  );
}
