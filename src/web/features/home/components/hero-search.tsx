import { CalendarDays, MapPin, Search, Shapes } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import { CITIES, SPACE_TYPES } from '#shared/constants.ts';
import { exploreHref } from '../../../lib/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { riyadhToday } from '#shared/domain/riyadh-calendar.ts';

const control =
  'h-12 w-full rounded-xl border border-control bg-white ps-10 pe-3 text-base text-ink focus:border-brand-500 focus:outline-2 focus:outline-brand-500/30';

/**
 * Plan, date and city → the explore page with those filters in the URL (docs/product-spec.md §2,
 * Home).
 */
export function HeroSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState('');
  const [date, setDate] = useState('');
  const [city, setCity] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(exploreHref({ type, date, city }));
  };

  return (
    <form
      role="search"
      aria-label={t('home.search.label')}
      onSubmit={submit}
      className="grid gap-3 rounded-3xl bg-white/95 p-3 shadow-card ring-1 ring-black/5 backdrop-blur sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_auto] lg:items-end"
    >
      <label className="flex flex-col gap-1 text-start">
        <span className="px-1 text-sm font-semibold text-ink">{t('home.search.plan')}</span>
        <span className="relative">
          <Shapes
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-brand-700"
          />
          <select value={type} onChange={(e) => setType(e.target.value)} className={control}>
            <option value="">{t('home.search.planAny')}</option>
            {SPACE_TYPES.map((code) => (
              <option key={code} value={code}>
                {t(`spaceTypes.${code}`)}
              </option>
            ))}
          </select>
        </span>
      </label>
      <label className="flex flex-col gap-1 text-start">
        <span className="px-1 text-sm font-semibold text-ink">{t('home.search.date')}</span>
        <span className="relative">
          <CalendarDays
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-brand-700"
          />
          <input
            type="date"
            value={date}
            min={riyadhToday()}
            onChange={(e) => setDate(e.target.value)}
            className={control}
          />
        </span>
      </label>
      <label className="flex flex-col gap-1 text-start">
        <span className="px-1 text-sm font-semibold text-ink">{t('home.search.city')}</span>
        <span className="relative">
          <MapPin
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-brand-700"
          />
          <select value={city} onChange={(e) => setCity(e.target.value)} className={control}>
            <option value="">{t('home.search.cityAny')}</option>
            {CITIES.map((code) => (
              <option key={code} value={code}>
                {t(`cities.${code}`)}
              </option>
            ))}
          </select>
        </span>
      </label>
      <Button type="submit" size="lg" className="h-12 sm:col-span-2 lg:col-span-1">
        <Search aria-hidden />
        {t('home.search.submit')}
      </Button>
    </form>
  );
}
