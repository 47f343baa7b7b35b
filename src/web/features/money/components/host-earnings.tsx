import { Wallet } from 'lucide-react';
import type { Locale } from '#shared/constants.ts';
import { formatDate, formatPercent, formatPrice, formatTimeRange } from '#shared/format.ts';
import type { EarningsFigures } from '#shared/schemas/money.ts';
import { BookingReference } from '#web/components/booking-reference.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { getEarnings } from '../api/money-api.ts';
import { HostDocuments } from './host-documents.tsx';
import { InvoicingDetails } from './invoicing-details.tsx';
import { PayoutAccountForm } from './payout-account-form.tsx';
import { useLoaded } from './use-loaded.ts';

const FIGURES = [
  'paidHalalas',
  'refundedHalalas',
  'feeHalalas',
  'earnedHalalas',
  'paidOutHalalas',
  'owedHalalas',
] as const satisfies readonly (keyof EarningsFigures)[];

/** "2026-11" → "November 2026" in the reader's language (Gregorian, as bookings are dated). */
const monthName = (month: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));

function Figures({ figures, testId }: { figures: EarningsFigures; testId?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <dl
      data-testid={testId}
      className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6"
    >
      {FIGURES.map((key) => (
        <div key={key} className="flex flex-col">
          <dt className="text-muted">{t(`money.earnings.figures.${key}`)}</dt>
          <dd
            className={
              key === 'owedHalalas' ? 'font-bold text-brand-700' : 'font-semibold text-ink'
            }
          >
            {formatPrice(figures[key], i18n.language)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The host's earnings in the Hosting area (issue 32): what renters paid, refunds, HourSpace's fee
 * with its VAT, the host's share, what was paid out and what is owed — in all, by month and by
 * booking — summed by the server from the ledger's entries; the IBAN payouts go to; and the
 * documents issued on the host's behalf (issue 33).
 */
export function HostEarnings() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const earnings = useLoaded(getEarnings);
  const data = earnings.data;
  return (
    <section
      aria-labelledby="earnings-title"
      className="flex flex-col gap-6"
      data-testid="host-earnings"
    >
      <div className="flex flex-col gap-2">
        <h2 id="earnings-title" className="flex items-center gap-2 text-2xl font-bold text-ink">
          <Wallet aria-hidden className="size-6 text-brand-700" />
          {t('money.earnings.title')}
        </h2>
        <p className="text-sm text-muted">
          {t('money.earnings.intro', {
            percent: formatPercent(data?.feePercent ?? 10, locale),
          })}
        </p>
      </div>
      <PayoutAccountForm />
      <InvoicingDetails />
      {earnings.loading && (
        <p role="status" className="text-muted">
          {t('money.earnings.loading')}
        </p>
      )}
      {earnings.error && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-red-50 p-4">
          <p className="font-semibold text-red-800">{t('money.earnings.error')}</p>
          <Button variant="outline" size="sm" onClick={earnings.reload}>
            {t('account.bookings.retry')}
          </Button>
        </div>
      )}
      {data && data.bookings.length === 0 && (
        <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-muted">
          {t('money.earnings.empty')}
        </p>
      )}
      {data && data.bookings.length > 0 && (
        <>
          <div className="rounded-2xl border border-brand-100 bg-brand-50 p-5">
            <h3 className="mb-3 font-bold text-ink">{t('money.earnings.total')}</h3>
            <Figures figures={data.totals} testId="earnings-totals" />
          </div>
          <div className="flex flex-col gap-3">
            <h3 className="text-lg font-bold text-ink">{t('money.earnings.byMonth')}</h3>
            <ul className="flex flex-col gap-3">
              {data.months.map((month) => (
                <li
                  key={month.month}
                  data-testid="earnings-month"
                  className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4"
                >
                  <p className="font-bold text-ink">{monthName(month.month, locale)}</p>
                  <Figures figures={month} />
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col gap-3">
            <h3 className="text-lg font-bold text-ink">{t('money.earnings.byBooking')}</h3>
            <ul className="flex flex-col gap-3">
              {data.bookings.map((booking) => (
                <li
                  key={booking.bookingId}
                  data-testid="earnings-booking"
                  className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-bold text-ink">
                      <bdi>
                        {(locale === 'ar'
                          ? booking.spaceNameAr || booking.spaceNameEn
                          : booking.spaceNameEn || booking.spaceNameAr) ?? ''}
                      </bdi>
                    </p>
                    <BookingReference reference={booking.reference} />
                  </div>
                  <p className="text-sm text-muted">
                    {formatDate(booking.date, locale)} ·{' '}
                    {formatTimeRange(booking.startTime, booking.endTime, locale)}
                  </p>
                  <Figures figures={booking} />
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
      <HostDocuments />
    </section>
  );
}
