import { AlertTriangle, Loader2, RefreshCw, SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useAsyncError, useRevalidator } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { formatNumber } from '#shared/format.ts';
import { formatCount } from '#shared/format-count.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import {
  fetchSpaces,
  rememberResults,
  type ExploreResults as ExploreResultsData,
} from '../api/search-spaces.ts';
import { SpaceCard, SpaceCardSkeleton } from './space-card.tsx';

/** Cards above the fold on a wide screen load at once; the rest when scrolled near. */
const EAGER_CARDS = 3;

export function ResultCount({ total, capped = false }: { total: number; capped?: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as 'ar' | 'en';
  return (
    <p
      role="status"
      aria-live="polite"
      className="font-semibold text-ink"
      data-testid="result-count"
    >
      {total === 0
        ? t('explore.results.countNone')
        : capped
          ? t('explore.results.countCapped', { count: formatNumber(total, locale) })
          : t('explore.results.count', { spaces: formatCount(total, 'spaces', locale) })}
    </p>
  );
}

/** The grid of cards, and "load more" (a real button: keyboard and screen readers work). */
export function ExploreResults({
  initial,
  onClearFilters,
}: {
  initial: ExploreResultsData;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation();
  const [results, setResults] = useState(initial);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  // After "load more", keyboard users continue from the first new card (once it is rendered).
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    if (focusFrom.current === null) return;
    list.current?.querySelectorAll('a')[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [results]);

  const loadMore = async () => {
    if (!results.nextCursor || loadingMore) return;
    setLoadingMore(true);
    setMoreFailed(false);
    const shown = results.items.length;
    try {
      const page = await fetchSpaces(new URLSearchParams(results.key), results.nextCursor);
      const next = { ...page, key: results.key, items: [...results.items, ...page.items] };
      rememberResults(next);
      focusFrom.current = shown;
      setResults(next);
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };

  if (results.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-sand-200 bg-white px-6 py-14 text-center">
        <ResultCount total={0} />
        <SearchX aria-hidden className="size-12 text-brand-700/60" />
        <h2 className="text-2xl font-bold text-ink">{t('explore.empty.title')}</h2>
        <p className="max-w-md text-muted">{t('explore.empty.text')}</p>
        <Button variant="outline" onClick={onClearFilters}>
          {t('explore.filters.clear')}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <ResultCount total={results.total} capped={results.totalCapped} />
      <ul ref={list} className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {results.items.map((space, index) => (
          <li key={space.id} className="flex">
            <div className="flex-1">
              <SpaceCard space={space} eager={index < EAGER_CARDS} />
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-2 py-4">
        <p className="text-sm text-muted">
          {t(results.totalCapped ? 'explore.results.shownCapped' : 'explore.results.shown', {
            shown: results.items.length,
            total: results.total,
          })}
        </p>
        {moreFailed && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {t('explore.error.text')}
          </p>
        )}
        {results.nextCursor && (
          <Button variant="outline" onClick={() => void loadMore()} disabled={loadingMore}>
            {loadingMore ? <Loader2 aria-hidden className="animate-spin" /> : null}
            {loadingMore ? t('app.loading') : t('explore.results.loadMore')}
          </Button>
        )}
      </div>
    </div>
  );
}

export function ExploreSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      <p role="status" className="font-semibold text-muted">
        {t('explore.results.loading')}
      </p>
      <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <SpaceCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}

/**
 * The search failed: the message in docs/product-spec.md and a retry; invalid filters say which and
 * why.
 */
export function ExploreError({ onClearFilters }: { onClearFilters: () => void }) {
  const { t } = useTranslation();
  const error = useAsyncError();
  const revalidator = useRevalidator();
  const invalid = error instanceof ApiRequestError && error.status === 400;
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-card border border-red-200 bg-white px-6 py-14 text-center"
    >
      <AlertTriangle aria-hidden className="size-12 text-red-700" />
      <h2 className="text-2xl font-bold text-ink">
        {invalid ? t('explore.invalid.title') : t('explore.error.text')}
      </h2>
      {invalid ? (
        <ul className="flex flex-col gap-1 text-muted">
          {Object.entries(error.fields).map(([field, message]) => (
            <li key={field}>
              <span className="font-semibold text-ink">{t(fieldLabel(field))}</span>: {message}
            </li>
          ))}
        </ul>
      ) : null}
      {invalid ? (
        <Button variant="outline" onClick={onClearFilters}>
          {t('explore.filters.clear')}
        </Button>
      ) : (
        <Button
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state !== 'idle'}
        >
          <RefreshCw aria-hidden />
          {t('explore.error.retry')}
        </Button>
      )}
    </div>
  );
}

const FIELD_LABELS = {
  q: 'explore.filters.q',
  type: 'home.search.plan',
  city: 'home.search.city',
  date: 'home.search.date',
  guests: 'explore.filters.guests',
  minPrice: 'explore.filters.minPrice',
  maxPrice: 'explore.filters.maxPrice',
  amenities: 'explore.filters.amenities',
  sort: 'explore.sort.label',
  cursor: 'explore.results.loadMore',
  limit: 'explore.results.loadMore',
} as const;

function fieldLabel(field: string) {
  const name = field.split('.')[0] as keyof typeof FIELD_LABELS;
  return FIELD_LABELS[name] ?? 'explore.filters.title';
}
