import { Hourglass } from 'lucide-react';
import type { Locale } from '#shared/constants.ts';
import { BOOKING_SETTINGS_DEFAULTS } from '#shared/constants.ts';
import type { SpaceDetails } from '#shared/schemas/spaces.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { pluralCategory } from '../../../lib/plural.ts';

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
  const amount = (count: number, unit: Unit) =>
    t(`space.rules.${unit}.${pluralCategory(count, locale)}`, { count });
  const length = (minutes: number) =>
    minutes % 60 === 0 ? amount(minutes / 60, 'hours') : amount(minutes, 'minutes');

  const rules: string[] = [];
  if (space.minBookingMinutes !== BOOKING_SETTINGS_DEFAULTS.minBookingMinutes)
    rules.push(t('space.rules.minBooking', { duration: length(space.minBookingMinutes) }));
  if (space.minNoticeHours > 0)
    rules.push(t('space.rules.notice', { duration: amount(space.minNoticeHours, 'hours') }));
  if (space.horizonDays !== BOOKING_SETTINGS_DEFAULTS.horizonDays)
    rules.push(t('space.rules.horizon', { duration: amount(space.horizonDays, 'days') }));
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
