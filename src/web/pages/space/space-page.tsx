import { AlertTriangle, RefreshCw, SearchX } from 'lucide-react';
import { Suspense } from 'react';
import { Await, Link, useAsyncError, useLoaderData, useRevalidator } from 'react-router';
import type { SpaceDetails } from '#shared/schemas/spaces.ts';
import { localText, spaceDescription } from '#shared/domain/listing-text.ts';
import { BOOKABLE_SPACE_STATUS } from '#shared/domain/space-lifecycle.ts';
import { paths } from '#web/lib/paths.ts';
import { Button } from '#web/components/ui/button.tsx';
import { BookingPanel } from '#web/features/bookings/components/booking-panel.tsx';
import type { SpaceLoaderData } from '#web/features/spaces/api/get-space.ts';
import { AskHost } from '#web/features/messages/components/ask-host.tsx';
import { ResponseTime } from '#web/features/messages/components/response-time.tsx';
import { SpaceDetailsView } from '#web/features/spaces/components/space-details-view.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { loadTextSections, useTranslation } from '#web/lib/i18n.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { serverRenderedPart } from '#web/lib/server-rendered-part.tsx';

/**
 * Below the fold: in the server's HTML with their data (decision 075), but their code and texts
 * (the 'reviews' section) load apart, keeping the route small; React hydrates them once these
 * have arrived. Their `<Await>` is inside the part: each render of an `<Await>` hands its
 * children a new context value, which would reach the part before it is hydrated.
 */
const SpaceReviews = serverRenderedPart(async () => {
  const [{ SpaceReviews: Reviews }] = await Promise.all([
    import('#web/features/reviews/components/space-reviews.tsx'),
    loadTextSections(['reviews']),
  ]);
  return function AwaitedReviews({
    spaceId,
    reviews,
  }: {
    spaceId: string;
    reviews: SpaceLoaderData['reviews'];
  }) {
    return (
      <Await resolve={reviews}>{(first) => <Reviews spaceId={spaceId} first={first} />}</Await>
    );
  };
});

function Loaded({ space, reviews }: { space: SpaceDetails; reviews: SpaceLoaderData['reviews'] }) {
  const { i18n } = useTranslation();
  const name = localText({ ar: space.nameAr, en: space.nameEn }, i18n.language as 'ar' | 'en');
  // The same description the server's HTML carries (decision 036).
  usePageMeta(name.text, spaceDescription(space, i18n.language as 'ar' | 'en') ?? undefined);
  return (
    <>
      <SpaceDetailsView
        space={space}
        askHost={
          <>
            <ResponseTime minutes={space.responseMinutes} />
            {space.status === BOOKABLE_SPACE_STATUS && (
              <AskHost spaceId={space.id} contactPrivate={space.contactPrivate ?? false} />
            )}
          </>
        }
        bookingPanel={
          space.status === BOOKABLE_SPACE_STATUS ? (
            <BookingPanel space={space} />
          ) : (
            <NotTakingRequests />
          )
        }
      />
      {/* In the pre-rendered HTML, hydrated on their own once their code is in; on a page
          opened within the app, their answer is waited for by them, not by the page. */}
      <SpaceReviews spaceId={space.id} reviews={reviews} />
    </>
  );
}

/** In place of the booking form while the space is paused (or not yet approved). */
function NotTakingRequests() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-3xl border border-sand-200 bg-white p-5"
    >
      <p className="text-lg font-bold text-ink">{t('space.notTakingRequests.title')}</p>
      <p className="text-muted">{t('space.notTakingRequests.body')}</p>
      <Link to={paths.explore} className="font-semibold text-brand-700 hover:underline">
        {t('space.notTakingRequests.explore')}
      </Link>
    </div>
  );
}

function DetailsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-7xl animate-pulse px-4 py-8 motion-reduce:animate-none sm:px-6">
      <p role="status" className="sr-only">
        {t('app.loading')}
      </p>
      <div aria-hidden className="flex flex-col gap-3">
        <div className="h-5 w-40 rounded bg-sand-200" />
        <div className="h-10 w-2/3 rounded bg-sand-200" />
        <div className="mt-3 aspect-[3/2] w-full rounded-card bg-sand-100 lg:w-2/3" />
      </div>
    </div>
  );
}

/** Not found or not approved (404), or the fetch failed: each with its own message. */
function DetailsError() {
  const { t } = useTranslation();
  const error = useAsyncError();
  const revalidator = useRevalidator();
  const missing = error instanceof ApiRequestError && error.status === 404;
  usePageMeta(missing ? t('errors:SPACE_NOT_FOUND') : t('space.error'));
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-20 text-center"
    >
      {missing ? (
        <SearchX aria-hidden className="size-14 text-brand-700/60" />
      ) : (
        <AlertTriangle aria-hidden className="size-14 text-red-700" />
      )}
      <h1 className="text-3xl font-bold text-ink">
        {missing ? t('errors:SPACE_NOT_FOUND') : t('space.error')}
      </h1>
      <div className="flex flex-wrap justify-center gap-3">
        {!missing && (
          <Button
            onClick={() => void revalidator.revalidate()}
            disabled={revalidator.state !== 'idle'}
          >
            <RefreshCw aria-hidden />
            {t('explore.error.retry')}
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to={paths.explore}>{t('notFound.explore')}</Link>
        </Button>
      </div>
    </div>
  );
}

/** /space/:spaceId — the data was requested by the route's loader, beside this code. */
export default function SpacePage() {
  const { spaceId, space, reviews } = useLoaderData() as SpaceLoaderData;
  return (
    <Suspense key={spaceId} fallback={<DetailsSkeleton />}>
      <Await resolve={space} errorElement={<DetailsError />}>
        {(data) => <Loaded space={data} reviews={reviews} />}
      </Await>
    </Suspense>
  );
}
