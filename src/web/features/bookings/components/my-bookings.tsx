import { CalendarDays, Clock, Hourglass, Users } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { BookingStatus } from '#shared/constants.ts';
import {
  availableBookingTransitions,
  hasStarted,
  PAYMENT_NOT_RECEIVED,
  SLOT_TAKEN,
  SPACE_ARCHIVED_REASON,
} from '#shared/domain/booking-lifecycle.ts';
import { parseTime } from '#shared/domain/booking-slots.ts';
import { LATE_REFUND_PERCENT, refundDue } from '#shared/domain/cancellation-policy.ts';
import { riyadhInstant } from '#shared/domain/riyadh-calendar.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import { paths } from '#web/lib/paths.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { VAT_RATE_PERCENT } from '#shared/domain/vat.ts';
import {
  formatBookingDate,
  formatDate,
  formatEndTime,
  formatNumber,
  formatPercent,
  formatPrice,
  formatTime,
} from '#shared/format.ts';
import { formatDuration } from '#shared/format-duration.ts';
import { formatCount } from '#shared/format-count.ts';
import { BookingReference } from '#web/components/booking-reference.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { useNow } from '#web/lib/use-now.ts';
import { cancelBooking } from '../api/cancel-booking.ts';
import { getMyBookings } from '../api/get-my-bookings.ts';
import { BookingDocuments } from './booking-documents.tsx';
import { BookingPayment } from './booking-payment.tsx';

const STATUS_STYLE: Record<BookingStatus, string> = {
  pending: 'bg-gold-400/30 text-brand-900',
  confirmed: 'bg-brand-100 text-brand-900',
  rejected: 'bg-red-50 text-red-800',
  cancelled: 'bg-sand-100 text-muted',
  expired: 'bg-sand-100 text-muted',
  completed: 'bg-brand-50 text-brand-700',
};

/** When the booking starts (its date and start time in Riyadh). */
const startsAt = (b: MyBooking) => riyadhInstant(b.date, parseTime(b.startTime) ?? 0);

/** A pending request, or a confirmed booking that has not started: the renter may cancel it. */
const canCancel = (b: MyBooking) =>
  availableBookingTransitions(b.status, 'renter').includes('cancel') &&
  (b.status !== 'confirmed' || !hasStarted(startsAt(b), new Date()));

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: MyBooking[] };

/**
 * "My bookings": each request with its space, date, times, guests, total and status. `renderExtra`
 * puts another feature's part under a booking (the account page adds the review of a completed one).
 */
