import {
  Ban,
  CalendarCheck,
  CalendarDays,
  CircleCheckBig,
  Clock,
  Hourglass,
  RefreshCw,
  TimerOff,
  UserRound,
  Users,
  XCircle,
} from 'lucide-react';
import { useState } from 'react';
import { BOOKING_STATUSES, type BookingStatus, type Locale } from '#shared/constants.ts';
import { isPastDate, isPastStart, parseTime } from '#shared/domain/booking-slots.ts';
import { riyadhClock } from '#shared/domain/riyadh-calendar.ts';
import { formatDuration } from '#shared/format-duration.ts';
import {
  formatDate,
  formatNumber,
  formatPrice,
  formatTime,
  formatTimeRange,
} from '#shared/format.ts';
import type { HostBooking, HostBookingCounts } from '#shared/schemas/host.ts';
import { BookingDate } from '#web/components/booking-date.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { BookingReference } from '#web/components/booking-reference.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { useNow } from '#web/lib/use-now.ts';
import { useLoad } from '../hooks/use-load.ts';
import { getHostBookings } from '../api/get-host-bookings.ts';
import { guestsText, pendingText } from './host-texts.ts';
import { HostCancelDialog } from './host-cancel-dialog.tsx';
import { HostDecisionButtons } from './host-decisions.tsx';

/** A status reads by its word and icon as well as its colour. */
const STATUS_STYLE: Record<BookingStatus, string> = {
  pending: 'border-gold-500 bg-gold-400/30 text-brand-900',
  confirmed: 'border-brand-700 bg-brand-100 text-brand-900',
  rejected: 'border-red-300 bg-red-50 text-red-800',
  cancelled: 'border-sand-200 bg-sand-100 text-muted',
  expired: 'border-sand-200 bg-sand-50 text-muted',
  completed: 'border-brand-500 bg-brand-50 text-brand-700',
};
const STATUS_ICON = {
  pending: Hourglass,
  confirmed: CalendarCheck,
  rejected: XCircle,
  cancelled: Ban,
  expired: TimerOff,
  completed: CircleCheckBig,
} as const;

type Filter = BookingStatus | 'all';
const FILTERS: Filter[] = ['all', ...BOOKING_STATUSES];

/** An instant (a request's arrival, a decision) as the date and time in Riyadh. */
function instant(iso: string, locale: Locale) {
  const { date, minutes } = riyadhClock(new Date(iso));
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return { date: formatDate(date, locale, 'medium'), time: formatTime(`${hh}:${mm}`, locale) };
}

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  const Icon = STATUS_ICON[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        STATUS_STYLE[status],
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {t(`account.bookings.status.${status}`)}
    </span>
  );
}

