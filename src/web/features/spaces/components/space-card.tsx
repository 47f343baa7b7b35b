import { ArrowLeft, ArrowRight, MapPinned, Star, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { SpaceCard as SpaceCardData } from '#shared/schemas/spaces.ts';
import { paths } from '#web/lib/paths.ts';
import { formatNumber, formatPriceRange } from '#shared/format.ts';
import { formatCount } from '#shared/format-count.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { imageSrcSet } from '#web/lib/space-image.ts';
import { spaceName } from '#shared/domain/listing-text.ts';

/** Cards fill a 1, 2 or 3 column grid up to 1280 px wide: the browser picks the right width. */
const SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';

/** One result: cover, name in the reader's language, city, type, capacity, price per hour. */
export function SpaceCard({ space, eager }: { space: SpaceCardData; eager: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as 'ar' | 'en';
  const name = spaceName(space, locale);
  const Forward = i18n.dir() === 'rtl' ? ArrowLeft : ArrowRight;
  const cover = space.cover;
  const smallest = cover?.variants[0];
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-card border border-sand-200 bg-white shadow-card transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-lg">
      <div className="aspect-[3/2] overflow-hidden bg-sand-100">
        {cover && smallest && (
          <img
            src={smallest.url}
            srcSet={imageSrcSet(cover)}
            sizes={SIZES}
            width={cover.width}
            height={cover.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm font-semibold text-brand-700">{t(`spaceTypes.${space.type}`)}</p>
        <h3 className="text-lg leading-snug font-bold text-ink" dir="auto">
          {name}
        </h3>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          <span className="flex items-center gap-1">
            <MapPinned aria-hidden className="size-4" />
            {t(`cities.${space.city}`)}
          </span>
          <span className="flex items-center gap-1">
            <Users aria-hidden className="size-4" />
            {t('explore.card.capacity', {
              guests: formatCount(space.capacity, 'guests', locale, { case: 'oblique' }),
            })}
          </span>
          <CardRating rating={space.rating} />
        </p>
        <div className="mt-auto flex items-end justify-between gap-3 pt-2">
          <p className="text-ink">
            <span className="text-xl font-bold whitespace-nowrap" data-testid="card-price">
              {formatPriceRange(space.priceMinHalalas, space.priceMaxHalalas, locale)}
            </span>
            <span className="text-sm text-muted"> {t('explore.card.perHour')}</span>
            <span className="block text-xs text-muted">{t('explore.card.vatIncluded')}</span>
          </p>
          {/* The whole card is the link (stretched), named by the space. */}
          <Link
            to={paths.space(space.id)}
            aria-label={t('explore.card.viewDetailsOf', { name })}
            className="inline-flex shrink-0 items-center gap-1 rounded-lg text-sm font-semibold text-brand-700 outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {t('explore.card.viewDetails')}
            <Forward aria-hidden className="size-4" />
          </Link>
        </div>
      </div>
    </article>
  );
}

/** ★ 4.7 · 12 reviews; nothing for a space nobody has reviewed yet. */
function CardRating({ rating }: { rating: SpaceCardData['rating'] }) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  if (rating.average === null) return null;
  return (
    <span data-testid="card-rating" className="flex items-center gap-1 text-ink">
      <Star aria-hidden className="size-4 text-gold-500" fill="currentColor" />
      <span className="font-bold">{formatNumber(rating.average, locale)}</span>
      <span className="text-muted">· {formatCount(rating.count, 'reviews', locale)}</span>
    </span>
  );
}

/** The card's shape while results load (same size: nothing jumps when they arrive). */
export function SpaceCardSkeleton() {
  return (
    <div
      aria-hidden
      className="flex animate-pulse flex-col overflow-hidden rounded-card border border-sand-200 bg-white motion-reduce:animate-none"
    >
      <div className="aspect-[3/2] bg-sand-100" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-4 w-1/3 rounded bg-sand-100" />
        <div className="h-5 w-3/4 rounded bg-sand-200" />
        <div className="h-4 w-1/2 rounded bg-sand-100" />
        <div className="mt-3 h-6 w-1/3 rounded bg-sand-200" />
      </div>
    </div>
  );
}
