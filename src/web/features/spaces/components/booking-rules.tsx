import { CalendarX, Hourglass } from 'lucide-react';
import type { Locale } from '#shared/constants.ts';
import { BOOKING_SETTINGS_DEFAULTS } from '#shared/constants.ts';
import { formatCount, formatMinutes, type GrammaticalCase } from '#shared/format-count.ts';
import type { SpaceDetails } from '#shared/schemas/spaces.ts';
import { RefundTerms } from '#web/components/refund-terms.tsx';
import { useTranslation } from '#web/lib/i18n.ts';

type Unit = 'hours' | 'minutes' | 'days';

/**
 * The host's booking settings, said plainly to renters before they choose a time — only those
 * that differ from the defaults everyone expects. Counts follow each language's plural rules.
 */
export function BookingRules({
  space,
}: {
  space: Pick<
    SpaceDetails,
    'minBookingMinutes' | 'minNoticeHours' | 'horizonDays' | 'bufferMinutes'
  >;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  // "حتى يومين" and "لا تقل عن ساعتين" take the oblique dual, "أقل مدة: ساعتان" the nominative.
  const amount = (count: number, unit: Unit, grammaticalCase: GrammaticalCase = 'nominative') =>
    formatCount(count, unit, locale, { case: grammaticalCase });
  const length = (minutes: number, grammaticalCase?: GrammaticalCase) =>
    formatMinutes(minutes, locale, { case: grammaticalCase });

  const rules: string[] = [];
  if (space.minBookingMinutes !== BOOKING_SETTINGS_DEFAULTS.minBookingMinutes)
    rules.push(t('space.rules.minBooking', { duration: length(space.minBookingMinutes) }));
  if (space.minNoticeHours > 0)
    rules.push(
      t('space.rules.notice', { duration: amount(space.minNoticeHours, 'hours', 'oblique') }),
    );
  if (space.horizonDays !== BOOKING_SETTINGS_DEFAULTS.horizonDays)
    rules.push(
      t('space.rules.horizon', { duration: amount(space.horizonDays, 'days', 'oblique') }),
    );
  if (space.bufferMinutes > 0)
    rules.push(t('space.rules.buffer', { duration: length(space.bufferMinutes) }));
  if (rules.length === 0) return null;

  return (
    <div className="flex flex-col gap-1">
      <p className="flex items-center gap-2 font-semibold text-ink">
        <Hourglass aria-hidden className="size-5 text-brand-700" />
        {t('space.rules.title')}
      </p>
      <ul className="flex flex-col gap-1 ps-7 text-ink">
        {rules.map((rule) => (
          <li key={rule} className="list-disc">
            {rule}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The listing's cancellation policy (issue 18), always shown: how long before the start a renter
 * may cancel free, and what each cancellation refunds (issue 32: `RefundTerms`).
 */
export function CancellationPolicyNote({ policy }: { policy: SpaceDetails['cancellationPolicy'] }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1" data-testid="cancellation-policy">
      <p className="flex items-center gap-2 font-semibold text-ink">
        <CalendarX aria-hidden className="size-5 text-brand-700" />
        {t('space.policy.title')}
      </p>
      <p className="ps-7 text-ink">{t(`space.policy.${policy}`)}</p>
      <RefundTerms policy={policy} className="block ps-7 text-sm text-muted" />
    </div>
  );
}
