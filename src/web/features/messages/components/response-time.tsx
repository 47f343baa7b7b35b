import { Clock } from 'lucide-react';
import { responseTimeBucket } from '#shared/schemas/messages.ts';
import { formatNumber } from '#shared/format.ts';
import type { Locale } from '#shared/constants.ts';
import { useTranslation } from '#web/lib/i18n.ts';

/** "Usually answers within 2 hours" on a space's page, once the host has 3 answers in 90 days. */
export function ResponseTime({ minutes }: { minutes: number | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (minutes == null) return null;
  const { unit, n } = responseTimeBucket(minutes);
  const count = formatNumber(n, i18n.language as Locale);
  const text =
    unit === 'hours' && n === 1
      ? t('messages.responseTime.hour')
      : t(`messages.responseTime.${unit}`, { n: count });
  return (
    <p className="flex items-center gap-2 text-sm text-muted" data-testid="response-time">
      <Clock aria-hidden className="size-4 text-brand-700" />
      {text}
    </p>
  );
}
