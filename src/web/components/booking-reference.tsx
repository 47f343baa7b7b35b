import { useTranslation } from '#web/lib/i18n.ts';
import { cn } from '#web/lib/cn.ts';

/**
 * How a person sees which booking this is: "رقم الحجز HS-7K3Q9M" (never the booking's id). The
 * reference is Latin letters and digits read left to right, so it is isolated as such inside
 * Arabic text, and never broken across lines.
 */
export function BookingReference({
  reference,
  className,
}: {
  reference: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-baseline gap-1.5 text-xs text-muted', className)}>
      {t('bookingReference.label')}
      <bdi
        dir="ltr"
        data-testid="booking-reference"
        className="font-mono font-semibold tracking-wide whitespace-nowrap text-ink"
      >
        {reference}
      </bdi>
    </span>
  );
}