function HostBookingItem({
  booking,
  hostDecides,
  focused,
  onDecided,
  onCancel,
}: {
  booking: HostBooking;
  hostDecides: boolean;
  focused: boolean;
  onDecided: () => void;
  /** opens the cancel dialog for this confirmed booking */
  onCancel: (booking: HostBooking) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const name = booking.renterName || t('account.hosting.renterUnnamed');
  const now = useNow();
  // The request a host's email opened: scrolled to and marked (issue 35).
  const focusRef = (node: HTMLLIElement | null) => {
    if (node && focused) node.scrollIntoView({ block: 'center' });
  };
  return (
    <li
      ref={focusRef}
      data-testid="host-booking"
      aria-current={focused ? 'true' : undefined}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4',
        focused && 'border-brand-700 ring-2 ring-brand-500',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="inline-flex items-center gap-2 font-bold text-ink">
          <UserRound aria-hidden className="size-4 text-brand-700" />
          <bdi>{name}</bdi>
        </p>
        <StatusBadge status={booking.status} />
      </div>
      <BookingReference reference={booking.reference} />
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink">
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays aria-hidden className="size-4 text-muted" />
          <span>
            <BookingDate date={booking.date} locale={locale} />
          </span>
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden className="size-4 text-muted" />
          {formatTimeRange(booking.startTime, booking.endTime, locale)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Users aria-hidden className="size-4 text-muted" />
          {guestsText(booking.guests, locale)}
        </span>
        <span className="font-bold text-brand-700">
          {formatPrice(booking.totalHalalas, locale)}
        </span>
      </p>
      {booking.status === 'pending' && booking.expiresAt && (
        <p className="flex items-center gap-2 text-sm font-semibold text-brand-900">
          <Hourglass aria-hidden className="size-4 shrink-0" />
          {t('account.bookings.expiresIn', {
            time: formatDuration(new Date(booking.expiresAt).getTime() - now.getTime(), locale),
          })}
        </p>
      )}
      {hostDecides && booking.status === 'pending' && (
        <HostDecisionButtons bookingId={booking.id} onDecided={onDecided} />
      )}
      {/* A confirmed booking not yet started: its host may cancel it, with a reason (issue 35). */}
      {booking.status === 'confirmed' &&
        !isPastDate(booking.date, now) &&
        !isPastStart(booking.date, parseTime(booking.startTime) ?? 0, now) && (
          <Button
            size="sm"
            variant="outline"
            className="self-start text-red-700"
            onClick={() => onCancel(booking)}
          >
            <Ban aria-hidden />
            {t('account.hosting.cancel.open')}
          </Button>
        )}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        <span>{t('account.hosting.requestedAt', instant(booking.createdAt, locale))}</span>
        {booking.decidedAt && (
          <span>{t('account.hosting.decidedAt', instant(booking.decidedAt, locale))}</span>
        )}
      </p>
    </li>
  );
}

interface More {
  /** the first page's key these pages follow */
  key: string;
  items: HostBooking[];
  nextCursor: string | null;
  counts: HostBookingCounts;
}

/**
 * The requests and bookings of one space, newest request first: filtered by status, twenty at a
 * time with "load more". The team decides each request; the host follows along.
 */
export function HostBookings({
  spaceId,
  hostDecides = false,
  focusId = null,
}: {
  spaceId: string;
  /** the space's host decides its requests (issue 35): confirm and decline on each pending one */
  hostDecides?: boolean;
  /** the reference of the request to show marked (the host's email opened it) */
  focusId?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [filter, setFilter] = useState<Filter>('all');
  const [cancelling, setCancelling] = useState<HostBooking | null>(null);
  const status = filter === 'all' ? undefined : filter;
  const key = `${spaceId}/${filter}`;
  const first = useLoad(key, (signal) => getHostBookings({ spaceId, status }, signal));
  const [more, setMore] = useState<More | null>(null);
  const [moreState, setMoreState] = useState<{ key: string; state: 'loading' | 'error' } | null>(
    null,
  );
  const pages = more?.key === key ? more : null;
  const list = first.data && {
    items: [...first.data.items, ...(pages?.items ?? [])],
    nextCursor: pages ? pages.nextCursor : first.data.nextCursor,
    counts: pages?.counts ?? first.data.counts,
  };
  const moreStatus = moreState?.key === key ? moreState.state : 'idle';

  const loadMore = async () => {
    if (!list?.nextCursor) return;
    setMoreState({ key, state: 'loading' });
    try {
      const page = await getHostBookings({ spaceId, status, cursor: list.nextCursor });
      setMore({
        key,
        items: [...(pages?.items ?? []), ...page.items],
        nextCursor: page.nextCursor,
        counts: page.counts,
      });
      setMoreState(null);
    } catch {
      setMoreState({ key, state: 'error' });
    }
  };

  const counts = list?.counts ?? first.previous?.counts;
  const total = counts ? counts[filter] : 0;

  return (
    <section aria-labelledby="host-bookings-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id="host-bookings-title" className="text-xl font-bold text-ink">
          {t('account.hosting.bookings.title')}
        </h3>
        {counts && (
          <p className="text-sm font-semibold text-brand-700">
            {pendingText(t, counts.pending, locale)}
          </p>
        )}
      </div>
      <div
        role="group"
        aria-label={t('account.hosting.bookings.filter')}
        className="flex flex-wrap gap-2"
      >
        {FILTERS.map((value) => {
          const active = value === filter;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={active}
              onClick={() => {
                setFilter(value);
                setMore(null);
                setMoreState(null);
              }}
              className={cn(
                'inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                active
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-sand-200 bg-white text-ink hover:border-brand-500',
              )}
            >
              {value === 'all'
                ? t('account.hosting.bookings.all')
                : t(`account.bookings.status.${value}`)}
              <span
                className={cn(
                  'min-w-6 rounded-full px-2 py-0.5 text-xs',
                  active ? 'bg-white/20 text-white' : 'bg-sand-100 text-ink',
                )}
              >
                {counts ? formatNumber(counts[value], locale) : '–'}
              </span>
            </button>
          );
        })}
      </div>

      {first.loading && (
        <p role="status" className="text-muted">
          {t('account.hosting.bookings.loading')}
        </p>
      )}
      {first.error && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-red-50 p-4">
          <p className="font-semibold text-red-800">{t('account.hosting.bookings.error')}</p>
          <Button variant="outline" size="sm" onClick={first.retry}>
            <RefreshCw aria-hidden />
            {t('account.bookings.retry')}
          </Button>
        </div>
      )}
      {list && list.items.length === 0 && (
        <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-muted">
          {filter === 'all'
            ? t('account.hosting.bookings.empty')
            : t('account.hosting.bookings.emptyFiltered')}
        </p>
      )}
      {list && list.items.length > 0 && (
        <>
          <ul className="flex flex-col gap-3">
            {list.items.map((booking) => (
              <HostBookingItem
                key={booking.id}
                booking={booking}
                hostDecides={hostDecides}
                focused={booking.reference === focusId}
                onDecided={() => {
                  setMore(null);
                  first.retry();
                }}
                onCancel={setCancelling}
              />
            ))}
          </ul>
          <div className="flex flex-col items-center gap-2">
            <p className="text-sm text-muted">
              {t('account.hosting.bookings.shown', {
                shown: formatNumber(list.items.length, locale),
                total: formatNumber(total, locale),
              })}
            </p>
            {moreStatus === 'error' && (
              <p role="alert" className="text-sm font-semibold text-red-800">
                {t('account.hosting.bookings.moreError')}
              </p>
            )}
            {list.nextCursor && (
              <Button
                variant="outline"
                onClick={() => void loadMore()}
                disabled={moreStatus === 'loading'}
              >
                {moreStatus === 'loading'
                  ? t('account.hosting.bookings.loadingMore')
                  : t('account.hosting.bookings.loadMore')}
              </Button>
            )}
          </div>
        </>
      )}
      <HostCancelDialog
        booking={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={() => {
          setMore(null);
          first.retry();
        }}
      />
    </section>
  );
}
