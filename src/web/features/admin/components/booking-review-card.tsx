import { quoteRows } from '#shared/format-quote.ts';
import { AlertTriangle, Hourglass } from 'lucide-react';
import { hasStarted, SLOT_TAKEN, SPACE_ARCHIVED_REASON } from '#shared/domain/booking-lifecycle.ts';
import { parseTime } from '#shared/domain/booking-slots.ts';
import { riyadhInstant } from '#shared/domain/riyadh-calendar.ts';
import { Button } from '#web/components/ui/button.tsx';
import { localSaudiMobile } from '#shared/domain/phone.ts';
import type { AdminBooking } from '#shared/schemas/admin.ts';
import { VAT_RATE_PERCENT } from '#shared/domain/vat.ts';
import { formatBookingDate, formatNumber, formatPrice, formatTimeRange } from '#shared/format.ts';
import { formatDuration } from '#shared/format-duration.ts';
import { formatCount } from '#shared/format-count.ts';
import { BookingReference } from '#web/components/booking-reference.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { useNow } from '#web/lib/use-now.ts';
import { formatInstant } from '../format-instant.ts';
import { DecisionButtons } from './decision-buttons.tsx';
import { StatusBadge } from './status-badge.tsx';
import { HostRecordPanel } from './host-record.tsx';

const phone = (value: string) => (value.startsWith('+966') ? localSaudiMobile(value) : value);

/** One booking request with what the admin needs to call both sides, and the decision buttons. */
export function BookingReviewCard({
  booking,
  busy,
  onConfirm,
  onReject,
  onCancel,
}: {
  booking: AdminBooking;
  busy: boolean;
  onConfirm: () => void;
  onReject: () => void;
  /** Cancel a confirmed booking that has not started (with a reason). */
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const now = useNow();
  const name =
    (locale === 'ar'
      ? (booking.space.nameAr ?? booking.space.nameEn)
      : (booking.space.nameEn ?? booking.space.nameAr)) ?? '';
  const titleId = `booking-${booking.id}-title`;
  const conflictId = `booking-${booking.id}-conflict`;
  const rows: [string, React.ReactNode][] = [
    [t('admin.booking.date'), formatBookingDate(booking.date, locale)],
    [t('admin.booking.time'), formatTimeRange(booking.startTime, booking.endTime, locale)],
    [t('admin.booking.guests'), formatCount(booking.guests, 'guests', locale)],
    // The itemised quote (issue 35) when it says more than hours × one price.
    ...(booking.quoteLines.length > 1 ||
    (booking.quoteLines[0] && booking.quoteLines[0].kind !== 'hours')
      ? quoteRows(booking.quoteLines, locale).map(
          (row) => [row.label, row.value] as [string, React.ReactNode],
        )
      : []),
    [t('admin.booking.total'), formatPrice(booking.totalHalalas, locale)],
    ...(booking.vatHalalas === null
      ? []
      : ([
          [
            t('admin.booking.vat', { rate: formatNumber(VAT_RATE_PERCENT, locale) }),
            formatPrice(booking.vatHalalas, locale),
          ],
        ] as [string, React.ReactNode][])),
    [
      t('admin.booking.renter'),
      <>
        <bdi>{booking.renterName}</bdi> ·{' '}
        <span dir="ltr" className="break-all">
          {booking.renterEmail}
        </span>
      </>,
    ],
    [t('admin.booking.phone'), <span dir="ltr">{phone(booking.contactPhone)}</span>],
    [
      t('admin.booking.hostEmail'),
      <span dir="ltr" className="break-all">
        {booking.hostEmail}
      </span>,
    ],
    [t('admin.booking.hostPhone'), <span dir="ltr">{phone(booking.hostPhone)}</span>],
  ];
  return (
    <article
      aria-labelledby={titleId}
      data-testid="booking-review"
      className="flex flex-col gap-4 rounded-3xl border border-sand-200 bg-white p-5 sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 id={titleId} className="text-lg font-bold text-ink" dir="auto">
            {name}
          </h3>
          <p className="text-sm text-muted">
            {t(`cities.${booking.space.city}` as 'cities.riyadh')} ·{' '}
            {t('admin.booking.requested', { date: formatInstant(booking.createdAt, locale) })}
          </p>
          <BookingReference reference={booking.reference} />
        </div>
        <StatusBadge status={booking.status} />
        {booking.payment && (
          <span className="rounded-full bg-sand-100 px-2.5 py-0.5 text-xs font-semibold text-ink">
            {t(`admin.booking.payment.${booking.payment.state}`)}
          </span>
        )}
      </header>
      {booking.conflict && (
        <p
          role="note"
          id={conflictId}
          className="flex items-center gap-2 rounded-2xl bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          <AlertTriangle aria-hidden className="size-4 shrink-0" />
          {t('admin.booking.conflict')}
        </p>
      )}
      {booking.status === 'pending' && booking.expiresAt && (
        <p className="flex items-center gap-2 text-sm font-semibold text-brand-900">
          <Hourglass aria-hidden className="size-4 shrink-0" />
          {t('admin.booking.expiresIn', {
            time: formatDuration(new Date(booking.expiresAt).getTime() - now.getTime(), locale),
          })}
        </p>
      )}
      {booking.statusReason && booking.status !== 'pending' && (
        <p className="text-sm text-muted">
          {booking.statusReason === SLOT_TAKEN
            ? t('admin.booking.slotTaken')
            : booking.statusReason === SPACE_ARCHIVED_REASON
              ? t('admin.booking.spaceArchived')
              : t('admin.booking.reason', { reason: booking.statusReason })}
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-2">
            <dt className="text-muted">{label}:</dt>
            <dd className="font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <HostRecordPanel hostId={booking.hostId} />
      {booking.status === 'pending' && (
        <DecisionButtons
          acceptLabel={t('admin.actions.confirm')}
          onAccept={onConfirm}
          onReject={onReject}
          busy={busy}
          {...(booking.conflict ? { acceptBlockedBy: conflictId } : {})}
        />
      )}
      {booking.status === 'confirmed' &&
        !hasStarted(riyadhInstant(booking.date, parseTime(booking.startTime) ?? 0), new Date()) && (
          <div>
            <Button variant="outline" size="sm" disabled={busy} onClick={onCancel}>
              {t('admin.actions.cancelBooking')}
            </Button>
          </div>
        )}
    </article>
  );
}
