import { cn } from '#web/lib/cn.ts';
import { formatNumber } from '#shared/format.ts';
import { useTranslation } from '#web/lib/i18n.ts';

/** The status filter of a list, each tab with its count ("Pending 3"). */
export function StatusTabs<S extends string>({
  label,
  statuses,
  counts,
  value,
  onChange,
}: {
  label: string;
  statuses: readonly (S | 'all')[];
  counts: Record<string, number> | undefined;
  value: S | 'all';
  onChange: (status: S | 'all') => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {statuses.map((status) => {
        const active = status === value;
        return (
          <button
            key={status}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(status)}
            className={cn(
              'inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              active
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-sand-200 bg-white text-ink hover:border-brand-500',
            )}
          >
            {t(`admin.status.${status}` as 'admin.status.all')}
            <span
              className={cn(
                'min-w-6 rounded-full px-2 py-0.5 text-xs',
                active ? 'bg-white/20 text-white' : 'bg-sand-100 text-ink',
              )}
            >
              {counts ? formatNumber(counts[status] ?? 0, i18n.language) : '–'}
            </span>
          </button>
        );
      })}
    </div>
  );
}
