import { History } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { formatInstant } from '../format-instant.ts';

/**
 * "Changed since submitted": the host changed this listing or proposal while it waited, so what
 * the desk shows is a new version that rejoined the queue (issue 37, decision 066).
 */
export function ChangedMark({ at }: { at: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p
      data-testid="changed-since-submitted"
      className="inline-flex items-center gap-1.5 self-start rounded-full bg-gold-400/25 px-3 py-1 text-sm font-semibold text-brand-900"
    >
      <History aria-hidden className="size-4 shrink-0" />
      {t('admin.space.changedSinceSubmitted', { date: formatInstant(at, i18n.language) })}
    </p>
  );
}
