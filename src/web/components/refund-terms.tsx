import type { CancellationPolicy } from '#shared/constants.ts';
import { LATE_REFUND_PERCENT } from '#shared/domain/cancellation-policy.ts';
import { formatPercent } from '#shared/format.ts';
import { useTranslation } from '#web/lib/i18n.ts';

/**
 * What a policy refunds (issue 32, decision 054), under its free window: everything inside the
 * window or when the host or the team cancels, the policy's late share after it. The space page
 * and the booking dialog show it before the renter asks; the cancel dialog says it with amounts.
 */
export function RefundTerms({
  policy,
  className,
}: {
  policy: CancellationPolicy;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const late = LATE_REFUND_PERCENT[policy];
  return (
    <span className={className} data-testid="refund-terms">
      {t('booking.policy.fullRefund')}{' '}
      {late > 0
        ? t('booking.policy.lateShare', { percent: formatPercent(late, i18n.language) })
        : t('booking.policy.lateNone')}
    </span>
  );
}
