import { Clock } from 'lucide-react';
import type { Locale } from '#shared/constants.ts';
import { formatCount } from '#shared/format-count.ts';
import { responseTimeBucket } from '#shared/domain/messages.ts';
import { useTranslation } from '#web/lib/i18n.ts';

/** "Usually answers within 2 hours" on a space's page, once the host has 3 answers in 90 days. */
export function ResponseTime({ minutes }: { minutes: number | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (minutes == null) return null;
  const { unit, n } = responseTimeBucket(minutes);
  // "خلال" takes the genitive: "خلال ساعتين", "خلال 3 ساعات", "within 2 hours".
  const time = formatCount(n, unit, i18n.language as Locale, { case: 'oblique' });
  return (
    <p className="flex items-center gap-2 text-sm text-muted" data-testid="response-time">
      <Clock aria-hidden className="size-4 text-brand-700" />
      {t('messages.responseTime', { time })}
    </p>
  );
}
