import { MessageSquareText, ShieldCheck } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { hostDecides, type DecisionMode } from '#shared/domain/booking-lifecycle.ts';
import { Link, useSearchParams } from 'react-router';
import type { Locale, SpaceStatus } from '#shared/constants.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { paths } from '#web/lib/paths.ts';
import { getHostBookings } from '../api/get-host-bookings.ts';
import { useLoad } from '../hooks/use-load.ts';
import { HostBookings } from './host-bookings.tsx';
import { DecisionModePanel } from './host-decisions.tsx';
import { SpaceWeek } from './week-calendar.tsx';

/** What the Hosting area needs of each of the user's listings (GET /api/me/spaces gives more). */
export interface HostedSpace {
  id: string;
  nameAr: string | null;
  nameEn: string | null;
  listingLanguage: Locale;
  status: SpaceStatus;
}

const SPACE_STATUS_STYLE: Record<SpaceStatus, string> = {
  pending: 'bg-gold-400/30 text-brand-900',
  approved: 'bg-brand-100 text-brand-900',
  rejected: 'bg-red-50 text-red-800',
  paused: 'bg-sand-100 text-brand-900',
  archived: 'bg-sand-100 text-muted',
};

export const hostedSpaceName = (space: HostedSpace, locale: Locale) =>
  (locale === 'ar' ? space.nameAr || space.nameEn : space.nameEn || space.nameAr) ?? '';

/** The URL's `space=`: the listing shown, so a reload or a shared link keeps it. */
export const SPACE_PARAM = 'space';
/** The URL's `booking=`: the reference of the request a host's email opened (issue 35). */
export const BOOKING_PARAM = 'booking';

/**
 * The Hosting area of the account page: the host picks one of their spaces (when they have
 * several) and sees its week and its requests and bookings. The page hands in how to load the
 * user's spaces (features do not import each other). Without a choice in the URL, the space of
 * the newest request is shown first — where something is happening.
 */
export function Hosting({
  loadSpaces,
}: {
  loadSpaces: (signal?: AbortSignal) => Promise<{ items: HostedSpace[] }>;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const pickerId = useId();
  const [params, setParams] = useSearchParams();
  const spaces = useLoad('spaces', (signal) => loadSpaces(signal));
  const items = useMemo(() => spaces.data?.items ?? [], [spaces.data]);
  const asked = params.get(SPACE_PARAM);
  const chosen = items.find((s) => s.id === asked)?.id ?? null;

  // No space in the URL: the one with the newest request, else the first listed.
  const newest = useLoad(spaces.data && !chosen && items.length > 1 ? 'newest' : null, (signal) =>
    getHostBookings({}, signal),
  );
  const newestId = newest.data?.items[0]?.space.id;
  const fallback =
    items.length === 1 || newest.error || (newest.data && !items.some((s) => s.id === newestId))
      ? (items[0]?.id ?? null)
      : (newestId ?? null);
  const selectedId = chosen ?? fallback;
  const selected = items.find((s) => s.id === selectedId) ?? null;
  // Each space's decision mode as its panel loaded or saved it (issue 35).
  const [modes, setModes] = useState<Record<string, DecisionMode>>({});

  const choose = (id: string) => {
    const next = new URLSearchParams(params);
    next.set(SPACE_PARAM, id);
    setParams(next, { replace: true });
  };

  return (
    <section aria-labelledby="hosting-title" className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h2 id="hosting-title" className="text-2xl font-bold text-ink">
          {t('account.hosting.title')}
        </h2>
        <p className="flex items-start gap-2 text-sm text-muted">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
          {t('account.hosting.intro')}
        </p>
        <Link
          to={paths.messages}
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'self-start')}
        >
          <MessageSquareText aria-hidden />
          {t('account.hosting.messages')}
        </Link>
      </div>

      {(spaces.loading || newest.loading) && (
        <p role="status" className="text-muted">
          {t('account.hosting.loading')}
        </p>
      )}
      {spaces.error && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-red-50 p-4">
          <p className="font-semibold text-red-800">{t('account.hosting.error')}</p>
          <button
            type="button"
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            onClick={spaces.retry}
          >
            {t('account.bookings.retry')}
          </button>
        </div>
      )}
      {spaces.data && items.length === 0 && (
        <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-sand-200 bg-white p-6">
          <p className="font-semibold text-ink">{t('account.hosting.empty')}</p>
          <p className="text-sm text-muted">{t('account.hosting.emptyHint')}</p>
          <Link to={paths.listYourSpace} className={buttonVariants({ size: 'sm' })}>
            {t('account.spaces.list')}
          </Link>
        </div>
      )}

      {spaces.data && selectedId && (
        <div className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 sm:flex-row sm:items-end sm:justify-between">
          {items.length > 1 ? (
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <label htmlFor={pickerId} className="text-sm font-semibold text-ink">
                {t('account.hosting.picker')}
              </label>
              <select
                id={pickerId}
                value={selectedId}
                onChange={(event) => choose(event.target.value)}
                className="select-chevron h-11 w-full max-w-md appearance-none rounded-xl border border-control bg-white bg-no-repeat ps-3 pe-10 text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                {items.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.status === 'approved'
                      ? hostedSpaceName(s, locale)
                      : `${hostedSpaceName(s, locale)} (${t(`account.spaces.status.${s.status}`)})`}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p className="min-w-0 flex-1 text-lg font-bold text-ink">
              {selected && hostedSpaceName(selected, locale)}
            </p>
          )}
          {selected && (
            <div className="flex flex-wrap items-center gap-3">
              <span
                className={cn(
                  'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                  SPACE_STATUS_STYLE[selected.status],
                )}
              >
                {t(`account.spaces.status.${selected.status}`)}
              </span>
              {selected.status === 'approved' && (
                <Link
                  to={paths.space(selected.id)}
                  className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  {t('account.hosting.viewListing')}
                </Link>
              )}
            </div>
          )}
        </div>
      )}

      {selected && (
        <>
          {selected.status !== 'archived' && (
            <DecisionModePanel
              key={`mode-${selected.id}`}
              spaceId={selected.id}
              onChange={(mode) => setModes((m) => ({ ...m, [selected.id]: mode }))}
            />
          )}
          <SpaceWeek key={`week-${selected.id}`} spaceId={selected.id} />
          <HostBookings
            key={`bookings-${selected.id}`}
            spaceId={selected.id}
            hostDecides={modes[selected.id] !== undefined && hostDecides(modes[selected.id]!)}
            focusId={params.get(BOOKING_PARAM)}
          />
        </>
      )}
    </section>
  );
}
