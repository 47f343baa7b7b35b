import { Info } from 'lucide-react';
import type { CancellationPolicy } from '#shared/constants.ts';
import type { BookingFormInput } from '#shared/schemas/booking.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { VAT_RATE_PERCENT } from '#shared/domain/vat.ts';
import {
  formatBookingDate,
  formatEndTime,
  formatNumber,
  formatPrice,
  formatTime,
} from '#shared/format.ts';
import { formatCount } from '#shared/format-count.ts';
import { RefundTerms } from '#web/components/refund-terms.tsx';
import { useTranslation } from '#web/lib/i18n.ts';

/**
 * The summary before a request is sent (docs/product-spec.md §2: form → confirmation dialog →
 * submit): space, date, time, guests and total, and, plainly, that nothing is charged and the
 * booking is not confirmed until the team contacts the renter (docs/product-spec.md §4).
 */
export function BookingConfirmDialog({
  open,
  onOpenChange,
  spaceName,
  cancellationPolicy,
  values,
  totalHalalas,
  vatHalalas,
  submitting,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  spaceName: string;
  cancellationPolicy?: CancellationPolicy;
  values: BookingFormInput | null;
  /** VAT included */
  totalHalalas: number;
  /** the VAT in it for a VAT-registered host; null when the host charges none */
  vatHalalas: number | null;
  submitting: boolean;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('booking.confirm.close')}>
        <DialogHeader>
          <DialogTitle>{t('booking.confirm.title')}</DialogTitle>
          <DialogDescription>{t('booking.confirm.intro')}</DialogDescription>
        </DialogHeader>
        {values && (
          // The labels' column takes at most 40%: on a phone a long label ("Total (VAT included)")
          // would otherwise squeeze the values into a column a word wide.
          <dl className="grid grid-cols-[fit-content(40%)_1fr] gap-x-4 gap-y-2 rounded-2xl bg-sand-50 p-4 text-sm">
            <dt className="text-muted">{t('booking.confirm.space')}</dt>
            <dd className="font-semibold text-ink" dir="auto">
              {spaceName}
            </dd>
            <dt className="text-muted">{t('booking.date')}</dt>
            <dd className="font-semibold text-ink" data-testid="booking-date">
              {formatBookingDate(values.date, locale)}
            </dd>
            <dt className="text-muted">{t('booking.confirm.time')}</dt>
            <dd className="font-semibold text-ink">
              {t('booking.timeRange', {
                start: formatTime(values.startTime, locale),
                end: formatEndTime(values.startTime, values.endTime, locale),
              })}
            </dd>
            <dt className="text-muted">{t('booking.guests')}</dt>
            <dd className="font-semibold text-ink">
              {formatCount(values.guests, 'guests', locale)}
            </dd>
            <dt className="text-muted">{t('booking.contactPhone')}</dt>
            <dd className="font-semibold text-ink">
              <span dir="ltr">{values.contactPhone}</span>
            </dd>
            <dt className="text-muted">{t('booking.totalVatIncluded')}</dt>
            <dd className="text-base font-bold text-brand-700">
              {formatPrice(totalHalalas, locale)}
            </dd>
            {vatHalalas !== null && (
              <>
                <dt className="text-muted">
                  {t('booking.vatPart', { rate: formatNumber(VAT_RATE_PERCENT, locale) })}
                </dt>
                <dd className="font-semibold text-ink">{formatPrice(vatHalalas, locale)}</dd>
              </>
            )}
            {cancellationPolicy && (
              <>
                <dt className="text-muted">{t('booking.policy.title')}</dt>
                <dd className="font-semibold text-ink">
                  {t(`booking.policy.${cancellationPolicy}`)}
                  <RefundTerms
                    policy={cancellationPolicy}
                    className="mt-1 block text-xs font-normal text-muted"
                  />
                </dd>
              </>
            )}
          </dl>
        )}
        <p className="flex items-start gap-2 rounded-2xl bg-gold-400/20 p-3 text-sm font-medium text-brand-900">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{t('booking.noChargeLong')}</span>
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={submitting}>
              {t('booking.confirm.back')}
            </Button>
          </DialogClose>
          <Button onClick={onConfirm} disabled={submitting}>
            {submitting ? t('booking.confirm.sending') : t('booking.confirm.send')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