export function MyBookings({
  renderExtra,
}: {
  renderExtra?: (
    booking: MyBooking,
    context: { spaceName: string; update: (booking: MyBooking) => void },
  ) => ReactNode;
} = {}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [state, setState] = useState<State>({ status: 'loading' });
  const [cancelling, setCancelling] = useState<MyBooking | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useNow();

  const load = useCallback((signal?: AbortSignal) => {
    getMyBookings(signal).then(
      ({ items }) => setState({ status: 'ready', items }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ status: 'error' });
      },
    );
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const update = (next: MyBooking) =>
    setState((s) =>
      s.status === 'ready' ? { ...s, items: s.items.map((b) => (b.id === next.id ? next : b)) } : s,
    );

  const spaceName = (b: MyBooking) =>
    (locale === 'ar' ? b.spaceNameAr || b.spaceNameEn : b.spaceNameEn || b.spaceNameAr) ?? '';

  /**
   * What cancelling a confirmed booking now refunds, before the renter confirms (issue 32): all
   * of it inside the free window, else the policy's late share of the booking's total, with the
   * amount (`refundDue`, the rule the server refunds by).
   */
  const cancelText = (b: MyBooking) => {
    const due = refundDue({
      policy: b.cancellationPolicy,
      startsAt: startsAt(b),
      cancelledAt: new Date(),
      paidHalalas: b.totalHalalas,
      cancelledBy: 'renter',
    });
    const words = {
      space: spaceName(b),
      date: formatDate(b.date, locale),
      policy: t(`booking.policy.${b.cancellationPolicy}`),
    };
    if (due.share === 'full') return t('account.bookings.cancelBookingFree', words);
    if (due.halalas === 0) return t('account.bookings.cancelBookingLateNone', words);
    return t('account.bookings.cancelBookingLate', {
      ...words,
      percent: formatPercent(LATE_REFUND_PERCENT[b.cancellationPolicy], locale),
      refund: formatPrice(due.halalas, locale),
      total: formatPrice(b.totalHalalas, locale),
    });
  };

  const confirmCancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      update(await cancelBooking(cancelling.id));
      toast({
        title: t(
          cancelling.status === 'confirmed'
            ? 'account.bookings.bookingCancelled'
            : 'account.bookings.cancelled',
        ),
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('account.bookings.cancelFailed'),
        description: error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
      });
      load();
    } finally {
      setBusy(false);
      setCancelling(null);
    }
  };

  return (
    <section aria-labelledby="my-bookings-title" className="flex flex-col gap-4">
      <h2 id="my-bookings-title" className="text-2xl font-bold text-ink">
        {t('account.bookings.title')}
      </h2>
      {state.status === 'loading' && (
        <p role="status" className="text-muted">
          {t('account.bookings.loading')}
        </p>
      )}
      {state.status === 'error' && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-red-50 p-4">
          <p className="font-semibold text-red-800">{t('account.bookings.error')}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setState({ status: 'loading' });
              load();
            }}
          >
            {t('account.bookings.retry')}
          </Button>
        </div>
      )}
      {state.status === 'ready' && state.items.length === 0 && (
        <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-sand-200 p-6">
          <p className="text-muted">{t('account.bookings.empty')}</p>
          <Link to={paths.explore} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {t('account.bookings.explore')}
          </Link>
        </div>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <ul className="flex flex-col gap-3">
          {state.items.map((b) => (
            <li
              key={b.id}
              aria-label={spaceName(b)}
              className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between"
            >
              <div className="flex flex-col gap-1.5">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={paths.space(b.spaceId)}
                    className="font-bold text-ink hover:text-brand-700 hover:underline"
                    dir="auto"
                  >
                    {spaceName(b)}
                  </Link>
                  <span
                    className={cn(
                      'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                      STATUS_STYLE[b.status],
                    )}
                  >
                    {t(`account.bookings.status.${b.status}`)}
                  </span>
                </div>
                <BookingReference reference={b.reference} />
                <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
                  <span className="inline-flex items-center gap-1.5">
                    <CalendarDays aria-hidden className="size-4" />
                    {formatBookingDate(b.date, locale)}
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <Clock aria-hidden className="size-4" />
                    {t('booking.timeRange', {
                      start: formatTime(b.startTime, locale),
                      end: formatEndTime(b.startTime, b.endTime, locale),
                    })}
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <Users aria-hidden className="size-4" />
                    {formatCount(b.guests, 'guests', locale)}
                  </span>
                </p>
                {b.status === 'pending' && b.expiresAt && (
                  <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-900">
                    <Hourglass aria-hidden className="size-4" />
                    {t('account.bookings.expiresIn', {
                      time: formatDuration(new Date(b.expiresAt).getTime() - now.getTime(), locale),
                    })}
                  </p>
                )}
                {b.statusReason && b.status !== 'pending' && (
                  <p className="text-sm text-muted">
                    {b.statusReason === SLOT_TAKEN
                      ? t('account.bookings.slotTaken')
                      : b.statusReason === SPACE_ARCHIVED_REASON
                        ? t('account.bookings.spaceArchived')
                        : b.statusReason === PAYMENT_NOT_RECEIVED
                          ? t('account.bookings.paymentNotReceived')
                          : t('account.bookings.reason', { reason: b.statusReason })}
                  </p>
                )}
              </div>
              <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end">
                <span className="flex flex-col sm:items-end">
                  <span className="font-bold text-brand-700">
                    {formatPrice(b.totalHalalas, locale)}
                  </span>
                  <span className="text-xs text-muted">
                    {b.vatHalalas === null
                      ? t('account.bookings.vatIncluded')
                      : t('account.bookings.vatPart', {
                          rate: formatNumber(VAT_RATE_PERCENT, locale),
                          vat: formatPrice(b.vatHalalas, locale),
                        })}
                  </span>
                </span>
                {canCancel(b) && (
                  <Button variant="outline" size="sm" onClick={() => setCancelling(b)}>
                    {t(
                      b.status === 'confirmed'
                        ? 'account.bookings.cancelBooking'
                        : 'account.bookings.cancel',
                    )}
                  </Button>
                )}
              </div>
              {b.payment && (
                <div className="sm:basis-full">
                  <BookingPayment booking={b} />
                </div>
              )}
              {b.documents.length > 0 && (
                <div className="sm:basis-full">
                  <BookingDocuments documents={b.documents} />
                </div>
              )}
              {renderExtra && (
                <div className="sm:basis-full">
                  {renderExtra(b, { spaceName: spaceName(b), update })}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setCancelling(null);
        }}
      >
        <DialogContent closeLabel={t('booking.confirm.close')}>
          <DialogHeader>
            <DialogTitle>
              {t(
                cancelling?.status === 'confirmed'
                  ? 'account.bookings.cancelBookingTitle'
                  : 'account.bookings.cancelTitle',
              )}
            </DialogTitle>
            <DialogDescription>
              {cancelling &&
                (cancelling.status === 'confirmed'
                  ? cancelText(cancelling)
                  : t('account.bookings.cancelText', {
                      space: spaceName(cancelling),
                      date: formatDate(cancelling.date, locale),
                    }))}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                {t(
                  cancelling?.status === 'confirmed'
                    ? 'account.bookings.cancelBookingKeep'
                    : 'account.bookings.cancelKeep',
                )}
              </Button>
            </DialogClose>
            <Button onClick={confirmCancel} disabled={busy}>
              {t(
                cancelling?.status === 'confirmed'
                  ? 'account.bookings.cancelBookingConfirm'
                  : 'account.bookings.cancelConfirm',
              )}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
