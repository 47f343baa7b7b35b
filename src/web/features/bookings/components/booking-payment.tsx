import { CreditCard } from 'lucide-react';
import type { Locale } from '#shared/constants.ts';
import { useState } from 'react';
import { riyadhClock } from '#shared/domain/riyadh-calendar.ts';
import {
  BOOKING_DATE_SEPARATOR,
  formatBookingDate,
  formatPrice,
  formatTime,
} from '#shared/format.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { payBooking } from '../api/pay-booking.ts';

const STATE_STYLE = {
  due: 'bg-gold-400/30 text-brand-900',
  failed: 'bg-red-50 text-red-800',
  paid: 'bg-brand-100 text-brand-900',
  refunding: 'bg-sand-100 text-ink',
  refunded: 'bg-sand-100 text-ink',
} as const;

/** A payment deadline as the renter reads it: Riyadh date (Hijri beside it) and time. */
function formatDeadline(iso: string, locale: Locale) {
  const { date, minutes } = riyadhClock(new Date(iso));
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${formatBookingDate(date, locale)}${BOOKING_DATE_SEPARATOR}${formatTime(hhmm, locale)}`;
}

/**
 * A booking's payment in My bookings (issue 32): to pay (how much, by when in Riyadh time, the
 * pay button), failed (why, and pay again), paid, or refunded (how much).
 */
export function BookingPayment({ booking }: { booking: MyBooking }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [busy, setBusy] = useState(false);
  const payment = booking.payment;
  if (!payment) return null;

  const pay = async () => {
    setBusy(true);
    try {
      const { checkoutUrl } = await payBooking(booking.id);
      window.location.assign(checkoutUrl);
    } catch (error) {
      setBusy(false);
      toast({
        variant: 'destructive',
        title: t('account.bookings.payment.payFailed'),
        description: error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
      });
    }
  };

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-sand-200 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <CreditCard aria-hidden className="size-4 text-muted" />
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold',
            STATE_STYLE[payment.state],
          )}
        >
          {t(`account.bookings.payment.state.${payment.state}`)}
        </span>
        {payment.refundedHalalas !== null && (
          <span className="font-semibold text-ink">
            {t('account.bookings.payment.refundAmount', {
              amount: formatPrice(payment.refundedHalalas, locale),
            })}
          </span>
        )}
      </p>
      {payment.state === 'failed' && payment.failure && (
        <p className="text-red-800">{t(`account.bookings.payment.why.${payment.failure}`)}</p>
      )}
      {(payment.state === 'due' || payment.state === 'failed') && payment.dueAt && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-ink">
            {t('account.bookings.payment.payBy', {
              amount: formatPrice(booking.totalHalalas, locale),
              deadline: formatDeadline(payment.dueAt, locale),
            })}
          </p>
          <Button size="sm" onClick={pay} disabled={busy}>
            {t('account.bookings.payment.pay', {
              amount: formatPrice(booking.totalHalalas, locale),
            })}
          </Button>
        </div>
      )}
    </div>
  );
}
