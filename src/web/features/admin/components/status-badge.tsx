import type { BookingStatus, SpaceStatus } from '#shared/constants.ts';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/i18n.ts';

const tone: Record<SpaceStatus | BookingStatus, string> = {
  pending: 'bg-gold-400/25 text-brand-900',
  approved: 'bg-brand-50 text-brand-700',
  confirmed: 'bg-brand-50 text-brand-700',
  rejected: 'bg-red-50 text-red-800',
  cancelled: 'bg-sand-100 text-ink',
  expired: 'bg-sand-100 text-muted',
  completed: 'bg-brand-100 text-brand-900',
  paused: 'bg-sand-100 text-brand-900',
  archived: 'bg-sand-100 text-muted',
};

export function StatusBadge({ status }: { status: SpaceStatus | BookingStatus }) {
  const { t } = useTranslation();
  return (
    <span className={cn('rounded-full px-3 py-1 text-xs font-bold', tone[status])}>
      {t(`admin.status.${status}`)}
    </span>
  );
}
