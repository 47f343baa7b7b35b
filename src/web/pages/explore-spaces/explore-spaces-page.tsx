import { Suspense } from 'react';
import { Await, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { SPACE_SORTS, type SpaceSort } from '#shared/constants.ts';
import { paths } from '#web/lib/paths.ts';
import { Select } from '#web/components/ui/field.tsx';
import type { ExploreLoaderData } from '#web/features/spaces/api/search-spaces.ts';
import {
  ExploreError,
  ExploreResults,
  ExploreSkeleton,
} from '#web/features/spaces/components/explore-results.tsx';
import {
  exploreSearch,
  FilterForm,
  filterValuesOf,
  type FilterValues,
} from '#web/features/spaces/components/filter-form.tsx';
import { FiltersSheet } from '#web/features/spaces/components/filters-sheet.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';

/**
 * Explore spaces (docs/product-spec.md §2): filters in the URL, results, empty and error states,
 * load more.
 */
export default function ExploreSpacesPage() {
  const { t } = useTranslation();
  usePageMeta(t('explore.title'), t('explore.meta.description'));
  const { key, results } = useLoaderData() as ExploreLoaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const values = filterValuesOf(params);
  const sort = (params.get('sort') ?? 'recommended') as SpaceSort;
  const activeCount =
    [
      values.q,
      values.type,
      values.city,
      values.date,
      values.guests,
      values.minPrice,
      values.maxPrice,
    ].filter(Boolean).length + values.amenities.length;

  const go = (next: FilterValues, nextSort: string = sort) => {
    void navigate(exploreSearch(next, nextSort), { preventScrollReset: true });
  };
  const clear = () => go(filterValuesOf(new URLSearchParams()), sort);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <header className="mb-6 flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t('explore.title')}</h1>
        <p className="text-muted">{t('explore.meta.description')}</p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[300px_1fr]">
        <aside aria-labelledby="filters-title" className="hidden lg:block">
          <div className="sticky top-24 flex flex-col gap-4 rounded-card border border-sand-200 bg-white p-5">
            <h2 id="filters-title" className="text-lg font-bold text-ink">
              {t('explore.filters.title')}
            </h2>
            <FilterForm idPrefix="side" values={values} sort={sort} onApply={(next) => go(next)} />
          </div>
        </aside>
        <section aria-labelledby="results-title" className="flex min-w-0 flex-col gap-5">
          <h2 id="results-title" className="sr-only">
            {t('explore.results.title')}
          </h2>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <FiltersSheet
              values={values}
              sort={sort}
              activeCount={activeCount}
              onApply={(next) => go(next)}
            />
            {/* Sent by the boot script when the order changes before the app has arrived
                (data-submit-on-change, decision 073), with the filters the page shows. */}
            <form method="get" action={paths.explore} data-submit-on-change="">
              {(Object.entries(values) as [string, string | string[]][]).map(([name, value]) => {
                const text = Array.isArray(value) ? value.join(',') : value.trim();
                return text ? <input key={name} type="hidden" name={name} value={text} /> : null;
              })}
              <label className="flex shrink-0 items-center gap-2 text-sm font-semibold whitespace-nowrap text-ink">
                {t('explore.sort.label')}
                <Select
                  name="sort"
                  value={sort}
                  onChange={(event) => go(values, event.target.value)}
                  className="h-10 w-auto text-sm"
                >
                  {SPACE_SORTS.map((code) => (
                    <option key={code} value={code}>
                      {t(`explore.sort.${code}`)}
                    </option>
                  ))}
                </Select>
              </label>
            </form>
          </div>
          <Suspense key={key} fallback={<ExploreSkeleton />}>
            <Await resolve={results} errorElement={<ExploreError onClearFilters={clear} />}>
              {(data) => <ExploreResults key={data.key} initial={data} onClearFilters={clear} />}
            </Await>
          </Suspense>
        </section>
      </div>
    </div>
  );
}
