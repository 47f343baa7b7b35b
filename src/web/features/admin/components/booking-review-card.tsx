import { AlertTriangle } from 'lucide-react';
import { localSaudiMobile } from '#shared/domain/phone.ts';
import type { AdminBooking } from '#shared/schemas/admin.ts';
import { formatDate, formatNumber, formatPrice, formatTime } from '#shared/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatInstant } from '../format-instant.ts';
import { DecisionButtons } from './decision-buttons.tsx';
import { StatusBadge } from './status-badge.tsx';

const phone = (value: string) => (value.startsWith('+966') ? localSaudiMobile(value) : value);

/** One booking request with what the admin needs to call both sides, and the decision buttons. */
export function BookingReviewCard({
  booking,
  busy,
  onConfirm,
  onReject,
}: {
  booking: AdminBooking;
  busy: boolean;
  onConfirm: () => void;
  onReject: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const name =
    (locale === 'ar'
      ? (booking.space.nameAr ?? booking.space.nameEn)
      : (booking.space.nameEn ?? booking.space.nameAr)) ?? '';
  const titleId = `booking-${booking.id}-title`;
  const rows: [string, React.ReactNode][] = [
    [t('admin.booking.date'), formatDate(booking.date, locale)],
    [
      t('admin.booking.time'),
      `${formatTime(booking.startTime, locale)} – ${formatTime(booking.endTime, locale)}`,
    ],
    [t('admin.booking.guests'), formatNumber(booking.guests, locale)],
    [t('admin.booking.total'), formatPrice(booking.totalHalalas, locale)],
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
          <h3 id={titleId} className="text-lg font-bold text-ink">
            {name}
          </h3>
          <p className="text-sm text-muted">
            {t(`cities.${booking.space.city}` as 'cities.riyadh')} ·{' '}
            {t('admin.booking.requested', { date: formatInstant(booking.createdAt, locale) })}
          </p>
        </div>
        <StatusBadge status={booking.status} />
      </header>
      {booking.conflict && (
        <p
          role="note"
          className="flex items-center gap-2 rounded-2xl bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          <AlertTriangle aria-hidden className="size-4 shrink-0" />
          {t('admin.booking.conflict')}
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
      {booking.status === 'pending' && (
        <DecisionButtons
          acceptLabel={t('admin.actions.confirm')}
          onAccept={onConfirm}
          onReject={onReject}
          busy={busy}
        />
      )}
    </article>
  );
}
